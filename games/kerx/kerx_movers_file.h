/*
 * kerx_movers_file.h - the mover table of kerx_egdb_index.h (the sorted
 * canonical m-sets of one board and their symmetry bits) as a file beside
 * the pair files of a Kerx endgame folder: "<folder>/movers-<m>.kmv".
 *
 * Why: a query of a material with many pieces on one side otherwise waits
 * for the table to be made by visiting all C(cells, m) sets (9 on size 4:
 * 124 M sets, over a second and 100 MB; results/databases.md). Mapped from
 * the file, a slot is found by binary search in the sorted sets and only
 * the pages the search touches are read.
 *
 * Layout (format version 1, native byte order, refused on another):
 * a 128-byte header of 16 64-bit words (magic "KIBITZKM", version,
 * byte-order mark, board size, m, cells, count of sets, block shift,
 * blocks, XXH3-64 of the block table, XXH3-64 of the header with that
 * word 0, five reserved zero words), then the `count` sets (8 bytes each,
 * strictly ascending), then their symmetry bits (2 bytes each), zero
 * padding to a multiple of 8 bytes, then the block table: the XXH3-64 of
 * every block, block b being the sets b * 2^shift .. (b + 1) * 2^shift - 1
 * (the last one shorter) followed by their symmetry bits. Written to a
 * temporary file and renamed into place (engine/output_file.h).
 *
 * Reading is memory-mapped and lazy, like the pair files: opening checks
 * the header, the length and the block table only (a few KB), and refuses,
 * naming the file and the problem, anything that is not such a file or
 * holds another board or m. A block is checked on its first touch
 * (kerx_movers_ready, thread-safe): its checksum, and that its sets are
 * ascending m-sets of the board with the identity among their symmetries.
 * A bad block gives up the whole table: every later lookup is refused
 * (KERX_NO_SLOT) and kerx_movers_file_failed names the file and the block,
 * so that the set built on it answers nothing rather than a wrong value.
 */
#ifndef KIBITZ_KERX_MOVERS_FILE_H
#define KIBITZ_KERX_MOVERS_FILE_H

#include "games/kerx/kerx_egdb_index.h"

#include <stddef.h>
#include <stdint.h>

enum {
    KERX_MOVERS_VERSION = 1,
    KERX_MOVERS_HEADER_BYTES = 128,
    KERX_MOVERS_BLOCK_SHIFT = 12, /* 4,096 sets, 40 KB a block */
};

/* An open mover-table file; `table` is the kerx_movers view of it. */
struct kerx_movers_file {
    struct kerx_movers table;
    void *map;
    size_t bytes;
    uint64_t blocks;
    const uint64_t *block_hash;
    _Atomic uint64_t bad_block; /* the first bad block + 1, or 0 */
    char *path;
};

/* The path of the table of m pieces in a database folder. */
void kerx_movers_path(const char *folder, int m, char *buf, size_t n);

/* Write the in-memory table `mv` (kerx_movers_get) at `path`, atomically;
 * for tests, `shift` (4..30) sets the block size, 0 the default. 0, or -1
 * with err (GAME_ERROR_BYTES). */
int kerx_movers_file_write(const char *path, const struct kerx_movers *mv, int shift,
                           char *err);

/* Open the table of m pieces on board `size` at `path` (header, length and
 * block table checked; no set read). 0, or -1 with err (f is then closed). */
int kerx_movers_file_open(struct kerx_movers_file *f, const char *path, int size, int m,
                          char *err);
void kerx_movers_file_close(struct kerx_movers_file *f);

/* 0, or -1 with err naming the file and its bad block when one was met. */
int kerx_movers_file_failed(const struct kerx_movers_file *f, char *err);

/* Check every block now. 0, or -1 with err. */
int kerx_movers_file_verify(const struct kerx_movers_file *f, char *err);

/* For `kibitz verify`: check the table at `path` whole, whatever its board
 * and m (its header says): header, length, block table, then every block,
 * calling `damaged` with one line for each damaged part (a file that does
 * not open is one). Returns how many; *parts: the blocks checked. */
long kerx_movers_file_verify_all(const char *path, uint64_t *parts,
                                 void (*damaged)(void *ctx, const char *what), void *ctx);

/* Recompute the checksums of a file image (`bytes` long: the header's, and
 * the table's and every block's when the header's count fits) so that
 * fuzz targets reach the checks behind them. -1 when shorter than a
 * header. */
int kerx_movers_file_reseal(void *file, size_t bytes);

#endif
