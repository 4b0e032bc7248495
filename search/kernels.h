/*
 * kernels.h - the hot loops of perft, random playouts and alpha-beta, once
 * per game that has a specialised instance and once generically.
 *
 * Each loop is written once, in search/<algorithm>_body.h, against the BODY_* macros
 * (search/body_generic.h lists them). search/kernels_generic.c instantiates
 * the bodies with the contract's function pointers, for every game;
 * games/<game>/<game>_kernels.c instantiates them with a game's static inline
 * rules, so that nothing in the loop goes through a pointer (docs/DESIGN.md:
 * hot paths must not pay for generality they do not use), and the game points
 * its `kernels` hook (engine/game.h) at them. Both give the same counts, moves
 * and node order; tests/test_kernels_agree.c checks it for every registered
 * game that has kernels.
 *
 * Adding a specialisation: write games/<game>/<game>_inline.h with the
 * callbacks as static inline functions, a <game>_kernels.c like
 * games/kulibrat/kulibrat_kernels.c, and set `.kernels` in the game struct.
 * Nothing in search/ changes.
 */
#ifndef KIBITZ_KERNELS_H
#define KIBITZ_KERNELS_H

#include "engine/game.h"
#include "engine/rng.h"

#include <stdint.h>

struct ab_thread; /* search/alphabeta_internal.h */

struct search_kernels {
    const struct game *game; /* NULL: the generic kernels */
    const char *name;        /* "generic" or the game's name */
    /* Leaves exactly `depth` plies below `state` (search/perft.h). */
    uint64_t (*perft)(const struct game *g, const struct variant *v, const void *state,
                      int depth);
    /* A random playout (search/playout.h, playout_run). */
    int (*playout)(const struct game *g, const struct variant *v, void *state,
                   struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]);
    /* One alpha-beta iteration from the thread's root (search/alphabeta.c). */
    int (*ab_root)(struct ab_thread *t, int depth, int alpha, int beta, int pov);
    /* Alpha-beta nodes searched to a smaller depth neither probe nor store
     * the transposition table (0 or 1: every node above the leaves). A
     * game's choice: where a node costs less than a cache miss, searching
     * the nodes one ply above the leaves again beats looking them up. The
     * generic kernels follow the game's value, so both give the same
     * search. */
    int ab_table_depth;
};

extern const struct search_kernels search_kernels_generic;

/* The kernels for `g`: its own (g->kernels), else the generic ones. */
const struct search_kernels *search_kernels_for(const struct game *g);

#endif
