#include "bench/bench_positions.h"

#include <stddef.h>

static const struct bench_position kulibrat_positions[] = {
    {"", NULL},
    {"", ".../.b./.../.r. r 0-0"},
    {"", ".../b.b/r../r.r b 0-0"},
    {"target=2", "r.r/b.b/..r/r.. r 1-0"},
    {"target=1", NULL},
    {NULL, NULL},
};

const struct bench_suite bench_suites[] = {
    {"kulibrat", kulibrat_positions, 20, 20000, 12, 200000},
    {NULL, NULL, 0, 0, 0, 0},
};
