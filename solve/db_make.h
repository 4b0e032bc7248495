/*
 * db_make.h - the databases of a variant made where they are looked for:
 * the generic solver database written to a file (kibitz solve, kz_solve),
 * and the databases small enough to make in seconds made on first use
 * into the user data folder (engine/data_folder.h), so that every command,
 * the server, UGI and Python find them without a separate step.
 *
 * "Small enough" (DB_MAKE_*): a generic solver database of at most
 * DB_MAKE_AUTO_BYTES (Kulibrat up to target 6, under a second), and a
 * game's own databases up to the bound its `quick_pieces` hook names (Kerx
 * size <= 4: 6 pieces, 11 MB, a few seconds). Anything larger is advised,
 * never made unasked: callers print db_make_command's command.
 *
 * Contract: nothing is made when the caller named a place (--db) or "none";
 * a file appears only complete (temporary name, then rename).
 */
#ifndef KIBITZ_DB_MAKE_H
#define KIBITZ_DB_MAKE_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_config.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum {
    DB_MAKE_AUTO_BYTES = 24 << 20,
    DB_MAKE_AUTO_PIECES = 6, /* advised when a game names no quick bound */
};

/* Solve (g, v) whole by retrograde analysis into the database file `file`
 * with `threads` threads (<= 0: all cores). `progress` (may be NULL) as
 * retro_solve reports it; a raised `stop` (may be NULL) ends the solve
 * after the current tier with "stopped". 0, or -1 with err. */
int db_make_solver_file(const struct game *g, const struct variant *v, const char *file,
                        int threads, retro_progress_fn progress, void *progress_ctx,
                        atomic_bool *stop, char *err);

/* Bytes the solver database of (g, v) takes (0 when unknown). */
uint64_t db_make_solver_bytes(const struct game *g, const struct variant *v);

enum db_make_result {
    DB_MADE_NONE,    /* nothing to do: found, named (--db), or "none" */
    DB_MADE_NOW,     /* made just now (a note went to `note`) */
    DB_MADE_TOO_BIG, /* missing and too large to make unasked */
    DB_MADE_NO_DB,   /* the game has no databases */
    DB_MADE_FAILED,  /* making failed: err */
};

/* Make the default databases of (g, v) when missing and small enough.
 * `db_option` is the caller's --db (NULL: the default folders; anything
 * else: nothing is made). A one-line note goes to `note` (may be NULL)
 * before a build starts. */
enum db_make_result db_make_if_missing(const struct game *g, const struct variant *v,
                                       const char *db_option, FILE *note, char *err);

/* True when no database for (g, v) exists in the default folders. */
bool db_make_missing(const struct game *g, const struct variant *v);

/* The command that makes the databases of (g, v), into buf:
 * "kibitz solve GAME --variant V [--pieces K]". */
void db_make_command(const struct game *g, const struct variant *v, char *buf, size_t n);

#endif
