/* kotra's suite for `kibitz bench` (the `bench` hook of struct game; see
 * bench/bench_positions.h). Changing it changes the bench signature: say so
 * in results/bench.md. */
#include "bench/bench_positions.h"

#include <stddef.h>

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

const struct bench_suite kotra_bench = {
    .positions = kotra_positions,
    .ab_depth = 0,
    .mcts_iterations = 300,
    .perft_depth = 5,
    .playouts = 2000,
};
