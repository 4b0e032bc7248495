/*
 * kerx_wdl_file.h - the compact win/draw/loss file of one Kerx endgame tier
 * pair ("<a>+<b>.kwdl", beside the 1-byte "<a>+<b>.keg" of
 * kerx_egdb_file.h; docs/DATABASES.md).
 *
 * Each position of tier (a, b) then of tier (b, a), in the index order of
 * the .keg file (kerx_egdb_index.h), gets a 2-bit code for the side to
 * move: KERX_WDL_DRAW, KERX_WDL_WIN, KERX_WDL_LOSS, or KERX_WDL_SKIP for a
 * position that is not stored: an index hole, or a position with a capture
 * (captures are compulsory, so its value is the best of its capture
 * children, which lie in lower pairs: one search ply resolves it, as in
 * Chinook's and Syzygy's tables). Writing, a skipped position takes the
 * code of the position before it, so runs stay long; blocks of 2^shift
 * codes (4 a byte) are compressed with zlib one by one, so a read inflates
 * one block. Layout (little-endian): a 256-byte header (magic "KIBITZKW",
 * version, byte-order mark, size, drawat, a, b, both tier sizes, counts,
 * block shift, blocks, bytes of compressed data, XXH3-64 of the block table
 * and of the header), the compressed blocks, then the block table: the
 * blocks + 1 offsets of the blocks in the data (the last one its length)
 * and the XXH3-64 of every compressed block.
 *
 * Reading is memory-mapped and lazy like the .keg files: opening checks the
 * header and the block table (and that the offsets rise and end at the
 * data's length); a block is checked (its hash, then that it inflates to
 * exactly its size) the first time it is read. A bad block gives up the
 * whole file: it answers nothing more and kerx_wdl_file_failed names it
 * and the block. Inflated blocks are kept in a small per-thread cache.
 */
#ifndef KIBITZ_KERX_WDL_FILE_H
#define KIBITZ_KERX_WDL_FILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    KERX_WDL_VERSION = 1,
    KERX_WDL_BLOCK_SHIFT = 16, /* 65,536 codes, 16 KiB before compression */
    KERX_WDL_DRAW = 0,
    KERX_WDL_WIN = 1,
    KERX_WDL_LOSS = 2,
    KERX_WDL_SKIP = 3,
};

struct kerx_wdl_counts {
    uint64_t positions, won, lost, drawn; /* every non-hole position */
    uint64_t skipped;                     /* positions with a capture, not stored */
    uint64_t holes;
};

struct kerx_wdl_file {
    uint64_t count[2]; /* tier (a, b), tier (b, a) */
    struct kerx_wdl_counts counts;
    void *map;
    size_t bytes;
    int shift;
    uint64_t blocks, id;
    const uint8_t *data, *offsets, *hashes;
    _Atomic unsigned char *state; /* per block: KERX_BLOCK_* of kerx_egdb_file.h */
    _Atomic uint64_t bad_block;   /* the first bad block + 1, or 0 */
    char *path;
};

/* Writing, codes in file order (tier (a, b)'s, then tier (b, a)'s), in any
 * number of pieces: begin, add, end (keep false: give up and remove the
 * temporary file "<path>.tmp.<pid>"; else rename it into place). 0, or -1
 * with err (GAME_ERROR_BYTES). */
struct kerx_wdl_writer;
int kerx_wdl_writer_begin(struct kerx_wdl_writer **w, const char *path, int size,
                          int drawat, int a, int b, uint64_t n0, uint64_t n1, char *err);
/* `codes`: one KERX_WDL_* a byte; holes are KERX_WDL_SKIP too (tell them
 * with `hole`, NULL when none: counted apart). */
int kerx_wdl_writer_add(struct kerx_wdl_writer *w, const uint8_t *codes, const bool *hole,
                        uint64_t n, char *err);
int kerx_wdl_writer_end(struct kerx_wdl_writer *w, bool keep, char *err);

/* Open (header and block table verified; no block read). n0, n1: the tier
 * sizes expected (KERX_EGDB_ANY: the header's). 0, or -1 with err. */
int kerx_wdl_file_open(struct kerx_wdl_file *f, const char *path, int size, int drawat,
                       int a, int b, uint64_t n0, uint64_t n1, char *err);
void kerx_wdl_file_close(struct kerx_wdl_file *f);

/* The code of position `at` (counted from the file's first code), or -1
 * when its block is bad (the file then answers nothing more). Thread-safe. */
int kerx_wdl_file_code(const struct kerx_wdl_file *f, uint64_t at);

/* 0, or -1 with err naming the file and its bad block when one was met. */
int kerx_wdl_file_failed(const struct kerx_wdl_file *f, char *err);

/* `kibitz verify` of one .kwdl file, any pair and variant (its header
 * says): the header and block table as opening checks them, then every
 * block (its checksum, and that it inflates to its size); `damaged` gets
 * one line for each damaged part. Returns how many; *parts: the blocks. */
long kerx_wdl_file_verify_all(const char *path, uint64_t *parts,
                              void (*damaged)(void *ctx, const char *what), void *ctx);

/* Recompute the checksums of a file image (the header's, the table's and
 * every block's, when the table fits) so that tests and fuzz targets reach
 * the checks behind them. -1 when shorter than a header. */
int kerx_wdl_file_reseal(void *file, size_t bytes);

#endif
