/* The specialised Kulibrat kernels (games/kulibrat/kulibrat_kernels.c) against the
 * generic ones that call the game through the contract: on positions drawn
 * from random games in several variants, the same perft counts, the same
 * random playouts (plies, final position, returns, random numbers used) and
 * the same alpha-beta searches (nodes, score, move, principal variation). */
#include "engine/rng.h"
#include "games/kulibrat/kulibrat.h"
#include "search/alphabeta.h"
#include "search/kernels.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

enum { POSITIONS = 40 };

static const char *const variants[] = {"target=1", "target=2", "target=5,first=red",
                                       "target=9"};

/* A position after a random number of random plies from the start (the
 * start itself when the game ends first). */
static void random_position(const struct test_game *t, struct rng *r,
                            unsigned char *state) {
    const struct game *g = t->game;
    g->start(&t->variant, state);
    int plies = (int)rng_below(r, 40);
    unsigned char next[GAME_MAX_STATE_BYTES];
    move_t moves[KULIBRAT_MAX_MOVES];
    for (int i = 0; i < plies; i++) {
        int n = g->moves(&t->variant, state, moves);
        if (n == 0) break;
        memcpy(next, state, g->state_size);
        g->apply(&t->variant, next, moves[rng_below(r, (uint32_t)n)]);
        memcpy(state, next, g->state_size);
    }
}

static void test_perft_agrees(void **unused) {
    struct rng r;
    rng_seed(&r, 11);
    const struct search_kernels *fast = search_kernels_for(&kulibrat_game);
    assert_true(fast != &search_kernels_generic);
    for (size_t vi = 0; vi < sizeof variants / sizeof *variants; vi++) {
        struct test_game t = test_game_make("kulibrat", variants[vi]);
        for (int i = 0; i < POSITIONS; i++) {
            unsigned char s[GAME_MAX_STATE_BYTES];
            random_position(&t, &r, s);
            for (int depth = 0; depth <= 5; depth++)
                assert_int_equal(
                    fast->perft(t.game, &t.variant, s, depth),
                    search_kernels_generic.perft(t.game, &t.variant, s, depth));
        }
    }
}

static void test_playouts_agree(void **unused) {
    struct rng r;
    rng_seed(&r, 12);
    const struct search_kernels *fast = search_kernels_for(&kulibrat_game);
    for (size_t vi = 0; vi < sizeof variants / sizeof *variants; vi++) {
        struct test_game t = test_game_make("kulibrat", variants[vi]);
        for (int i = 0; i < 50 * POSITIONS; i++) {
            unsigned char a[GAME_MAX_STATE_BYTES], b[GAME_MAX_STATE_BYTES];
            random_position(&t, &r, a);
            memcpy(b, a, t.game->state_size);
            struct rng ra, rb;
            rng_seed(&ra, (uint64_t)i);
            rng_seed(&rb, (uint64_t)i);
            double ret_a[GAME_MAX_PLAYERS], ret_b[GAME_MAX_PLAYERS];
            /* Short caps too, so that playouts also stop mid-game. */
            int cap = i % 3 == 0 ? 7 : 1000;
            int pa = fast->playout(t.game, &t.variant, a, &ra, cap, ret_a);
            int pb =
                search_kernels_generic.playout(t.game, &t.variant, b, &rb, cap, ret_b);
            assert_int_equal(pa, pb);
            assert_memory_equal(a, b, t.game->state_size);
            assert_memory_equal(ret_a, ret_b, sizeof ret_a);
            assert_memory_equal(&ra, &rb, sizeof ra);
        }
    }
}

static void test_alphabeta_agrees(void **unused) {
    struct rng r;
    rng_seed(&r, 13);
    struct tt ta, tb;
    assert_int_equal(tt_init(&ta, 1), 0);
    assert_int_equal(tt_init(&tb, 1), 0);
    struct ab_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[GAME_ERROR_BYTES];
    for (size_t vi = 0; vi < sizeof variants / sizeof *variants; vi++) {
        struct test_game t = test_game_make("kulibrat", variants[vi]);
        for (int i = 0; i < POSITIONS / 4; i++) {
            unsigned char s[GAME_MAX_STATE_BYTES];
            random_position(&t, &r, s);
            struct ab_limits fast = {.depth = 9, .threads = 1};
            struct ab_limits slow = {.depth = 9, .threads = 1, .generic = true};
            tt_clear(&ta);
            tt_clear(&tb);
            assert_int_equal(ab_search(t.game, &t.variant, s, &fast, &ta, a, err), 0);
            assert_int_equal(ab_search(t.game, &t.variant, s, &slow, &tb, b, err), 0);
            assert_int_equal(a->nodes, b->nodes);
            assert_int_equal(a->score, b->score);
            assert_int_equal(a->move, b->move);
            assert_int_equal(a->pv_length, b->pv_length);
            assert_memory_equal(a->pv, b->pv, sizeof(move_t) * (size_t)a->pv_length);
        }
    }
    free(a);
    free(b);
    tt_free(&ta);
    tt_free(&tb);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_agrees),
        cmocka_unit_test(test_playouts_agree),
        cmocka_unit_test(test_alphabeta_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
