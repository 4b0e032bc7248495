/* `flatmc`: flat Monte Carlo (search/flatmc.h), N random playouts in all,
 * shared equally by the root options. */
#include "search/agent.h"
#include "search/flatmc.h"

#include <stdio.h>
#include <stdlib.h>

enum { FLATMC_ITERATIONS, FLATMC_PLAYOUT };

static const struct engine_key flatmc_keys[] = {
    [FLATMC_ITERATIONS] = {"iterations", 1, 4e9, NULL, ENGINE_KEY_BUDGET, "1000",
                           "playouts in all, shared by the root options"},
    [FLATMC_PLAYOUT] = {"playout", 1, 1e6, NULL, 0, "1000",
                        "plies before a playout is cut and scored"},
};

static int flatmc_fits(const struct game *g, char *err) {
    if (!(g->flags & GAME_HAS_HIDDEN)) return 0;
    snprintf(err, GAME_ERROR_BYTES, "flatmc needs a game without hidden information (%s)",
             g->name);
    return -1;
}

static void flatmc_init(struct agent *a, const struct game *g) {
    (void)g;
    a->flat = (struct flatmc_limits){.playouts = AGENT_DEFAULT_FLATMC_PLAYOUTS};
}

static void flatmc_set(struct agent *a, int key, double x) {
    if (key == FLATMC_ITERATIONS)
        a->flat.playouts = (long)x;
    else
        a->flat.max_playout = (int)x;
}

static int flatmc_run(struct agent *a, const struct game *g, const struct variant *v,
                      const void *state, const struct engine_budget *b,
                      struct engine_report *out, bool *runtime, char *err) {
    if (b->player < 0 && g->turn(v, state) < 0) return 0;
    struct flatmc_result *res = malloc(sizeof *res);
    if (!res) {
        *runtime = true;
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the search result");
        return -1;
    }
    struct flatmc_limits limits = a->flat;
    limits.seed = b->seed;
    int status = flatmc_search(g, v, state, b->player, &limits, res, err);
    if (status == 0) out->move = res->move, out->has_move = true;
    free(res);
    return status;
}

const struct engine flatmc_engine = {
    .name = "flatmc",
    .summary = "flat Monte Carlo: random playouts shared equally by the root options",
    .plays = ENGINE_PLAYS_PERFECT | ENGINE_PLAYS_CHANCE | ENGINE_PLAYS_SIMULTANEOUS,
    .unit = ENGINE_UNIT_ITERATIONS,
    .keys = flatmc_keys,
    .key_count = 2,
    .fits = flatmc_fits,
    .init = flatmc_init,
    .set = flatmc_set,
    .search = flatmc_run,
};
