/*
 * db_player.h - the perfect player: the move a database says is best (the
 * soonest win, else a draw-keeping move, else the longest loss; ties to the
 * first move in generator order), for any database a probe reads (the
 * generic solver database of Kulibrat, Kerx's endgame databases).
 *
 * Perfect play needs every move's value: a position whose children the
 * databases do not all hold is "not answered" (the `db` agent then falls
 * back to another engine, or says so). A won position is won by strictly
 * falling remoteness, so the perfect player never repeats itself while
 * winning; in a drawn position any draw-keeping move is as good.
 *
 * Contract: pure functions of the state and the probe; thread-safe when the
 * probe is.
 */
#ifndef KIBITZ_DB_PLAYER_H
#define KIBITZ_DB_PLAYER_H

#include "engine/game.h"
#include "solve/retro_check.h"

#include <stdbool.h>
#include <stdio.h>

/* Every move of `state` into `moves` (room for max_moves) with its value for
 * the mover into `values`, best first (ties in generator order): the count;
 * -1 when the game is over or not a single player's turn here, or when the
 * databases do not hold a child. */
int db_player_move_values(const struct game *g, const struct variant *v,
                          const void *state, retro_lookup_fn probe, void *ctx,
                          move_t *moves, retro_cell *values);

/* The best move and its value for the mover: 0, or -1 as above. */
int db_player_best(const struct game *g, const struct variant *v, const void *state,
                   retro_lookup_fn probe, void *ctx, move_t *move, retro_cell *value);

/* Print "bestmove M" and the value (every move's value when `all_moves`)
 * as bestmove and analyse do, naming the database `path`. 0, or -1 as
 * above (nothing printed). */
int db_player_report(const struct game *g, const struct variant *v, const void *state,
                     retro_lookup_fn probe, void *ctx, const char *path, bool all_moves,
                     FILE *out);

/* The same from moves and values db_player_move_values gave (n > 0). */
void db_player_print(const struct game *g, const struct variant *v, const void *state,
                     const move_t *moves, const retro_cell *values, int n,
                     const char *path, bool all_moves, FILE *out);

#endif
