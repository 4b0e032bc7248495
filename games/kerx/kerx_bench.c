/* kerx's suite for `kibitz bench` (the `bench` hook of struct game; see
 * bench/bench_positions.h). Changing it changes the bench signature: say so
 * in results/bench.md. */
#include "bench/bench_positions.h"

#include <stddef.h>

/* Kerx: the start, two middlegames and an endgame-ish position from random
 * games (24 plies, seeds 3 and 8), and the small and large boards. */
static const struct bench_position kerx_positions[] = {
    {"", NULL},
    {"", "1bbb/3bb/bb1b2/b1b2ww/2b3/3ww/wbww w"},
    {"", "3b/bbbbb/4b1/bb4w/w1w2w/w4/w2w w"},
    {"size=3", "bbb/2b1/3ww/b1ww/b1w w"},
    {"size=5", "bbbbb/bb1bbb/b1bbbbb/b2b3b/b5www/3w2ww/ww1w1ww/ww1www/w1www w"},
    {NULL, NULL},
};

const struct bench_suite kerx_bench = {
    .positions = kerx_positions,
    .ab_depth = 9,
    .mcts_iterations = 5000,
    .perft_depth = 12,
    .playouts = 20000,
};
