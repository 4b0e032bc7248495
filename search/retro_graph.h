/*
 * retro_graph.h - the move graph of one tier shape, built once through the
 * game contract and reused by every tier of that shape (see retro.h).
 *
 * For every rank: what the terminal children are worth to the mover (the
 * best of them), how many moves stay inside the tier, the moves into child
 * tiers (slot in `tier_children`, child rank), and, reversed, the in-tier
 * predecessors of every rank. Edges carry two flags: FLIP (the player to move
 * changes) and PASS (a GAME_MOVE_PASS: no remoteness).
 */
#ifndef KIBITZ_RETRO_GRAPH_H
#define KIBITZ_RETRO_GRAPH_H

#include "engine/game.h"
#include "search/retro.h"

#include <stddef.h>
#include <stdint.h>

enum {
    RETRO_EDGE_PASS = 1,
    RETRO_EDGE_FLIP = 2,
    RETRO_EDGE_SHIFT = 2, /* rank << 2 | flags */
    RETRO_MAX_SLOTS = 16,
};

struct retro_graph {
    uint64_t shape;
    uint64_t size;        /* ranks */
    int slots;            /* child tiers of the representative tier */
    retro_cell *fixed;    /* RETRO_TERMINAL, RETRO_HOLE, or the best terminal
                             child for the mover (RETRO_UNKNOWN: none) */
    uint16_t *in_count;   /* moves staying in the tier */
    uint64_t *exit_start; /* size + 1 */
    uint32_t *exit_rank;
    uint8_t *exit_tag;   /* slot << 2 | flags */
    uint64_t *rev_start; /* size + 1 */
    uint32_t *rev;       /* predecessor rank << 2 | flags */
    size_t bytes;
};

/* Build the graph of `tier` on `threads` threads. 0, or -1 with `err`. */
int retro_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                      int threads, struct retro_graph *out, char *err);

void retro_graph_free(struct retro_graph *gr);

#endif
