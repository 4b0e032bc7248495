/*
 * retro_scan.h - internal to the retrograde solver: the one pass of move
 * generation that both move-graph builders start from, retro_graph.c (a
 * whole tier) and retro_split_graph.c (one part's contiguous range of a
 * split tier). Nothing outside solve/retro_*.c includes it.
 *
 * The ranks lo .. lo + n - 1 of a tier are scanned in parallel, by chunks
 * of RETRO_SCAN_CHUNK ranks (own index i = rank - lo), each chunk's moves
 * kept in rank order in exact-size arrays:
 *  - in-tier moves: target rank << RETRO_EDGE_SHIFT | flags, where the flags
 *    are those of retro_graph.h (PASS, FLIP, and MIXED on every in-tier move
 *    of a rank that has a pass among two or more in-tier moves);
 *  - exits (moves into child tiers): child rank, and slot << SHIFT | flags.
 * Per own index the scan writes `fixed` (RETRO_HOLE, RETRO_TERMINAL, the best
 * terminal child for the mover, or RETRO_UNKNOWN), `in_count` and, when the
 * caller asks for it, `copy_of`: the canonical rank of a rank that
 * `canonicalize` maps to another rank of the tier (RETRO_SCAN_NOT_COPY
 * otherwise). A copy gets no moves; without `copy_of` every rank is scanned.
 * What the builders do with the chunks afterwards (reversing, laying out,
 * sending to other parts) is theirs.
 */
#ifndef KIBITZ_RETRO_SCAN_H
#define KIBITZ_RETRO_SCAN_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_edge.h"

#include <stdint.h>

enum { RETRO_SCAN_CHUNK = 4096 }; /* ranks per chunk */
#define RETRO_SCAN_NOT_COPY UINT32_MAX

/* The moves of one chunk of ranks, in rank order. */
struct retro_scan_chunk {
    uint32_t *in;   /* in-tier moves: target rank << SHIFT | flags */
    uint32_t *exit; /* exits: ranks in the child tiers */
    uint8_t *tag;   /* exits: slot << SHIFT | flags */
    uint8_t *exits; /* exits per rank */
};

struct retro_scan {
    const struct game *g;
    const struct variant *v;
    tier_t tier;
    uint64_t size;  /* the whole tier's ranks */
    uint64_t lo, n; /* the ranks scanned: lo .. lo + n - 1 */
    tier_t kids[RETRO_MAX_SLOTS];
    int slots; /* tier_children of `tier` */
    int row;   /* room for one rank's moves */
    /* Per own index, n entries each, allocated by the caller. */
    retro_cell *fixed;
    uint8_t *in_count;
    uint32_t *copy_of; /* NULL: copies are not looked for */
    uint64_t chunk_count;
    struct retro_scan_chunk *chunks; /* chunk_count, set by retro_scan_run */
};

/* Fill in everything but the per-index arrays for ranks [lo, lo + n) of
 * `tier` (whose size is `size`). */
void retro_scan_init(struct retro_scan *sc, const struct game *g, const struct variant *v,
                     tier_t tier, uint64_t size, uint64_t lo, uint64_t n);

/* Scan every chunk on `threads` threads (at least one). 0, or -1 with err
 * (the first error any thread met); the chunks are kept for the caller
 * either way, to be freed with retro_scan_free. */
int retro_scan_run(struct retro_scan *sc, int threads, char *err);

/* Free the chunks (not the per-index arrays). */
void retro_scan_free(struct retro_scan *sc);

/* The own indices of chunk ci: [*i0, *i1). */
static inline void retro_scan_chunk_range(const struct retro_scan *sc, uint64_t ci,
                                          uint64_t *i0, uint64_t *i1) {
    *i0 = ci * RETRO_SCAN_CHUNK;
    *i1 = *i0 + RETRO_SCAN_CHUNK < sc->n ? *i0 + RETRO_SCAN_CHUNK : sc->n;
}

#endif
