/*
 * perft.h - count the leaves of the game tree to a fixed depth, the standard
 * check of a move generator against reference counts.
 *
 * A ply is one move, one pass, one chance outcome, or one joint choice at a
 * simultaneous node. Terminal positions have no children (they are leaves
 * only at exactly depth 0). The last ply is bulk-counted (moves are counted,
 * not played). Root moves run in parallel with OpenMP.
 */
#ifndef KIBITZ_PERFT_H
#define KIBITZ_PERFT_H

#include "engine/game.h"

/* Leaves at exactly `depth` plies below `state`, on one thread. */
uint64_t perft_count(const struct game *g, const struct variant *v, const void *state,
                     int depth);

/* Same count, root moves shared among `threads` OpenMP threads (<= 0: the
 * OpenMP default). If `divide` is not NULL it receives one count per root
 * move, in the order of `g->moves` (room for g->max_moves entries), and
 * `root_moves` (if not NULL) the moves themselves; `*root_count` their number. */
uint64_t perft_parallel(const struct game *g, const struct variant *v, const void *state,
                        int depth, int threads, move_t *root_moves, uint64_t *divide,
                        int *root_count);

#endif
