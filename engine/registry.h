/*
 * registry.h - the list of games kibitz knows, by command-line name.
 *
 * All five games of the project are listed; a game whose rules are not
 * written yet has a NULL `game` and is reported as not yet available rather
 * than faked.
 */
#ifndef KIBITZ_REGISTRY_H
#define KIBITZ_REGISTRY_H

#include "engine/game.h"

struct registry_entry {
    const char *name;
    const char *summary;
    const struct game *game; /* NULL: not yet available */
};

/* The entries, in listing order; `*count` receives how many. */
const struct registry_entry *registry_list(int *count);

/* The game called `name`, or NULL with a message in `err` (GAME_ERROR_BYTES)
 * for an unknown name or a game that is not yet available. */
const struct game *registry_find(const char *name, char *err);

#endif
