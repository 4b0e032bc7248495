/*
 * tier_file.h - one solved tier as a file of its own, for solves that pass
 * tiers between MPI ranks through a shared folder (retro_dist.c).
 *
 * Layout (version 1, little-endian hosts): a 64-byte header (magic
 * "KIBITZTR", version, tier id, cell count, a key naming the game and
 * variant, XXH3-64 of the cells and of the header), then the cells
 * (retro_cell, 16 bits each). Written to "<path>.tmp.<pid>" and renamed into
 * place when complete, so a file at the final path is never half-written;
 * reading checks everything and refuses, naming the problem, a file that is
 * short, of another tier, game or variant, or whose checksums do not match.
 */
#ifndef KIBITZ_TIER_FILE_H
#define KIBITZ_TIER_FILE_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stdint.h>

enum { TIER_FILE_VERSION = 1 };

/* The key of game g, variant v (XXH3-64 of the name and variant text). */
uint64_t tier_file_key(const struct game *g, const struct variant *v);

/* The file of `tier` in `folder`. */
void tier_file_path(const char *folder, tier_t tier, char *buf, size_t n);

/* Write. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int tier_file_write(const char *path, uint64_t key, tier_t tier, const retro_cell *cells,
                    uint64_t size, char *err);

/* The same file written piece by piece (a split tier's cells streaming in
 * from its parts): begin, add the cells in order, end (checks the count,
 * writes the header with the checksum, renames into place). A failed
 * writer removes its temporary file; abort does that on purpose. */
struct tier_file_writer {
    void *file, *hash;
    char path[4200], temp[4200];
    uint64_t key, tier, size, written; /* written: cells */
};
int tier_file_writer_begin(struct tier_file_writer *w, const char *path, uint64_t key,
                           tier_t tier, uint64_t size, char *err);
int tier_file_writer_add(struct tier_file_writer *w, const void *cells, uint64_t bytes,
                         char *err);
int tier_file_writer_end(struct tier_file_writer *w, char *err);
void tier_file_writer_abort(struct tier_file_writer *w);

/* Read and verify into `cells` (room for `size`). 0; 1 when there is no
 * file; -1 with `err` when it is there but wrong. */
int tier_file_read(const char *path, uint64_t key, tier_t tier, retro_cell *cells,
                   uint64_t size, char *err);

#endif
