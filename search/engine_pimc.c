/* `pimc`: perfect-information Monte Carlo (search/pimc.h), the baseline
 * for games with hidden information: MCTS in worlds sampled from the
 * mover's view. */
#include "search/agent.h"
#include "search/engine_common.h"
#include "search/pimc.h"

enum { PIMC_WORLDS, PIMC_ITERATIONS, PIMC_TIME, PIMC_C, PIMC_PLAYOUT, PIMC_KEYS };

static const struct engine_key pimc_keys[] = {
    [PIMC_WORLDS] = {"worlds", 1, 1e5, NULL, 0, "10", "worlds sampled from the view"},
    [PIMC_ITERATIONS] = {"iterations", 1, 4e9, NULL, ENGINE_KEY_BUDGET, "100",
                         "iterations per world"},
    [PIMC_TIME] = {"time", 1e-3, 1e6, NULL, ENGINE_KEY_BUDGET | ENGINE_KEY_REAL, NULL,
                   "seconds in all"},
    [PIMC_C] = {"c", 1e-3, 100, NULL, ENGINE_KEY_REAL, NULL, "exploration constant"},
    [PIMC_PLAYOUT] = {"playout", 1, 1e6, NULL, 0, NULL, "plies before a playout is cut"},
};

static int pimc_fits(const struct game *g, char *err) {
    if (g->flags & GAME_HAS_HIDDEN) return 0;
    snprintf(err, GAME_ERROR_BYTES, "pimc is for games with hidden information (%s has none)",
             g->name);
    return -1;
}

static void pimc_init(struct agent *a, const struct game *g) {
    (void)g;
    a->mcts = (struct mcts_limits){.iterations = AGENT_DEFAULT_PIMC_ITERATIONS, .threads = 1};
    a->worlds = AGENT_DEFAULT_PIMC_WORLDS;
}

static void pimc_set(struct agent *a, int key, double x) {
    switch (key) {
    case PIMC_WORLDS: a->worlds = (int)x; break;
    case PIMC_ITERATIONS: a->mcts.iterations = (long)x; break;
    case PIMC_TIME: a->mcts.time = x, a->mcts.iterations = 0; break;
    case PIMC_C: a->mcts.c = x; break;
    default: a->mcts.max_playout = (int)x; break;
    }
}

static int pimc_run(struct agent *a, const struct game *g, const struct variant *v,
                    const void *state, const struct engine_budget *b,
                    struct engine_report *out, bool *runtime, char *err) {
    struct mcts_result *res = malloc(sizeof *res);
    if (!res)
        return engine_fail(runtime, true, err,
                           b->fresh ? "out of memory" : "out of memory for the search result");
    out->mcts = res;
    struct pimc_limits pl = {.worlds = a->worlds, .world = a->mcts};
    pl.world.seed = b->seed;
    if (b->fresh) {
        /* A one-off analysis: the budget's numbers (else the analysis
         * default) are the whole search, split over the worlds. */
        if (b->threads > 0) pl.world.threads = b->threads;
        if (b->iterations > 0 || b->time > 0) {
            pl.world.iterations = b->iterations > 0 ? b->iterations : 0;
            pl.world.time = b->time > 0 ? b->time : 0;
        } else if (!b->given) {
            pl.world.iterations = AGENT_ANALYSIS_PIMC_ITERATIONS;
        }
        pl.world.interrupt = b->interrupt;
        if (pl.world.iterations > 0) {
            pl.world.iterations /= a->worlds;
            if (pl.world.iterations < 1) pl.world.iterations = 1;
        }
    }
    int status = pimc_search(g, v, state, &pl, res, err);
    if (status == 0) engine_report_mcts(out, res, b->player);
    return status;
}

const struct engine pimc_engine = {
    .name = "pimc",
    .summary = "perfect-information Monte Carlo over worlds sampled from the view",
    .plays = ENGINE_PLAYS_HIDDEN | ENGINE_PLAYS_CHANCE | ENGINE_PLAYS_PERFECT,
    .unit = ENGINE_UNIT_ITERATIONS,
    .reports = true,
    .probes = true,
    .keys = pimc_keys,
    .key_count = PIMC_KEYS,
    .fits = pimc_fits,
    .init = pimc_init,
    .set = pimc_set,
    .search = pimc_run,
};
