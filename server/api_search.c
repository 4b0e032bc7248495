/* POST /api/search (server/api.h): an engine's move for the player to act,
 * or with "analyse" every root move's score. The engine is a spec of
 * search/agent.h (the same as `arena --players`); its budget is capped here
 * whatever the client asks, and at most API_MAX_SEARCHES run at once. */
#include "engine/timer.h"
#include "search/agent.h"
#include "search/pimc.h"
#include "server/api_internal.h"
#include "json/kjson_search.h"

#include <stdlib.h>
#include <string.h>

enum { SPEC_MAX = 120 };

/* Refuse a table size over the cap before agent_parse allocates it. */
static int check_hash(const char *spec, char *err) {
    for (const char *p = strstr(spec, "hash="); p; p = strstr(p + 1, "hash=")) {
        long mib = strtol(p + 5, NULL, 10);
        if (mib > API_MAX_HASH_MIB) {
            snprintf(err, GAME_ERROR_BYTES, "hash=%ld is over the server's %d MiB", mib,
                     API_MAX_HASH_MIB);
            return -1;
        }
    }
    return 0;
}

static double cap_time(double t, double most) {
    return t <= 0 || t > most ? most : t;
}

/* Lay the server's limits over what the spec asked for. */
static void cap_agent(struct agent *a, const struct api *api) {
    double most = api->max_seconds;
    if (a->ab.depth > API_MAX_DEPTH) a->ab.depth = API_MAX_DEPTH;
    a->ab.time = cap_time(a->ab.time, most);
    if (a->ab.threads > api->threads) a->ab.threads = api->threads;
    struct mcts_limits *m = &a->mcts;
    if (m->iterations > api->max_iterations) m->iterations = api->max_iterations;
    if (m->iterations <= 0) { /* a time budget: a bounded node pool */
        m->time = cap_time(m->time, most);
        if (m->memory_mib == 0 || m->memory_mib > 256) m->memory_mib = 256;
    } else if (m->time > most) {
        m->time = most;
    }
    if (m->threads > api->threads) m->threads = api->threads;
    if (a->worlds > API_MAX_WORLDS) a->worlds = API_MAX_WORLDS;
    /* PIMC runs its iterations in every world: its time is always capped. */
    if (a->kind == AGENT_PIMC) m->time = cap_time(m->time, most);
    if (a->ex.depth > API_MAX_DEPTH) a->ex.depth = API_MAX_DEPTH;
    a->ex.time = cap_time(a->ex.time, most);
    if (a->flat.playouts > api->max_iterations) a->flat.playouts = api->max_iterations;
}

static bool take_slot(struct api *api) {
    pthread_mutex_lock(&api->lock);
    bool ok = api->searches < API_MAX_SEARCHES;
    if (ok) api->searches++;
    pthread_mutex_unlock(&api->lock);
    return ok;
}

static void give_slot(struct api *api) {
    pthread_mutex_lock(&api->lock);
    api->searches--;
    pthread_mutex_unlock(&api->lock);
}

/* The engine name of a search document (docs/JSON.md, "search"). */
static const char *engine_name(const struct agent *a) {
    switch (a->kind) {
    case AGENT_ALPHABETA: return "alphabeta";
    case AGENT_MCTS: return a->hidden ? "ismcts" : "mcts";
    case AGENT_PIMC: return "pimc";
    case AGENT_EXPECTIMAX: return "expectimax";
    case AGENT_GREEDY: return "greedy";
    case AGENT_FLATMC: return "flatmc";
    default: return "random";
    }
}

/* Run the search of `a` on the request: a "search" document (kjson_search.h;
 * every root move's value with `analyse`), or NULL with err. The searching
 * engines are called as their agents would call them (search/agent.c), so
 * the move is the one `play` and `arena` would make; the others (random,
 * greedy, flat Monte Carlo) through agent_choose, with no value. */
static json_t *run(struct agent *a, const struct api_request *r, int player, bool analyse,
                   uint64_t seed, char *err) {
    const struct game *g = r->g;
    const struct variant *v = &r->v;
    const void *state = r->state;
    int turn = g->turn(v, state);
    json_t *doc = NULL;
    int status = 0;
    switch (a->kind) {
    case AGENT_ALPHABETA: {
        struct ab_result *res = malloc(sizeof *res);
        if (!res) break;
        struct ab_limits limits = a->ab;
        limits.analyse = analyse;
        status = ab_search(g, v, state, &limits, &a->tt, res, err);
        if (status == 0) doc = kjson_search_alphabeta(g, v, state, res, analyse);
        free(res);
        break;
    }
    case AGENT_MCTS:
    case AGENT_PIMC: {
        struct mcts_result *res = malloc(sizeof *res);
        if (!res) break;
        struct mcts_limits limits = a->mcts;
        limits.seed = seed;
        if (a->kind == AGENT_PIMC) {
            struct pimc_limits pl = {.worlds = a->worlds, .world = limits};
            status = pimc_search(g, v, state, &pl, res, err);
        } else if (a->hidden) {
            status = ismcts_search(g, v, state, &limits, res, err);
        } else {
            status = mcts_search(g, v, state, &limits, res, err);
        }
        if (status == 0)
            doc = kjson_search_mcts(g, v, state, engine_name(a), res, player, analyse);
        free(res);
        break;
    }
    case AGENT_EXPECTIMAX: {
        struct expecti_result *res = malloc(sizeof *res);
        if (!res) break;
        struct expecti_limits limits = a->ex;
        limits.analyse = analyse;
        status = expecti_search(g, v, state, &limits, res, err);
        if (status == 0) doc = kjson_search_expectimax(g, v, state, res, analyse);
        free(res);
        break;
    }
    default: {
        if (analyse) {
            snprintf(err, GAME_ERROR_BYTES,
                     "analysis needs alphabeta, mcts, pimc or expectimax, not '%.40s'",
                     a->spec);
            return NULL;
        }
        move_t m;
        double t0 = timer_now();
        status = turn == TURN_SIMULTANEOUS
                     ? agent_choose_joint(a, g, v, state, player, seed, &m, err)
                     : agent_choose(a, g, v, state, seed, &m, err);
        if (status) return NULL;
        doc = kjson_search_head(g, v, state, engine_name(a));
        json_t *text = kjson_move(g, v, state, m);
        json_object_set_new(doc, "move", json_incref(text));
        json_object_set_new(doc, "value", json_pack("{s:s}", "result", "unknown"));
        json_object_set_new(doc, "pv", json_pack("[o]", text));
        json_object_set_new(doc, "nodes", json_integer(0));
        json_object_set_new(doc, "seconds", json_real(timer_now() - t0));
        return doc;
    }
    }
    if (status) return NULL;
    if (!doc) snprintf(err, GAME_ERROR_BYTES, "out of memory");
    return doc;
}

void api_search(struct api *api, const char *body, size_t length,
                struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const struct game *g = r.g;
    char err[GAME_ERROR_BYTES];
    int turn = g->turn(&r.v, r.state);
    json_t *spec_json = json_object_get(r.root, "engine");
    const char *spec = json_string_value(spec_json);
    json_t *player_json = json_object_get(r.root, "player");
    json_t *seed_json = json_object_get(r.root, "seed");
    json_t *analyse_json = json_object_get(r.root, "analyse");
    bool analyse = json_is_true(analyse_json);
    int player = -1;
    if (turn == TURN_OVER) {
        api_fail(out, 400, "position: the game is over, no move to search");
    } else if (turn == TURN_CHANCE) {
        api_fail(out, 400, "position: chance acts here, nothing to choose");
    } else if (!spec || strlen(spec) != json_string_length(spec_json) ||
               strlen(spec) > SPEC_MAX) {
        api_fail(out, 400,
                 "engine: an engine spec such as \"alphabeta:depth=6\" is wanted");
    } else if (check_hash(spec, err)) {
        api_fail(out, 400, "engine: %s", err);
    } else if (analyse_json && !json_is_boolean(analyse_json)) {
        api_fail(out, 400, "analyse: true or false is wanted");
    } else if (seed_json && !json_is_integer(seed_json)) {
        api_fail(out, 400, "seed: an integer is wanted");
    } else if (turn == TURN_SIMULTANEOUS &&
               (!json_is_integer(player_json) ||
                (player = (int)json_integer_value(player_json)) < 0 ||
                player >= r.players || !(g->acting(&r.v, r.state) >> player & 1))) {
        api_fail(out, 400, "player: the index of a player who chooses here is wanted");
    } else if ((g->flags & GAME_HAS_HIDDEN) && r.viewer >= 0 && r.viewer != turn) {
        api_fail(out, 400, "viewer: only the player to act may ask the engine here");
    } else if (!take_slot(api)) {
        api_fail(out, 503, "busy: %d searches are running, try again", API_MAX_SEARCHES);
    } else {
        struct agent a;
        if (agent_parse(&a, spec, g, err)) {
            give_slot(api);
            api_fail(out, 400, "engine: %s", err);
        } else {
            cap_agent(&a, api);
            uint64_t seed = seed_json ? (uint64_t)json_integer_value(seed_json) : 1;
            json_t *doc = run(&a, &r, player, analyse, seed, err);
            give_slot(api);
            if (!doc) {
                api_fail(out, 400, "engine: %s", err);
            } else {
                /* The spec as read (budgets over the caps were lowered). */
                json_object_set_new(doc, "spec", json_string(a.spec));
                api_reply(out, doc);
            }
            agent_free(&a);
        }
    }
    api_request_free(&r);
}
