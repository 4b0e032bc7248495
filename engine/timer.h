/*
 * timer.h - wall-clock time in seconds, monotonic, for budgets and rates.
 */
#ifndef KIBITZ_TIMER_H
#define KIBITZ_TIMER_H

#include <time.h>

static inline double timer_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
