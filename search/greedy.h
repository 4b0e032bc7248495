/*
 * greedy.h - the one-ply greedy player: the move after which the game's
 * evaluation is best for the mover (a finished game counts by its returns
 * times GAME_EVAL_MAX), ties broken at random. A baseline for the arena.
 */
#ifndef KIBITZ_GREEDY_H
#define KIBITZ_GREEDY_H

#include "engine/game.h"

/* The move for the player to act in `state` (a player's node with moves);
 * `seed` breaks ties. */
move_t greedy_choose(const struct game *g, const struct variant *v, const void *state,
                     uint64_t seed);

#endif
