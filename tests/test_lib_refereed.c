/* A refereed match (include/kibitz.h, kz_match_new_refereed): the caller
 * names the chance outcomes, as a UGI runner does, and the match keeps the
 * rest of the rules. Checked against the same steps played on a plain
 * kz_state (the second method): the positions agree step after step, a
 * player cannot act at a chance node, an outcome not on the list is
 * refused, undo takes back one chance step, and a simultaneous step can be
 * handed over whole as the one action the game lists for it. */
#include "include/kibitz.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static kz_game *load(const char *name) {
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load(name, NULL, &g, err, sizeof err)) fail_msg("%s", err);
    return g;
}

/* Random steps of `name` played both ways; returns the chance steps met. */
static int play_both_ways(const char *name, unsigned seed, int plies) {
    kz_game *g = load(name);
    kz_match *m;
    char err[KZ_ERROR_BYTES];
    assert_int_equal(kz_match_new_refereed(g, NULL, &m, err, sizeof err), KZ_OK);
    kz_state *plain = kz_state_new(g);
    int cap = kz_game_max_actions(g), chances = 0;
    kz_action *a = malloc(sizeof *a * (size_t)cap);
    for (int ply = 0; ply < plies && !kz_match_over(m); ply++) {
        assert_true(kz_state_equal(kz_match_state(m), plain));
        int turn = kz_match_turn(m);
        assert_int_equal(turn, kz_state_turn(plain));
        int n = kz_state_actions(plain, a, cap);
        assert_true(n > 0);
        seed = seed * 1103515245u + 12345u;
        kz_action pick = a[(seed >> 8) % (unsigned)n];
        int seat = turn;
        if (turn == KZ_TURN_CHANCE) {
            chances++;
            /* Nobody but the referee plays here, and only a listed outcome. */
            assert_int_equal(kz_match_apply(m, 0, pick, err, sizeof err), KZ_ETURN);
            assert_int_equal(
                kz_match_apply(m, KZ_TURN_CHANCE, (kz_action)123456789, err, sizeof err),
                KZ_EINVAL);
            assert_non_null(strstr(err, "chance outcome"));
        } else if (turn >= 0) {
            assert_int_equal(kz_match_apply(m, KZ_TURN_CHANCE, pick, err, sizeof err),
                             KZ_ETURN);
        }
        int status = kz_match_apply(m, seat, pick, err, sizeof err);
        if (status) fail_msg("%s ply %d: %s", name, ply, err);
        assert_int_equal(kz_state_apply(plain, pick, err, sizeof err), KZ_OK);
        if (turn == KZ_TURN_CHANCE && ply % 5 == 0) { /* undo the chance step alone */
            int before = kz_match_ply(m);
            assert_int_equal(kz_match_undo(m, err, sizeof err), KZ_OK);
            assert_int_equal(kz_match_ply(m), before - 1);
            assert_int_equal(kz_match_turn(m), KZ_TURN_CHANCE);
            assert_int_equal(kz_match_redo(m, err, sizeof err), KZ_OK);
        }
    }
    free(a);
    kz_state_free(plain);
    kz_match_free(m);
    kz_game_free(g);
    return chances;
}

static void chance_named_by_the_referee(void **unused) {
    assert_true(play_both_ways("kauda-baji(players=2)", 7, 300) > 5);
    assert_true(play_both_ways("kotra", 3, 200) > 0);
}

/* Kodrek lists each secret step as one joint action: the referee may hand
 * it over whole (none of the seats has chosen yet), not after a seat has. */
static void joint_step_whole(void **unused) {
    assert_true(play_both_ways("kodrek", 5, 60) == 0);
    kz_game *g = load("kodrek");
    kz_match *m;
    char err[KZ_ERROR_BYTES];
    assert_int_equal(kz_match_new_refereed(g, NULL, &m, err, sizeof err), KZ_OK);
    assert_int_equal(kz_match_turn(m), KZ_TURN_SIMULTANEOUS);
    kz_action own[64], joint[4096];
    assert_true(kz_match_actions(m, 0, own, 64) > 0);
    assert_true(kz_state_actions(kz_match_state(m), joint, 4096) > 0);
    assert_int_equal(kz_match_apply(m, 0, own[0], err, sizeof err), KZ_OK);
    assert_int_equal(kz_match_apply(m, KZ_TURN_SIMULTANEOUS, joint[0], err, sizeof err),
                     KZ_ETURN);
    assert_int_equal(kz_match_undo(m, err, sizeof err), KZ_OK); /* the choice made */
    assert_int_equal(kz_match_apply(m, KZ_TURN_SIMULTANEOUS, joint[0], err, sizeof err),
                     KZ_OK);
    assert_int_equal(kz_match_ply(m), 1);
    kz_match_free(m);
    kz_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chance_named_by_the_referee),
        cmocka_unit_test(joint_step_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
