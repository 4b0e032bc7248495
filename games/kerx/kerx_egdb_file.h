/*
 * kerx_egdb_file.h - the file of one Kerx endgame tier pair (kerx_egdb.h):
 * the values of tier (a, b) then of tier (b, a) (a >= b; one tier when
 * a == b), one byte a position (kerx_egdb.h, "Values").
 *
 * Layout (format version 1, little-endian): a 256-byte header (magic
 * "KIBITZKX", version, board size, drawat, a, b, both tier sizes, counts,
 * XXH3-64 of the header and of the values), then the values. Written to
 * "<path>.tmp.<pid>" and renamed into place when complete, so a file at the
 * final path is never half-written. Opening memory-maps the file and refuses,
 * naming the problem, anything that is not a regular file or not such a
 * file, another format
 * version, another size, drawat or material, a truncated file, or one whose
 * checksums do not match.
 */
#ifndef KIBITZ_KERX_EGDB_FILE_H
#define KIBITZ_KERX_EGDB_FILE_H

#include <stddef.h>
#include <stdint.h>

enum { KERX_EGDB_VERSION = 1 };

struct kerx_egdb_counts {
    uint64_t positions, won, lost, drawn, holes; /* won/lost: for the mover */
    int max_remoteness;
};

struct kerx_egdb_file {
    const uint8_t *values[2]; /* tier (a, b), tier (b, a) (NULL when a == b) */
    uint64_t count[2];
    struct kerx_egdb_counts counts;
    void *map;
    size_t bytes;
};

/* Add one tier's values to counts. */
void kerx_egdb_count(struct kerx_egdb_counts *c, const uint8_t *values, uint64_t n);

/* Write the pair's file. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int kerx_egdb_file_write(const char *path, int size, int drawat, int a, int b,
                         const uint8_t *v0, uint64_t n0, const uint8_t *v1, uint64_t n1,
                         char *err);

/* Open and verify; n0, n1 are the tier sizes the index expects. */
int kerx_egdb_file_open(struct kerx_egdb_file *f, const char *path, int size, int drawat,
                        int a, int b, uint64_t n0, uint64_t n1, char *err);
void kerx_egdb_file_close(struct kerx_egdb_file *f);

/* Recompute both checksums of the file image `file` (`bytes` long) to match
 * its contents, for tests and fuzz targets (which must reach the checks
 * behind the checksums: these catch accidents, not tampering). -1 when
 * shorter than a header. */
int kerx_egdb_file_reseal(void *file, size_t bytes);

#endif
