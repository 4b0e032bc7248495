/* Alpha-beta's capture extension (search/alphabeta.h, engine/game.h
 * `capture_pending`): Kerx's hook says exactly when the side to move must
 * capture; on a Kerx combination a shallow search finds the right move only
 * with the extension (the right move checked by a deep search without it);
 * games that declare no extension search exactly as without it, whatever
 * the limit asked; the extra plies per line are bounded; and a search inside
 * a long extension still stops on its interrupt and its time. */
#include "engine/registry.h"
#include "engine/rng.h"
#include "games/kerx/kerx.h"
#include "games/kulibrat/kulibrat.h"
#include "search/alphabeta.h"
#include "support.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* White sacrifices two pieces to take three: e4-e5 f6xd4 (forced), e3-f4
 * g5xe3 (forced), f3xd3xd5xb5. At depth 3 the plain search stops with
 * black to capture and sees two pieces lost. */
static const char *const combination = "b1bb/bb1bb/1b3b/w3w1w/4ww/3ww/bwww w";

static void search(const struct game *g, const struct variant *v, const void *s,
                   struct ab_limits limits, struct ab_result *out) {
    struct tt t;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(tt_init(&t, 8), 0);
    if (ab_search(g, v, s, &limits, &t, out, err) != 0) fail_msg("%s", err);
    tt_free(&t);
}

/* A position after up to `most` random plies from the start. */
static void random_position(const struct test_game *t, struct rng *r, int most,
                            unsigned char *state) {
    const struct game *g = t->game;
    g->start(&t->variant, state);
    int plies = (int)rng_below(r, (uint32_t)most);
    move_t moves[g->max_moves];
    for (int i = 0; i < plies; i++) {
        int n = g->moves(&t->variant, state, moves);
        if (n == 0) break;
        g->apply(&t->variant, state, moves[rng_below(r, (uint32_t)n)]);
    }
}

/* The hook against the move generator: a capture is due exactly when the
 * moves are captures (longest capture compulsory, huff=0). */
static void test_kerx_hook_agrees_with_moves(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", NULL);
    const struct game *g = t.game;
    assert_non_null(g->capture_pending);
    assert_true(g->capture_extension > 0);
    struct rng r;
    rng_seed(&r, 36);
    int due = 0, quiet = 0;
    for (int i = 0; i < 400; i++) {
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        random_position(&t, &r, 60, s);
        if (g->turn(&t.variant, s) < 0) continue;
        move_t moves[KERX_MAX_MOVES];
        int n = g->moves(&t.variant, s, moves);
        assert_true(n > 0);
        bool captures = kerx_move_jumps(moves[0]) > 0;
        assert_int_equal(g->capture_pending(&t.variant, s), captures);
        captures ? due++ : quiet++;
    }
    assert_true(due > 20 && quiet > 20);
}

static int move_index(const struct ab_result *res, move_t m) {
    for (int i = 0; i < res->root_count; i++)
        if (res->root_moves[i] == m) return i;
    fail_msg("move not at the root");
    return -1;
}

/* The combination: the deep search without extension scores every root
 * move; the default search at depth 3 (Kerx's extension) plays the deep
 * search's best move, the same search without extension a move the deep
 * search rates at least a third of a piece worse. */
static void test_kerx_combination(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", NULL);
    const struct game *g = t.game;
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    test_parse(&t, combination, s);
    struct ab_result *deep = malloc(sizeof *deep), *res = malloc(sizeof *res);
    search(
        g, &t.variant, s,
        (struct ab_limits){.depth = 9, .analyse = true, .capture_plies = AB_NO_EXTENSION},
        deep);
    int best = 0;
    for (int i = 1; i < deep->root_count; i++)
        if (deep->root_scores[i] > deep->root_scores[best]) best = i;
    char text[64];
    g->format_move(&t.variant, s, deep->root_moves[best], text, sizeof text);
    assert_string_equal(text, "e4-e5");

    search(g, &t.variant, s, (struct ab_limits){.depth = 3}, res);
    assert_true(res->move == deep->root_moves[best]);
    /* The extension's line shows the whole exchange. */
    assert_true(res->pv_length >= 5);
    assert_true(res->pv_length <= 3 + g->capture_extension);

    search(g, &t.variant, s,
           (struct ab_limits){.depth = 3, .capture_plies = AB_NO_EXTENSION}, res);
    assert_true(res->move != deep->root_moves[best]);
    int piece = 8 * GAME_EVAL_MAX / 10 / 20; /* material: 20 pieces on the board */
    assert_true(deep->root_scores[best] -
                    deep->root_scores[move_index(deep, res->move)] >=
                piece / 3);
    free(deep);
    free(res);
}

static void assert_same_search(const struct ab_result *a, const struct ab_result *b) {
    assert_int_equal(a->nodes, b->nodes);
    assert_true(a->move == b->move);
    assert_int_equal(a->score, b->score);
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->pv_length, b->pv_length);
}

/* Games without the hook search the same whatever extension is asked; Kerx
 * without the extension searches as a Kerx without the hook, and with it
 * differently (so that the comparison can tell). */
static void test_no_hook_no_change(void **unused) {
    (void)unused;
    int count;
    const struct game *const *games = registry_games(&count);
    struct ab_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    struct rng r;
    rng_seed(&r, 7);
    int compared = 0;
    for (int gi = 0; gi < count; gi++) {
        char err[GAME_ERROR_BYTES];
        if (!ab_supports(games[gi], err) || games[gi]->capture_pending) continue;
        struct test_game t = test_game_make(games[gi]->name, NULL);
        for (int i = 0; i < 10; i++) {
            unsigned char s[GAME_MAX_STATE_BYTES] = {0};
            random_position(&t, &r, 30, s);
            search(t.game, &t.variant, s, (struct ab_limits){.depth = 8}, a);
            search(t.game, &t.variant, s,
                   (struct ab_limits){.depth = 8, .capture_plies = AB_MAX_EXTENSION}, b);
            assert_same_search(a, b);
            search(t.game, &t.variant, s,
                   (struct ab_limits){.depth = 8, .capture_plies = AB_NO_EXTENSION}, b);
            assert_same_search(a, b);
            compared++;
        }
    }
    assert_true(compared >= 10); /* Kulibrat at least */

    struct test_game t = test_game_make("kerx", NULL);
    struct game hookless = *t.game;
    hookless.capture_pending = NULL;
    int differ = 0;
    for (int i = 0; i < 10; i++) {
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        random_position(&t, &r, 30, s);
        search(&hookless, &t.variant, s, (struct ab_limits){.depth = 5}, a);
        search(t.game, &t.variant, s,
               (struct ab_limits){.depth = 5, .capture_plies = AB_NO_EXTENSION}, b);
        assert_same_search(a, b);
        search(t.game, &t.variant, s, (struct ab_limits){.depth = 5}, b);
        differ += a->nodes != b->nodes;
    }
    assert_true(differ > 0);
    free(a);
    free(b);
}

/* A game whose every position has a capture due: each line is extended to
 * the limit, never beyond it. */
static bool always_due(const struct variant *v, const void *state) {
    (void)v, (void)state;
    return true;
}

static struct game always_extending(const struct game *base, int plies) {
    struct game g = *base;
    g.kernels = NULL; /* the generic kernels call the hook */
    g.capture_pending = always_due;
    g.capture_extension = plies;
    return g;
}

static void test_extension_bounded(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    t.game->start(&t.variant, s);
    struct ab_result *res = malloc(sizeof *res);
    uint64_t nodes = 0;
    for (int plies = 0; plies <= 4; plies++) {
        struct game g = always_extending(t.game, plies);
        search(&g, &t.variant, s, (struct ab_limits){.depth = 3}, res);
        /* The start's lines are longer than 7 plies: each one reaches the
         * limit exactly. */
        assert_int_equal(res->pv_length, 3 + plies);
        assert_true(res->nodes > nodes);
        nodes = res->nodes;
    }
    free(res);
}

/* Inside an extension of 32 plies on every line (far more than can be
 * searched), the search still ends: at once on an interrupt already set,
 * and on its time budget (a generous deadline: the machine may be busy). */
static void test_extension_stops(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    t.game->start(&t.variant, s);
    struct game g = always_extending(t.game, AB_MAX_EXTENSION);
    struct ab_result *res = malloc(sizeof *res);
    atomic_bool stop;
    atomic_init(&stop, true);
    search(&g, &t.variant, s, (struct ab_limits){.depth = 2, .interrupt = &stop}, res);
    assert_true(res->nodes < 10000);
    assert_int_equal(res->depth, 0);
    assert_true(res->has_move);

    search(&g, &t.variant, s, (struct ab_limits){.time = 0.2}, res);
    assert_int_equal(res->depth, 0);
    assert_true(res->seconds < 30);
    assert_true(res->has_move);
    free(res);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kerx_hook_agrees_with_moves),
        cmocka_unit_test(test_kerx_combination),
        cmocka_unit_test(test_no_hook_no_change),
        cmocka_unit_test(test_extension_bounded),
        cmocka_unit_test(test_extension_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
