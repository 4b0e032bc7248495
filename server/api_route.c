/* The API's entry point (server/api.h): creating and freeing it, stopping
 * it, and routing each request to its handler (server/api_state.h,
 * api_search.h, api_query.h, api_match.h). The handlers share
 * server/api_common.h and never call back here. */
#include "server/api_common.h"
#include "server/api_match.h"
#include "server/api_query.h"
#include "server/api_search.h"
#include "server/api_state.h"
#include "server/games.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct api *api_create(const char *data, int threads) {
    struct api *api = calloc(1, sizeof *api);
    if (!api) return NULL;
    if (data && !(api->data = strdup(data))) {
        free(api);
        return NULL;
    }
    api->threads = threads < 1 ? 1 : threads;
    api->max_seconds = API_MAX_SECONDS;
    api->max_iterations = API_MAX_ITERATIONS;
    atomic_init(&api->stopping, false);
    pthread_mutex_init(&api->lock, NULL);
    pthread_cond_init(&api->slot_free, NULL);
    pthread_cond_init(&api->db_ready, NULL);
    return api;
}

void api_limit_searches(struct api *api, double seconds, long iterations) {
    if (seconds > 0 && seconds < api->max_seconds) api->max_seconds = seconds;
    if (iterations > 0 && iterations < api->max_iterations)
        api->max_iterations = iterations;
}

void api_free(struct api *api) {
    if (!api) return;
    games_close(api->games);
    api_databases_close(api);
    pthread_cond_destroy(&api->slot_free);
    pthread_cond_destroy(&api->db_ready);
    pthread_mutex_destroy(&api->lock);
    free(api->data);
    free(api);
}

void api_stop(struct api *api) {
    atomic_store(&api->stopping, true);
    pthread_mutex_lock(&api->lock);
    pthread_cond_broadcast(&api->slot_free); /* waiting engines give up */
    pthread_cond_broadcast(&api->db_ready);  /* so do waiting requests */
    pthread_mutex_unlock(&api->lock);
}

void api_handle(struct api *api, const char *method, const char *path, const char *body,
                size_t length, struct api_response *out) {
    api_handle_watched(api, method, path, body, length, NULL, out);
}

void api_handle_watched(struct api *api, const char *method, const char *path,
                        const char *body, size_t length, const struct api_watch *watch,
                        struct api_response *out) {
    memset(out, 0, sizeof *out);
    static const struct {
        const char *path, *method;
    } routes[] = {{"/api/games", "GET"},
                  {"/api/state", "POST"},
                  {"/api/search", "POST"},
                  {"/api/query", "POST"}};
    int route = -1;
    for (int i = 0; i < 4; i++)
        if (path && strcmp(path, routes[i].path) == 0) route = i;
    static const char *const actions[] = {"new",  "load",   "view",  "move",
                                          "undo", "resign", "record"};
    static const char prefix[] = "/api/match/";
    for (int i = 0; route < 0 && path && i < 7; i++)
        if (strncmp(path, prefix, sizeof prefix - 1) == 0 &&
            strcmp(path + sizeof prefix - 1, actions[i]) == 0) {
            if (!method || strcmp(method, "POST") != 0) {
                api_fail(out, 405, "%s wants POST", path);
                return;
            }
            if (length > API_MAX_BODY) {
                api_fail(out, 413, "body: more than %d bytes", API_MAX_BODY);
                return;
            }
            api_match(api, actions[i], body, length, watch, out);
            return;
        }
    if (route < 0) {
        api_fail(out, 404, "no such path");
        return;
    }
    if (!method || strcmp(method, routes[route].method) != 0) {
        api_fail(out, 405, "%s wants %s", routes[route].path, routes[route].method);
        return;
    }
    if (length > API_MAX_BODY) {
        api_fail(out, 413, "body: more than %d bytes", API_MAX_BODY);
        return;
    }
    switch (route) {
    case 0: api_games(api, out); break;
    case 1: api_state(api, body, length, out); break;
    case 2: api_search(api, body, length, watch, out); break;
    default: api_query(api, body, length, watch, out); break;
    }
}
