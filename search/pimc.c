/* Perfect-information Monte Carlo (see pimc.h). */
#include "search/pimc.h"

#include "engine/rng.h"
#include "engine/timer.h"
#include "search/ismcts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pimc_search(const struct game *g, const struct variant *v, const void *state,
                const struct pimc_limits *limits, struct mcts_result *out, char *err) {
    memset(out, 0, sizeof *out);
    if (!(g->flags & GAME_HAS_HIDDEN) || !g->view || !g->determinize) {
        snprintf(err, GAME_ERROR_BYTES, "pimc is for games with hidden information");
        return -1;
    }
    int me = g->turn(v, state);
    if (me < 0) {
        snprintf(err, GAME_ERROR_BYTES, "pimc searches for a player to move");
        return -1;
    }
    double start = timer_now();
    int worlds = limits->worlds > 0 ? limits->worlds : 10;
    unsigned char view[GAME_MAX_STATE_BYTES], world[GAME_MAX_STATE_BYTES];
    memcpy(view, state, g->state_size);
    g->view(v, view, me);
    struct mcts_limits each = limits->world;
    each.assume_perfect = true;
    if (each.max_playout <= 0 && g->evaluate) each.max_playout = ISMCTS_CUT_PLAYOUT;
    /* A time budget is one deadline for all worlds: each world gets an even
     * share of what is left, so a world that overran (a time check comes
     * only every few iterations, or the process was descheduled) is paid
     * for by the next ones rather than added to the total. */
    const double deadline = limits->world.time > 0 ? start + limits->world.time : 0;
    struct rng rng;
    rng_seed(&rng, limits->world.seed ^ UINT64_C(0x5851F42D4C957F2D));
    long votes[MCTS_MAX_ROOT_MOVES] = {0};
    struct mcts_result *one = malloc(sizeof *one);
    if (!one) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    for (int w = 0; w < worlds; w++) {
        g->determinize(v, view, me, rng_next_ctx, &rng, world);
        each.seed = rng_next(&rng);
        if (deadline > 0) {
            each.time = (deadline - timer_now()) / (worlds - w);
            if (each.time < 1e-6) each.time = 1e-6; /* still one iteration or so */
        }
        if (mcts_search(g, v, world, &each, one, err)) {
            free(one);
            return -1;
        }
        out->iterations += one->iterations;
        out->nodes += one->nodes;
        out->playout_plies += one->playout_plies;
        out->value += one->value / worlds;
        for (int k = 0; k < one->root_count; k++) {
            int i = 0;
            while (i < out->root_count && out->root_moves[i] != one->root_moves[k]) i++;
            if (i == out->root_count) {
                if (i == MCTS_MAX_ROOT_MOVES) continue;
                out->root_moves[out->root_count++] = one->root_moves[k];
            }
            out->root_visits[i] += one->root_visits[k];
            out->root_values[i] += one->root_values[k] * (double)one->root_visits[k];
            if (one->has_move && one->move == one->root_moves[k]) votes[i]++;
        }
    }
    free(one);
    int best = -1;
    for (int i = 0; i < out->root_count; i++) {
        if (out->root_visits[i] > 0) out->root_values[i] /= (double)out->root_visits[i];
        if (best < 0 || votes[i] > votes[best] ||
            (votes[i] == votes[best] && out->root_visits[i] > out->root_visits[best]))
            best = i;
    }
    if (best >= 0) {
        out->move = out->root_moves[best];
        out->has_move = true;
    } else {
        move_t moves[g->max_moves];
        if (g->moves(v, view, moves) > 0) out->move = moves[0], out->has_move = true;
    }
    out->seconds = timer_now() - start;
    return 0;
}
