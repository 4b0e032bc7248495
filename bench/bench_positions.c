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

/* Kotra (information-set MCTS from the mover's view): the setup, and three
 * middle-game positions reached by random play. */
static const struct bench_position kotra_positions[] = {
    {"", NULL},
    {"", "ldcnr/r.a'runi/mmrmgR'~U'~/...g'!./..L'/.DN../CN'G'...I'/.R'.RA'R'G'@1/"
         "I'..M. s pick 6/4/6 - 0 5 - G MMIR giir 6:0 -:-"},
    {"", "..cn./rl'...U'!~./mmd'!m.n'!I'~/..g'N'!~./.../..D'L'A'/C..R'.../.R'G'.R'../"
         ".I'.MG' g dest 3/4/3 d3 0 12 ugirrra NGR MMIR giir 13:1 -:-"},
    {"", "ndna'g'/rurcl.r/imr'.m.m/...../G'!.D'*/.GMU'*./LC.I'MRI/G...I'R'R/.N'*A'.. "
         "g dest 4/1/1 d3 0 4 r - MNRR ggii 0:0 -:-"},
    {NULL, NULL},
};

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

/* ab_depth 0: no alpha-beta (the game is not two-player zero-sum without
 * chance); a game with hidden information runs information-set MCTS. */
const struct bench_suite bench_suites[] = {
    {"kulibrat", kulibrat_positions, 20, 100000, 14, 500000},
    {"kerx", kerx_positions, 9, 5000, 12, 20000},
    {"kodrek", kodrek_positions, 0, 20000, 3, 200000},
    {"kotra", kotra_positions, 0, 300, 5, 2000},
    {"kauda-baji", kauda_positions, 0, 2000, 4, 2000},
    {NULL, NULL, 0, 0, 0, 0},
};
