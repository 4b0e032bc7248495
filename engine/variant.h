/*
 * variant.h - building a game's `struct variant` from `key=value` text, by
 * the parameters the game declares (`variant_params` of engine/game.h).
 *
 * variant_init gives the declared defaults; variant_parse applies a spec
 * such as "target=10,first=red" (several specs may be applied in turn),
 * refusing malformed pairs, a key given twice in one spec, unknown keys and
 * bad values with a message in one style ("<key> must be a or b, not 'x'";
 * numbers through engine/number.h); variant_finish runs the game's
 * whole-variant check. variant_format prints the canonical spelling (every
 * parameter in declared order), which variant_parse reads back to the same
 * bytes. variant_param_values / variant_param_default describe a parameter
 * for the documentation (`kibitz games`, the "games" document, Python).
 */
#ifndef KIBITZ_VARIANT_H
#define KIBITZ_VARIANT_H

#include "engine/game.h"

#include <stddef.h>

/* The most parameters a game may declare. */
enum { VARIANT_MAX_PARAMS = 16 };
/* Room for one parameter's description or value as text. */
enum { VARIANT_TEXT_BYTES = 64 };

void variant_init(const struct game *g, struct variant *v);

/* 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int variant_parse(const struct game *g, struct variant *v, const char *spec, char *err);

/* 0, or -1 with a message in `err`. */
int variant_finish(const struct game *g, const struct variant *v, char *err);

/* The canonical spelling, `key=value,...` in declared order, for messages,
 * database headers and records. */
void variant_format(const struct game *g, const struct variant *v, char *buf, size_t n);

/* Number of players in this variant. */
int variant_players(const struct game *g, const struct variant *v);

/* The declared parameters: how many, and the one called `name` (NULL: none). */
int variant_param_count(const struct game *g);
const struct variant_param *variant_param_find(const struct game *g, const char *name);

/* The values `p` takes, as documented: "1..250", "black|red",
 * "0<p<1, up to 6 decimals". */
void variant_param_values(const struct variant_param *p, char *buf, size_t n);
/* `p`'s default as text, as the canonical spelling writes it. */
void variant_param_default(const struct variant_param *p, char *buf, size_t n);
/* `p`'s value in `v` as text. */
void variant_param_text(const struct variant_param *p, const struct variant *v, char *buf,
                        size_t n);

#endif
