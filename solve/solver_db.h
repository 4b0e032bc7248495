/*
 * solver_db.h - the file a retrograde solution is stored in, and queries
 * against it (memory-mapped).
 *
 * Layout (format version 2, little-endian hosts): a 512-byte header (magic
 * "KIBITZDB", format version, game name, variant text from
 * g->variant_format, counts, offsets, XXH3-64 checksums of the header and of
 * the tier index), then every tier's cells (retro_cell, 16 bits, in solve
 * order), then the tier index (tier id, first cell, size, XXH3-64 of the
 * tier's cells) sorted by tier id. The writer streams tiers into
 * "<path>.tmp.<pid>" and renames it into place only when complete, so a
 * file at the final path is never half-written.
 *
 * Reading is memory-mapped and lazy, so that a query of a large database
 * (6.8 GB for Kulibrat target=100) reads only the pages it needs: opening
 * checks the header, the sizes and the index (and refuses, with a message
 * that says what is wrong, a file that is not a regular file, not a
 * database, of another format version, truncated, with a corrupt header or
 * index, or for another game or variant); each tier is checked the first
 * time it is read (its checksum, and every cell: no working marker, no
 * remoteness beyond the limit), and a bad tier reads as absent (RETRO_HOLE)
 * and marks the handle failed (solver_db_failed), which every command checks
 * before it answers. Version 1 files (one checksum over everything) are
 * still read, checked in full when opened.
 *
 * What the checksums protect: accidents (a flipped bit, a torn copy). Not
 * tampering: anyone can recompute XXH3. So opening also checks every
 * structural field (sizes, offsets, the tier index, without arithmetic that
 * can wrap), each tier's cells are checked when first read, and `query`
 * checks the answer it gives against the position's moves: no byte of a
 * file can make a query crash or report a value its own moves contradict. A
 * consistent but wrong file (values forged everywhere alike) cannot be told
 * from a right one without solving again.
 *
 * Default location: the first data folder holding the file, else the user
 * folder (engine/data_folder.h: $KIBITZ_DATA, else ~/.local/share/kibitz);
 * file "<game>-<variant>.kdb" (e.g. kulibrat-target=5,first=black.kdb). A
 * --db option names a file when it ends in ".kdb" or is an existing file,
 * and a folder otherwise, whether the folder exists or not (`solve` creates
 * it): `--db results/dbs` twice for two variants keeps both databases.
 */
#ifndef KIBITZ_SOLVER_DB_H
#define KIBITZ_SOLVER_DB_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stddef.h>

enum { SOLVER_DB_VERSION = 2, SOLVER_DB_PATH_BYTES = 4096 };

struct solver_db;
struct solver_db_writer;

/* The file a database for (g, v) has: `db_option` (--db; NULL: the default
 * folder) is a file or a folder. */
void solver_db_path(const struct game *g, const struct variant *v, const char *db_option,
                    char *path, size_t n);

/* ---- writing ---- */
/* mkdir -p: create `path` and any missing folders above it. 0, or -1 with
 * `err` (GAME_ERROR_BYTES) naming the folder that could not be made. */
int solver_db_make_folders(const char *path, char *err);

/* Start a database at `path` (the folder is created if missing). 0, or -1
 * with `err` (GAME_ERROR_BYTES). */
int solver_db_create(struct solver_db_writer **out, const char *path,
                     const struct game *g, const struct variant *v, char *err);
/* Append one tier (in solve order). */
int solver_db_add_tier(struct solver_db_writer *w, tier_t tier, const retro_cell *cells,
                       uint64_t size, char *err);
/* Write the index and header, then rename into place; frees `w`. */
int solver_db_finish(struct solver_db_writer *w, const struct retro_counts *counts,
                     char *err);
/* Give up: remove the temporary file; frees `w`. */
void solver_db_abort(struct solver_db_writer *w);

/* Recompute the checksums of the database image `file` (`bytes` long: the
 * header's, and those of the tiers and the index, or version 1's one over
 * everything) so that they match its contents: for tests and fuzz targets,
 * which must reach the checks behind the checksums. -1 when shorter than a
 * header. */
int solver_db_reseal(void *file, size_t bytes);

/* ---- reading ---- */
/* Open and verify `path` for game `g`, variant `v` (v may be a variant the
 * file's variant answers too, see game->solved_variants). 0, or -1 with a
 * message in `err` (GAME_ERROR_BYTES) naming the file and the problem. */
int solver_db_open(struct solver_db **out, const char *path, const struct game *g,
                   const struct variant *v, char *err);
/* Find a database answering (g, v): `db_option` a file, or a folder (NULL:
 * the default) searched for the exact file first, then for any database of
 * the game that answers v. The path used goes to `path`. */
int solver_db_find(struct solver_db **out, const struct game *g, const struct variant *v,
                   const char *db_option, char *path, size_t n, char *err);
void solver_db_close(struct solver_db *db);

/* The value of `state` (any state of the opened variant): its cell, or
 * RETRO_TERMINAL for a finished game, or RETRO_HOLE when the database does
 * not hold its tier. */
retro_cell solver_db_probe(const struct solver_db *db, const void *state);
/* Callback form of solver_db_probe, for retro_check / retro_move_values. */
retro_cell solver_db_lookup(void *db, const void *state);
/* One whole tier, or NULL when absent or corrupt. */
const retro_cell *solver_db_tier(const struct solver_db *db, tier_t tier, uint64_t *size);

/* 0, or -1 with `err` naming the file when a tier read so far was corrupt:
 * a RETRO_HOLE then means corruption, not a position the file lacks. */
int solver_db_failed(const struct solver_db *db, char *err);

/* Check every tier now (reads the whole file): 0, or -1 with `err`. */
int solver_db_verify(const struct solver_db *db, char *err);

/* The game and variant the database was opened for. */
void solver_db_view(const struct solver_db *db, const struct game **g,
                    const struct variant **v);

/* What the header says. */
struct solver_db_info {
    char game[32];
    char variant[160];
    uint64_t tiers, positions;
    struct retro_counts counts;
};
void solver_db_info(const struct solver_db *db, struct solver_db_info *info);

#endif
