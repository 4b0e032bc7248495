#include "engine/threads.h"
#include "engine/game.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = THREADS_MAX };

static void *idle(void *unused) {
    (void)unused;
    return NULL;
}

int threads_reserve(int threads, char *err) {
    if (threads <= 1) return 0;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    /* Default attributes, as libgomp uses when OMP_STACKSIZE is unset: the
     * same stack size, so the same memory per thread. The list is the
     * caller's own: searches of a server may reserve at the same time. */
    pthread_t *started = malloc((size_t)threads * sizeof *started);
    if (!started) {
        snprintf(err, GAME_ERROR_BYTES, "cannot start %d threads: out of memory", threads);
        return -1;
    }
    int count = 0, failure = 0;
    while (count < threads - 1) {
        failure = pthread_create(&started[count], NULL, idle, NULL);
        if (failure) break;
        count++;
    }
    for (int i = 0; i < count; i++) pthread_join(started[i], NULL);
    free(started);
    if (failure) {
        snprintf(err, GAME_ERROR_BYTES,
                 "cannot start %d threads (%s): ask for fewer threads or allow more "
                 "memory",
                 threads, strerror(failure));
        return -1;
    }
    /* libgomp keeps its pool between parallel regions: start it now. */
    int seen = 0;
#pragma omp parallel num_threads(threads)
    {
#pragma omp atomic
        seen++;
    }
    (void)seen;
    return 0;
}
