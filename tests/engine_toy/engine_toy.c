/* A toy engine for tests/engine_toy.sh: the whole of what adding an engine
 * takes (docs/ADDING_AN_ENGINE.md), in one file. It plays the legal move
 * number `pick` (counted from 0, wrapping around) and reports it with a
 * made-up estimate, so that the test can see its key, its move and its
 * report reach every front end. */
#include "search/agent.h"

enum { TOY_PICK, TOY_KEYS };

static const struct engine_key toy_keys[] = {
    [TOY_PICK] = {"pick", 0, 100, NULL, 0, "0", "which legal move to play, from 0"},
};

static int toy_search(struct agent *a, const struct game *g, const struct variant *v,
                      const void *state, const struct engine_budget *b,
                      struct engine_report *out, bool *runtime, char *err) {
    (void)runtime, (void)err;
    move_t moves[g->max_moves];
    int count = b->player >= 0 ? g->joint_moves(v, state, b->player, moves)
                               : g->moves(v, state, moves);
    if (count <= 0) return 0;
    out->has_move = true;
    out->move = moves[(int)a->values[TOY_PICK] % count];
    out->value = ENGINE_VALUE_ESTIMATE;
    out->score = 0.25;
    out->nodes = (uint64_t)count;
    return 0;
}

const struct engine toy_engine = {
    .name = "toy",
    .summary = "the legal move number `pick` (a test engine)",
    .plays = ENGINE_PLAYS_ALL,
    .reports = true,
    .keys = toy_keys,
    .key_count = TOY_KEYS,
    .search = toy_search,
};
