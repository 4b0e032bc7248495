#include "engine/threads.h"
#include "engine/game.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { MAX_THREADS = 1024 };

static void *idle(void *unused) {
    (void)unused;
    return NULL;
}

int threads_reserve(int threads, char *err) {
    if (threads <= 1) return 0;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    /* Default attributes, as libgomp uses when OMP_STACKSIZE is unset: the
     * same stack size, so the same memory per thread. */
    static pthread_t started[MAX_THREADS];
    int count = 0, failure = 0;
    while (count < threads - 1) {
        failure = pthread_create(&started[count], NULL, idle, NULL);
        if (failure) break;
        count++;
    }
    for (int i = 0; i < count; i++) pthread_join(started[i], NULL);
    if (failure) {
        snprintf(err, GAME_ERROR_BYTES,
                 "cannot start %d threads (%s): use fewer --threads or allow more memory",
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
