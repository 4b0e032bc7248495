/*
 * game_database.h - the optional database provider of a game (the
 * `database` hook of struct game, engine/game.h).
 *
 * Most games are solved by the generic tiered solver (solve/retro.h) into
 * one database file (solve/solver_db.h). A game whose solved values come
 * from a builder of its own (Kerx: endgame databases by material, reduced by
 * board symmetries) provides this table instead; `kibitz solve --pieces`,
 * `kibitz query`, df-pn's leaf probes and `kibitz solvebench --games` then
 * call it without knowing which game it is.
 *
 * Contract: every function is given the variant it was opened or built for.
 * `open` returns 0 with a handle, 1 when no database exists for the variant
 * (err says where it looked; callers then go on without one), or -1 with err
 * for a damaged or foreign file. `probe` is thread-safe on one handle and
 * returns RETRO_HOLE for a position the databases do not hold.
 */
#ifndef KIBITZ_GAME_DATABASE_H
#define KIBITZ_GAME_DATABASE_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What `kibitz solve <game> --pieces K` asks a builder for. */
struct game_database_build {
    int pieces;        /* material bound: positions of at most this many pieces */
    int threads;       /* >= 1 */
    size_t memory_mib; /* refuse a build that needs more; 0: no bound */
    bool progress;     /* progress lines on stderr */
    const char *data;  /* --db: the data folder; NULL: the default (data_folder.h) */
    bool generic;      /* --algo retro: the generic tiered solver instead of the
                          game's own builder, where the game has both */
    bool json;         /* report as one JSON object */
};

struct game_database {
    /* Build (or resume) the databases and print a report to `out` (NULL:
     * none): 0; -1 with err for bad input (a bound or variant that cannot be
     * built: exit status 2); -2 with err for a runtime failure (disk full, a
     * folder that cannot be written, not enough memory or --memory: exit
     * status 1). */
    int (*build)(const struct variant *v, const struct game_database_build *b, FILE *out,
                 char *err);
    /* Open the databases under `data` (NULL: the default folder). `where`
     * (`n` bytes) receives the folder or file read, for reports. */
    int (*open)(const struct variant *v, const char *data, void **db, char *where,
                size_t n, char *err);
    retro_cell (*probe)(void *db, const void *state);
    /* Optional. Like probe, for searches that need values only (df-pn):
     * also answers positions held without a distance (a win or loss of
     * remoteness RETRO_NO_DISTANCE and more: Kerx's win/draw/loss files). */
    retro_cell (*probe_value)(void *db, const void *state);
    /* Optional. 0, or -1 with err naming the file when a probe met damaged
     * data (that probe returned RETRO_HOLE, and so does every later one into
     * that file): callers check it before trusting a RETRO_HOLE and after a
     * search, so corruption is reported, never used. Thread-safe. */
    int (*failed)(void *db, char *err);
    void (*close)(void *db);
    /* Message for a position the open databases do not hold (one line). */
    const char *hole_message;
    /* Optional. Why variant `v` can have no databases at all (a build would
     * be refused), or NULL when it can: so that a query says so instead of
     * suggesting a build. */
    const char *(*unavailable)(const struct variant *v);
    /* Optional. The --pieces of a build that holds every position of
     * variant `v` when that build is small enough to be what `kibitz solve
     * <game>` does by default (Kerx size 3: 18, every material), else 0
     * (solve then proves the start by df-pn, as without the hook). */
    int (*whole_game)(const struct variant *v);
    /* Optional. Print a test set for `kibitz solvebench` to `out`: `per_group`
     * random positions per group, lines
     * "group<TAB>position<TAB>value<TAB>remoteness", drawn with `seed` from
     * the databases under `data`. 0, or -1 with err. */
    int (*write_test_set)(const struct variant *v, const char *data, long per_group,
                          uint64_t seed, FILE *out, char *err);
    /* Optional. The piece bound whose databases for `v` build in a few
     * seconds and little memory, so that they are made on first use
     * (solve/db_make.h); 0 (or no hook): never made unasked. */
    int (*quick_pieces)(const struct variant *v);
    /* Optional, for `kibitz verify`: the name endings of the game's own
     * database files (NULL-terminated: ".keg", ".kwdl"), and a check of one
     * such file whole (any variant: its header says), calling `damaged`
     * with one line for each damaged part. Returns how many; *parts: the
     * parts checked. */
    const char *const *file_suffixes;
    long (*verify_file)(const char *path, uint64_t *parts,
                        void (*damaged)(void *ctx, const char *what), void *ctx);
};

/* gdb->failed when the game has it, else 0. */
static inline int game_database_failed(const struct game_database *gdb, void *db,
                                       char *err) {
    return gdb && db && gdb->failed ? gdb->failed(db, err) : 0;
}

#endif
