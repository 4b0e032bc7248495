/*
 * solver_db_move.h - perfect play from a solver database, for `bestmove`,
 * `analyse` and `play`: the best move of a position (wins soonest, else a
 * draw, else the longest loss; ties go to the first move in generator order)
 * and a report in the style of the search commands.
 */
#ifndef KIBITZ_SOLVER_DB_MOVE_H
#define KIBITZ_SOLVER_DB_MOVE_H

#include "search/solver_db.h"

#include <stdbool.h>
#include <stdio.h>

/* 0 with the best move and its value for the mover, or -1 when the game is
 * over here or the database does not hold the position or a child. */
int solver_db_best_move(const struct solver_db *db, const void *state, move_t *move,
                        retro_cell *value);

/* Print "bestmove M" and the solved value (every move's value when
 * `all_moves`), as text or one JSON object. -1 as solver_db_best_move. */
int solver_db_report(const struct solver_db *db, const void *state, const char *path,
                     bool json, bool all_moves, FILE *out);

/* Open the database that answers (g, v) from the default folder, quietly:
 * NULL when there is none (or it cannot be used). `path` gets its name. */
struct solver_db *solver_db_try_default(const struct game *g, const struct variant *v,
                                        char *path, size_t n);

#endif
