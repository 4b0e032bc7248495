/*
 * retro_edge.h - how the retrograde solver packs a move of its move graphs:
 * a target rank shifted left by RETRO_EDGE_SHIFT with the edge's flags
 * below (PASS, FLIP, MIXED), and the limits the packing rests on. Shared by
 * the scan that finds the moves (retro_scan.h) and the graphs built from
 * it (retro_graph.h), below both.
 */
#ifndef KIBITZ_RETRO_EDGE_H
#define KIBITZ_RETRO_EDGE_H

#include "engine/game.h"

enum {
    RETRO_EDGE_PASS = 1,
    RETRO_EDGE_FLIP = 2,
    /* On an in-tier edge: its source has a pass and other in-tier moves, so
     * its losses need the general bookkeeping (see retro_tier.c). */
    RETRO_EDGE_MIXED = 4,
    RETRO_EDGE_SHIFT = 3, /* rank << 3 | flags */
    RETRO_MAX_SLOTS = GAME_TIER_MAX_CHILDREN,
    RETRO_MAX_RANK_BITS = GAME_TIER_MAX_RANK_BITS,
    RETRO_REV_PAD = 8, /* `rev` may be read this far past its end */
};

#endif
