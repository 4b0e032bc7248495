/*
 * kerx_tiers_db.h - Kerx endgame databases by material: one checksummed
 * solver_db file per material tier (solve/solver_db.h), in the folder
 * "<data>/tiers-kerx-<variant>/" as "<hi>+<lo>.kdb", so a build can resume
 * tier by tier (finished tiers are read back, not solved again) and a query
 * opens only the tier it needs. (The sub-folder keeps these files out of
 * the generic one-file-per-variant lookup, whose game has no tier hooks.)
 */
#ifndef KIBITZ_KERX_TIERS_DB_H
#define KIBITZ_KERX_TIERS_DB_H

#include "games/kerx/kerx_tiers.h"
#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { KERX_DB_PATH_BYTES = 4096, KERX_DB_MAX_TIERS = 128 };

struct kerx_db_build {
    int pieces;         /* every material with at most this many in total */
    int threads;        /* <= 0: OpenMP default */
    size_t memory_mib;  /* budget; 0: none */
    bool progress;      /* a line per tier on stderr */
    const char *folder; /* data folder (NULL: the data folders, engine/data_folder.h) */
};

struct kerx_db_stats {
    int tiers, tiers_loaded; /* materials in all, and read back from disk */
    struct retro_counts counts;
    double seconds;
    uint64_t solved_positions; /* solved in this run (not read back) */
    uint64_t bytes_on_disk;
    size_t peak_bytes;
};

/* The folder of the tier files of variant v. */
void kerx_db_folder(const struct variant *v, const char *data, char *buf, size_t n);

/* Build (or finish) the databases. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int kerx_db_build(const struct variant *v, const struct kerx_db_build *b,
                  struct kerx_db_stats *st, char *err);

/* A set of tier files opened on demand, for probes. */
struct kerx_db_set;
int kerx_db_set_open(struct kerx_db_set **out, const struct variant *v, const char *data,
                     char *err);
void kerx_db_set_close(struct kerx_db_set *set);
/* The value of a state (RETRO_TERMINAL when over, RETRO_HOLE when its
 * material was not built). Matches retro_lookup_fn / dfpn_probe_fn. */
retro_cell kerx_db_set_probe(void *set, const void *state);
/* Tiers present on disk. */
int kerx_db_set_tiers(struct kerx_db_set *set);

#endif
