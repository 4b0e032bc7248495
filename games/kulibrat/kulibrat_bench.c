/* kulibrat's suite for `kibitz bench` (the `bench` hook of struct game; see
 * bench/bench_positions.h). Changing it changes the bench signature: say so
 * in results/bench.md. */
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

const struct bench_suite kulibrat_bench = {
    .positions = kulibrat_positions,
    .ab_depth = 20,
    .mcts_iterations = 100000,
    .perft_depth = 14,
    .playouts = 500000,
};
