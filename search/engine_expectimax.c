/* `expectimax`: expectimax with Star1/Star2 pruning (search/expectimax.h)
 * for two-player games with chance and without simultaneous moves or
 * hidden information. */
#include "search/agent.h"
#include "search/engine_common.h"

enum { EX_DEPTH, EX_TIME, EX_PRUNE, EX_KEYS };

static const char *const prune_names[] = {"star1", "star2", "none", NULL};

static const struct engine_key expectimax_keys[] = {
    [EX_DEPTH] = {"depth", 1, EXPECTI_MAX_DEPTH, NULL, ENGINE_KEY_BUDGET, "3",
                  "decisions (chance nodes are free)"},
    [EX_TIME] = {"time", 1e-3, 1e6, NULL, ENGINE_KEY_BUDGET | ENGINE_KEY_REAL, NULL,
                 "seconds per move"},
    [EX_PRUNE] = {"prune", 0, 0, prune_names, 0, "star1", "chance-node pruning"},
};

static int expectimax_fits(const struct game *g, char *err) {
    if (!(g->flags & (GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN))) return 0;
    snprintf(err, GAME_ERROR_BYTES,
             "expectimax needs a game without simultaneous moves or hidden "
             "information (%s)",
             g->name);
    return -1;
}

static void expectimax_init(struct agent *a, const struct game *g) {
    (void)g;
    a->ex = (struct expecti_limits){.depth = AGENT_DEFAULT_EXPECTIMAX_DEPTH};
}

static void expectimax_set(struct agent *a, int key, double x) {
    switch (key) {
    case EX_DEPTH: a->ex.depth = (int)x; break;
    case EX_TIME: a->ex.time = x, a->ex.depth = 0; break; /* a depth given after caps it */
    default: a->ex.pruning = (enum expecti_pruning)x; break;
    }
}

static int expectimax_run(struct agent *a, const struct game *g, const struct variant *v,
                          const void *state, const struct engine_budget *b,
                          struct engine_report *out, bool *runtime, char *err) {
    struct expecti_limits limits = a->ex;
    limits.analyse = b->analyse;
    if (b->fresh) {
        if (b->depth > 0 || b->time > 0) {
            limits.depth = b->depth > 0 ? b->depth : 0;
            limits.time = b->time > 0 ? b->time : 0;
        }
        limits.interrupt = b->interrupt;
    }
    struct expecti_result *res = malloc(sizeof *res);
    if (!res)
        return engine_fail(runtime, true, err,
                           b->fresh ? "out of memory" : "out of memory for the search result");
    out->ex = res;
    int status = expecti_search(g, v, state, &limits, res, err);
    if (status) return status;
    out->has_move = res->has_move, out->move = res->move;
    out->nodes = res->stats.nodes, out->seconds = res->seconds;
    out->value = ENGINE_VALUE_ESTIMATE, out->score = res->score / GAME_EVAL_MAX;
    return 0;
}

const struct engine expectimax_engine = {
    .name = "expectimax",
    .summary = "expectimax with Star1/Star2 pruning (two players, chance)",
    .plays = ENGINE_PLAYS_PERFECT | ENGINE_PLAYS_CHANCE,
    .unit = ENGINE_UNIT_DEPTH,
    .reports = true,
    .keys = expectimax_keys,
    .key_count = EX_KEYS,
    .fits = expectimax_fits,
    .init = expectimax_init,
    .set = expectimax_set,
    .search = expectimax_run,
};
