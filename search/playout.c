#include "search/playout.h"

int playout_sample(const double *prob, int count, struct rng *rng) {
    double x = rng_unit(rng);
    for (int i = 0; i < count - 1; i++) {
        if (x < prob[i]) return i;
        x -= prob[i];
    }
    return count - 1;
}

int playout_run(const struct game *g, const struct variant *v, void *state,
                struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]) {
    move_t moves[g->max_moves];
    for (int ply = 0; ply < max_plies; ply++) {
        int turn = g->turn(v, state);
        if (turn == TURN_OVER) {
            g->returns(v, state, returns);
            return ply;
        }
        if (turn == TURN_SIMULTANEOUS) {
            move_t choice[GAME_MAX_PLAYERS] = {0};
            unsigned acting = g->acting(v, state);
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!(acting & (1u << p))) continue;
                int n = g->joint_moves(v, state, p, moves);
                choice[p] = moves[rng_below(rng, (uint32_t)n)];
            }
            g->apply_joint(v, state, choice);
            continue;
        }
        int count = g->moves(v, state, moves);
        int pick;
        if (turn == TURN_CHANCE) {
            double prob[g->max_moves];
            g->chance(v, state, moves, count, prob);
            pick = playout_sample(prob, count, rng);
        } else {
            pick = (int)rng_below(rng, (uint32_t)count);
        }
        g->apply(v, state, moves[pick]);
    }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) returns[p] = 0;
    return max_plies;
}
