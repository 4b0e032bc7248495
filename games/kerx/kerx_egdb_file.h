/*
 * kerx_egdb_file.h - the file of one Kerx endgame tier pair (kerx_egdb.h):
 * the values of tier (a, b) then of tier (b, a) (a >= b; one tier when
 * a == b), one byte a position (kerx_egdb.h, "Values").
 *
 * Layout (format version 2, little-endian; docs/DATABASES.md): a 256-byte
 * header (magic "KIBITZKX", version, board size, drawat, a, b, both tier
 * sizes, counts, the block size, XXH3-64 of the header and of the block
 * table), then the values, then the block table: the XXH3-64 of every
 * block of 2^shift values (the last one shorter). Version 1 (still read)
 * has no block table; its header holds one XXH3-64 of all the values.
 * Written to "<path>.tmp.<pid>" and renamed into place when complete, so a
 * file at the final path is never half-written.
 *
 * Reading is memory-mapped and lazy, so that a query on a set of several
 * GB reads only the pages it needs: opening reads the header and the block
 * table only, and refuses, naming the problem, anything that is not a
 * regular file or not such a file, another format version, another size,
 * drawat or material, a truncated file, a corrupt header or block table.
 * Each block is checked the first time a value in it is read
 * (kerx_egdb_file_ready), by whichever thread gets there first while the
 * others wait for its verdict; a version 1 file is one block (checked whole
 * on its first read). A bad block marks every block of the file bad: the
 * file then answers nothing more (its positions read as not held) and
 * kerx_egdb_file_failed names it and the block, so a caller never uses a
 * value of a damaged file and can say why it stopped.
 */
#ifndef KIBITZ_KERX_EGDB_FILE_H
#define KIBITZ_KERX_EGDB_FILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One position's value, one byte (kerx_egdb.h says what they mean): a
 * draw, a remoteness plus one up to KERX_EG_MAX_BYTE, or a hole. */
enum {
    KERX_EG_DRAW = 0,
    KERX_EG_MAX_BYTE = 254, /* remoteness 253 at most */
    KERX_EG_HOLE = 255,
};

enum {
    KERX_EGDB_VERSION = 2,     /* written; version 1 is still read */
    KERX_EGDB_BLOCK_SHIFT = 18 /* 256 KiB blocks (results/databases.md: measured) */
};

/* A block's state: not checked yet, being checked, good, bad. */
enum { KERX_BLOCK_NEW, KERX_BLOCK_CHECKING, KERX_BLOCK_GOOD, KERX_BLOCK_BAD };

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
    int version;
    int shift;                    /* value i is in block i >> shift */
    uint64_t blocks;              /* version 1: one */
    const uint8_t *block_hash;    /* version 2: the table in the map */
    uint64_t whole_hash;          /* version 1: of all the values */
    _Atomic unsigned char *state; /* per block, KERX_BLOCK_* */
    _Atomic uint64_t bad_block;   /* the first bad block + 1, or 0 */
    char *path;
};

/* Add one tier's values to counts. */
void kerx_egdb_count(struct kerx_egdb_counts *c, const uint8_t *values, uint64_t n);

/* Write the pair's file. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int kerx_egdb_file_write(const char *path, int size, int drawat, int a, int b,
                         const uint8_t *v0, uint64_t n0, const uint8_t *v1, uint64_t n1,
                         char *err);

/* The same written piece by piece (values in file order, in any number of
 * pieces), for a pair whose values are never in one place: begin, add,
 * then end (keep false: give up and remove the temporary file). Each
 * returns 0, or -1 with err; end frees the writer. */
struct kerx_egdb_writer;
int kerx_egdb_writer_begin(struct kerx_egdb_writer **w, const char *path, int size,
                           int drawat, int a, int b, uint64_t n0, uint64_t n1, char *err);
int kerx_egdb_writer_add(struct kerx_egdb_writer *w, const uint8_t *values, uint64_t n,
                         char *err);
int kerx_egdb_writer_end(struct kerx_egdb_writer *w, bool keep, char *err);

/* For tests: the block size (2^shift values, shift 8..30) of the files
 * written from now on by this process; 0 restores the default. */
void kerx_egdb_file_set_block_shift(int shift);

/* Write all `n` bytes at `p` to `fd` (in pieces of at most 1 GiB, again
 * after EINTR): 0, or -1 with errno set. Shared with kerx_wdl_file.c. */
int kerx_pair_write_all(int fd, const void *p, uint64_t n);
/* `path` mapped read-only for probes at random places (shared by the pair
 * files of kerx_egdb_file.h and kerx_wdl_file.h): a regular file of at
 * least `header_bytes` (else "not a Kerx <kind> (too short ...)"), never
 * blocking on a FIFO. 0, or -1 with err (GAME_ERROR_BYTES). */
int kerx_pair_file_map(const char *path, size_t header_bytes, const char *kind,
                       void **map, size_t *bytes, char *err);
/* The message refusing the file at `path` for `why` into err
 * (GAME_ERROR_BYTES): "<path>: <why>", a long path cut to its end (which
 * names the file). Shared by the Kerx file readers. */
void kerx_file_refusal(char *err, const char *path, const char *why);
/* Open (header and block table verified; no value read); n0, n1 are the
 * tier sizes the index expects, or KERX_EGDB_ANY to take the header's (the
 * caller then compares them with the index before reading: see
 * kerx_egdb_file_reject). 0, or -1 with err. */
#define KERX_EGDB_ANY UINT64_MAX
int kerx_egdb_file_open(struct kerx_egdb_file *f, const char *path, int size, int drawat,
                        int a, int b, uint64_t n0, uint64_t n1, char *err);
void kerx_egdb_file_close(struct kerx_egdb_file *f);

/* Check block b now (the slow path of kerx_egdb_file_ready): true when
 * good. Thread-safe. */
bool kerx_egdb_file_check(const struct kerx_egdb_file *f, uint64_t block);

/* True when value `at` (counted from the first value of the file) may be
 * read: its block is good, checked now if it was not yet. Thread-safe. */
static inline bool kerx_egdb_file_ready(const struct kerx_egdb_file *f, uint64_t at) {
    uint64_t b = at >> f->shift;
    if (__builtin_expect(atomic_load_explicit(&f->state[b], memory_order_acquire) ==
                             KERX_BLOCK_GOOD,
                         1))
        return true;
    return kerx_egdb_file_check(f, b);
}

/* Give up the whole file (its tier sizes do not match the index): every
 * later read is refused, and kerx_egdb_file_failed says why. Thread-safe. */
void kerx_egdb_file_reject(const struct kerx_egdb_file *f);

/* 0, or -1 with err naming the file and its bad block when one was met. */
int kerx_egdb_file_failed(const struct kerx_egdb_file *f, char *err);

/* For `kibitz verify`: check the pair file at `path` whole, whatever its
 * variant and material (its header says): header, length, block table,
 * then every block, calling `damaged` with one line for each damaged part
 * (a file that does not open is one). Returns how many; *parts: the blocks
 * checked. */
long kerx_egdb_file_verify_all(const char *path, uint64_t *parts,
                               void (*damaged)(void *ctx, const char *what), void *ctx);

/* For the two verify_all functions: the first `n` bytes of `path` (a pair
 * file's header) into `header`; false, after one `damaged` line naming the
 * file as not a Kerx `kind` (too short), when they are not there. */
bool kerx_verify_header(const char *path, void *header, size_t n, const char *kind,
                        void (*damaged)(void *ctx, const char *what), void *ctx);

/* Check every block now (reads the whole file). 0, or -1 with err. */
int kerx_egdb_file_verify(const struct kerx_egdb_file *f, char *err);

/* Rewrite an open version 1 file in the current format, in place
 * (temporary file, then rename): its values are checked against the old
 * checksum while they are copied, and nothing is renamed unless they
 * match. The open file still maps the old one: close and open it again.
 * 0, or -1 with err. */
int kerx_egdb_file_upgrade(const struct kerx_egdb_file *f, int size, int drawat, int a,
                           int b, char *err);

/* Recompute the checksums of the file image `file` (`bytes` long) to match
 * its contents (version 2: the header's, the block table's and every
 * block's, when the table fits; version 1: the header's and the values'),
 * for tests and fuzz targets (which must reach the checks behind the
 * checksums: these catch accidents, not tampering). -1 when shorter than a
 * header. */
int kerx_egdb_file_reseal(void *file, size_t bytes);

#endif
