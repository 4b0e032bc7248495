/*
 * game_check.h - checks of the game contract (engine/game.h) on one state,
 * for input boundaries (positions read from the user) and for fuzz targets.
 *
 * A state that is not over must let play go on: at least one move for the
 * player to act (or one chance outcome), or at simultaneous nodes at least
 * one option for every acting player. Search loops assume it; a parser that
 * accepts a state breaking it lets any search spin or read an empty list.
 */
#ifndef KIBITZ_GAME_CHECK_H
#define KIBITZ_GAME_CHECK_H

#include "engine/game.h"

/* 0 when `state` is over or has a move, else -1 with a message in `err`
 * (GAME_ERROR_BYTES). */
int game_check_playable(const struct game *g, const struct variant *v, const void *state,
                        char *err);

#endif
