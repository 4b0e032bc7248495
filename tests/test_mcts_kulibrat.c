/* MCTS on Kulibrat: it finds the winning move in positions with a short
 * forced win (found here by plain minimax without any table), and one thread
 * with a fixed seed repeats itself exactly; tree parallelism and root
 * parallelism give legal moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "search/mcts.h"

#include <stdlib.h>
#include <string.h>

/* True if the side to move at `s` (player `me`) wins within `plies` plies
 * against every defence: plain minimax, nothing shared with search/. */
static bool forced_win(const struct game *g, const struct variant *v, const void *s,
                       int me, int plies) {
    int turn = g->turn(v, s);
    if (turn == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        g->returns(v, s, r);
        return r[me] > 0;
    }
    if (plies == 0) return false;
    move_t moves[g->max_moves];
    int n = g->moves(v, s, moves);
    for (int i = 0; i < n; i++) {
        unsigned char c[GAME_MAX_STATE_BYTES];
        memcpy(c, s, g->state_size);
        g->apply(v, c, moves[i]);
        bool w = forced_win(g, v, c, me, plies - 1);
        if (turn == me && w) return true;
        if (turn != me && !w) return false;
    }
    return turn != me;
}

/* Random positions where the mover wins within `plies` but no single move
 * ends the game at once (so the search has to look ahead). */
static int find_positions(const struct game *g, const struct variant *v, int plies,
                          unsigned char (*out)[GAME_MAX_STATE_BYTES], int want) {
    struct rng r;
    rng_seed(&r, 7);
    int found = 0;
    for (int tries = 0; tries < 20000 && found < want; tries++) {
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        g->start(v, s);
        int length = (int)rng_below(&r, 40);
        move_t moves[g->max_moves];
        for (int k = 0; k < length && g->turn(v, s) != TURN_OVER; k++) {
            int n = g->moves(v, s, moves);
            g->apply(v, s, moves[rng_below(&r, (uint32_t)n)]);
        }
        int me = g->turn(v, s);
        if (me < 0 || forced_win(g, v, s, me, 1)) continue;
        if (!forced_win(g, v, s, me, plies)) continue;
        memcpy(out[found++], s, GAME_MAX_STATE_BYTES);
    }
    return found;
}

static void test_finds_short_wins(void **unused) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    assert_int_equal(variant_parse(g, &v, "target=2", err), 0);
    static unsigned char positions[12][GAME_MAX_STATE_BYTES];
    int count = find_positions(g, &v, 3, positions, 12);
    assert_true(count >= 6);
    struct mcts_result *res = malloc(sizeof *res);
    for (int solver = 0; solver < 2; solver++)
        for (int i = 0; i < count; i++) {
            struct mcts_limits limits = {
                .iterations = 20000, .threads = 1, .seed = 3, .no_solver = !solver};
            assert_int_equal(mcts_search(g, &v, positions[i], &limits, res, err), 0);
            assert_true(res->has_move);
            int me = g->turn(&v, positions[i]);
            unsigned char c[GAME_MAX_STATE_BYTES];
            memcpy(c, positions[i], g->state_size);
            g->apply(&v, c, res->move);
            /* The chosen move keeps a forced win (maybe a slower one than
             * the fastest: MCTS does not count moves). */
            assert_true(forced_win(g, &v, c, me, 6));
            if (solver) assert_int_equal(res->proven, 1);
        }
    free(res);
}

static void test_same_seed_same_search(void **unused) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    variant_init(g, &v);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    g->start(&v, s);
    char err[GAME_ERROR_BYTES];
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    struct mcts_limits limits = {.iterations = 3000, .threads = 1, .seed = 42};
    assert_int_equal(mcts_search(g, &v, s, &limits, a, err), 0);
    assert_int_equal(mcts_search(g, &v, s, &limits, b, err), 0);
    assert_int_equal(a->move, b->move);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->playout_plies, b->playout_plies);
    assert_int_equal(a->iterations, 3000);
    assert_memory_equal(a->root_visits, b->root_visits, sizeof a->root_visits);
    /* Another seed gives other playouts. */
    limits.seed = 43;
    assert_int_equal(mcts_search(g, &v, s, &limits, b, err), 0);
    assert_true(a->playout_plies != b->playout_plies);
    free(a);
    free(b);
}

static void test_parallel_modes(void **unused) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    variant_init(g, &v);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    g->start(&v, s);
    char err[GAME_ERROR_BYTES];
    struct mcts_result *res = malloc(sizeof *res);
    for (int root = 0; root < 2; root++) {
        struct mcts_limits limits = {
            .iterations = 4000, .threads = 2, .seed = 1, .root_parallel = root};
        assert_int_equal(mcts_search(g, &v, s, &limits, res, err), 0);
        assert_true(res->has_move);
        assert_int_equal(res->iterations, 4000);
        long visits = 0;
        for (int i = 0; i < res->root_count; i++) {
            visits += res->root_visits[i];
            /* Sums and visits stay consistent (threads batch the root's
             * and its children's updates): a mean return of a move. */
            assert_true(res->root_values[i] >= -1 && res->root_values[i] <= 1);
        }
        /* Every iteration went through one root move (of one tree). */
        assert_int_equal(visits, 4000);
        char text[64];
        move_t m;
        g->format_move(&v, s, res->move, text, sizeof text);
        assert_int_equal(g->parse_move(&v, s, text, &m, err), 0);
    }
    free(res);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_short_wins),
        cmocka_unit_test(test_same_seed_same_search),
        cmocka_unit_test(test_parallel_modes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
