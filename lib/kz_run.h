/*
 * kz_run.h - one search run, shared by libkibitz's kz_search and the command
 * line's `bestmove` / `analyse` (cli/backend/kz_cli_search.c): an agent parsed once
 * from the spec (search/agent.h), the request's budget handed to its engine
 * (search/engine.h), which lays it over the spec and applies the analysis
 * defaults. Internal to the tree (not installed).
 */
#ifndef KIBITZ_KZ_RUN_H
#define KIBITZ_KZ_RUN_H

#include "engine/game.h"
#include "search/agent.h"
#include "search/engine.h"
#include "search/search_probe.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* What to run. Zero budgets mean: the spec's, else the engine's analysis
 * default (AGENT_ANALYSIS_*). */
struct kz_run_request {
    double time;                  /* > 0: seconds */
    long iterations;              /* > 0: MCTS family */
    int depth;                    /* > 0: alphabeta, expectimax */
    int threads;                  /* > 0: overrides the spec's */
    int hash_mib;                 /* > 0: alpha-beta table size over the spec's */
    struct tt *table;             /* non-NULL: alpha-beta uses this table (kept
                                     between searches, aged by each) instead
                                     of allocating one; hash_mib is then unused */
    uint64_t seed;                /* MCTS family */
    bool analyse;                 /* score every root move */
    const atomic_bool *interrupt; /* may be NULL */
    search_probe_fn probe;        /* databases the search probes (may be NULL) */
    void *probe_ctx;
};

/* The engine a spec that names none gets: alphabeta where it applies,
 * else mcts. */
const char *kz_run_default_spec(const struct game *g);

/* Run `agent`'s engine on `state` (a player to move or a simultaneous
 * node) as a one-off analysis. 0, or -1 with a message in `err`
 * (GAME_ERROR_BYTES) and *runtime set when the failure is not the
 * request's fault (out of memory). On success the caller frees `report`
 * with engine_report_free. */
int kz_run_search(const struct game *g, const struct variant *v, const void *state,
                  struct agent *agent, const struct kz_run_request *req,
                  struct engine_report *report, bool *runtime, char *err);

#endif
