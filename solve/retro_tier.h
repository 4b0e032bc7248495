/*
 * retro_tier.h - solve one tier over its shape's move graph, given the
 * solved values of its child tiers (in `tier_children` order). Positions
 * never resolved come out as draws.
 */
#ifndef KIBITZ_RETRO_TIER_H
#define KIBITZ_RETRO_TIER_H

#include "solve/retro_graph.h"

/* Positions decided at one level (remoteness). */
struct retro_level {
    uint32_t *at;
    uint32_t count, capacity;
};

/* Working memory of one solving thread, reused from tier to tier. The
 * arrays read at random while propagating are small (a byte and a bit per
 * position) so that they stay in the caches. */
struct retro_scratch {
    uint64_t capacity;
    uint8_t *counter;     /* in-tier children not yet known to be won; from
                             0xFF: the position cannot lose (never reaches 0) */
    int32_t *key;         /* while seeding: best exit, see order_key */
    uint64_t *done;       /* bit per position: decided */
    uint32_t *seeds;      /* positions with an exit win, by level */
    uint32_t *seed_buf;   /* the same, unsorted */
    uint32_t *seed_start; /* per level + 2 */
    uint32_t *edges;      /* gathered predecessor lists */
    uint64_t edge_room;
    /* Won and lost positions of the level being solved and of the next one
     * (where nearly all are found), and per level the few found further
     * ahead (wins from outside the tier, slower losses, passes). */
    struct retro_level now_won, now_lost, next_won, next_lost;
    struct retro_level *wins, *losses; /* per level */
    struct retro_level *maybe;         /* per level: wins unless a pass does better */
    struct retro_level spare;
};

int retro_scratch_init(struct retro_scratch *sc);
void retro_scratch_free(struct retro_scratch *sc);

/* Fill `out` (gr->size cells) and add them to `counts` (may be NULL; the
 * same sums as retro_count, found on the way). 0, or -1 with `err`. */
int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc,
                     struct retro_counts *counts, char *err);

#endif
