/*
 * playout.h - uniformly random play to the end of the game (chance outcomes
 * drawn by their probabilities, each acting player of a simultaneous node
 * picks at random), the default MCTS simulation and the bench's playout rate.
 */
#ifndef KIBITZ_PLAYOUT_H
#define KIBITZ_PLAYOUT_H

#include "engine/game.h"
#include "engine/rng.h"

/* Plays `state` (modified in place) to the end or for at most `max_plies`
 * plies; fills `returns` (all zero, a draw, when the cap is hit) and returns
 * the number of plies played. */
int playout_run(const struct game *g, const struct variant *v, void *state,
                struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]);

/* Index of a chance outcome drawn with probabilities `prob[0..count)`. */
int playout_sample(const double *prob, int count, struct rng *rng);

#endif
