/*
 * retro_split.h - one tier of the retrograde solver (retro.h) solved by
 * several parts at once, each holding one contiguous range of the tier's
 * ranks: for a tier larger than one MPI rank's memory (retro_dist.c), and
 * for any game with the tier hooks (engine/game.h), never a game by name.
 *
 * Each part builds the move graph of its own range only (retro_split_graph):
 * its positions' in-tier move counts, terminal children and moves into
 * child tiers (a mirror image that `canonicalize` maps to another rank gets
 * none: it is not solved but copied at the end, as in retro_graph.h); a move whose target
 * another part holds is sent to that part once, so every part ends up with the in-tier
 * predecessors of its own positions (which may lie in any part). The solve then runs
 * level by level (level = remoteness) in rounds: each part propagates the positions it
 * decided at this level to their predecessors, updates for its own range at
 * once and the others batched per part (4 bytes each), then the parts
 * exchange their batches and agree (one reduction) on the lowest level any
 * part still has work at, until none has. Updates of one level commute, so
 * the values are exactly those of retro_tier_solve over the whole tier.
 *
 * The parts talk only through `struct retro_split_io` (collectives every
 * part calls in the same order): MPI under mpirun (retro_dist.c), threads
 * in a test. A failure on one part (memory, a hook's error) is agreed on at
 * the next collective, so every part returns -1 together and none waits
 * for a message that never comes.
 */
#ifndef KIBITZ_RETRO_SPLIT_H
#define KIBITZ_RETRO_SPLIT_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_graph.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct retro_split_io {
    void *ctx;
    int part, parts;
    /* Part p sends out[q] (out_bytes[q] bytes; its own entry skipped) to
     * every other part q and receives what the others sent it,
     * concatenated in part order, into *in (malloc'd) and *in_bytes. 0, or
     * -1 on every part (out of memory). */
    int (*exchange)(void *ctx, void *const *out, const uint64_t *out_bytes, void **in,
                    uint64_t *in_bytes);
    /* The maximum of x over the parts. */
    int64_t (*max)(void *ctx, int64_t x);
};

/* The ranks part `part` of `parts` holds: [*lo, *hi). */
void retro_split_range(uint64_t size, int parts, int part, uint64_t *lo, uint64_t *hi);
/* The part holding rank r. */
int retro_split_owner(uint64_t size, int parts, uint64_t r);

/* One part's graph of its range (a tier shape's, like retro_graph.h). */
struct retro_split_graph {
    uint64_t shape, size; /* the whole tier's */
    uint64_t lo, hi;      /* this part's ranks */
    int part, parts, slots;
    retro_cell *fixed;    /* per own rank: RETRO_TERMINAL, RETRO_HOLE, the best
                             terminal child for the mover, or RETRO_UNKNOWN */
    uint8_t *in_count;    /* moves staying in the tier */
    uint8_t *mixed;       /* bit per own rank: a pass among >= 2 in-tier moves */
    uint32_t *exit_start; /* own ranks + 1 */
    uint32_t *exit_rank;  /* rank in the child tier */
    uint8_t *exit_tag;    /* slot << RETRO_EDGE_SHIFT | flags */
    uint32_t *rev_start;  /* own ranks + 1 */
    uint32_t *rev;        /* predecessor (whole-tier rank) << SHIFT | flags */
    /* With `canonicalize` (with_copies, the same on every part): the own
     * ranks whose state it maps to another rank of the tier, as in
     * retro_graph.h. They get no moves and are not solved; after the solve
     * they take the value of copy_from, which any part may hold. */
    bool with_copies;
    uint32_t copies;
    uint32_t *copy_index; /* own index, ascending */
    uint32_t *copy_from;  /* whole-tier rank of the canonical image */
    uint64_t *copy_bits;  /* bit per own rank: a copy */
    size_t bytes;
    uint64_t edges_sent; /* moves sent to other parts while building */
};

/* Build this part's graph of `tier` (collective). 0, or -1 with err on
 * every part. */
int retro_split_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                            const struct retro_split_io *io, int threads,
                            struct retro_split_graph *out, char *err);
void retro_split_graph_free(struct retro_split_graph *gr);

struct retro_split_stats {
    uint64_t updates_sent; /* predecessor updates sent to other parts */
    uint64_t rounds;       /* exchanges while solving */
};

/* Solve this part's range (collective): `kids` are the whole values of the
 * child tiers (tier_children order), `out` gets hi - lo cells, copies
 * included. 0, or -1 with err on every part. */
int retro_split_solve(const struct retro_split_graph *gr, const retro_cell *const *kids,
                      const struct retro_split_io *io, retro_cell *out,
                      struct retro_split_stats *st, char *err);

/* The last step of retro_split_solve (retro_split_copy.c, collective): every
 * copy of this part gets its canonical rank's cell from the part holding it.
 * 0, or -1 with err on every part. */
int retro_split_fill_copies(const struct retro_split_graph *gr,
                            const struct retro_split_io *io, retro_cell *out, char *err);

/* Estimated bytes one of `parts` parts needs for a tier of `size`
 * positions with `kids` child tiers: the children's values whole, and its
 * share of the graph, the working arrays and the batches. */
uint64_t retro_split_part_bytes(uint64_t size, int kids, int parts);

#endif
