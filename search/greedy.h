/*
 * greedy.h - the one-ply greedy player: the move after which the game's
 * evaluation is best for the mover (a finished game counts by its returns
 * times GAME_EVAL_MAX), ties broken at random. A baseline for the arena.
 *
 * At a simultaneous node the player does not know the others' choices: each
 * of its options is scored by the mean of that score over the other acting
 * players' options, all combinations when there are at most
 * GREEDY_JOINT_ENUMERATE of them, else that many drawn uniformly at random.
 *
 * On a game with hidden information the player is given only its view (the
 * agent layer, search/agent.h, sees to that) and scores each move by the mean
 * over GREEDY_WORLDS full states sampled from the view with `determinize`.
 */
#ifndef KIBITZ_GREEDY_H
#define KIBITZ_GREEDY_H

#include "engine/game.h"

enum { GREEDY_JOINT_ENUMERATE = 1024, GREEDY_WORLDS = 8 };

/* The move for the player to act in `state` (a player's node with moves);
 * `seed` breaks ties. */
move_t greedy_choose(const struct game *g, const struct variant *v, const void *state,
                     uint64_t seed);

/* The same for a game with hidden information, given the mover's `view`
 * (a state as `view` leaves it): each move's score is its mean over
 * GREEDY_WORLDS worlds drawn with `determinize` from `seed`. */
move_t greedy_choose_view(const struct game *g, const struct variant *v, const void *view,
                          uint64_t seed);

/* The option of `player`, one of the acting players at the simultaneous node
 * `state`; `seed` breaks ties and draws samples. */
move_t greedy_choose_joint(const struct game *g, const struct variant *v,
                           const void *state, int player, uint64_t seed);

#endif
