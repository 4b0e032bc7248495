#include "bench/line_latency.h"

#include "engine/timer.h"

#include <omp.h>
#include <stdatomic.h>

enum { MAX_TRIPS = 1 << 18, CHECK_EVERY = 1 << 10 };
static const double TIME_LIMIT = 0.05;

double line_round_trip_ns(void) {
    /* The line: thread 0 writes odd turns, thread 1 even ones; STOP ends it
     * (a thread that waits for a core would otherwise keep the other
     * spinning for a whole scheduler slice per trip). */
    const long STOP = -1;
    _Alignas(64) _Atomic long turn = 0;
    _Atomic long trips = 0;
    _Atomic int team = 0;
    double seconds = 0;
#pragma omp parallel num_threads(2)
    {
        atomic_store(&team, omp_get_num_threads());
#pragma omp barrier
        if (omp_get_num_threads() == 2 && omp_get_thread_num() == 0) {
            double start = timer_now();
            long i = 0;
            for (; i < MAX_TRIPS; i++) {
                if (i % CHECK_EVERY == 0 && timer_now() - start > TIME_LIMIT) break;
                atomic_store_explicit(&turn, 2 * i + 1, memory_order_release);
                while (atomic_load_explicit(&turn, memory_order_acquire) != 2 * i + 2) {
                }
            }
            seconds = timer_now() - start;
            atomic_store(&trips, i);
            atomic_store_explicit(&turn, STOP, memory_order_release);
        } else if (omp_get_num_threads() == 2) {
            for (long i = 0;; i++) {
                long t;
                while ((t = atomic_load_explicit(&turn, memory_order_acquire)) !=
                           2 * i + 1 &&
                       t != STOP) {
                }
                if (t == STOP) break;
                atomic_store_explicit(&turn, 2 * i + 2, memory_order_release);
            }
        }
    }
    long n = atomic_load(&trips);
    return atomic_load(&team) == 2 && n > 0 ? seconds / (double)n * 1e9 : 0;
}
