/* Kerx mover-table files (kerx_movers_file.h): write, open (mmap; header,
 * length and block table checked), and check each block on first touch. */
#include "games/kerx/kerx_movers_file.h"
#include "engine/game.h"
#include "engine/output_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <xxhash.h>

/* The header's words, in file order. */
enum {
    W_MAGIC,
    W_VERSION,
    W_ENDIAN,
    W_SIZE,
    W_M,
    W_CELLS,
    W_COUNT,
    W_SHIFT,
    W_BLOCKS,
    W_TABLE_HASH,
    W_HEADER_HASH,
    WORDS = KERX_MOVERS_HEADER_BYTES / 8
};

static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'K', 'M'};
#define ENDIAN_MARK UINT64_C(0x0102030405060708)

/* Why a block was found bad (kerx_movers_file_failed says it). */
enum { BAD_CHECKSUM = 1, BAD_SETS = 2 };

void kerx_movers_path(const char *folder, int m, char *buf, size_t n) {
    snprintf(buf, n, "%s/movers-%d.kmv", folder, m);
}

static uint64_t blocks_of(uint64_t count, unsigned shift) {
    return (count >> shift) + ((count & ((UINT64_C(1) << shift) - 1)) != 0);
}

/* Bytes of the sets and their symmetry bits, padded to 8. */
static uint64_t data_bytes(uint64_t count) {
    return (10 * count + 7) & ~UINT64_C(7);
}

static uint64_t header_hash(const uint64_t *h) {
    uint64_t copy[WORDS];
    memcpy(copy, h, sizeof copy);
    copy[W_HEADER_HASH] = 0;
    return XXH3_64bits(copy, sizeof copy);
}

/* The checksum of block b: its sets, then their symmetry bits. */
static uint64_t block_hash(const uint64_t *mask, const uint16_t *fix, uint64_t count,
                           unsigned shift, uint64_t b) {
    uint64_t lo = b << shift, len = UINT64_C(1) << shift;
    if (len > count - lo) len = count - lo;
    return XXH3_64bits_withSeed(fix + lo, 2 * len, XXH3_64bits(mask + lo, 8 * len));
}

/* Every block's checksum into table (blocks of them). */
static void hash_blocks(const uint64_t *mask, const uint16_t *fix, uint64_t count,
                        unsigned shift, uint64_t *table) {
    for (uint64_t b = 0; b < blocks_of(count, shift); b++)
        table[b] = block_hash(mask, fix, count, shift, b);
}

int kerx_movers_file_write(const char *path, const struct kerx_movers *mv, int shift,
                           char *err) {
    unsigned s = shift >= 4 && shift <= 30 ? (unsigned)shift : KERX_MOVERS_BLOCK_SHIFT;
    uint64_t n = mv->count, blocks = blocks_of(n, s);
    uint64_t h[WORDS] = {0};
    uint64_t *table = malloc((blocks ? blocks : 1) * sizeof *table);
    if (!table) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    hash_blocks(mv->mask, mv->fix, n, s, table);
    memcpy(&h[W_MAGIC], MAGIC, 8);
    h[W_VERSION] = KERX_MOVERS_VERSION;
    h[W_ENDIAN] = ENDIAN_MARK;
    h[W_SIZE] = (uint64_t)mv->size;
    h[W_M] = (uint64_t)mv->m;
    h[W_CELLS] = (uint64_t)mv->cells;
    h[W_COUNT] = n;
    h[W_SHIFT] = s;
    h[W_BLOCKS] = blocks;
    h[W_TABLE_HASH] = XXH3_64bits(table, 8 * blocks);
    h[W_HEADER_HASH] = header_hash(h);
    static const uint8_t zero[8];
    struct output_file out;
    if (output_file_begin(&out, path, err, GAME_ERROR_BYTES) != 0) {
        free(table);
        return -1;
    }
    output_file_remove_stale(path); /* of killed builds */
    bool ok =
        fwrite(h, sizeof h, 1, out.file) == 1 && fwrite(mv->mask, 8, n, out.file) == n &&
        fwrite(mv->fix, 2, n, out.file) == n &&
        fwrite(zero, 1, data_bytes(n) - 10 * n, out.file) == data_bytes(n) - 10 * n &&
        fwrite(table, 8, blocks, out.file) == blocks;
    free(table);
    if (!ok) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", out.temp,
                 strerror(errno ? errno : EIO));
        output_file_abort(&out);
        return -1;
    }
    return output_file_commit(&out, err, GAME_ERROR_BYTES);
}

static bool mapped_block_check(const struct kerx_movers *mv, uint64_t block);

static int refuse(struct kerx_movers_file *f, char *err, const char *path,
                  const char *why) {
    kerx_file_refusal(err, path, why);
    kerx_movers_file_close(f);
    return -1;
}

int kerx_movers_file_open(struct kerx_movers_file *f, const char *path, int size, int m,
                          char *err) {
    memset(f, 0, sizeof *f);
    kerx_binom_init();
    const struct kerx_sym *sym = kerx_sym_of(size);
    if (!sym || m < 1 || m > KERX_EGDB_MAX_SIDE || m > sym->cells) {
        char why[80];
        snprintf(why, sizeof why, "no mover table of %d pieces on size %d", m, size);
        kerx_file_refusal(err, path, why);
        return -1;
    }
    void *map;
    if (kerx_pair_file_map(path, KERX_MOVERS_HEADER_BYTES, "mover table", &map, &f->bytes,
                           err) != 0)
        return -1;
    f->map = map;
    uint64_t h[WORDS];
    memcpy(h, map, sizeof h);
    char why[160];
    if (memcmp(&h[W_MAGIC], MAGIC, 8) != 0)
        return refuse(f, err, path, "not a Kerx mover table");
    if (h[W_ENDIAN] != ENDIAN_MARK)
        return refuse(f, err, path, "written on another byte order");
    if (h[W_VERSION] != KERX_MOVERS_VERSION) {
        snprintf(why, sizeof why, "format version %" PRIu64 ", this program reads %d",
                 h[W_VERSION], KERX_MOVERS_VERSION);
        return refuse(f, err, path, why);
    }
    if (header_hash(h) != h[W_HEADER_HASH])
        return refuse(f, err, path, "corrupt header (checksum mismatch)");
    if (h[W_SIZE] != (uint64_t)size || h[W_M] != (uint64_t)m ||
        h[W_CELLS] != (uint64_t)sym->cells) {
        snprintf(why, sizeof why,
                 "holds the sets of %" PRIu64 " pieces on size %" PRIu64
                 ", not %d pieces on size %d",
                 h[W_M], h[W_SIZE], m, size);
        return refuse(f, err, path, why);
    }
    /* A board has at least C(cells, m) / 12 canonical m-sets (orbits of at
     * most 12 sets) and at most C(cells, m). */
    uint64_t n = h[W_COUNT], all = kerx_binom(sym->cells, m);
    if (n < (all + 11) / 12 || n > all || n > UINT32_MAX || h[W_SHIFT] < 4 ||
        h[W_SHIFT] > 30 || h[W_BLOCKS] != blocks_of(n, (unsigned)h[W_SHIFT]))
        return refuse(f, err, path, "corrupt header (bad count or block size)");
    uint64_t table_at = KERX_MOVERS_HEADER_BYTES + data_bytes(n);
    if (f->bytes != table_at + 8 * h[W_BLOCKS])
        return refuse(f, err, path, "truncated or padded (wrong file length)");
    f->blocks = h[W_BLOCKS];
    f->block_hash = (const uint64_t *)((const uint8_t *)map + table_at);
    if (XXH3_64bits(f->block_hash, 8 * f->blocks) != h[W_TABLE_HASH])
        return refuse(f, err, path, "corrupt block table (checksum mismatch)");
    struct kerx_movers *t = &f->table;
    t->state = calloc(f->blocks, sizeof *t->state);
    f->path = strdup(path);
    if (!t->state || !f->path) return refuse(f, err, path, "out of memory");
    t->size = size;
    t->m = m;
    t->cells = sym->cells;
    t->count = (uint32_t)n;
    t->mask = (uint64_t *)((uint8_t *)map + KERX_MOVERS_HEADER_BYTES);
    t->fix = (uint16_t *)((uint8_t *)map + KERX_MOVERS_HEADER_BYTES + 8 * n);
    t->shift = (int)h[W_SHIFT];
    t->check_block = mapped_block_check;
    return 0;
}

void kerx_movers_file_close(struct kerx_movers_file *f) {
    if (f->map) munmap(f->map, f->bytes);
    free((void *)f->table.state);
    free(f->path);
    memset(f, 0, sizeof *f);
}

/* 0 when block b holds what a table holds (its checksum, then ascending
 * m-sets of the board, each fixed by the identity), else BAD_*. */
static int block_fault(const struct kerx_movers_file *f, uint64_t b) {
    const struct kerx_movers *t = &f->table;
    uint64_t lo = b << t->shift, len = UINT64_C(1) << t->shift;
    if (len > t->count - lo) len = t->count - lo;
    uint64_t want;
    memcpy(&want, f->block_hash + b, 8);
    if (block_hash(t->mask, t->fix, t->count, (unsigned)t->shift, b) != want)
        return BAD_CHECKSUM;
    uint64_t board = (UINT64_C(1) << t->cells) - 1; /* cells < 64 on sizes 3..5 */
    for (uint64_t i = lo; i < lo + len; i++)
        if (__builtin_popcountll(t->mask[i]) != t->m || (t->mask[i] & ~board) ||
            (i > lo && t->mask[i - 1] >= t->mask[i]) || !(t->fix[i] & 1))
            return BAD_SETS;
    return 0;
}

/* Every block bad, so that the table answers nothing more. */
static void give_up(struct kerx_movers_file *f, uint64_t block, int why) {
    uint64_t none = 0;
    if (atomic_compare_exchange_strong(&f->bad_block, &none,
                                       (block + 1) << 2 | (uint64_t)why))
        for (uint64_t b = 0; b < f->blocks; b++)
            atomic_store_explicit(&f->table.state[b], KERX_BLOCK_BAD,
                                  memory_order_release);
}

/* check_block of a mapped table (kerx_movers_check calls it once a block). */
static bool mapped_block_check(const struct kerx_movers *mv, uint64_t block) {
    /* A mapped table is the `table` of its file. The file is shared by the
     * probing threads; only its atomics change (the object is not const). */
    struct kerx_movers_file *f =
        (struct kerx_movers_file *)((char *)mv -
                                    offsetof(struct kerx_movers_file, table));
    int fault = block_fault(f, block);
    if (fault) give_up(f, block, fault);
    return !fault;
}

int kerx_movers_file_failed(const struct kerx_movers_file *f, char *err) {
    uint64_t bad = atomic_load(&((struct kerx_movers_file *)f)->bad_block);
    if (!f->map || !bad) return 0;
    size_t len = strlen(f->path);
    snprintf(err, GAME_ERROR_BYTES, "%s%s: corrupt block %" PRIu64 " of %" PRIu64 " (%s)",
             len > 64 ? "..." : "", len > 64 ? f->path + len - 61 : f->path,
             (bad >> 2) - 1, f->blocks,
             (bad & 3) == BAD_CHECKSUM ? "checksum mismatch"
                                       : "sets out of order or of another size");
    return -1;
}

int kerx_movers_file_verify(const struct kerx_movers_file *f, char *err) {
    for (uint64_t b = 0; b < f->blocks; b++)
        if (!kerx_movers_ready(&f->table, b << f->table.shift)) break;
    return kerx_movers_file_failed(f, err);
}

long kerx_movers_file_verify_all(const char *path, uint64_t *parts,
                                 void (*damaged)(void *ctx, const char *what),
                                 void *ctx) {
    *parts = 0;
    /* The file's own header says which table it is; opening checks that
     * header, the length and the block table. */
    uint64_t h[WORDS];
    if (!kerx_verify_header(path, h, sizeof h, "mover table", damaged, ctx)) return 1;
    struct kerx_movers_file f;
    char err[GAME_ERROR_BYTES], what[GAME_ERROR_BYTES];
    int size = h[W_SIZE] <= 64 ? (int)h[W_SIZE] : 0, m = h[W_M] <= 64 ? (int)h[W_M] : 0;
    if (kerx_movers_file_open(&f, path, size, m, err) != 0) {
        damaged(ctx, err);
        return 1;
    }
    long bad = 0;
    *parts = f.blocks;
    for (uint64_t b = 0; b < f.blocks; b++) {
        int fault = block_fault(&f, b);
        if (!fault) continue;
        snprintf(what, sizeof what,
                 "block %" PRIu64 " of %" PRIu64 " (sets %" PRIu64 "..): %s", b, f.blocks,
                 b << f.table.shift,
                 fault == BAD_CHECKSUM ? "corrupt"
                                       : "sets out of order or of another size");
        damaged(ctx, what);
        bad++;
    }
    kerx_movers_file_close(&f);
    return bad;
}

int kerx_movers_file_reseal(void *file, size_t bytes) {
    if (bytes < KERX_MOVERS_HEADER_BYTES) return -1;
    uint64_t h[WORDS];
    memcpy(h, file, sizeof h);
    uint8_t *data = (uint8_t *)file + KERX_MOVERS_HEADER_BYTES;
    uint64_t rest = bytes - KERX_MOVERS_HEADER_BYTES, n = h[W_COUNT];
    uint64_t table_at = 0, table_bytes = rest;
    /* The table where the header's count puts it, when it fits; else every
     * byte after the header is table. The sets are copied out: the image
     * need not be aligned. */
    if (n <= rest / 10 && h[W_SHIFT] >= 4 && h[W_SHIFT] <= 30 &&
        h[W_BLOCKS] == blocks_of(n, (unsigned)h[W_SHIFT]) && data_bytes(n) <= rest &&
        h[W_BLOCKS] <= (rest - data_bytes(n)) / 8) {
        uint64_t *mask = malloc(8 * n + 1), *table = malloc(8 * h[W_BLOCKS] + 1);
        uint16_t *fix = malloc(2 * n + 1);
        if (mask && fix && table) {
            memcpy(mask, data, 8 * n);
            memcpy(fix, data + 8 * n, 2 * n);
            hash_blocks(mask, fix, n, (unsigned)h[W_SHIFT], table);
            table_at = data_bytes(n);
            table_bytes = 8 * h[W_BLOCKS];
            memcpy(data + table_at, table, table_bytes);
        }
        free(mask);
        free(fix);
        free(table);
    }
    h[W_TABLE_HASH] = XXH3_64bits(data + table_at, table_bytes);
    h[W_HEADER_HASH] = header_hash(h);
    memcpy(file, h, sizeof h);
    return 0;
}
