/* kauda-baji's suite for `kibitz bench` (the `bench` hook of struct game; see
 * bench/bench_positions.h). Changing it changes the bench signature: say so
 * in results/bench.md. */
#include "bench/bench_positions.h"

#include <stddef.h>

/* Kauda-Baji (chance, 2-4 players; playouts are cut at 1000 plies and
 * scored by the evaluation): after a first throw, and positions of random
 * games. */
static const struct bench_position kauda_positions[] = {
    {"", "6d1/6g4/6d7/6a4 s use:12,3 -"},
    {"", "4d1,1g4,1e4/2g4,1e7,2a6,1e6/2d7,1a2,1d1,1b5,1d4/1a4,3g6,1b6,1d4 n use:12,1 -"},
    {"players=3", "1f1,1g2,1g3,1g7,2d7/1c7,1b7,1b7,1a3,2d4/1f5,1b2,1d5,3d4 e use:2 -"},
    {"players=2", "1a7,2a5,1e6,1e3,1d4/1c7,1b7,1g7,1f2,1b3,1d4 s use:4 -"},
    {NULL, NULL},
};

const struct bench_suite kauda_bench = {
    .positions = kauda_positions,
    .ab_depth = 0,
    .mcts_iterations = 2000,
    .perft_depth = 4,
    .playouts = 2000,
};
