/* One search run (lib/kz_run.h): the spec read by agent_parse, the request's
 * budget laid over it, the engine run. */
#include "lib/kz_run.h"
#include "search/agent.h"
#include "search/ismcts.h"
#include "search/pimc.h"
#include "search/tt.h"
#include "json/kjson_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(bool *runtime, bool is_runtime, char *err, const char *message) {
    *runtime = is_runtime;
    snprintf(err, GAME_ERROR_BYTES, "%s", message);
    return -1;
}

static int run_alphabeta(const struct game *g, const struct variant *v, const void *state,
                         const struct agent *agent, const struct kz_run_request *req,
                         bool budget, struct kz_run *run, bool *runtime, char *err) {
    struct ab_limits limits = agent->ab;
    limits.analyse = req->analyse;
    if (req->depth > 0 || req->time > 0) {
        limits.depth = req->depth > 0 ? req->depth : 0;
        limits.time = req->time > 0 ? req->time : 0;
    } else if (!budget) {
        limits.depth =
            limits.probe ? AGENT_ANALYSIS_AB_DB_DEPTH : AGENT_ANALYSIS_AB_DEPTH;
    }
    if (req->threads > 0) limits.threads = req->threads;
    limits.interrupt = req->interrupt;
    int hash_mib = req->hash_mib > 0   ? req->hash_mib
                   : agent->hash_given ? agent->hash_mib
                                       : TT_DEFAULT_MIB;
    /* A caller's table is reused as it is: ab_search ages it, so entries of
     * earlier searches stay usable and no memory is cleared per search. */
    struct tt own = {0}, *tt = req->table;
    if (!tt) {
        if (tt_init(&own, (size_t)hash_mib))
            return fail(runtime, true, err, "not enough memory for the table (--hash)");
        tt = &own;
    }
    if (!(run->ab = malloc(sizeof *run->ab))) {
        if (tt == &own) tt_free(&own);
        return fail(runtime, true, err, "out of memory");
    }
    run->engine = "alphabeta";
    int status = ab_search(g, v, state, &limits, tt, run->ab, err);
    if (tt == &own) tt_free(&own);
    return status;
}

static int run_expectimax(const struct game *g, const struct variant *v,
                          const void *state, const struct agent *agent,
                          const struct kz_run_request *req, struct kz_run *run,
                          bool *runtime, char *err) {
    struct expecti_limits limits = agent->ex;
    limits.analyse = req->analyse;
    if (req->depth > 0 || req->time > 0) {
        limits.depth = req->depth > 0 ? req->depth : 0;
        limits.time = req->time > 0 ? req->time : 0;
    }
    limits.interrupt = req->interrupt;
    if (!(run->ex = malloc(sizeof *run->ex)))
        return fail(runtime, true, err, "out of memory");
    run->engine = "expectimax";
    return expecti_search(g, v, state, &limits, run->ex, err);
}

static int run_mcts(const struct game *g, const struct variant *v, const void *state,
                    const struct agent *agent, const struct kz_run_request *req,
                    bool budget, struct kz_run *run, bool *runtime, char *err) {
    bool pimc = agent->kind == AGENT_PIMC;
    struct mcts_limits limits = agent->mcts;
    limits.seed = req->seed;
    if (req->threads > 0) limits.threads = req->threads;
    if (req->iterations > 0 || req->time > 0) {
        limits.iterations = req->iterations > 0 ? req->iterations : 0;
        limits.time = req->time > 0 ? req->time : 0;
    } else if (!budget) {
        limits.iterations =
            pimc ? AGENT_ANALYSIS_PIMC_ITERATIONS : AGENT_ANALYSIS_MCTS_ITERATIONS;
    }
    limits.interrupt = req->interrupt;
    if (!(run->mcts = malloc(sizeof *run->mcts)))
        return fail(runtime, true, err, "out of memory");
    if (pimc) {
        /* The budget is the whole search: split over the worlds. */
        struct pimc_limits pl = {.worlds = agent->worlds, .world = limits};
        if (pl.world.iterations > 0) {
            pl.world.iterations /= agent->worlds;
            if (pl.world.iterations < 1) pl.world.iterations = 1;
        }
        run->engine = "pimc";
        return pimc_search(g, v, state, &pl, run->mcts, err);
    }
    if (g->flags & GAME_HAS_HIDDEN) {
        run->engine = "ismcts";
        return ismcts_search(g, v, state, &limits, run->mcts, err);
    }
    run->engine = "mcts";
    return mcts_search(g, v, state, &limits, run->mcts, err);
}

int kz_run_search(const struct game *g, const struct variant *v, const void *state,
                  const struct kz_run_request *req, struct kz_run *run, bool *runtime,
                  char *err) {
    memset(run, 0, sizeof *run);
    *runtime = false;
    const char *algo = req->algo && req->algo[0] ? req->algo
                       : ab_supports(g, err)     ? "alphabeta"
                                                 : "mcts";
    struct agent agent;
    char why[GAME_ERROR_BYTES];
    if (agent_read_spec(&agent, algo, g, why)) {
        snprintf(err, GAME_ERROR_BYTES, "engine '%.60s': %.80s", algo, why);
        return -1;
    }
    if (req->probe) agent_use_databases(&agent, req->probe, req->probe_ctx);
    bool budget =
        agent.budget_given || req->time > 0 || req->iterations > 0 || req->depth > 0;
    int status;
    switch (agent.kind) {
    case AGENT_ALPHABETA:
        if (req->iterations > 0)
            return fail(runtime, false, err,
                        "alphabeta takes a depth or a time, not iterations");
        status = run_alphabeta(g, v, state, &agent, req, budget, run, runtime, err);
        break;
    case AGENT_EXPECTIMAX:
        if (req->iterations > 0)
            return fail(runtime, false, err,
                        "expectimax takes a depth or a time, not iterations");
        status = run_expectimax(g, v, state, &agent, req, run, runtime, err);
        break;
    case AGENT_MCTS:
    case AGENT_PIMC:
        if (req->depth > 0) {
            snprintf(err, GAME_ERROR_BYTES, "%s takes iterations or a time, not a depth",
                     agent.kind == AGENT_PIMC ? "pimc" : "mcts");
            return -1;
        }
        status = run_mcts(g, v, state, &agent, req, budget, run, runtime, err);
        break;
    default:
        snprintf(err, GAME_ERROR_BYTES,
                 "engine '%.60s' does not search (alphabeta, mcts, pimc, expectimax)",
                 algo);
        return -1;
    }
    if (status) kz_run_free(run);
    return status;
}

void kz_run_free(struct kz_run *run) {
    free(run->ab);
    free(run->ex);
    free(run->mcts);
    memset(run, 0, sizeof *run);
}

json_t *kz_run_json(const struct game *g, const struct variant *v, const void *state,
                    const struct kz_run *run, int player, bool analyse) {
    if (run->ab) return kjson_search_alphabeta(g, v, state, run->ab, analyse);
    if (run->ex) return kjson_search_expectimax(g, v, state, run->ex, analyse);
    return kjson_search_mcts(g, v, state, run->engine, run->mcts, player, analyse);
}
