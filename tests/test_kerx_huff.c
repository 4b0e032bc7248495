/* Kerx huffing, the huff=1 variant (ruling X5; games/kerx/RULES.md "Huffing"):
 * which piece a huff removes, that a longest capture leaves nothing to huff,
 * that the drawat rule applies after the removal, the notation, and perft
 * against an independent move counter written here from the rules.
 * Size-4 cells: rows 1-7 from white's edge; a1-d1, a2-e2, a3-f3, a4-g4,
 * b5-g5, c6-g6, d7-g7. */
#include "engine/rng.h"
#include "games/kerx/kerx.h"
#include "search/perft.h"
#include "support.h"

#include <string.h>

static void expect_moves(const char *spec, const char *position, const char *expected) {
    test_expect_moves("kerx", spec, position, expected);
}

/* Plays `moves` under huff=1 and checks the position reached. */
static void expect_after(const char *position, const char *moves, const char *expected) {
    test_expect_after("kerx", "huff=1", position, moves, expected);
}

/* White's c3 can take two (c3xe5xe7: d4 then e6), f3 only one (f3xf5: f4). */
static const char *const two_ways = "b2b/2b2/6/b2b1b1/2w2w/5/ww2 w";

static void test_any_step_or_capture_is_legal(void **unused) {
    expect_moves(NULL, two_ways, "c3xe5xe7");
    expect_moves("huff=1", two_ways,
                 "c3xe5 c3xe5xe7 f3xf5 a1-a2 a1-b2 b1-c1 b1-b2 b1-c2 c3-b2 c3-c2 c3-b3 "
                 "c3-d3 c3-c4 f3-e2 f3-e3 f3-g4");
}

/* The huff removes a piece that could have made the longest capture, not the
 * one that moved: f3 captured one, so c3 (which could take two) goes. */
static void test_huff_removes_the_right_piece(void **unused) {
    expect_after(two_ways, "f3xf5", "b2b/2b2/4w1/b2b3/2w3/5/ww2 b huff:c3");
    expect_moves("huff=1", "b2b/2b2/4w1/b2b3/2w3/5/ww2 b huff:c3", "huff:c3");
    /* then black moves as normal */
    expect_after(two_ways, "f3xf5 huff:c3", "b2b/2b2/4w1/b2b3/6/5/ww2 b");
    /* the offender stepped, or stopped after one jump: huffed where it
     * stands */
    expect_after(two_ways, "c3-c4", "b2b/2b2/6/b1wb1b1/5w/5/ww2 b huff:c4");
    expect_after(two_ways, "c3xe5", "b2b/2b2/3w2/b4b1/5w/5/ww2 b huff:e5");
    /* several could: the opponent chooses one */
    expect_after("b2b/5/6/3bw2/2w3/5/www1 w", "a1-a2",
                 "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3,e4");
    expect_moves("huff=1", "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3,e4", "huff:c3 huff:e4");
}

/* A longest capture taken leaves nothing to huff, and a move made when no
 * capture existed neither. */
static void test_longest_capture_leaves_nothing(void **unused) {
    expect_after(two_ways, "c3xe5xe7", "bw1b/5/6/b4b1/5w/5/ww2 b");
    expect_after("bbbb/5/6/6b/6/5/www1 w", "a1-a2", "bbbb/5/6/6b/6/w4/1ww1 b");
}

/* drawat applies after the removal: 4 against 3 is play, the huff makes it
 * 3 against 3, a draw. */
static void test_drawat_after_the_removal(void **unused) {
    struct test_game t = test_game_make("kerx", "huff=1");
    struct kerx_state s;
    char after[256];
    test_parse(&t, "b2b/5/6/3b3/2w3/5/www1 w", &s);
    test_play(&t, &s, "a1-a2", after, sizeof after);
    assert_string_equal(after, "b2b/5/6/3b3/2w3/w4/1ww1 b huff:c3");
    assert_int_equal(t.game->turn(&t.variant, &s), KERX_BLACK);
    test_play(&t, &s, "huff:c3", after, sizeof after);
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_OVER);
    double ret[GAME_MAX_PLAYERS];
    t.game->returns(&t.variant, &s, ret);
    assert_true(ret[0] == 0.0 && ret[1] == 0.0);
    /* with drawat=2 the game goes on after the same removal */
    struct test_game t2 = test_game_make("kerx", "huff=1,drawat=2");
    test_parse(&t2, "b2b/5/6/3b3/2w3/w4/1ww1 b huff:c3", &s);
    test_play(&t2, &s, "huff:c3", after, sizeof after);
    assert_int_equal(t2.game->turn(&t2.variant, &s), KERX_BLACK);
}

static void test_notation(void **unused) {
    struct test_game t = test_game_make("kerx", "huff=1");
    struct test_game t0 = test_game_make("kerx", NULL);
    struct kerx_state s;
    char err[GAME_ERROR_BYTES];
    const char *due = "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3,e4";
    assert_int_equal(t0.game->parse_position(&t0.variant, due, &s, err), -1);
    assert_non_null(strstr(err, "huff=1"));
    static const char *const bad[] = {
        "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:d4", /* black's own piece */
        "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:b5", /* empty */
        "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:",     "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3,",
        "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3 x", "b2b/5/6/3bw2/2w3/w4/1ww1 b hoff:c3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (t.game->parse_position(&t.variant, bad[i], &s, err) != -1)
            fail_msg("'%s' was accepted", bad[i]);
    test_parse(&t, due, &s);
    move_t m;
    /* a normal move before the huff, or a piece that may not be huffed */
    assert_int_equal(t.game->parse_move(&t.variant, &s, "d4-d5", &m, err), -1);
    assert_non_null(strstr(err, "first huff"));
    assert_int_equal(t.game->parse_move(&t.variant, &s, "huff:a2", &m, err), -1);
    assert_non_null(strstr(err, "may not be huffed"));
    assert_int_equal(t.game->parse_move(&t.variant, &s, "huff:zz", &m, err), -1);
    test_parse(&t, two_ways, &s);
    assert_int_equal(t.game->parse_move(&t.variant, &s, "huff:c3", &m, err), -1);
    assert_non_null(strstr(err, "no huff is due"));
}

/* ---- an independent move counter, from the rules (X2, X3, X5) ---- */

struct ref_pos {
    int owner[KERX_MAX_CELLS]; /* -1 empty, else the player */
    int side;
    bool due[KERX_MAX_CELLS]; /* pieces of the opponent a huff may remove */
    bool huff_due;
};

struct ref_capture {
    int from, to;
    uint64_t taken[2];
    int jumps;
};

/* Every capture sequence (stopping after any jump), distinct by (from, to,
 * taken set). */
static void ref_chase(const struct kerx_geom *g, const struct ref_pos *p, int from,
                      int at, uint64_t taken[2], int jumps, struct ref_capture *list,
                      int *n) {
    if (jumps > 0) {
        bool seen = false;
        for (int i = 0; i < *n && !seen; i++)
            seen = list[i].from == from && list[i].to == at &&
                   list[i].taken[0] == taken[0] && list[i].taken[1] == taken[1];
        if (!seen) {
            assert_true(*n < KERX_MAX_MOVES);
            list[(*n)++] = (struct ref_capture){from, at, {taken[0], taken[1]}, jumps};
        }
    }
    for (int d = 0; d < KERX_DIRS; d++) {
        int over = g->nb[at][d], land = g->jump[at][d];
        if (land < 0 || p->owner[over] != (p->side ^ 1)) continue;
        if (taken[over >> 6] >> (over & 63) & 1) continue;
        if (p->owner[land] != -1 && land != from) continue;
        taken[over >> 6] ^= UINT64_C(1) << (over & 63);
        ref_chase(g, p, from, land, taken, jumps + 1, list, n);
        taken[over >> 6] ^= UINT64_C(1) << (over & 63);
    }
}

static int ref_captures(const struct kerx_geom *g, const struct ref_pos *p,
                        struct ref_capture *list) {
    int n = 0;
    for (int c = 0; c < g->cells; c++) {
        if (p->owner[c] != p->side) continue;
        uint64_t taken[2] = {0, 0};
        ref_chase(g, p, c, c, taken, 0, list, &n);
    }
    return n;
}

static bool ref_over(const struct kerx_geom *g, const struct ref_pos *p, int drawat) {
    int count[2] = {0, 0};
    for (int c = 0; c < g->cells; c++)
        if (p->owner[c] >= 0) count[p->owner[c]]++;
    return count[0] == 0 || count[1] == 0 || (count[0] <= drawat && count[1] <= drawat);
}

static uint64_t ref_perft(const struct kerx_geom *g, const struct ref_pos *p, int depth,
                          int drawat) {
    if (depth == 0) return 1;
    if (ref_over(g, p, drawat)) return 0;
    uint64_t total = 0;
    if (p->huff_due) {
        for (int c = 0; c < g->cells; c++) {
            if (!p->due[c]) continue;
            struct ref_pos q = *p;
            q.owner[c] = -1;
            q.huff_due = false;
            memset(q.due, 0, sizeof q.due);
            total += ref_perft(g, &q, depth - 1, drawat);
        }
        return total;
    }
    struct ref_capture caps[KERX_MAX_MOVES];
    int n = ref_captures(g, p, caps), longest = 0;
    for (int i = 0; i < n; i++)
        if (caps[i].jumps > longest) longest = caps[i].jumps;
    bool able[KERX_MAX_CELLS] = {false};
    for (int i = 0; i < n; i++)
        if (caps[i].jumps == longest) able[caps[i].from] = true;
    /* captures, then steps; a move short of `longest` leaves a huff due */
    for (int i = 0; i < n; i++) {
        struct ref_pos q = *p;
        for (int c = 0; c < g->cells; c++)
            if (caps[i].taken[c >> 6] >> (c & 63) & 1) q.owner[c] = -1;
        q.owner[caps[i].from] = -1;
        q.owner[caps[i].to] = p->side;
        q.side = p->side ^ 1;
        q.huff_due = caps[i].jumps < longest;
        memcpy(q.due, able, sizeof able);
        if (q.huff_due && able[caps[i].from]) {
            q.due[caps[i].from] = false;
            q.due[caps[i].to] = true;
        }
        total += ref_perft(g, &q, depth - 1, drawat);
    }
    for (int c = 0; c < g->cells; c++) {
        if (p->owner[c] != p->side) continue;
        for (int d = 0; d < KERX_DIRS; d++) {
            int to = g->nb[c][d];
            if (to < 0 || p->owner[to] != -1) continue;
            struct ref_pos q = *p;
            q.owner[c] = -1;
            q.owner[to] = p->side;
            q.side = p->side ^ 1;
            q.huff_due = longest > 0;
            memcpy(q.due, able, sizeof able);
            if (q.huff_due && able[c]) {
                q.due[c] = false;
                q.due[to] = true;
            }
            total += ref_perft(g, &q, depth - 1, drawat);
        }
    }
    return total;
}

static void check_perft(const char *spec, const char *position, int depth) {
    struct test_game t = test_game_make("kerx", spec);
    struct kerx_state s;
    if (position)
        test_parse(&t, position, &s);
    else
        t.game->start(&t.variant, &s);
    const struct kerx_geom *g = kerx_geom_of(&t.variant);
    struct ref_pos p;
    memset(&p, 0, sizeof p);
    uint64_t due[2];
    kerx_huff_cells(&s, due);
    for (int c = 0; c < g->cells; c++) {
        p.owner[c] = -1;
        for (int pl = 0; pl < 2; pl++)
            if (s.pieces[pl][c >> 6] >> (c & 63) & 1) p.owner[c] = pl;
        p.due[c] = due[c >> 6] >> (c & 63) & 1;
    }
    p.side = s.side;
    p.huff_due = kerx_huff_due(&s);
    uint64_t want = ref_perft(g, &p, depth, kerx_options(&t.variant)->drawat);
    uint64_t got = perft_count(t.game, &t.variant, &s, depth);
    if (got != want)
        fail_msg("%s %s depth %d: perft %llu, reference %llu", spec,
                 position ? position : "start", depth, (unsigned long long)got,
                 (unsigned long long)want);
}

static void test_perft_against_reference(void **unused) {
    check_perft("huff=1", NULL, 8);
    check_perft("huff=1,size=3", NULL, 8);
    check_perft("huff=1", two_ways, 5);
    check_perft("huff=1", "b2b/5/6/3bw2/2w3/w4/1ww1 b huff:c3,e4", 4);
    check_perft("huff=1,drawat=0", "1bbb/3bb/bb1b2/b1b2ww/2b3/3ww/wbww w", 3);
}

/* huff=1 perft from the start (regression figures, agreeing with the
 * reference above where both run) next to the default's. */
static void test_perft_counts(void **unused) {
    struct test_game t = test_game_make("kerx", "huff=1");
    struct kerx_state s;
    t.game->start(&t.variant, &s);
    assert_int_equal(perft_count(t.game, &t.variant, &s, 8), 62896);
}

/* Random huff=1 games at every size: each move's text reads back as the same
 * move, each position's text as the same state, and a due huff marks only
 * pieces the opponent has. */
static void test_random_games_round_trip(void **unused) {
    int huffs = 0;
    for (int size = 3; size <= 6; size++) {
        char spec[32];
        snprintf(spec, sizeof spec, "huff=1,size=%d", size);
        struct test_game t = test_game_make("kerx", spec);
        struct rng rng;
        rng_seed(&rng, (uint64_t)(40 + size));
        for (int game = 0; game < 8; game++) {
            struct kerx_state s;
            t.game->start(&t.variant, &s);
            for (int ply = 0; ply < 300 && t.game->turn(&t.variant, &s) != TURN_OVER;
                 ply++) {
                char text[512], err[GAME_ERROR_BYTES];
                struct kerx_state back;
                t.game->format_position(&t.variant, &s, text, sizeof text);
                if (t.game->parse_position(&t.variant, text, &back, err) != 0)
                    fail_msg("'%s' refused: %s", text, err);
                assert_memory_equal(&back, &s, sizeof s);
                uint64_t due[2];
                kerx_huff_cells(&s, due);
                int marked = __builtin_popcountll(due[0]) + __builtin_popcountll(due[1]);
                assert_int_equal((due[0] & ~s.pieces[s.side ^ 1][0]) |
                                     (due[1] & ~s.pieces[s.side ^ 1][1]),
                                 0);
                assert_true(marked > 0 || !kerx_huff_due(&s));
                huffs += marked > 0;
                move_t moves[KERX_MAX_MOVES];
                int n = t.game->moves(&t.variant, &s, moves);
                assert_true(n > 0);
                for (int i = 0; i < n; i++) {
                    move_t m;
                    t.game->format_move(&t.variant, &s, moves[i], text, sizeof text);
                    if (t.game->parse_move(&t.variant, &s, text, &m, err) != 0)
                        fail_msg("'%s' refused: %s", text, err);
                    assert_true(m == moves[i]);
                }
                t.game->apply(&t.variant, &s, moves[rng_below(&rng, (uint32_t)n)]);
            }
        }
    }
    assert_true(huffs > 10); /* random play misses captures often */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_any_step_or_capture_is_legal),
        cmocka_unit_test(test_huff_removes_the_right_piece),
        cmocka_unit_test(test_longest_capture_leaves_nothing),
        cmocka_unit_test(test_drawat_after_the_removal),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_perft_against_reference),
        cmocka_unit_test(test_random_games_round_trip),
        cmocka_unit_test(test_perft_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
