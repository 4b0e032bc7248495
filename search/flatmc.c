#include "search/flatmc.h"

#include "engine/rng.h"
#include "search/playout.h"

#include <stdio.h>
#include <string.h>

/* The decider's options into `out`; -1 with `err` if `player` has none. */
static int root_options(const struct game *g, const struct variant *v, const void *state,
                        int *player, move_t *out, char *err) {
    const int turn = g->turn(v, state);
    int count = 0;
    if (turn == TURN_SIMULTANEOUS) {
        if (*player >= 0 && (g->acting(v, state) & (1u << *player)))
            count = g->joint_moves(v, state, *player, out);
    } else if (turn >= 0 && (*player < 0 || *player == turn)) {
        *player = turn;
        count = g->moves(v, state, out);
    }
    if (count <= 0) {
        snprintf(err, GAME_ERROR_BYTES, "flat Monte Carlo: no decision for %s here",
                 *player >= 0 ? "that player" : "anyone");
        return -1;
    }
    return count;
}

int flatmc_search(const struct game *g, const struct variant *v, const void *state,
                  int player, const struct flatmc_limits *limits,
                  struct flatmc_result *out, char *err) {
    if (g->flags & GAME_HAS_HIDDEN) {
        snprintf(err, GAME_ERROR_BYTES,
                 "flat Monte Carlo needs a game without hidden information (%s)",
                 g->name);
        return -1;
    }
    move_t options[g->max_moves];
    const int count = root_options(g, v, state, &player, options, err);
    if (count < 0) return -1;
    const bool simultaneous = g->turn(v, state) == TURN_SIMULTANEOUS;
    const int kept = count < FLATMC_MAX_OPTIONS ? count : FLATMC_MAX_OPTIONS;
    double sum[kept];
    long visits[kept];
    memset(sum, 0, sizeof sum);
    memset(visits, 0, sizeof visits);
    struct rng rng;
    rng_seed(&rng, limits->seed);
    const int cap = limits->max_playout > 0 ? limits->max_playout : 1000;
    move_t others[g->max_moves];
    unsigned char child[GAME_MAX_STATE_BYTES];
    for (long i = 0; i < limits->playouts; i++) {
        const int o = (int)(i % kept); /* round robin: equal shares */
        memcpy(child, state, g->state_size);
        if (simultaneous) {
            move_t choice[GAME_MAX_PLAYERS] = {0};
            const unsigned acting = g->acting(v, state);
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!(acting & (1u << p))) continue;
                if (p == player) {
                    choice[p] = options[o];
                    continue;
                }
                const int n = g->joint_moves(v, state, p, others);
                choice[p] = others[rng_below(&rng, (uint32_t)n)];
            }
            g->apply_joint(v, child, choice);
        } else {
            g->apply(v, child, options[o]);
        }
        double r[GAME_MAX_PLAYERS];
        playout_run(g, v, child, &rng, cap, r);
        sum[o] += r[player];
        visits[o]++;
    }
    /* Best mean among the options tried; the first wins ties (options the
     * budget never reached are not chosen unless none was tried). */
    int best = 0;
    double best_mean = 0;
    bool any = false;
    out->count = kept;
    for (int o = 0; o < kept; o++) {
        const double mean = visits[o] ? sum[o] / (double)visits[o] : 0;
        out->options[o] = options[o];
        out->visits[o] = visits[o];
        out->values[o] = mean;
        if (visits[o] && (!any || mean > best_mean))
            best = o, best_mean = mean, any = true;
    }
    out->move = options[best];
    return 0;
}
