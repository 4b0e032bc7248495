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

const struct bench_suite bench_suites[] = {
    {"kulibrat", kulibrat_positions, 20, 20000, 14, 500000},
    {"kerx", kerx_positions, 9, 5000, 12, 20000},
    {NULL, NULL, 0, 0, 0, 0},
};
