/*
 * kjson.h - the JSON documents of kibitz (schema in docs/JSON.md and
 * docs/kibitz.schema.json), built with jansson.
 *
 * Every command's --json output, the HTTP API and the Python package return
 * these objects, so each kind of object is built in exactly one place here:
 * the command line (cli/) and any server only call the builders and print.
 *
 * Ownership: builders return a new reference (json_t *, jansson's) that the
 * caller owns; the kjson_set_* helpers and kjson_print steal the reference
 * they are given, as jansson's *_new functions do. Builders never fail
 * except on out-of-memory (then NULL; kjson_print of NULL prints nothing and
 * returns -1).
 *
 * A document is an object {"schema": KIBITZ_SCHEMA_VERSION, "kind": KIND,
 * ...}; KIND names its shape (docs/JSON.md lists them). Objects nested in a
 * document (positions, values, moves) carry no "schema" of their own.
 */
#ifndef KIBITZ_KJSON_H
#define KIBITZ_KJSON_H

#include "engine/game.h"
#include "engine/schema_version.h"

#include <jansson.h>
#include <stdio.h>

/* {"schema": KIBITZ_SCHEMA_VERSION, "kind": kind}. */
json_t *kjson_document(const char *kind);

/* kjson_document(kind) plus "game" (g->name) and "variant" (canonical
 * key=value text of v). */
json_t *kjson_game_document(const char *kind, const struct game *g,
                            const struct variant *v);

/* Print `doc` as one line of compact JSON and a newline, then release it.
 * 0, or -1 when `doc` is NULL or the write fails. */
int kjson_print(json_t *doc, FILE *out);

/* The text kjson_print would write (one line, no newline); caller frees it
 * with free(). NULL on out-of-memory. Does not release `doc`. */
char *kjson_text(const json_t *doc);

/* A string of any bytes: valid UTF-8 is kept, every byte that does not
 * start a valid character (a message quoting input cut in the middle of a
 * character, or input that is not UTF-8) becomes U+FFFD. Never NULL unless
 * out of memory (json_string refuses invalid UTF-8, which lost messages). */
json_t *kjson_string_lossy(const char *text);

/* A string, or JSON null when `text` is NULL. */
json_t *kjson_string_or_null(const char *text);

/* The canonical variant text of v ("target=5,first=black"). */
json_t *kjson_variant(const struct game *g, const struct variant *v);

/* A move in the game's notation, legal in `state`. */
json_t *kjson_move(const struct game *g, const struct variant *v, const void *state,
                   move_t move);

/* A line of moves played one after the other from `state` (a PV, a game):
 * an array of move texts. */
json_t *kjson_line(const struct game *g, const struct variant *v, const void *state,
                   const move_t *moves, int count);

/* The name of player p in v, or "chance"/"simultaneous"/"over" for the
 * other values of enum game_turn. */
json_t *kjson_turn(const struct game *g, const struct variant *v, int turn);

#endif
