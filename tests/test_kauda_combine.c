/* Kauda-Baji's combined throws (ruling B5 as revised; games/kauda-baji/
 * RULES.md "Moving"): several pending throws added together and used as one
 * move of one tuple, which lands once at the end. With combine=0 the move
 * generator must count exactly as it did before combined throws existed.
 * Squares a1-g7 seen from south; south's path: d1 e1 f1 g1 g2 .. g7 f7 .. a7
 * a6 .. a1 b1 c1 | b2 .. b6 c6 .. f6 f5 .. f2 e2 d2 c2 | c3 c4 c5 d5 e5 e4 e3
 * d3 | d4. */
#include "engine/rng.h"
#include "games/kauda-baji/kauda.h"
#include "search/perft.h"
#include "support.h"

#include <string.h>

static void expect_moves_in(const char *spec, const char *position,
                            const char *expected) {
    test_expect_moves("kauda-baji", spec, position, expected);
}

static void expect_after(const char *position, const char *moves, const char *expected) {
    test_expect_after("kauda-baji", NULL, position, moves, expected);
}

/* The position: a quadruple on e2 cannot use a 6 or a 2, but 6 + 2 =
 * 8 moves it 2 steps (e2 d2 c2). The single at home may also take 8 steps. */
static void test_quadruple_uses_the_total(void **unused) {
    const char *position = "2d1,4e2/6g4/6d7/6a4 s use:6,2 -";
    expect_moves_in(NULL, position, "6:d1-g4 2:d1-f1 6+2:d1-g6 6+2:4e2-c2");
    expect_moves_in("combine=0", position, "6:d1-g4 2:d1-f1");
    expect_after(position, "6+2:4e2-c2", "2d1,4c2/6g4/6d7/6a4 e roll -");
    /* the throws may be written in either order: one move */
    expect_after(position, "2+6:4e2-c2", "2d1,4c2/6g4/6d7/6a4 e roll -");
}

/* Every partition of three pending throws {12, 6, 3} on one single piece on
 * f1 (step 2): each part is one move, and every partition ends on step 23
 * (c1), 21 steps on. */
static void test_every_partition(void **unused) {
    const char *position = "1f1,5d4/6g4/6d7/6a4 s use:12,6,3 -";
    expect_moves_in(NULL, position,
                    "12:f1-b7 6:f1-g6 3:f1-g3 12+6:f1-a2 12+3:f1-a5 6+3:f1-e7 "
                    "12+6+3:f1-c1");
    const char *end = "1c1,5d4/6g4/6d7/6a4 e roll -";
    static const char *const partitions[] = {
        "12:f1-b7 6:b7-a2 3:a2-c1",
        "12:f1-b7 3:b7-a5 6:a5-c1",
        "6:f1-g6 12:g6-a2 3:a2-c1",
        "6:f1-g6 3:g6-e7 12:e7-c1",
        "3:f1-g3 12:g3-a5 6:a5-c1",
        "3:f1-g3 6:g3-e7 12:e7-c1",
        "12+6:f1-a2 3:a2-c1",
        "3:f1-g3 12+6:g3-c1",
        "12+3:f1-a5 6:a5-c1",
        "6:f1-g6 12+3:g6-c1",
        "6+3:f1-e7 12:e7-c1",
        "12:f1-b7 6+3:b7-c1",
        "12+6+3:f1-c1",
    };
    for (size_t i = 0; i < sizeof partitions / sizeof *partitions; i++)
        expect_after(position, partitions[i], end);
    /* equal throws: 12, 12 and 3 give five sets (12, 3, 12+12, 12+3,
     * 12+12+3), each once; 24 and 27 steps reach step 23 (c1) and either turn
     * in (b4, c6) or go round the outer ring again (f1, g3) */
    expect_moves_in(NULL, "1f1,5d4/6g4/6d7/6a4 s use:12,12,3 -",
                    "12:f1-b7 3:f1-g3 12+12:f1-b4 12+12:f1-f1 12+3:f1-a5 "
                    "12+12+3:f1-c6 12+12+3:f1-g3");
}

/* The centre needs the exact count, with a total as with one throw. */
static void test_centre_exact_with_total(void **unused) {
    /* c3 is step 40: 6 + 2 = 8 reaches the centre (48), or circles the inner
     * ring back to c3 */
    expect_moves_in(NULL, "1c3,5d4/6g4/6d7/6a4 s use:6,2 -",
                    "6:c3-e3 2:c3-c5 6+2:c3-d4 6+2:c3-c3");
    expect_after("1c3,5d4/6g4/6d7/6a4 s use:6,2 -", "6+2:c3-d4",
                 "6d4/6g4/6d7/6a4 e roll s");
    /* e3 is step 46: 12 + 3 = 15 would pass the centre; only the ring */
    expect_moves_in(NULL, "1e3,5d4/6g4/6d7/6a4 s use:12,3 -",
                    "12:e3-c5 3:e3-c4 12+3:e3-e4");
    /* a pair on e4 (step 45): 8 / 2 = 4 steps overshoot, 6 / 2 = 3 arrive */
    expect_moves_in(NULL, "2e4,4d4/6g4/6d7/6a4 s use:6,2 -",
                    "6:2e4-d4 6:2e4-c3 2:2e4-e3 6+2:2e4-c4");
}

/* A combined move lands only at its end: an enemy on the square the first
 * throw alone would reach survives; the one on the final square dies. */
static void test_kills_only_at_the_end(void **unused) {
    const char *position = "1f1,5d1/1g6,1f7,4g4/6d7/6a4 s use:6,2 -";
    expect_after(position, "6+2:f1-f7", "5d1,1f7/5g4,1g6/6d7/6a4 e roll -");
    /* the same throws one at a time kill on g6 on the way */
    expect_after(position, "6:f1-g6 2:g6-f7", "5d1,1f7/6g4/6d7/6a4 e roll -");
    /* leaving a square works as for one throw: the pair on f2 (step 36)
     * leaves the single that landed on it, which dies; 8 / 2 = 4 steps */
    expect_moves_in(NULL, "2f2,4d4/1f2,5g4/6d7/6a4 s use:6,2 -",
                    "6:2f2-c2 2:2f2-e2 6+2:2f2-c3 6+2:2f2-b2");
    expect_after("2f2,4d4/1f2,5g4/6d7/6a4 s use:6,2 -", "6+2:2f2-c3",
                 "2c3,4d4/6g4/6d7/6a4 e roll -");
}

/* Bad combined moves get a message; combine=0 refuses a total. */
static void test_bad_combined_moves(void **unused) {
    struct test_game t = test_game_make("kauda-baji", NULL);
    struct kauda_state s;
    move_t m;
    char err[GAME_ERROR_BYTES];
    test_parse(&t, "2d1,4e2/6g4/6d7/6a4 s use:6,2 -", &s);
    static const char *const malformed[] = {"6+:4e2-c2", "+6:4e2-c2", "6+2+2+2:4e2-c2",
                                            "6+13:4e2-c2", "6++2:4e2-c2"};
    for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++) {
        assert_int_equal(t.game->parse_move(&t.variant, &s, malformed[i], &m, err), -1);
        assert_non_null(strstr(err, "malformed"));
    }
    /* throws not pending, or a total the quadruple cannot use */
    static const char *const illegal[] = {"6+3:4e2-c2", "6+6:4e2-c2", "6+2:4e2-d2"};
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        assert_int_equal(t.game->parse_move(&t.variant, &s, illegal[i], &m, err), -1);
        assert_non_null(strstr(err, "illegal"));
    }
    struct test_game t0 = test_game_make("kauda-baji", "combine=0");
    assert_int_equal(t0.game->parse_move(&t0.variant, &s, "6+2:4e2-c2", &m, err), -1);
    assert_non_null(strstr(err, "illegal"));
}

/* Random games under combine=1: no move is listed twice, each one's text
 * reads back as the same move, and the list fits max_moves. */
static void test_random_games_lists(void **unused) {
    for (int players = 2; players <= 4; players++) {
        char spec[32];
        snprintf(spec, sizeof spec, "players=%d", players);
        struct test_game t = test_game_make("kauda-baji", spec);
        struct rng rng;
        rng_seed(&rng, (uint64_t)(77 + players));
        for (int game = 0; game < 6; game++) {
            struct kauda_state s;
            t.game->start(&t.variant, &s);
            for (int ply = 0; ply < 3000 && t.game->turn(&t.variant, &s) != TURN_OVER;
                 ply++) {
                move_t moves[KAUDA_MAX_MOVES];
                int n = t.game->moves(&t.variant, &s, moves);
                assert_true(n >= 1 && n <= KAUDA_MAX_MOVES);
                test_moves_distinct(moves, n);
                for (int i = 0; i < n; i++)
                    test_move_reads_back(t.game, &t.variant, &s, moves[i]);
                t.game->apply(&t.variant, &s, moves[rng_below(&rng, (uint32_t)n)]);
            }
        }
    }
}

/* combine=0 counts exactly as the move generator did before combined throws
 * (counts recorded with that code, 2026-11-25): the regression test. */
static void test_perft_without_combining(void **unused) {
    static const struct {
        const char *spec, *position;
        int depth;
        uint64_t leaves;
    } cases[] = {
        {"combine=0", NULL, 8, 42297},
        {"combine=0,players=2", NULL, 8, 53292},
        {"combine=0,players=3,killfirst=1,bonus=1", NULL, 8, 42202},
        {"combine=0", "2d1,4e2/6g4/6d7/6a4 s use:6,2 -", 6, 964},
        {"combine=0", "2d1,1e1,1f3,1c7,1b2/5g4,1d4/6d7/6a4 s use:12,6,3 -", 4, 9212},
        {"combine=0", "1d1,1e2,2f2,1c5,1b6/3g4,1d2,1c2,1e3/6d7/6a4 s use:12,12,4 -", 4,
         7322},
        {"combine=0", "1d1,1e2,2f2,1c5,1b6/3g4,1d2,1c2,1e3/6d7/6a4 s roll:6,12 -", 4,
         8141},
        {"combine=0", "1d1,2f2,1c5,1b6,1c3/3g4,1d2,1c2,1e3/6d7/6a4 s use:12,6,2 -", 4,
         9065},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct test_game t = test_game_make("kauda-baji", cases[i].spec);
        struct kauda_state s;
        if (cases[i].position)
            test_parse(&t, cases[i].position, &s);
        else
            t.game->start(&t.variant, &s);
        uint64_t got = perft_count(t.game, &t.variant, &s, cases[i].depth);
        if (got != cases[i].leaves)
            fail_msg("%s %s depth %d: %llu leaves, expected %llu", cases[i].spec,
                     cases[i].position ? cases[i].position : "start", cases[i].depth,
                     (unsigned long long)got, (unsigned long long)cases[i].leaves);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quadruple_uses_the_total),
        cmocka_unit_test(test_every_partition),
        cmocka_unit_test(test_centre_exact_with_total),
        cmocka_unit_test(test_kills_only_at_the_end),
        cmocka_unit_test(test_bad_combined_moves),
        cmocka_unit_test(test_random_games_lists),
        cmocka_unit_test(test_perft_without_combining),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
