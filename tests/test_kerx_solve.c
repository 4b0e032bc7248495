/* Kerx endgame databases (games/kerx/kerx_tiers*.c):
 * - ranks are a bijection onto each tier, canonical states only;
 * - a small build (size 3, drawat 2, up to 5 pieces: three materials) has
 *   every stored value consistent with its children across whole tiers;
 * - df-pn (which knows nothing of databases here) agrees on random
 *   positions of every material;
 * - a second build reads every tier back instead of solving it;
 * - a database from another size, or a corrupted file, is refused. */
#include "games/kerx/kerx_tiers_db.h"
#include "solve/dfpn.h"
#include "solve/retro_check.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_rank_bijection(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3,drawat=2");
    tier_t tiers[] = {kerx_tier_id(2, 1), kerx_tier_id(3, 2), kerx_tier_id(2, 2)};
    for (int k = 0; k < 3; k++) {
        uint64_t n = kerx_tier_size(&t.variant, tiers[k]);
        for (uint64_t r = 0; r < n; r++) {
            struct kerx_state s, c;
            assert_true(kerx_unrank(&t.variant, tiers[k], r, &s));
            assert_int_equal(s.side, 0);
            assert_int_equal(s.pieces[0][0] & s.pieces[1][0], 0);
            assert_true(s.pieces[0][0] >> 19 == 0 && s.pieces[1][0] >> 19 == 0);
            assert_int_equal(kerx_tier_of(&t.variant, &s), tiers[k]);
            assert_int_equal(kerx_rank(&t.variant, &s), r);
            /* The colour-swapped twin (black to move) has the same rank. */
            c = s;
            c.pieces[0][0] = s.pieces[1][0];
            c.pieces[1][0] = s.pieces[0][0];
            c.side = 1;
            assert_int_equal(kerx_rank(&t.variant, &c), r);
        }
    }
}

static char folder[256];

static int setup(void **unused) {
    (void)unused;
    test_scratch_folder("kerx-db", folder, sizeof folder);
    return 0;
}

static int teardown(void **unused) {
    (void)unused;
    return test_remove_folder(folder);
}

static void test_build_check_agree(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3,drawat=2");
    struct kerx_db_build b = {.pieces = 5, .threads = 2, .folder = folder};
    struct kerx_db_stats st;
    char err[GAME_ERROR_BYTES];
    if (kerx_db_build(&t.variant, &b, &st, err) != 0) fail_msg("%s", err);
    assert_int_equal(st.tiers, 3); /* 3+1, 4+1, 3+2 */
    assert_int_equal(st.tiers_loaded, 0);
    assert_true(st.counts.won > 0 && st.counts.lost > 0 && st.counts.drawn > 0);

    struct kerx_db_set *set;
    if (kerx_db_set_open(&set, &t.variant, folder, err) != 0) fail_msg("%s", err);
    assert_int_equal(kerx_db_set_tiers(set), 3);
    tier_t tiers[] = {kerx_tier_id(3, 1), kerx_tier_id(4, 1), kerx_tier_id(3, 2)};
    uint64_t rng = 99;
    int agreed = 0;
    for (int k = 0; k < 3; k++) {
        uint64_t n = kerx_tier_size(&t.variant, tiers[k]);
        for (uint64_t r = 0; r < n; r++) {
            struct kerx_state s;
            kerx_unrank(&t.variant, tiers[k], r, &s);
            retro_cell cell = kerx_db_set_probe(set, &s);
            if (cell == RETRO_TERMINAL) continue;
            if (retro_check_position(t.game, &t.variant, &s, cell, kerx_db_set_probe, set,
                                     err) != 0)
                fail_msg("tier %d+%d rank %llu: %s", kerx_tier_hi(tiers[k]),
                         kerx_tier_lo(tiers[k]), (unsigned long long)r, err);
        }
        /* df-pn on random positions of the tier, from scratch. */
        for (int j = 0; j < 5; j++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            struct kerx_state s;
            kerx_unrank(&t.variant, tiers[k], (rng >> 16) % n, &s);
            retro_cell cell = kerx_db_set_probe(set, &s);
            if (cell == RETRO_TERMINAL) continue;
            struct dfpn_config cfg = {.game = t.game,
                                      .variant = &t.variant,
                                      .table_mib = 64,
                                      .node_limit = 3000000};
            struct dfpn_result r;
            assert_int_equal(dfpn_solve(&cfg, &s, &r, err), 0);
            int want = retro_outcome(cell) == RETRO_OUTCOME_WIN    ? DFPN_WIN
                       : retro_outcome(cell) == RETRO_OUTCOME_LOSS ? DFPN_LOSS
                                                           : DFPN_DRAW;
            if (r.value != want) {
                char text[128];
                t.game->format_position(&t.variant, &s, text, sizeof text);
                fail_msg("%s: df-pn %d (%s), database %d", text, r.value, r.stopped,
                         want);
            }
            agreed++;
        }
    }
    assert_true(agreed >= 8);
    kerx_db_set_close(set);

    /* Built again: every tier is read back, nothing solved. */
    if (kerx_db_build(&t.variant, &b, &st, err) != 0) fail_msg("%s", err);
    assert_int_equal(st.tiers_loaded, 3);
    assert_int_equal(st.solved_positions, 0);
}

static void copy_file(const char *from, const char *to) {
    char cmd[4 * KERX_DB_PATH_BYTES];
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\" && cp '%s' '%s'", to, from,
             to);
    assert_int_equal(system(cmd), 0);
}

static void test_refusals(void **unused) {
    (void)unused;
    struct test_game t3 = test_game_make("kerx", "size=3,drawat=2");
    struct test_game t4 = test_game_make("kerx", "size=4,drawat=2");
    char dir3[KERX_DB_PATH_BYTES], dir4[KERX_DB_PATH_BYTES],
        from[KERX_DB_PATH_BYTES + 16], to[KERX_DB_PATH_BYTES + 16], err[GAME_ERROR_BYTES];
    kerx_db_folder(&t3.variant, folder, dir3, sizeof dir3);
    snprintf(from, sizeof from, "%s/4+1.kdb", dir3);
    /* A size-3 file where size 4 is looked for. */
    char other[300];
    snprintf(other, sizeof other, "%s-other", folder);
    kerx_db_folder(&t4.variant, other, dir4, sizeof dir4);
    snprintf(to, sizeof to, "%s/4+1.kdb", dir4);
    copy_file(from, to);
    struct kerx_db_set *set;
    assert_int_equal(kerx_db_set_open(&set, &t4.variant, other, err), -1);
    assert_non_null(strstr(err, "variant"));
    /* A corrupted byte in the cells. */
    kerx_db_folder(&t3.variant, other, dir4, sizeof dir4);
    snprintf(to, sizeof to, "%s/4+1.kdb", dir4);
    copy_file(from, to);
    FILE *f = fopen(to, "r+b");
    assert_non_null(f);
    fseek(f, 5000, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 5000, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    assert_int_equal(kerx_db_set_open(&set, &t3.variant, other, err), -1);
    assert_non_null(strstr(err, "corrupt"));
    /* No files at all. */
    struct test_game t5 = test_game_make("kerx", "size=5,drawat=2");
    assert_int_equal(kerx_db_set_open(&set, &t5.variant, other, err), -1);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", other);
    assert_int_equal(system(cmd), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_bijection),
        cmocka_unit_test(test_build_check_agree),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
