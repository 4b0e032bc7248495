#include "search/greedy.h"

#include "engine/rng.h"

#include <string.h>

move_t greedy_choose(const struct game *g, const struct variant *v, const void *state,
                     uint64_t seed) {
    int mover = g->turn(v, state);
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    struct rng r;
    rng_seed(&r, seed);
    double best = 0;
    int pick = 0, ties = 0;
    unsigned char child[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        double score = 0;
        if (g->turn(v, child) == TURN_OVER) {
            double ret[GAME_MAX_PLAYERS] = {0};
            g->returns(v, child, ret);
            /* A return of 1 is what GAME_EVAL_MAX means ("as good as won");
             * on that scale finishing third of four (-1/3) beats circling
             * the ring at an evaluation of, say, -3800. */
            score = ret[mover] * GAME_EVAL_MAX;
        } else if (g->evaluate) {
            score = g->evaluate(v, child, mover);
        }
        /* Reservoir choice among the ties: each equally likely. */
        if (i == 0 || score > best)
            best = score, pick = i, ties = 1;
        else if (score == best && rng_below(&r, (uint32_t)++ties) == 0)
            pick = i;
    }
    return moves[pick];
}
