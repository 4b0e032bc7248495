/* `random`: a legal move (or option) drawn uniformly with the seed. */
#include "engine/rng.h"
#include "search/agent.h"

static int random_search(struct agent *a, const struct game *g, const struct variant *v,
                         const void *state, const struct engine_budget *b,
                         struct engine_report *out, bool *runtime, char *err) {
    (void)a, (void)runtime, (void)err;
    move_t moves[g->max_moves];
    int count = b->player >= 0 ? g->joint_moves(v, state, b->player, moves)
                               : g->moves(v, state, moves);
    if (count <= 0) return 0;
    struct rng r;
    rng_seed(&r, b->seed);
    out->move = moves[rng_below(&r, (uint32_t)count)];
    out->has_move = true;
    return 0;
}

const struct engine random_engine = {
    .name = "random",
    .summary = "a legal move drawn uniformly at random",
    .plays = ENGINE_PLAYS_ALL,
    .search = random_search,
};
