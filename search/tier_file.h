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

#include "search/retro.h"

#include <stdint.h>

enum { TIER_FILE_VERSION = 1 };

/* The key of game g, variant v (XXH3-64 of the name and variant text). */
uint64_t tier_file_key(const struct game *g, const struct variant *v);

/* The file of `tier` in `folder`. */
void tier_file_path(const char *folder, tier_t tier, char *buf, size_t n);

/* Write. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int tier_file_write(const char *path, uint64_t key, tier_t tier, const retro_cell *cells,
                    uint64_t size, char *err);

/* Read and verify into `cells` (room for `size`). 0; 1 when there is no
 * file; -1 with `err` when it is there but wrong. */
int tier_file_read(const char *path, uint64_t key, tier_t tier, retro_cell *cells,
                   uint64_t size, char *err);

#endif
