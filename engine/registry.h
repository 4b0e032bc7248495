/*
 * registry.h - the list of games kibitz knows.
 *
 * The registry is a plain list of `const struct game *` (engine/registry.c);
 * every name and summary comes from the game itself. Registering a game is
 * one line there, and it thereby gets the command line, the searches and the
 * contract test (tests/test_contract.c).
 */
#ifndef KIBITZ_REGISTRY_H
#define KIBITZ_REGISTRY_H

#include "engine/game.h"

/* The games, in listing order; `*count` receives how many. */
const struct game *const *registry_games(int *count);

/* The game called `name`, or NULL with a message in `err` (GAME_ERROR_BYTES)
 * for an unknown name. */
const struct game *registry_find(const char *name, char *err);

#endif
