/* POST /api/search (server/api.h): an engine's move for the player to act,
 * or with "analyse" every root move's score. The engine is a libkibitz
 * agent spec (the same as `arena --players`); its budget is capped here
 * whatever the client asks, and at most API_MAX_SEARCHES run at once. */
#include "server/api_guard.h"
#include "server/api_query.h"
#include "server/api_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SPEC_MAX = 120 };

/* Refuse a table size over the cap before the agent allocates it. */
int api_check_hash(const char *spec, char *err) {
    for (const char *p = strstr(spec, "hash="); p; p = strstr(p + 1, "hash=")) {
        long mib = strtol(p + 5, NULL, 10);
        if (mib > API_MAX_HASH_MIB) {
            snprintf(err, KZ_ERROR_BYTES, "hash=%ld is over the server's %d MiB", mib,
                     API_MAX_HASH_MIB);
            return -1;
        }
    }
    return 0;
}

/* The server's limits over whatever a spec asks for. */
static void cap_agent(kz_agent *a, const struct api *api) {
    const struct kz_caps caps = {.seconds = api->max_seconds,
                                 .iterations = api->max_iterations,
                                 .depth = API_MAX_DEPTH,
                                 .threads = api->threads,
                                 .worlds = API_MAX_WORLDS,
                                 .memory_mib = API_MAX_SEARCH_MIB};
    kz_agent_cap(a, &caps);
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
    pthread_cond_signal(&api->slot_free);
    pthread_mutex_unlock(&api->lock);
}

/* A slot for a kept game's engine: its move is part of the request, so it
 * waits (at most API_MAX_SECONDS, and not once the server stops) rather
 * than fail. */
static bool wait_slot(struct api *api) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)API_MAX_SECONDS;
    pthread_mutex_lock(&api->lock);
    while (api->searches >= API_MAX_SEARCHES && !atomic_load(&api->stopping))
        if (pthread_cond_timedwait(&api->slot_free, &api->lock, &until)) break;
    bool ok = api->searches < API_MAX_SEARCHES && !atomic_load(&api->stopping);
    if (ok) api->searches++;
    pthread_mutex_unlock(&api->lock);
    return ok;
}

/* The database of the variant (NULL: none), looked up before a search slot
 * is taken: its first use may wait while it is made, holding no slot. False
 * when the server is stopping. */
static bool find_database(struct api *api, const kz_game *g, const struct api_watch *watch,
                          const kz_db **db) {
    const struct api_database *d = api_database_for(api, g, watch);
    *db = d ? d->db : NULL;
    return !atomic_load(&api->stopping);
}

void api_search(struct api *api, const char *body, size_t length,
                const struct api_watch *watch, struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    char err[KZ_ERROR_BYTES];
    int turn = kz_state_turn(r.state);
    json_t *spec_json = json_object_get(r.root, "engine");
    const char *spec = json_string_value(spec_json);
    json_t *player_json = json_object_get(r.root, "player");
    json_t *seed_json = json_object_get(r.root, "seed");
    json_t *analyse_json = json_object_get(r.root, "analyse");
    bool analyse = json_is_true(analyse_json);
    int player = -1;
    const kz_db *db = NULL;
    if (turn == KZ_TURN_OVER) {
        api_fail(out, 400, "position: the game is over, no move to search");
    } else if (turn == KZ_TURN_CHANCE) {
        api_fail(out, 400, "position: chance acts here, nothing to choose");
    } else if (!spec || strlen(spec) != json_string_length(spec_json) ||
               strlen(spec) > SPEC_MAX) {
        api_fail(out, 400,
                 "engine: an engine spec such as \"alphabeta:depth=6\" is wanted");
    } else if (api_check_hash(spec, err)) {
        api_fail(out, 400, "engine: %s", err);
    } else if (analyse_json && !json_is_boolean(analyse_json)) {
        api_fail(out, 400, "analyse: true or false is wanted");
    } else if (seed_json && !json_is_integer(seed_json)) {
        api_fail(out, 400, "seed: an integer is wanted");
    } else if (turn == KZ_TURN_SIMULTANEOUS &&
               (!json_is_integer(player_json) ||
                (player = (int)json_integer_value(player_json)) < 0 ||
                player >= r.players || !(kz_state_acting(r.state) >> player & 1))) {
        api_fail(out, 400, "player: the index of a player who chooses here is wanted");
    } else if ((kz_game_flags(r.game) & KZ_HAS_HIDDEN) && r.viewer >= 0 &&
               r.viewer != turn) {
        api_fail(out, 400, "viewer: only the player to act may ask the engine here");
    } else if (!find_database(api, r.game, watch, &db)) {
        api_fail(out, 503, "the server is stopping");
    } else if (!take_slot(api)) {
        api_fail(out, 503, "busy: %d searches are running, try again", API_MAX_SEARCHES);
    } else {
        kz_agent *a;
        if (kz_agent_new(r.game, spec, &a, err, sizeof err) != KZ_OK) {
            give_slot(api);
            api_fail(out, 400, "engine: %s", err);
        } else {
            cap_agent(a, api);
            /* Engines probe the database of the variant when there is one
             * (a perfect player plays from it). */
            if (db) kz_agent_use_db(a, db);
            uint64_t seed = seed_json ? (uint64_t)json_integer_value(seed_json) : 1;
            struct api_guard guard;
            json_t *doc = NULL;
            if (api_guard_start(&guard, api, watch) == 0) {
                kz_agent_watch(a, guard.stop);
                doc = kz_agent_search_doc(a, r.state, player, analyse, seed, err,
                                          sizeof err);
                api_guard_end(&guard);
            } else {
                snprintf(err, sizeof err, "out of memory");
            }
            give_slot(api);
            if (!doc) {
                api_fail(out, 400, "engine: %s", err);
            } else {
                /* The spec as read (budgets over the caps were lowered). */
                json_object_set_new(doc, "spec", json_string(kz_agent_spec(a)));
                api_reply(out, doc);
            }
            kz_agent_free(a);
        }
    }
    api_request_free(&r);
}

int api_engine_move(struct api *api, kz_agent *a, const kz_state *s, int player,
                    uint64_t seed, const struct api_watch *watch, kz_action *out,
                    char *err, size_t n) {
    const kz_db *db = NULL;
    if (!find_database(api, kz_state_game(s), watch, &db)) {
        snprintf(err, n, "the server is stopping");
        return 503;
    }
    if (!wait_slot(api)) {
        snprintf(err, n, "busy: %d searches ran for %g seconds; it moves on the next read",
                 API_MAX_SEARCHES, API_MAX_SECONDS);
        return 503;
    }
    cap_agent(a, api);
    if (db) kz_agent_use_db(a, db);
    struct api_guard guard;
    int status = 500;
    snprintf(err, n, "out of memory");
    if (api_guard_start(&guard, api, watch) == 0) {
        kz_agent_watch(a, guard.stop);
        int got = player >= 0 ? kz_agent_choose_joint(a, s, player, seed, out, err, n)
                              : kz_agent_choose(a, s, seed, out, err, n);
        kz_agent_watch(a, NULL);
        api_guard_end(&guard);
        status = got == KZ_OK ? 0 : 500;
    }
    give_slot(api);
    return status;
}
