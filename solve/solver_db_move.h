/*
 * solver_db_move.h - perfect play from a solver database, for `bestmove`,
 * `analyse` and `play`: the best move of a position (wins soonest, else a
 * draw, else the longest loss; ties go to the first move in generator order)
 * and a report in the style of the search commands.
 */
#ifndef KIBITZ_SOLVER_DB_MOVE_H
#define KIBITZ_SOLVER_DB_MOVE_H

#include "solve/solver_db.h"

#include <stdbool.h>
#include <stdio.h>

/* 0 with the best move and its value for the mover, or -1 when the game is
 * over here or the database does not hold the position or a child. */
int solver_db_best_move(const struct solver_db *db, const void *state, move_t *move,
                        retro_cell *value);

/* Every move of `state` into `moves` (room for max_moves) with its value for
 * the mover into `values`, best first (ties in generator order): the count,
 * or -1 as solver_db_best_move. */
int solver_db_move_values(const struct solver_db *db, const void *state, move_t *moves,
                          retro_cell *values);

/* Print "bestmove M" and the solved value (every move's value when
 * `all_moves`) as text. -1 as solver_db_best_move. */
int solver_db_report(const struct solver_db *db, const void *state, const char *path,
                     bool all_moves, FILE *out);

/* The database the engines play from. With `db_option` (the user's --db:
 * a file or a folder) it must answer (g, v): otherwise NULL with a message
 * in `err`. Without it the default folder is tried quietly: NULL and an empty
 * `err` when there is none. `db_option` "none" means no database (NULL,
 * empty `err`), as everywhere on the command line. `path` gets the file's
 * name. */
struct solver_db *solver_db_for_engine(const struct game *g, const struct variant *v,
                                       const char *db_option, char *path, size_t n,
                                       char *err);

#endif
