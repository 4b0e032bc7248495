/* The stop flag of a running search (server/api_guard.h): a thread that
 * raises it when the server stops or the client has left, so that no
 * search outlives its request. */
#include "server/api_guard.h"

#include <time.h>

bool api_should_stop(struct api *api, const struct api_watch *watch) {
    return atomic_load(&api->stopping) || (watch && watch->gone && watch->gone(watch->ctx));
}

static bool should_stop(const struct api_guard *g) {
    return api_should_stop(g->api, g->watch);
}

static void *watch(void *arg) {
    struct api_guard *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->done) {
        if (should_stop(g)) {
            kz_stop_request(g->stop);
            break;
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += API_WATCH_MS * 1000L * 1000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&g->wake, &g->lock, &until);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int api_guard_start(struct api_guard *g, struct api *api, const struct api_watch *w) {
    g->api = api;
    g->watch = w;
    g->running = false;
    g->done = false;
    if (!(g->stop = kz_stop_new())) return -1;
    if (should_stop(g)) kz_stop_request(g->stop);
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->wake, NULL);
    g->running = pthread_create(&g->thread, NULL, watch, g) == 0;
    return 0;
}

void api_guard_end(struct api_guard *g) {
    pthread_mutex_lock(&g->lock);
    g->done = true;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
    if (g->running) pthread_join(g->thread, NULL);
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
    kz_stop_free(g->stop);
    g->stop = NULL;
}
