/* POST /api/search (server/api.h): an engine's move for the player to act,
 * or with "analyse" every root move's score. The engine is a spec of
 * search/agent.h (the same as `arena --players`); its budget is capped here
 * whatever the client asks, and at most API_MAX_SEARCHES run at once. */
#include "search/agent.h"
#include "search/pimc.h"
#include "server/api_internal.h"

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

static double cap_time(double t) {
    return t <= 0 || t > API_MAX_SECONDS ? API_MAX_SECONDS : t;
}

/* Lay the server's limits over what the spec asked for. */
static void cap_agent(struct agent *a, int threads) {
    if (a->ab.depth > API_MAX_DEPTH) a->ab.depth = API_MAX_DEPTH;
    a->ab.time = cap_time(a->ab.time);
    if (a->ab.threads > threads) a->ab.threads = threads;
    struct mcts_limits *m = &a->mcts;
    if (m->iterations > API_MAX_ITERATIONS) m->iterations = API_MAX_ITERATIONS;
    if (m->iterations <= 0) { /* a time budget: a bounded node pool */
        m->time = cap_time(m->time);
        if (m->memory_mib == 0 || m->memory_mib > 256) m->memory_mib = 256;
    } else if (m->time > API_MAX_SECONDS) {
        m->time = API_MAX_SECONDS;
    }
    if (m->threads > threads) m->threads = threads;
    if (a->worlds > API_MAX_WORLDS) a->worlds = API_MAX_WORLDS;
    if (a->ex.depth > API_MAX_DEPTH) a->ex.depth = API_MAX_DEPTH;
    a->ex.time = cap_time(a->ex.time);
    if (a->flat.playouts > API_MAX_ITERATIONS) a->flat.playouts = API_MAX_ITERATIONS;
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

static json_t *estimate(double score) {
    if (score > 1) score = 1;
    if (score < -1) score = -1;
    return json_pack("{s:s,s:f}", "result", "unknown", "score", score);
}

static json_t *ab_value(int score) {
    int distance = 0, proven = ab_score_proven(score, &distance);
    if (proven)
        return json_pack("{s:s,s:i,s:i}", "result", proven > 0 ? "win" : "loss",
                         "distance", distance, "score", proven);
    return estimate((double)score / GAME_EVAL_MAX);
}

static json_t *mcts_value(int proven, double mean) {
    if (proven == 1 || proven == -1)
        return json_pack("{s:s,s:i}", "result", proven > 0 ? "win" : "loss", "score",
                         proven);
    if (proven == 2) return json_pack("{s:s,s:i}", "result", "draw", "score", 0);
    return estimate(mean);
}

static json_t *move_text(const struct game *g, const struct variant *v, const void *s,
                         move_t m) {
    char text[128];
    g->format_move(v, s, m, text, sizeof text);
    return json_string(text);
}

/* Root moves, best first by `key` (insertion sort keeps generator order). */
static void add_sorted(json_t *doc, json_t **items, const double *key, int n) {
    int order[n > 0 ? n : 1];
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    json_t *list = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(list, items[order[i]]);
    json_object_set_new(doc, "moves", list);
}

static int analyse_alphabeta(struct agent *a, const struct api_request *r, json_t *doc,
                             char *err) {
    const struct game *g = r->g;
    struct ab_limits limits = a->ab;
    limits.analyse = true;
    struct ab_result *res = malloc(sizeof *res);
    if (!res) return snprintf(err, GAME_ERROR_BYTES, "out of memory"), -1;
    int status = ab_search(g, &r->v, r->state, &limits, &a->tt, res, err);
    if (status == 0 && res->has_move) {
        json_object_set_new(doc, "move", move_text(g, &r->v, r->state, res->move));
        json_object_set_new(doc, "value", ab_value(res->score));
        json_object_set_new(doc, "depth", json_integer(res->depth));
        json_t *pv = json_array();
        _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
        memcpy(s, r->state, g->state_size);
        for (int i = 0; i < res->pv_length; i++) {
            json_array_append_new(pv, move_text(g, &r->v, s, res->pv[i]));
            g->apply(&r->v, s, res->pv[i]);
        }
        json_object_set_new(doc, "pv", pv);
        int n = res->root_count;
        json_t **items = malloc((size_t)(n > 0 ? n : 1) * sizeof *items);
        double *key = malloc((size_t)(n > 0 ? n : 1) * sizeof *key);
        for (int i = 0; items && key && i < n; i++) {
            items[i] = json_pack("{s:o,s:o}", "move",
                                 move_text(g, &r->v, r->state, res->root_moves[i]), "value",
                                 ab_value(res->root_scores[i]));
            key[i] = res->root_scores[i];
        }
        if (items && key) add_sorted(doc, items, key, n);
        free(items);
        free(key);
    }
    free(res);
    return status;
}

static int analyse_mcts(struct agent *a, const struct api_request *r, uint64_t seed,
                        json_t *doc, char *err) {
    const struct game *g = r->g;
    struct mcts_result *res = malloc(sizeof *res);
    if (!res) return snprintf(err, GAME_ERROR_BYTES, "out of memory"), -1;
    struct mcts_limits limits = a->mcts;
    limits.seed = seed;
    int status;
    if (a->kind == AGENT_PIMC) {
        struct pimc_limits pl = {.worlds = a->worlds, .world = limits};
        status = pimc_search(g, &r->v, r->state, &pl, res, err);
    } else if (a->hidden) {
        status = ismcts_search(g, &r->v, r->state, &limits, res, err);
    } else {
        status = mcts_search(g, &r->v, r->state, &limits, res, err);
    }
    if (status == 0 && res->has_move && !res->simultaneous) {
        json_object_set_new(doc, "move", move_text(g, &r->v, r->state, res->move));
        json_object_set_new(doc, "value", mcts_value(res->proven, res->value));
        json_object_set_new(doc, "iterations", json_integer(res->iterations));
        int n = res->root_count;
        json_t **items = malloc((size_t)(n > 0 ? n : 1) * sizeof *items);
        double *key = malloc((size_t)(n > 0 ? n : 1) * sizeof *key);
        for (int i = 0; items && key && i < n; i++) {
            items[i] = json_pack(
                "{s:o,s:o,s:I}", "move", move_text(g, &r->v, r->state, res->root_moves[i]),
                "value", mcts_value(res->root_proven[i], res->root_values[i]), "visits",
                (json_int_t)res->root_visits[i]);
            key[i] = (double)res->root_visits[i];
        }
        if (items && key) add_sorted(doc, items, key, n);
        free(items);
        free(key);
    } else if (status == 0 && res->simultaneous) {
        json_t *acting = json_array();
        for (int p = 0; p < r->players; p++) {
            if (!(res->acting >> p & 1)) continue;
            json_t *list = json_array();
            for (int i = 0; i < res->sim_count[p]; i++)
                json_array_append_new(
                    list, json_pack("{s:o,s:o,s:I}", "move",
                                    move_text(g, &r->v, r->state, res->sim_moves[p][i]),
                                    "value", estimate(res->sim_values[p][i]), "visits",
                                    (json_int_t)res->sim_visits[p][i]));
            json_array_append_new(
                acting, json_pack("{s:i,s:o,s:o}", "player", p, "move",
                                  move_text(g, &r->v, r->state, res->sim_choice[p]),
                                  "moves", list));
        }
        json_object_set_new(doc, "acting", acting);
    }
    free(res);
    return status;
}

static int analyse_expectimax(struct agent *a, const struct api_request *r, json_t *doc,
                              char *err) {
    const struct game *g = r->g;
    struct expecti_limits limits = a->ex;
    limits.analyse = true;
    struct expecti_result *res = malloc(sizeof *res);
    if (!res) return snprintf(err, GAME_ERROR_BYTES, "out of memory"), -1;
    int status = expecti_search(g, &r->v, r->state, &limits, res, err);
    if (status == 0 && res->has_move) {
        json_object_set_new(doc, "move", move_text(g, &r->v, r->state, res->move));
        json_object_set_new(doc, "value", estimate(res->score));
        int n = res->root_count;
        json_t **items = malloc((size_t)(n > 0 ? n : 1) * sizeof *items);
        for (int i = 0; items && i < n; i++)
            items[i] = json_pack("{s:o,s:o}", "move",
                                 move_text(g, &r->v, r->state, res->root_moves[i]), "value",
                                 estimate(res->root_scores[i]));
        if (items) add_sorted(doc, items, res->root_scores, n);
        free(items);
    }
    free(res);
    return status;
}

/* Run the search of `a` on the request; fills `doc`. 0, or -1 with err. */
static int run(struct agent *a, const struct api_request *r, int player, bool analyse,
               uint64_t seed, json_t *doc, char *err) {
    const struct game *g = r->g;
    int turn = g->turn(&r->v, r->state);
    if (!analyse) {
        move_t m;
        int status = turn == TURN_SIMULTANEOUS
                         ? agent_choose_joint(a, g, &r->v, r->state, player, seed, &m, err)
                         : agent_choose(a, g, &r->v, r->state, seed, &m, err);
        if (status == 0) json_object_set_new(doc, "move", move_text(g, &r->v, r->state, m));
        return status;
    }
    switch (a->kind) {
    case AGENT_ALPHABETA: return analyse_alphabeta(a, r, doc, err);
    case AGENT_MCTS:
    case AGENT_PIMC: return analyse_mcts(a, r, seed, doc, err);
    case AGENT_EXPECTIMAX: return analyse_expectimax(a, r, doc, err);
    default:
        snprintf(err, GAME_ERROR_BYTES,
                 "analysis needs alphabeta, mcts, pimc or expectimax, not '%.40s'", a->spec);
        return -1;
    }
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
        api_fail(out, 400, "engine: an engine spec such as \"alphabeta:depth=6\" is wanted");
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
            cap_agent(&a, api->threads);
            json_t *doc = api_document("search", g, &r.v);
            json_object_set_new(doc, "engine", json_string(a.spec));
            uint64_t seed = seed_json ? (uint64_t)json_integer_value(seed_json) : 1;
            int status = run(&a, &r, player, analyse, seed, doc, err);
            agent_free(&a);
            give_slot(api);
            if (status) {
                json_decref(doc);
                api_fail(out, 400, "engine: %s", err);
            } else {
                api_reply(out, doc);
            }
        }
    }
    api_request_free(&r);
}
