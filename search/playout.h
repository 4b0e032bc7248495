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
 * plies; fills `returns` (when the cap is hit, as playout_score_cut) and
 * returns the number of plies played. */
int playout_run(const struct game *g, const struct variant *v, void *state,
                struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]);

/* Returns of a playout cut short in `state`: the game's own when it is over;
 * else, for a game with `evaluate`, the players ranked by their evaluations
 * and scored like a finishing order (first +1, last -1, evenly spaced
 * between, tied players sharing); else all zero (a draw). */
void playout_score_cut(const struct game *g, const struct variant *v, const void *state,
                       double returns[GAME_MAX_PLAYERS]);

/* Index of a chance outcome drawn with probabilities `prob[0..count)`. */
int playout_sample(const double *prob, int count, struct rng *rng);

#endif
