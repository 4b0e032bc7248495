/*
 * kz_db.h - the layout of a kz_db handle (include/kibitz.h): either a
 * solver database file (search/solver_db.h) or a game's own databases
 * opened through its `database` hook (search/game_database.h, Kerx endgame
 * sets), both read through one lookup function. Internal: shared by the
 * library files that read databases (queries, reviews, proofs, searches).
 */
#ifndef KIBITZ_KZ_DB_H
#define KIBITZ_KZ_DB_H

#include "lib/kz_internal.h"
#include "search/game_database.h"
#include "search/retro_check.h"
#include "search/solver_db.h"

struct kz_db {
    const kz_game *game;
    struct solver_db *db;            /* a solver file, or NULL */
    const struct game_database *gdb; /* or the game's own databases: */
    void *own;
    char path[SOLVER_DB_PATH_BYTES]; /* where: the file or the folder */
};

/* The lookup function and its context (retro_move_values, df-pn probes). */
static inline retro_lookup_fn kz_db_lookup(const kz_db *db) {
    return db->own ? db->gdb->probe : solver_db_lookup;
}
/* The same for answers that need values only (queries, reviews, the page,
 * df-pn): a game's compact files answer too, a win or loss there with no
 * distance (search/game_database.h, probe_value). Searches that play a win
 * out use kz_db_lookup. */
static inline retro_lookup_fn kz_db_values(const kz_db *db) {
    return db->own && db->gdb->probe_value ? db->gdb->probe_value : kz_db_lookup(db);
}
static inline void *kz_db_ctx(const kz_db *db) {
    return db->own ? db->own : (void *)db->db;
}

/* kz_db_open, telling a missing database (*missing) from a damaged one. */
int kz_db_open_at(const kz_game *g, const char *path, kz_db **out, bool *missing,
                  char *err, size_t err_n);
/* The database answering the variant as the engines and reviews use one:
 * a game's own (Kerx's endgame sets) or a solver file
 * (solver_db_for_engine). NULL and an empty message when there is none and
 * no path was given; --db none: none. */
int kz_db_for_engine(const kz_game *g, const char *path, kz_db **out, char *err,
                     size_t err_n);
/* 0, or KZ_ERUNTIME with a message naming the file when a tier (.kdb) or
 * block (a game's own files: Kerx) read so far was corrupt. */
int kz_db_failed(const kz_db *db, char *err, size_t err_n);

#endif
