#include "search/greedy.h"

#include "engine/rng.h"

#include <string.h>

/* The greedy score of `child` for `player`: returns times GAME_EVAL_MAX once
 * the game is over, else the evaluation (0 without one). */
static double score_of(const struct game *g, const struct variant *v, const void *child,
                       int player) {
    if (g->turn(v, child) == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS] = {0};
        g->returns(v, child, ret);
        /* A return of 1 is what GAME_EVAL_MAX means ("as good as won"); on
         * that scale finishing third of four (-1/3) beats circling the ring
         * at an evaluation of, say, -3800. */
        return ret[player] * GAME_EVAL_MAX;
    }
    return g->evaluate ? g->evaluate(v, child, player) : 0;
}

/* Keeps the best score seen; ties are resolved by a reservoir choice, so each
 * of the tied candidates is equally likely. */
struct best {
    double score;
    int pick, ties;
};

static void consider(struct best *b, int i, double score, struct rng *r) {
    if (b->ties == 0 || score > b->score)
        b->score = score, b->pick = i, b->ties = 1;
    else if (score == b->score && rng_below(r, (uint32_t)++b->ties) == 0)
        b->pick = i;
}

move_t greedy_choose(const struct game *g, const struct variant *v, const void *state,
                     uint64_t seed) {
    int mover = g->turn(v, state);
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    struct rng r;
    rng_seed(&r, seed);
    struct best best = {0};
    unsigned char child[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        consider(&best, i, score_of(g, v, child, mover), &r);
    }
    return moves[best.pick];
}

move_t greedy_choose_view(const struct game *g, const struct variant *v, const void *view,
                          uint64_t seed) {
    int mover = g->turn(v, view);
    move_t moves[g->max_moves];
    /* The mover's options do not depend on what it cannot see, so the view's
     * list is every world's list. */
    int count = g->moves(v, view, moves);
    struct rng r;
    rng_seed(&r, seed);
    double sum[g->max_moves];
    for (int i = 0; i < count; i++) sum[i] = 0;
    unsigned char world[GAME_MAX_STATE_BYTES], child[GAME_MAX_STATE_BYTES];
    for (int w = 0; w < GREEDY_WORLDS; w++) {
        g->determinize(v, view, mover, rng_next_ctx, &r, world);
        for (int i = 0; i < count; i++) {
            memcpy(child, world, g->state_size);
            g->apply(v, child, moves[i]);
            sum[i] += score_of(g, v, child, mover);
        }
    }
    struct best best = {0};
    for (int i = 0; i < count; i++) consider(&best, i, sum[i], &r);
    return moves[best.pick];
}

move_t greedy_choose_joint(const struct game *g, const struct variant *v,
                           const void *state, int player, uint64_t seed) {
    const unsigned acting = g->acting(v, state);
    move_t options[GAME_MAX_PLAYERS][g->max_moves];
    int count[GAME_MAX_PLAYERS] = {0};
    long combos = 1; /* joint choices of the other acting players */
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(acting & (1u << p))) continue;
        count[p] = g->joint_moves(v, state, p, options[p]);
        if (p != player && combos <= GREEDY_JOINT_ENUMERATE) combos *= count[p];
    }
    const bool enumerate = combos <= GREEDY_JOINT_ENUMERATE;
    const long samples = enumerate ? combos : GREEDY_JOINT_ENUMERATE;
    struct rng r;
    rng_seed(&r, seed);
    struct best best = {0};
    unsigned char child[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < count[player]; i++) {
        double sum = 0;
        for (long k = 0; k < samples; k++) {
            /* Combination k in mixed radix over the others' option counts,
             * or a uniform draw when there are too many to list. */
            move_t choice[GAME_MAX_PLAYERS] = {0};
            long rest = k;
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!count[p]) continue;
                if (p == player) {
                    choice[p] = options[p][i];
                } else if (enumerate) {
                    choice[p] = options[p][rest % count[p]];
                    rest /= count[p];
                } else {
                    choice[p] = options[p][rng_below(&r, (uint32_t)count[p])];
                }
            }
            memcpy(child, state, g->state_size);
            g->apply_joint(v, child, choice);
            sum += score_of(g, v, child, player);
        }
        consider(&best, i, sum / (double)samples, &r);
    }
    return options[player][best.pick];
}
