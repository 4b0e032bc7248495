/*
 * bench_positions.h - the fixed positions `kibitz bench` searches, per game,
 * with the fixed depth and iteration counts that make its node-count
 * signature. Changing any of them changes the signature: say so in
 * results/bench.md.
 */
#ifndef KIBITZ_BENCH_POSITIONS_H
#define KIBITZ_BENCH_POSITIONS_H

struct bench_position {
    const char *variant;  /* "" for the defaults */
    const char *position; /* NULL: the start position */
};

struct bench_suite {
    const char *game;
    const struct bench_position *positions; /* ends with variant == NULL */
    int ab_depth;                           /* alpha-beta plies per position */
    long mcts_iterations;                   /* per position */
    int perft_depth;                        /* from the start position */
    long playouts;                          /* random games from the start position */
};

/* The suites, ending with game == NULL. */
extern const struct bench_suite bench_suites[];

#endif
