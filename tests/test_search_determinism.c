/* The same single-thread alpha-beta search twice gives the same node count,
 * score and move (with a fresh table each time and with a reused one after
 * clearing); Lazy SMP with two threads gives the same proven result as one
 * thread, run after run (docs/determinism.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "search/alphabeta.h"

#include <stdlib.h>
#include <string.h>

static void test_same_search_twice(void **unused) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    variant_init(g, &v);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    g->start(&v, s);
    char err[GAME_ERROR_BYTES];
    struct ab_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    struct ab_limits limits = {.depth = 14, .threads = 1};
    struct tt t1, t2;
    assert_int_equal(tt_init(&t1, 8), 0);
    assert_int_equal(tt_init(&t2, 8), 0);
    assert_int_equal(ab_search(g, &v, s, &limits, &t1, a, err), 0);
    assert_int_equal(ab_search(g, &v, s, &limits, &t2, b, err), 0);
    assert_true(a->nodes > 1000);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->move, b->move);
    assert_int_equal(a->score, b->score);
    assert_int_equal(a->pv_length, b->pv_length);
    tt_clear(&t1);
    assert_int_equal(ab_search(g, &v, s, &limits, &t1, b, err), 0);
    assert_int_equal(a->nodes, b->nodes);
    tt_free(&t1);
    tt_free(&t2);
    free(a);
    free(b);
}

/* A proven value must not depend on the thread count: Lazy SMP may change
 * heuristic scores and moves from run to run, never a proof. Kulibrat
 * target=1 is solved within depth 30 from the start and from each position
 * after an opening move; one thread once, then two threads three times, each
 * with a cleared table: the same proven score (sign and distance) every time. */
static void test_lazy_smp_agrees_on_proof(void **unused) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    assert_int_equal(variant_parse(g, &v, "target=1", err), 0);
    unsigned char start[GAME_MAX_STATE_BYTES] = {0}, s[GAME_MAX_STATE_BYTES];
    g->start(&v, start);
    move_t moves[KULIBRAT_MAX_MOVES];
    int count = g->moves(&v, start, moves);
    struct ab_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    struct tt t;
    assert_int_equal(tt_init(&t, 8), 0);
    struct ab_limits one = {.depth = 30, .threads = 1}, two = {.depth = 30, .threads = 2};
    for (int root = -1; root < count; root++) {
        memcpy(s, start, sizeof s);
        if (root >= 0) g->apply(&v, s, moves[root]);
        tt_clear(&t);
        assert_int_equal(ab_search(g, &v, s, &one, &t, a, err), 0);
        int da, db;
        int proven = ab_score_proven(a->score, &da);
        assert_int_not_equal(proven, 0);
        for (int run = 0; run < 3; run++) {
            tt_clear(&t);
            assert_int_equal(ab_search(g, &v, s, &two, &t, b, err), 0);
            assert_int_equal(ab_score_proven(b->score, &db), proven);
            assert_int_equal(db, da);
            assert_int_equal(b->score, a->score);
        }
    }
    tt_free(&t);
    free(a);
    free(b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_search_twice),
        cmocka_unit_test(test_lazy_smp_agrees_on_proof),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
