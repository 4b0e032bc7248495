/*
 * kz_run.h - one search run, shared by libkibitz's kz_search and the command
 * line's `bestmove` / `analyse` (cli/search_command.c), so that the engine
 * chosen from a spec, its budget and its defaults are decided in one place.
 * Internal to the tree (not installed): it hands out the engines' own result
 * structs, which the command line's text reports print.
 */
#ifndef KIBITZ_KZ_RUN_H
#define KIBITZ_KZ_RUN_H

#include "engine/game.h"
#include "search/alphabeta.h"
#include "search/expectimax.h"
#include "search/mcts.h"
#include "search/search_probe.h"
#include "json/kjson.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* What to run. Zero budgets mean: the spec's, else the analysis default
 * (AGENT_ANALYSIS_*). */
struct kz_run_request {
    const char *algo;             /* engine spec; NULL or "": alphabeta where it applies,
                                     else mcts */
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

struct kz_run {
    const char *engine;   /* "alphabeta", "expectimax", "mcts", "ismcts", "pimc" */
    struct ab_result *ab; /* the one set, by engine */
    struct expecti_result *ex;
    struct mcts_result *mcts;
};

/* Run the search on `state` (a player to move or a simultaneous node).
 * 0, or -1 with a message in `err` (GAME_ERROR_BYTES) and *runtime set when
 * the failure is not the request's fault (out of memory). On success the
 * caller frees `run` with kz_run_free. */
int kz_run_search(const struct game *g, const struct variant *v, const void *state,
                  const struct kz_run_request *req, struct kz_run *run, bool *runtime,
                  char *err);
void kz_run_free(struct kz_run *run);
/* The "search" document of the run (docs/JSON.md); `player` >= 0 reports
 * only that player's choice at a simultaneous root. */
json_t *kz_run_json(const struct game *g, const struct variant *v, const void *state,
                    const struct kz_run *run, int player, bool analyse);

#endif
