/* `mcts`: Monte Carlo tree search (search/mcts.h) for any game; on games
 * with hidden information information-set MCTS (search/ismcts.h), which
 * keeps its tree between its moves where nothing hidden came between. */
#include "search/agent.h"
#include "search/engine_common.h"
#include "search/ismcts.h"

enum {
    MCTS_ITERATIONS,
    MCTS_TIME,
    MCTS_THREADS,
    MCTS_C,
    MCTS_ROOT,
    MCTS_PLAYOUT,
    MCTS_SIM,
    MCTS_GAMMA,
    MCTS_KEEP,
    MCTS_DB,
    MCTS_SOLVER,
    MCTS_KEYS
};

static const char *const sim_names[] = {"duct", "exp3", "rm", NULL};

static const struct engine_key mcts_keys[] = {
    [MCTS_ITERATIONS] = {"iterations", 1, 4e9, NULL, ENGINE_KEY_BUDGET, "1000",
                         "iterations per move"},
    [MCTS_TIME] = {"time", 1e-3, 1e6, NULL, ENGINE_KEY_BUDGET | ENGINE_KEY_REAL, NULL,
                   "seconds per move"},
    [MCTS_THREADS] = {"threads", 1, 1024, NULL, 0, "1", "threads (one shared tree)"},
    [MCTS_C] = {"c", 1e-3, 100, NULL, ENGINE_KEY_REAL, NULL,
                "exploration constant (1.4; 0.7 for information-set MCTS)"},
    [MCTS_ROOT] = {"root", 0, 1, NULL, 0, "0", "1: one tree per thread"},
    [MCTS_PLAYOUT] = {"playout", 1, 1e6, NULL, 0, "1000", "plies before a playout is cut"},
    [MCTS_SIM] = {"sim", 0, 0, sim_names, 0, "duct", "selection at simultaneous nodes"},
    [MCTS_GAMMA] = {"gamma", 1e-3, 1, NULL, ENGINE_KEY_REAL, NULL,
                    "exploration share of exp3 and rm"},
    [MCTS_KEEP] = {"keep", 0, 1, NULL, ENGINE_KEY_HIDDEN_ONLY, "1",
                   "0: never keep the tree between moves"},
    [MCTS_DB] = {"db", 0, 1, NULL, 0, "1", "0: do not probe the command's --db databases"},
    [MCTS_SOLVER] = {"solver", 0, 1, NULL, 0, "1", "0: no proven values in the tree"},
};

static void mcts_init(struct agent *a, const struct game *g) {
    (void)g;
    a->mcts = (struct mcts_limits){.iterations = AGENT_DEFAULT_MCTS_ITERATIONS, .threads = 1};
}

static void mcts_set(struct agent *a, int key, double x) {
    struct mcts_limits *m = &a->mcts;
    switch (key) {
    case MCTS_ITERATIONS: m->iterations = (long)x; break;
    case MCTS_TIME: m->time = x, m->iterations = 0; break;
    case MCTS_THREADS: m->threads = (int)x; break;
    case MCTS_C: m->c = x; break;
    case MCTS_ROOT: m->root_parallel = x != 0; break;
    case MCTS_PLAYOUT: m->max_playout = (int)x; break;
    case MCTS_SIM: m->sim = (enum mcts_sim)x; break;
    case MCTS_GAMMA: m->sim_gamma = x; break;
    case MCTS_KEEP: a->fresh = x == 0; break;
    case MCTS_DB: a->no_db = x == 0; break;
    default: m->no_solver = x == 0; break;
    }
}

static void mcts_forget(struct agent *a) {
    ismcts_keep_free(a->keep);
    a->keep = NULL;
}

/* The IS-MCTS tree kept between this agent's moves (NULL: start anew each
 * time, also if there is no memory for it). */
static struct ismcts_keep *kept(struct agent *a) {
    if (!a->fresh && !a->keep) a->keep = ismcts_keep_new();
    return a->fresh ? NULL : a->keep;
}

/* The limits of a search: as the agent plays, or for a one-off analysis the
 * budget's numbers over the spec's and the analysis default. */
static struct mcts_limits limits_for(const struct agent *a, const struct engine_budget *b) {
    struct mcts_limits limits = a->mcts;
    limits.seed = b->seed;
    if (!b->fresh) return limits;
    if (b->threads > 0) limits.threads = b->threads;
    if (b->iterations > 0 || b->time > 0) {
        limits.iterations = b->iterations > 0 ? b->iterations : 0;
        limits.time = b->time > 0 ? b->time : 0;
    } else if (!b->given) {
        limits.iterations = AGENT_ANALYSIS_MCTS_ITERATIONS;
    }
    limits.interrupt = b->interrupt;
    return limits;
}

static int mcts_run(struct agent *a, const struct game *g, const struct variant *v,
                    const void *state, const struct engine_budget *b,
                    struct engine_report *out, bool *runtime, char *err) {
    struct mcts_result *res = malloc(sizeof *res);
    if (!res)
        return engine_fail(runtime, true, err,
                           b->fresh ? "out of memory" : "out of memory for the search result");
    out->mcts = res;
    struct mcts_limits limits = limits_for(a, b);
    int status;
    if (a->hidden) {
        out->engine = "ismcts";
        status = b->playing ? ismcts_search_kept(g, v, state, &limits, kept(a), res, err)
                            : ismcts_search(g, v, state, &limits, res, err);
    } else {
        status = mcts_search(g, v, state, &limits, res, err);
    }
    if (status == 0) engine_report_mcts(out, res, b->player);
    return status;
}

const struct engine mcts_engine = {
    .name = "mcts",
    .summary = "Monte Carlo tree search (information-set MCTS on hidden information)",
    .plays = ENGINE_PLAYS_ALL,
    .unit = ENGINE_UNIT_ITERATIONS,
    .reports = true,
    .probes = true,
    .keys = mcts_keys,
    .key_count = MCTS_KEYS,
    .init = mcts_init,
    .set = mcts_set,
    .release = mcts_forget,
    .forget = mcts_forget,
    .search = mcts_run,
};
