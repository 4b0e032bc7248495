/*
 * retro_tier.h - solve one tier over its shape's move graph, given the
 * solved values of its child tiers (in `tier_children` order). Positions
 * never resolved come out as draws.
 */
#ifndef KIBITZ_RETRO_TIER_H
#define KIBITZ_RETRO_TIER_H

#include "search/retro_graph.h"

/* Working memory of one solving thread, reused from tier to tier. */
struct retro_scratch {
    uint64_t capacity;
    uint16_t *counter;          /* in-tier children not yet known */
    uint16_t *maxloss;          /* longest loss so far; CANNOT_LOSE bit */
    uint32_t *next;             /* level lists of decided positions */
    uint32_t *seed_next;        /* level lists of wins found in child tiers */
    uint32_t *head, *seed_head; /* per level */
};

int retro_scratch_init(struct retro_scratch *sc);
void retro_scratch_free(struct retro_scratch *sc);

/* Fill `out` (gr->size cells). 0, or -1 with `err`. */
int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc, char *err);

#endif
