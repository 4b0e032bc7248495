/*
 * mcts_sim.h - MCTS's simultaneous nodes (search/mcts_sim.c): each acting
 * player keeps statistics over its own options and picks by decoupled UCT,
 * EXP3 or regret matching. Used by search/mcts_search.c only.
 */
#ifndef KIBITZ_MCTS_SIM_H
#define KIBITZ_MCTS_SIM_H

#include "engine/rng.h"
#include "search/mcts_tree.h"

/* Set up `n` (at `state`, a simultaneous node) as a simultaneous node: every
 * acting player's options and the empty joint slots. false when a pool is
 * full or there are too many tuples (the node then stays a leaf). */
bool mcts_sim_expand(struct tree *t, struct mcts_node *n, const struct game *g,
                     const struct variant *v, const void *state);

/* Each acting player picks an option with its own statistics; `sigma` gets
 * the probability the pick had (1 for decoupled UCT). */
void mcts_sim_select(const struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, struct rng *rng,
                     uint16_t pick[GAME_MAX_PLAYERS], float sigma[GAME_MAX_PLAYERS]);

/* The joint child for the picks, created on first use; MCTS_NO_CHILD when
 * the pool is full. `choice` gets each acting player's move. */
uint32_t mcts_sim_child(struct mcts_alloc *a, const struct mcts_node *n,
                        const uint16_t pick[GAME_MAX_PLAYERS],
                        move_t choice[GAME_MAX_PLAYERS]);

/* Back up one playout's returns (fixed point) into the picked options. */
void mcts_sim_update(struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, const uint16_t pick[GAME_MAX_PLAYERS],
                     const float sigma[GAME_MAX_PLAYERS],
                     const int64_t add[GAME_MAX_PLAYERS]);

#endif
