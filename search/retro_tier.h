/*
 * retro_tier.h - solve one tier over its shape's move graph, given the
 * solved values of its child tiers (in `tier_children` order). Positions
 * never resolved come out as draws.
 */
#ifndef KIBITZ_RETRO_TIER_H
#define KIBITZ_RETRO_TIER_H

#include "search/retro_graph.h"

/* Positions decided at one level (remoteness), in order of decision. */
struct retro_level {
    uint32_t *at;
    uint32_t count, capacity;
};

/* Per-position working state, packed so one cache line serves a visit. */
struct retro_work {
    retro_cell value; /* RETRO_UNKNOWN until decided */
    uint16_t counter; /* in-tier children not yet known to be won */
    uint16_t maxloss; /* longest loss so far; top bit: cannot lose */
    uint16_t seed;    /* level of a win found outside the tier, or NONE */
};

/* Working memory of one solving thread, reused from tier to tier. */
struct retro_scratch {
    uint64_t capacity;
    struct retro_work *work;
    uint64_t *done; /* bit per position: decided (a small array that stays in
                       cache, so visits to decided positions cost little) */
    struct retro_level *levels, *seeds; /* RETRO_MAX_REMOTENESS + 2 each */
};

int retro_scratch_init(struct retro_scratch *sc);
void retro_scratch_free(struct retro_scratch *sc);

/* Fill `out` (gr->size cells). 0, or -1 with `err`. */
int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc, char *err);

#endif
