/*
 * kjson_database.h - the "query" document: a database's exact answer for one
 * position (`kibitz query`, one line per position with --positions, GET
 * /query). Shape in docs/JSON.md, "query":
 *
 *   game, variant, position, turn, database (the file or folder read),
 *   value (kjson_value.h; null when the game is over), returns (one number
 *   per player, only when over), moves: [{"move", "value"}] best first.
 */
#ifndef KIBITZ_KJSON_DATABASE_H
#define KIBITZ_KJSON_DATABASE_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "json/kjson.h"

/* `cell` is the position's own cell (RETRO_TERMINAL when over); `moves` and
 * their `values` (for the player to move) are listed in the order `order`
 * gives (indexes into both, best first), `count` of them. */
json_t *kjson_query(const struct game *g, const struct variant *v, const void *state,
                    const char *database, retro_cell cell, const move_t *moves,
                    const retro_cell *values, const int *order, int count);

#endif
