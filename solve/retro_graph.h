/*
 * retro_graph.h - the move graph of one tier shape, built once through the
 * game contract and reused by every tier of that shape (see retro.h).
 *
 * For every rank: what the terminal children are worth to the mover (the
 * best of them), how many moves stay inside the tier, the moves into child
 * tiers (slot in `tier_children`, child rank), and, reversed, the in-tier
 * predecessors of every rank. Edges carry two flags: FLIP (the player to move
 * changes) and PASS (a GAME_MOVE_PASS: no remoteness). Indices are 32-bit
 * (a tier has fewer than 2^29 ranks and fewer than 2^32 edges) so that the
 * arrays a tier solve reads at random stay small enough for the caches.
 *
 * When the game has `canonicalize`, a rank whose state it maps to another
 * rank of the same tier is a copy: it gets no moves (children are
 * canonicalized, so no move leads to it either), and the solve copies its
 * value from the canonical rank at the end. A symmetric game is then solved
 * on one image of each symmetric pair only (Kulibrat's left-right mirror
 * halves the work), while every rank of the tier still gets its value.
 */
#ifndef KIBITZ_RETRO_GRAPH_H
#define KIBITZ_RETRO_GRAPH_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_edge.h"

#include <stddef.h>
#include <stdint.h>

struct retro_graph {
    uint64_t shape;
    uint64_t size;     /* ranks */
    int slots;         /* child tiers of the representative tier */
    uint8_t *in_count; /* moves staying in the tier (at most 254) */
    /* Special ranks (ascending): those with moves out of the tier, terminal
     * children or no move inside; the others start the same in every tier. */
    uint32_t specials;
    uint32_t *special;
    retro_cell *special_fixed; /* per special: RETRO_TERMINAL, RETRO_HOLE, or
                                  the best terminal child for the mover
                                  (RETRO_UNKNOWN: none) */
    uint32_t *exit_start;      /* per special, specials + 1; a special's
                                  exits are exit_start[i] .. exit_start[i+1] */
    uint32_t *exit_rank;
    uint8_t *exit_tag;   /* slot << 3 | flags */
    uint32_t *rev_start; /* size + 1 */
    uint32_t *rev;       /* predecessor rank << 3 | flags */
    /* Ranks whose state `canonicalize` maps to another rank of the tier
     * (ascending): they are not solved, their value is copied from
     * copy_from (canonical, in the same tier). Moves never lead to them,
     * since children are canonicalized. */
    uint32_t copies;
    uint32_t *copy_rank, *copy_from;
    uint64_t *copy_bits; /* bit per rank: a copy (a solve starts `done` so) */
    uint32_t max_rev;    /* most predecessors of one rank */
    size_t bytes;
};

/* Build the graph of `tier` on `threads` threads. 0, or -1 with `err`. */
int retro_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                      int threads, struct retro_graph *out, char *err);

void retro_graph_free(struct retro_graph *gr);

#endif
