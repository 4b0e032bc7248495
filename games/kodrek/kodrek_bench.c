/* kodrek's suite for `kibitz bench` (the `bench` hook of struct game; see
 * bench/bench_positions.h). Changing it changes the bench signature: say so
 * in results/bench.md. */
#include "bench/bench_positions.h"

#include <stddef.h>

/* Kodrek: the secret split (a simultaneous root), thrusts, a pull, the
 * small board. */
static const struct bench_position kodrek_positions[] = {
    {"", NULL},
    {"", "1 t0 10.5/12.6/1 30.25/29.23/2 30.5/29.6/0"},
    {"", "2 t0 13.7/16.9/1 29.23/28.21/2 29.6/28.7/2"},
    {"", "2 s 14.6/18.7/0 29.23/28.21/2 29.7/28.9/2"},
    {"", "2 p0b3 12.6/14.7/3 29.23/28.21/3 28.8/27.10/0"},
    {"inner=11", NULL},
    {NULL, NULL},
};

const struct bench_suite kodrek_bench = {
    .positions = kodrek_positions,
    .ab_depth = 0,
    .mcts_iterations = 20000,
    .perft_depth = 3,
    .playouts = 200000,
};
