/* Searches that probe databases (search/search_probe.h), on Kerx size 3
 * through the game's database hook:
 * - alpha-beta at a held root scores it exactly (the databases' value and
 *   remoteness) and plays a move that keeps the value;
 * - alpha-beta probing smaller databases (up to 6 pieces) from positions of
 *   7 pieces proves only what the 7-piece databases confirm, and never a
 *   win or loss shorter than theirs;
 * - MCTS probing the databases proves a held root's outcome. */
#include "engine/rng.h"
#include "search/alphabeta.h"
#include "solve/game_database.h"
#include "search/mcts.h"
#include "search/search_probe.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char folder6[256], folder7[256];

static int setup(void **unused) {
    (void)unused;
    test_scratch_folder("probe-6", folder6, sizeof folder6);
    test_scratch_folder("probe-7", folder7, sizeof folder7);
    return 0;
}

static int teardown(void **unused) {
    (void)unused;
    return test_remove_folder(folder6) | test_remove_folder(folder7);
}

static void build(const struct test_game *t, const char *dir, int pieces) {
    struct game_database_build b = {.pieces = pieces, .threads = 1, .data = dir};
    char err[GAME_ERROR_BYTES];
    FILE *sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    if (t->game->database->build(&t->variant, &b, sink, err) != 0) fail_msg("%s", err);
    fclose(sink);
}

static void open_probe(const struct test_game *t, const char *dir,
                       struct search_probe *p) {
    char err[GAME_ERROR_BYTES];
    if (search_probe_open(p, t->game, &t->variant, dir, err) != 0) fail_msg("%s", err);
}

/* Random play from the start until the databases `p` hold the position;
 * false when the game ends first. */
static bool random_held(const struct test_game *t, const struct search_probe *p,
                        struct rng *rng, void *state) {
    const struct game *g = t->game;
    g->start(&t->variant, state);
    move_t *moves = malloc(sizeof(move_t) * (size_t)g->max_moves);
    assert_non_null(moves);
    bool held = false;
    for (int ply = 0; ply < 400 && g->turn(&t->variant, state) >= 0; ply++) {
        if (retro_is_value(search_probe_value(p, state))) {
            held = true;
            break;
        }
        int n = g->moves(&t->variant, state, moves);
        g->apply(&t->variant, state, moves[rng_next(rng) % (uint64_t)n]);
    }
    free(moves);
    return held;
}

/* The databases' score of a held position for its mover, as alpha-beta
 * writes it at the root. */
static int exact_score(retro_cell c) {
    int n = retro_remoteness(c);
    return retro_outcome(c) == RETRO_OUTCOME_WIN    ? AB_WIN - n
           : retro_outcome(c) == RETRO_OUTCOME_LOSS ? -AB_WIN + n
                                            : 0;
}

static void held_roots(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    build(&t, folder7, 7);
    struct search_probe p;
    open_probe(&t, folder7, &p);
    struct tt tt;
    assert_int_equal(tt_init(&tt, 4), 0);
    struct rng rng;
    rng_seed(&rng, 7);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], child[GAME_MAX_STATE_BYTES];
    int tried = 0, decided = 0, drawn = 0;
    for (int k = 0; k < 400 && tried < 40; k++) {
        if (!random_held(&t, &p, &rng, state)) continue;
        tried++;
        retro_cell c = search_probe_value(&p, state);
        struct ab_limits limits = {.depth = 1, .probe = p.probe, .probe_ctx = p.ctx};
        struct ab_result *r = malloc(sizeof *r);
        char err[GAME_ERROR_BYTES];
        assert_int_equal(ab_search(t.game, &t.variant, state, &limits, &tt, r, err), 0);
        assert_true(r->root_held);
        assert_int_equal(r->score, exact_score(c));
        /* A held draw is proven, not an even estimate. */
        assert_int_equal(r->draw_proven, retro_outcome(c) == RETRO_OUTCOME_DRAW);
        /* The move keeps the value: the child is lost for the opponent (or
         * the game ends in the mover's favour), drawn for a draw. */
        memcpy(child, state, t.game->state_size);
        t.game->apply(&t.variant, child, r->move);
        int mover = t.game->turn(&t.variant, state);
        int next = t.game->turn(&t.variant, child);
        if (next >= 0) {
            retro_cell cc = search_probe_value(&p, child);
            assert_true(retro_is_value(cc));
            retro_cell through = retro_through(cc, next != mover, false);
            assert_int_equal(retro_outcome(through), retro_outcome(c));
        }
        decided += retro_outcome(c) != RETRO_OUTCOME_DRAW;
        drawn += retro_outcome(c) == RETRO_OUTCOME_DRAW;
        free(r);
    }
    assert_true(tried >= 20);
    assert_true(decided >= 5);
    assert_true(drawn >= 1);
    tt_free(&tt);
    search_probe_close(&p);
}

static void smaller_databases_prove_soundly(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    build(&t, folder7, 7);
    build(&t, folder6, 6);
    struct search_probe p6, p7;
    open_probe(&t, folder6, &p6);
    open_probe(&t, folder7, &p7);
    struct tt tt;
    assert_int_equal(tt_init(&tt, 4), 0);
    struct rng rng;
    rng_seed(&rng, 11);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    int tried = 0, proved = 0;
    for (int k = 0; k < 2000 && tried < 40; k++) {
        if (!random_held(&t, &p7, &rng, state)) continue;
        if (retro_is_value(search_probe_value(&p6, state))) continue; /* 7 pieces */
        tried++;
        retro_cell exact = search_probe_value(&p7, state);
        struct ab_limits limits = {.depth = 5, .probe = p6.probe, .probe_ctx = p6.ctx};
        struct ab_result *r = malloc(sizeof *r);
        char err[GAME_ERROR_BYTES];
        assert_int_equal(ab_search(t.game, &t.variant, state, &limits, &tt, r, err), 0);
        assert_false(r->root_held);
        int distance, proven = ab_score_proven(r->score, &distance);
        if (proven) {
            proved++;
            assert_int_equal(proven, retro_outcome(exact));
            assert_true(distance >= retro_remoteness(exact));
        }
        free(r);
    }
    assert_true(tried >= 20);
    assert_true(proved >= 3);
    tt_free(&tt);
    search_probe_close(&p6);
    search_probe_close(&p7);
}

static void mcts_proves_held_roots(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    build(&t, folder7, 7);
    struct search_probe p;
    open_probe(&t, folder7, &p);
    struct rng rng;
    rng_seed(&rng, 5);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    int tried = 0;
    for (int k = 0; k < 400 && tried < 20; k++) {
        if (!random_held(&t, &p, &rng, state)) continue;
        retro_cell c = search_probe_value(&p, state);
        if (retro_outcome(c) == RETRO_OUTCOME_DRAW) continue;
        tried++;
        struct mcts_limits limits = {
            .iterations = 5000, .seed = 1, .probe = p.probe, .probe_ctx = p.ctx};
        struct mcts_result *r = malloc(sizeof *r);
        char err[GAME_ERROR_BYTES];
        assert_int_equal(mcts_search(t.game, &t.variant, state, &limits, r, err), 0);
        assert_int_equal(r->proven, retro_outcome(c));
        free(r);
    }
    assert_true(tried >= 10);
    search_probe_close(&p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(held_roots),
        cmocka_unit_test(smaller_databases_prove_soundly),
        cmocka_unit_test(mcts_proves_held_roots),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
