/*
 * body_generic.h - the BODY_* macros that search/<algorithm>_body.h are written
 * against, bound to the game contract's function pointers (`g` must be in
 * scope). A specialised instance (search/kernels_<game>.c) defines the same
 * macros with the game's inline functions and constants instead.
 *
 *   BODY_STATE_SIZE, BODY_MAX_MOVES, BODY_FLAGS   the game's constants
 *   BODY_TURN, BODY_MOVES, BODY_APPLY, BODY_RETURNS, BODY_CHANCE,
 *   BODY_ACTING, BODY_JOINT_MOVES, BODY_APPLY_JOINT   the callbacks
 *   BODY_COUNT(v, s)         children of s (perft's bulk count at the last ply)
 *   BODY_HASH(v, s)          game_hash
 *   BODY_EVALUATE(v, s, p)   evaluate, 0 when the game has none
 *   BODY_CAPTURE_PENDING(v, s)   capture_pending (only called when set)
 */
#ifndef KIBITZ_BODY_GENERIC_H
#define KIBITZ_BODY_GENERIC_H

#include "engine/hash.h"

/* Children of a node: 0 when it is over; joint choices multiply at
 * simultaneous nodes. */
static inline uint64_t body_generic_count(const struct game *g, const struct variant *v,
                                          const void *state) {
    move_t scratch[g->max_moves];
    int turn = g->turn(v, state);
    if (turn == TURN_OVER) return 0;
    if (turn != TURN_SIMULTANEOUS) return (uint64_t)g->moves(v, state, scratch);
    unsigned acting = g->acting(v, state);
    uint64_t product = 1;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (acting & (1u << p)) product *= (uint64_t)g->joint_moves(v, state, p, scratch);
    return product;
}

#define BODY_STATE_SIZE (g->state_size)
#define BODY_MAX_MOVES (g->max_moves)
#define BODY_FLAGS (g->flags)
#define BODY_TURN(v, s) g->turn(v, s)
#define BODY_MOVES(v, s, out) g->moves(v, s, out)
#define BODY_APPLY(v, s, m) g->apply(v, s, m)
#define BODY_RETURNS(v, s, r) g->returns(v, s, r)
#define BODY_CHANCE(v, s, moves, n, prob) g->chance(v, s, moves, n, prob)
#define BODY_ACTING(v, s) g->acting(v, s)
#define BODY_JOINT_MOVES(v, s, p, out) g->joint_moves(v, s, p, out)
#define BODY_APPLY_JOINT(v, s, choice) g->apply_joint(v, s, choice)
#define BODY_COUNT(v, s) body_generic_count(g, v, s)
#define BODY_HASH(v, s) game_hash(g, v, s)
#define BODY_EVALUATE(v, s, p) (g->evaluate ? g->evaluate(v, s, p) : 0)
#define BODY_CAPTURE_PENDING(v, s) g->capture_pending(v, s)

#endif
