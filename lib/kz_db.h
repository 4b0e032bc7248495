/*
 * kz_db.h - the layout of a kz_db handle (include/kibitz.h): either a
 * solver database file (solve/solver_db.h) or a game's own databases
 * opened through its `database` hook (solve/game_database.h, Kerx endgame
 * sets), both read through one lookup function. Internal: shared by the
 * library files that read databases (queries, reviews, proofs, searches).
 */
#ifndef KIBITZ_KZ_DB_H
#define KIBITZ_KZ_DB_H

#include "lib/kz_internal.h"
#include "solve/game_database.h"
#include "solve/retro_check.h"
#include "solve/solver_db.h"

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
 * distance (solve/game_database.h, probe_value). Searches that play a win
 * out use kz_db_lookup. */
static inline retro_lookup_fn kz_db_values(const kz_db *db) {
    return db->own && db->gdb->probe_value ? db->gdb->probe_value : kz_db_lookup(db);
}
static inline void *kz_db_ctx(const kz_db *db) {
    return db->own ? db->own : (void *)db->db;
}

/* Without `path` (the default data folders), make the game's databases when
 * they are missing and quick to make (solve/db_make.h), with a note on
 * stderr; a failure to make them is said there too, and the caller goes on
 * as without them. */
void kz_db_make_default(const kz_game *g, const char *path);
/* One line on stderr when no database for the game's variant exists in the
 * default folders: that the search goes on without it and the command that
 * makes it. Nothing when one exists or the variant can have none. */
void kz_db_advise_missing(const kz_game *g);
/* True when `algo` is the perfect player's spec, db[:fallback=SPEC]. */
bool kz_is_db_spec(const char *algo);
/* What db[:fallback=SPEC] (search/agent.h) plays in `state` (a player to
 * move), from the databases at `path` (NULL: the default folders, made
 * there first when quick; "none": no databases). KZ_OK with ans->n > 0
 * moves and values (best first) when they answer, or ans->n == 0 and
 * ans->fallback the engine spec to search with; KZ_EINVAL for a bad spec;
 * KZ_ERUNTIME when a named --db cannot be read, a file is damaged, or
 * nothing answers and there is no fallback. kz_db_answer_free after. */
struct kz_db_answer {
    int n;
    move_t *moves;
    retro_cell *values;
    const char *fallback; /* inside `algo`, or NULL */
    char where[4096];     /* the database read */
};
int kz_db_answer(const kz_game *g, const char *algo, const char *path, const void *state,
                 struct kz_db_answer *ans, char *err, size_t err_n);
void kz_db_answer_free(struct kz_db_answer *ans);
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
