/* One search run (lib/kz_run.h): the request's budget checked against the
 * engine's unit (engine_budget_refused) and handed to its search. */
#include "lib/kz_run.h"
#include "search/alphabeta.h"

#include <stdio.h>
#include <string.h>

const char *kz_run_default_spec(const struct game *g) {
    char err[GAME_ERROR_BYTES];
    return ab_supports(g, err) ? "alphabeta" : "mcts";
}

int kz_run_search(const struct game *g, const struct variant *v, const void *state,
                  struct agent *agent, const struct kz_run_request *req,
                  struct engine_report *report, bool *runtime, char *err) {
    memset(report, 0, sizeof *report);
    *runtime = false;
    if (req->probe) agent_use_databases(agent, req->probe, req->probe_ctx);
    const struct engine *e = agent->engine;
    if (engine_budget_refused(e, req->depth > 0, req->iterations > 0, false, err))
        return -1;
    if (!e->reports) {
        char names[64];
        engine_reporting_names(names, sizeof names, false, false, ", ");
        snprintf(err, GAME_ERROR_BYTES, "engine '%s' does not search (%s)", agent->spec,
                 names);
        return -1;
    }
    struct engine_budget budget = {
        .fresh = true,
        .given = agent->budget_given || req->time > 0 || req->iterations > 0 ||
                 req->depth > 0,
        .depth = req->depth,
        .time = req->time,
        .iterations = req->iterations,
        .threads = req->threads,
        .hash_mib = req->hash_mib,
        .table = req->table,
        .seed = req->seed,
        .analyse = req->analyse,
        .player = -1,
        .interrupt = req->interrupt,
    };
    return agent_search(agent, g, v, state, &budget, report, runtime, err);
}
