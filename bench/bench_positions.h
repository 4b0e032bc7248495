/*
 * bench_positions.h - the shape of a game's `kibitz bench` suite: fixed
 * positions with the fixed depth and iteration counts that make its
 * node-count signature. Each game keeps its own suite beside its rules
 * (games/<game>/<game>_bench.c) and points the `bench` hook of its struct
 * game (engine/game.h) at it; `kibitz bench` runs the suites of the
 * registered games in registry order. Changing a suite changes the
 * signature: say so in results/bench.md.
 */
#ifndef KIBITZ_BENCH_POSITIONS_H
#define KIBITZ_BENCH_POSITIONS_H

struct bench_position {
    const char *variant;  /* "" for the defaults */
    const char *position; /* NULL: the start position */
};

struct bench_suite {
    const struct bench_position *positions; /* ends with variant == NULL */
    /* Alpha-beta plies per position; 0: no alpha-beta (the game is not
     * two-player zero-sum without chance). A game with hidden information
     * runs information-set MCTS. */
    int ab_depth;
    long mcts_iterations; /* per position */
    int perft_depth;      /* from the start position */
    long playouts;        /* random games from the start position */
};

#endif
