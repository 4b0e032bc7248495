/*
 * variant.h - building a game's `struct variant` from `key=value` text.
 *
 * variant_init gives the defaults; variant_parse applies a spec such as
 * "target=10,first=red" (several specs may be applied in turn), refusing
 * malformed pairs, a key given twice in one spec, unknown keys and bad
 * values with a message; variant_finish runs the game's whole-variant
 * check.
 */
#ifndef KIBITZ_VARIANT_H
#define KIBITZ_VARIANT_H

#include "engine/game.h"

void variant_init(const struct game *g, struct variant *v);

/* 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int variant_parse(const struct game *g, struct variant *v, const char *spec, char *err);

/* 0, or -1 with a message in `err`. */
int variant_finish(const struct game *g, const struct variant *v, char *err);

/* Number of players in this variant. */
int variant_players(const struct game *g, const struct variant *v);

#endif
