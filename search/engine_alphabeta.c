/* `alphabeta`: iterative-deepening alpha-beta with a transposition table
 * (search/alphabeta.h) for two-player zero-sum games without chance,
 * simultaneous moves or hidden information; Lazy SMP over threads. */
#include "search/agent.h"
#include "search/engine_common.h"
#include "search/tt.h"

enum { AB_DEPTH, AB_TIME, AB_THREADS, AB_HASH, AB_DB, AB_EXTEND, AB_KEYS };

static const struct engine_key alphabeta_keys[] = {
    [AB_DEPTH] = {"depth", 1, AB_MAX_PLY - 2, NULL, ENGINE_KEY_BUDGET, "6",
                  "plies (iterative deepening up to it)"},
    [AB_TIME] = {"time", 1e-3, 1e6, NULL, ENGINE_KEY_BUDGET | ENGINE_KEY_REAL, NULL,
                 "seconds per move (a depth given after it caps it)"},
    [AB_THREADS] = {"threads", 1, 1024, NULL, 0, "1", "Lazy SMP threads"},
    [AB_HASH] = {"hash", 1, 1 << 16, NULL, 0, "16", "transposition table, MiB"},
    [AB_DB] = {"db", 0, 1, NULL, 0, "1", "0: do not probe the command's --db databases"},
    [AB_EXTEND] = {"extend", 0, AB_MAX_EXTENSION, NULL, 0, NULL,
                   "extra plies a line may search where a capture is due (games with a "
                   "capture extension; default the game's, 0: none)"},
};

static int alphabeta_fits(const struct game *g, char *err) {
    return ab_supports(g, err) ? 0 : -1;
}

static void alphabeta_init(struct agent *a, const struct game *g) {
    (void)g;
    a->ab = (struct ab_limits){.depth = AGENT_DEFAULT_AB_DEPTH, .threads = 1};
    a->hash_mib = AGENT_DEFAULT_HASH_MIB;
}

static void alphabeta_set(struct agent *a, int key, double x) {
    switch (key) {
    case AB_DEPTH: a->ab.depth = (int)x; break;
    case AB_TIME: a->ab.time = x, a->ab.depth = 0; break;
    case AB_THREADS: a->ab.threads = (int)x; break;
    case AB_HASH: a->hash_mib = (int)x, a->hash_given = true; break;
    case AB_EXTEND: a->ab.capture_plies = x == 0 ? AB_NO_EXTENSION : (int)x; break;
    default: a->no_db = x == 0; break;
    }
}

static int alphabeta_ready(struct agent *a, char *err) {
    if (tt_init(&a->tt, (size_t)a->hash_mib) == 0) return 0;
    snprintf(err, GAME_ERROR_BYTES, "not enough memory for a %d MiB table", a->hash_mib);
    return -1;
}

static void alphabeta_release(struct agent *a) {
    tt_free(&a->tt);
}

static void alphabeta_forget(struct agent *a) {
    tt_clear(&a->tt);
}

/* A one-off analysis: the budget's numbers over the spec's, the analysis
 * depth where neither gave one, the caller's table or one of its own. */
static int analyse_fresh(struct agent *a, const struct game *g, const struct variant *v,
                         const void *state, const struct engine_budget *b,
                         struct ab_result *res, bool *runtime, char *err) {
    struct ab_limits limits = a->ab;
    limits.analyse = b->analyse;
    if (b->depth > 0 || b->time > 0) {
        limits.depth = b->depth > 0 ? b->depth : 0;
        limits.time = b->time > 0 ? b->time : 0;
    } else if (!b->given) {
        limits.depth =
            limits.probe ? AGENT_ANALYSIS_AB_DB_DEPTH : AGENT_ANALYSIS_AB_DEPTH;
    }
    if (b->threads > 0) limits.threads = b->threads;
    limits.interrupt = b->interrupt;
    int hash_mib = b->hash_mib > 0 ? b->hash_mib
                   : a->hash_given ? a->hash_mib
                                   : TT_DEFAULT_MIB;
    /* A caller's table is reused as it is: ab_search ages it, so entries of
     * earlier searches stay usable and no memory is cleared per search. */
    struct tt own = {0}, *tt = b->table;
    if (!tt) {
        if (tt_init(&own, (size_t)hash_mib))
            return engine_fail(runtime, true, err,
                               "not enough memory for the table (--hash)");
        tt = &own;
    }
    int status = ab_search(g, v, state, &limits, tt, res, err);
    if (tt == &own) tt_free(&own);
    return status;
}

static int alphabeta_search(struct agent *a, const struct game *g, const struct variant *v,
                            const void *state, const struct engine_budget *b,
                            struct engine_report *out, bool *runtime, char *err) {
    struct ab_result *res = malloc(sizeof *res);
    if (!res)
        return engine_fail(runtime, true, err,
                           b->fresh ? "out of memory" : "out of memory for the search result");
    out->ab = res;
    int status;
    if (b->fresh) {
        status = analyse_fresh(a, g, v, state, b, res, runtime, err);
    } else {
        struct ab_limits limits = a->ab;
        limits.analyse = b->analyse;
        status = ab_search(g, v, state, &limits, &a->tt, res, err);
    }
    if (status) return status;
    out->has_move = res->has_move, out->move = res->move;
    out->nodes = res->nodes, out->seconds = res->seconds;
    int distance, proven = ab_score_proven(res->score, &distance);
    if (res->draw_proven)
        out->value = ENGINE_VALUE_PROVEN, out->outcome = 0, out->distance = -1;
    else if (proven)
        out->value = ENGINE_VALUE_PROVEN, out->outcome = proven, out->distance = distance,
        out->score = proven;
    else
        out->value = ENGINE_VALUE_ESTIMATE, out->score = (double)res->score / GAME_EVAL_MAX;
    return 0;
}

const struct engine alphabeta_engine = {
    .name = "alphabeta",
    .summary = "iterative-deepening alpha-beta with a transposition table",
    .plays = ENGINE_PLAYS_PERFECT,
    .unit = ENGINE_UNIT_DEPTH,
    .reports = true,
    .probes = true,
    .keys = alphabeta_keys,
    .key_count = AB_KEYS,
    .fits = alphabeta_fits,
    .init = alphabeta_init,
    .set = alphabeta_set,
    .ready = alphabeta_ready,
    .release = alphabeta_release,
    .forget = alphabeta_forget,
    .search = alphabeta_search,
};
