/* Information-set MCTS and PIMC on Kotra never read hidden information: a
 * state and another world drawn from the mover's view of it (so the hidden
 * ranks differ, the view is the same) give the same result for the same
 * seed; a fixed seed repeats; the move is legal; plain MCTS refuses a game
 * with hidden information and IS-MCTS one without. */
#include "support.h"

#include "engine/rng.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/pimc.h"

#include <stdlib.h>
#include <string.h>

/* A random position `plies` decisions into a game with a player to move. */
static bool random_position(const struct test_game *t, int plies, uint64_t seed,
                            void *out) {
    const struct game *g = t->game;
    struct rng r;
    rng_seed(&r, seed);
    memset(out, 0, g->state_size);
    g->start(&t->variant, out);
    move_t moves[g->max_moves];
    for (int i = 0; i < plies; i++) {
        if (g->turn(&t->variant, out) == TURN_OVER) return false;
        int n = g->moves(&t->variant, out, moves);
        g->apply(&t->variant, out, moves[rng_below(&r, (uint32_t)n)]);
    }
    while (g->turn(&t->variant, out) == TURN_CHANCE) {
        int n = g->moves(&t->variant, out, moves);
        g->apply(&t->variant, out, moves[rng_below(&r, (uint32_t)n)]);
    }
    return g->turn(&t->variant, out) >= 0;
}

static void same_result(const struct mcts_result *a, const struct mcts_result *b) {
    assert_true(a->has_move && b->has_move);
    assert_true(a->move == b->move);
    assert_int_equal(a->root_count, b->root_count);
    for (int i = 0; i < a->root_count; i++) {
        assert_true(a->root_moves[i] == b->root_moves[i]);
        assert_int_equal(a->root_visits[i], b->root_visits[i]);
    }
    assert_int_equal(a->nodes, b->nodes);
}

static void assert_legal(const struct test_game *t, const void *s, move_t move) {
    move_t moves[t->game->max_moves];
    int n = t->game->moves(&t->variant, s, moves);
    bool found = false;
    for (int i = 0; i < n; i++) found |= moves[i] == move;
    assert_true(found);
}

static void test_view_only(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    int differing = 0;
    const int plies[] = {30, 60, 90, 140, 200};
    for (int k = 0; k < 5; k++) {
        unsigned char s1[GAME_MAX_STATE_BYTES], s2[GAME_MAX_STATE_BYTES];
        unsigned char v1[GAME_MAX_STATE_BYTES], v2[GAME_MAX_STATE_BYTES];
        if (!random_position(&t, plies[k], 11 + (uint64_t)k, s1)) continue;
        int me = g->turn(&t.variant, s1);
        memcpy(v1, s1, g->state_size);
        g->view(&t.variant, v1, me);
        struct rng r;
        rng_seed(&r, 99 + (uint64_t)k);
        g->determinize(&t.variant, v1, me, rng_next_ctx, &r, s2);
        memcpy(v2, s2, g->state_size);
        g->view(&t.variant, v2, me);
        assert_memory_equal(v1, v2, g->state_size); /* the game's promise */
        differing += memcmp(s1, s2, g->state_size) != 0;

        char err[GAME_ERROR_BYTES];
        struct mcts_limits limits = {.iterations = 150, .threads = 1, .seed = 5};
        assert_int_equal(ismcts_search(g, &t.variant, s1, &limits, a, err), 0);
        assert_int_equal(ismcts_search(g, &t.variant, s2, &limits, b, err), 0);
        same_result(a, b);
        assert_int_equal(a->iterations, 150);
        assert_legal(&t, s1, a->move);
        assert_legal(&t, s2, a->move);

        struct pimc_limits pl = {.worlds = 3, .world = limits};
        pl.world.iterations = 40;
        assert_int_equal(pimc_search(g, &t.variant, s1, &pl, a, err), 0);
        assert_int_equal(pimc_search(g, &t.variant, s2, &pl, b, err), 0);
        same_result(a, b);
        assert_legal(&t, s1, a->move);
    }
    /* The worlds really hid something, or the test would prove nothing. */
    assert_true(differing >= 3);
    free(a);
    free(b);
}

static void test_repeatable(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES];
    assert_true(random_position(&t, 70, 3, s));
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[GAME_ERROR_BYTES];
    struct mcts_limits limits = {.iterations = 200, .threads = 1, .seed = 8};
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, a, err), 0);
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, b, err), 0);
    same_result(a, b);
    long total = 0;
    for (int i = 0; i < a->root_count; i++) total += a->root_visits[i];
    assert_int_equal(total, 200); /* every iteration passes one root move */
    free(a);
    free(b);
}

static void test_refusals(void **state) {
    (void)state;
    struct test_game kotra = test_game_make("kotra", NULL);
    struct test_game kulibrat = test_game_make("kulibrat", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    struct mcts_result *res = malloc(sizeof *res);
    char err[GAME_ERROR_BYTES];
    struct mcts_limits limits = {.iterations = 10, .threads = 1};
    kotra.game->start(&kotra.variant, s);
    assert_int_equal(mcts_search(kotra.game, &kotra.variant, s, &limits, res, err), -1);
    assert_non_null(strstr(err, "hidden"));
    kulibrat.game->start(&kulibrat.variant, s);
    assert_int_equal(
        ismcts_search(kulibrat.game, &kulibrat.variant, s, &limits, res, err), -1);
    free(res);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_only),
        cmocka_unit_test(test_repeatable),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
