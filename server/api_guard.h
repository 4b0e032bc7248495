/*
 * api_guard.h - the stop flag of a running search (server/api_guard.c).
 */
#ifndef KIBITZ_SERVER_API_GUARD_H
#define KIBITZ_SERVER_API_GUARD_H

#include "server/api_common.h"

/* Should the work of a request stop: the server stops, or the client of
 * `watch` (may be NULL) has left? */
bool api_should_stop(struct api *api, const struct api_watch *watch);

/* A search's stop flag raised when the server stops or the client leaves:
 * api_guard_start watches both on a thread of its own (every API_WATCH_MS)
 * until api_guard_end. `watch` may be NULL (only the server's stop). */
struct api_guard {
    struct api *api;
    const struct api_watch *watch;
    kz_stop *stop;
    bool done; /* under `lock`; `wake` tells the thread */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool running;
};
/* 0, or -1 when out of memory (nothing to end then). */
int api_guard_start(struct api_guard *g, struct api *api, const struct api_watch *watch);
void api_guard_end(struct api_guard *g);

#endif
