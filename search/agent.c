#include "search/agent.h"

#include "engine/threads.h"
#include "engine/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int agent_parse(struct agent *a, const char *spec, const struct game *g, char *err) {
    return engine_spec_parse(a, spec, g, true, err);
}

int agent_read_spec(struct agent *a, const char *spec, const struct game *g, char *err) {
    return engine_spec_parse(a, spec, g, false, err);
}

void agent_use_databases(struct agent *a, search_probe_fn probe, void *ctx) {
    if (a->no_db) return;
    a->ab.probe = probe, a->ab.probe_ctx = ctx;
    a->mcts.probe = probe, a->mcts.probe_ctx = ctx;
    /* db plays from them too, instead of the default folders (which hold
     * only what is made on first use), and so does its fallback. */
    a->db_probe = probe, a->db_ctx = ctx;
    if (a->fallback) agent_use_databases(a->fallback, probe, ctx);
}

void agent_free(struct agent *a) {
    if (a->engine && a->engine->release && a->ready) a->engine->release(a);
}

void agent_new_game(struct agent *a) {
    if (a->engine->forget) a->engine->forget(a);
}

void agent_restrict_to_view(const struct game *g, const struct variant *v, void *state) {
    if (!(g->flags & GAME_HAS_HIDDEN)) return;
    const int mover = g->turn(v, state);
    if (mover >= 0) g->view(v, state, mover);
}

int agent_threads(const struct agent *a) {
    int t = a->ab.threads > a->mcts.threads ? a->ab.threads : a->mcts.threads;
    if (a->fallback) {
        int f = agent_threads(a->fallback);
        if (f > t) t = f;
    }
    return t > 1 ? t : 1;
}

int agent_search(struct agent *a, const struct game *g, const struct variant *v,
                 const void *state, const struct engine_budget *budget,
                 struct engine_report *out, bool *runtime, char *err) {
    memset(out, 0, sizeof *out);
    *runtime = false;
    out->engine = a->engine->name;
    out->distance = -1;
    /* threads=N, --threads or UGI's threads: libgomp would end the process
     * with a message of its own if they cannot start (a memory limit). */
    if (threads_reserve(budget->threads > 0 ? budget->threads : agent_threads(a), err)) {
        *runtime = true;
        return -1;
    }
    double start = timer_now();
    int status = a->engine->search(a, g, v, state, budget, out, runtime, err);
    if (status)
        engine_report_free(out);
    else if (out->seconds == 0)
        out->seconds = timer_now() - start;
    return status;
}

/* The move a search found for the budget's player: 0, or -1 with `err`. */
static int play_search(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, const struct engine_budget *budget,
                       move_t *move, char *err) {
    struct engine_report r;
    bool runtime;
    if (agent_search(a, g, v, state, budget, &r, &runtime, err)) return -1;
    if (r.value != ENGINE_VALUE_NONE && budget->player < 0)
        a->last = (struct agent_eval){
            r.value == ENGINE_VALUE_PROVEN ? AGENT_EVAL_PROVEN : AGENT_EVAL_ESTIMATE,
            r.outcome, r.distance, r.score};
    bool found = r.has_move;
    *move = r.move;
    engine_report_free(&r);
    if (found) return 0;
    snprintf(err, GAME_ERROR_BYTES, "no move to choose: the game is over");
    return -1;
}

int agent_choose(struct agent *a, const struct game *g, const struct variant *v,
                 const void *full, uint64_t seed, move_t *move, char *err) {
    /* The one place where a position reaches an agent: on a game with hidden
     * information every agent gets the mover's view and nothing else, so
     * none can use what its player cannot see, even by mistake; those that
     * need full states sample them from the view with `determinize`. */
    unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, full, g->state_size);
    agent_restrict_to_view(g, v, seen);
    const void *state = seen;
    const int mover = g->turn(v, state);
    a->last = (struct agent_eval){.kind = AGENT_EVAL_NONE, .distance = -1};
    if (mover >= 0) { /* a forced move needs no search */
        move_t moves[g->max_moves];
        if (g->moves(v, state, moves) == 1) {
            *move = moves[0];
            return 0;
        }
    }
    struct engine_budget budget = {.seed = seed, .player = -1, .playing = true};
    return play_search(a, g, v, state, &budget, move, err);
}

int agent_choose_joint(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, int player, uint64_t seed, move_t *move,
                       char *err) {
    if (a->hidden) { /* no view is defined for a seat at a simultaneous node */
        snprintf(err, GAME_ERROR_BYTES,
                 "simultaneous choices with hidden information are not supported");
        return -1;
    }
    if (g->turn(v, state) != TURN_SIMULTANEOUS ||
        !(g->acting(v, state) & (1u << player))) {
        snprintf(err, GAME_ERROR_BYTES, "player %d does not choose here", player + 1);
        return -1;
    }
    if (!(a->engine->plays & ENGINE_PLAYS_SIMULTANEOUS)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "agent '%.60s' cannot choose at a simultaneous node", a->spec);
        return -1;
    }
    struct engine_budget budget = {.seed = seed, .player = player, .playing = true};
    return play_search(a, g, v, state, &budget, move, err);
}
