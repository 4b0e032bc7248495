#define _DEFAULT_SOURCE /* madvise: MADV_RANDOM, MADV_DONTNEED */
/* Kerx endgame tier-pair files: write (temporary name, then rename), open
 * (mmap; header and block table verified), check each block of values on
 * its first read, and upgrade version 1 files. */
#include "games/kerx/kerx_egdb_file.h"
#include "engine/game.h"
#include "engine/output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

enum { HEADER_BYTES = 256, ENDIAN_MARK = 0x01020304 };
static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'K', 'X'};

struct header {
    char magic[8];
    uint32_t version, endian;
    uint32_t size, drawat, a, b;
    uint64_t count[2];
    uint64_t positions, won, lost, drawn, holes, max_remoteness;
    uint64_t payload_hash; /* version 1: XXH3-64 of the values; 2: of the table */
    uint64_t header_hash;  /* XXH3-64 of the header with this field 0 */
    uint32_t block_shift;  /* version 2: blocks of 2^block_shift values */
    uint32_t reserved;     /* 0 */
    uint64_t blocks;       /* version 2: entries of the block table */
    unsigned char pad[HEADER_BYTES - 8 - 6 * 4 - 10 * 8 - 16];
};
_Static_assert(sizeof(struct header) == HEADER_BYTES, "header is 256 bytes");

void kerx_egdb_count(struct kerx_egdb_counts *c, const uint8_t *values, uint64_t n) {
    uint64_t hist[256] = {0};
    for (uint64_t i = 0; i < n; i++) hist[values[i]]++;
    for (int b = 0; b < 256; b++) {
        if (!hist[b]) continue;
        if (b == KERX_EG_HOLE) {
            c->holes += hist[b];
            continue;
        }
        c->positions += hist[b];
        if (b == KERX_EG_DRAW) {
            c->drawn += hist[b];
            continue;
        }
        int r = b - 1;
        if (r & 1)
            c->won += hist[b];
        else
            c->lost += hist[b];
        if (r > c->max_remoteness) c->max_remoteness = r;
    }
}

int kerx_pair_write_all(int fd, const void *p, uint64_t n) {
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n > (1u << 30) ? (1u << 30) : (size_t)n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        c += w;
        n -= (uint64_t)w;
    }
    return 0;
}

static int block_shift_setting; /* 0: KERX_EGDB_BLOCK_SHIFT */

void kerx_egdb_file_set_block_shift(int shift) {
    block_shift_setting = shift >= 8 && shift <= 30 ? shift : 0;
}

struct kerx_egdb_writer {
    struct header h;
    struct kerx_egdb_counts c;
    XXH3_state_t *hash; /* of the block being written */
    uint64_t in_block;  /* its values so far */
    uint64_t *table;    /* the finished blocks' checksums */
    uint64_t blocks, table_room;
    struct output_file out; /* engine/output_file.h: checked, atomic */
    int fd;                 /* out.file's, written directly */
    const char *temp;       /* out.temp, for messages */
};

int kerx_egdb_writer_begin(struct kerx_egdb_writer **out, const char *path, int size,
                           int drawat, int a, int b, uint64_t n0, uint64_t n1,
                           char *err) {
    struct kerx_egdb_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->hash = XXH3_createState())) {
        free(w);
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    memcpy(w->h.magic, MAGIC, sizeof MAGIC);
    w->h.version = KERX_EGDB_VERSION;
    w->h.block_shift =
        (uint32_t)(block_shift_setting ? block_shift_setting : KERX_EGDB_BLOCK_SHIFT);
    w->h.endian = ENDIAN_MARK;
    w->h.size = (uint32_t)size;
    w->h.drawat = (uint32_t)drawat;
    w->h.a = (uint32_t)a;
    w->h.b = (uint32_t)b;
    w->h.count[0] = n0;
    w->h.count[1] = n1;
    XXH3_64bits_reset(w->hash);
    struct header blank = {0};
    bool open = output_file_begin(&w->out, path, err, GAME_ERROR_BYTES) == 0;
    if (open) output_file_remove_stale(path); /* of killed builds */
    w->fd = open ? fileno(w->out.file) : -1;
    w->temp = w->out.temp;
    if (!open || kerx_pair_write_all(w->fd, &blank, sizeof blank) != 0) {
        if (open)
            snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                     strerror(errno));
        output_file_abort(&w->out);
        XXH3_freeState(w->hash);
        free(w);
        return -1;
    }
    *out = w;
    return 0;
}

/* Close the block being written: its checksum goes to the table. */
static int end_block(struct kerx_egdb_writer *w) {
    if (w->blocks == w->table_room) {
        uint64_t room = w->table_room ? 2 * w->table_room : 1024;
        uint64_t *t = realloc(w->table, room * sizeof *t);
        if (!t) return -1;
        w->table = t;
        w->table_room = room;
    }
    w->table[w->blocks++] = XXH3_64bits_digest(w->hash);
    XXH3_64bits_reset(w->hash);
    w->in_block = 0;
    return 0;
}

int kerx_egdb_writer_add(struct kerx_egdb_writer *w, const uint8_t *values, uint64_t n,
                         char *err) {
    kerx_egdb_count(&w->c, values, n);
    uint64_t block = UINT64_C(1) << w->h.block_shift;
    for (uint64_t done = 0; done < n;) {
        uint64_t take = block - w->in_block;
        if (take > n - done) take = n - done;
        XXH3_64bits_update(w->hash, values + done, take);
        w->in_block += take;
        done += take;
        if (w->in_block == block && end_block(w) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory");
            return -1;
        }
    }
    if (kerx_pair_write_all(w->fd, values, n) == 0) return 0;
    snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp, strerror(errno));
    return -1;
}

int kerx_egdb_writer_end(struct kerx_egdb_writer *w, bool keep, char *err) {
    int status = -1;
    if (keep && w->in_block && end_block(w) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        keep = false;
    }
    if (keep && kerx_pair_write_all(w->fd, w->table, w->blocks * sizeof *w->table) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                 strerror(errno));
        keep = false;
    }
    if (keep) {
        struct header *h = &w->h;
        h->positions = w->c.positions;
        h->won = w->c.won;
        h->lost = w->c.lost;
        h->drawn = w->c.drawn;
        h->holes = w->c.holes;
        h->max_remoteness = (uint64_t)w->c.max_remoteness;
        h->blocks = w->blocks;
        h->payload_hash = XXH3_64bits(w->table, w->blocks * sizeof *w->table);
        h->header_hash = XXH3_64bits(h, sizeof *h);
        if (pwrite(w->fd, h, sizeof *h, 0) != (ssize_t)sizeof *h)
            snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                     strerror(errno));
        else
            status = 0;
    }
    if (status == 0)
        status = output_file_commit(&w->out, err, GAME_ERROR_BYTES);
    else
        output_file_abort(&w->out);
    XXH3_freeState(w->hash);
    free(w->table);
    free(w);
    return status;
}

int kerx_egdb_file_write(const char *path, int size, int drawat, int a, int b,
                         const uint8_t *v0, uint64_t n0, const uint8_t *v1, uint64_t n1,
                         char *err) {
    struct kerx_egdb_writer *w;
    if (kerx_egdb_writer_begin(&w, path, size, drawat, a, b, n0, n1, err) != 0) return -1;
    bool ok = kerx_egdb_writer_add(w, v0, n0, err) == 0 &&
              (!n1 || kerx_egdb_writer_add(w, v1, n1, err) == 0);
    return kerx_egdb_writer_end(w, ok, err) == 0 && ok ? 0 : -1;
}

/* The blocks of n values in blocks of 2^shift. */
static uint64_t blocks_of(uint64_t n, unsigned shift) {
    return (n >> shift) + ((n & ((UINT64_C(1) << shift) - 1)) != 0);
}

static bool shift_ok(uint32_t shift) {
    return shift >= 8 && shift <= 40;
}

int kerx_egdb_file_reseal(void *file, size_t bytes) {
    if (bytes < HEADER_BYTES) return -1;
    struct header h;
    memcpy(&h, file, sizeof h);
    unsigned char *values = (unsigned char *)file + HEADER_BYTES;
    size_t rest = bytes - HEADER_BYTES;
    if (h.version == 1) {
        h.payload_hash = XXH3_64bits(values, rest);
    } else {
        /* The values are what the header's counts say, when they fit with a
         * table behind them; else every byte after the header is table. */
        uint64_t n = h.count[0] + h.count[1], table_at = 0, table_bytes = rest;
        if (shift_ok(h.block_shift) && h.count[0] <= rest &&
            h.count[1] <= rest - h.count[0] && h.blocks == blocks_of(n, h.block_shift) &&
            h.blocks <= (rest - n) / 8) {
            table_at = n;
            table_bytes = 8 * h.blocks;
            for (uint64_t b = 0; b < h.blocks; b++) {
                uint64_t lo = b << h.block_shift, len = UINT64_C(1) << h.block_shift;
                if (len > n - lo) len = n - lo;
                uint64_t x = XXH3_64bits(values + lo, len);
                memcpy(values + n + 8 * b, &x, 8);
            }
        }
        h.payload_hash = XXH3_64bits(values + table_at, table_bytes);
    }
    h.header_hash = 0;
    h.header_hash = XXH3_64bits(&h, sizeof h);
    memcpy(file, &h, sizeof h);
    return 0;
}

void kerx_file_refusal(char *err, const char *path, const char *why) {
    /* The end of a long path names the file: keep that. */
    size_t len = strlen(path);
    const char *tail = len > 64 ? path + len - 61 : path;
    snprintf(err, GAME_ERROR_BYTES, "%s%s: %.90s", tail == path ? "" : "...", tail, why);
}

static int refuse(struct kerx_egdb_file *f, char *err, const char *path,
                  const char *why) {
    kerx_file_refusal(err, path, why);
    kerx_egdb_file_close(f);
    return -1;
}

/* Ask for bytes [p, p + n) of a mapping in one read: the map is
 * MADV_RANDOM (probes land anywhere), but a block is checked whole. */
static void will_need(const void *p, uint64_t n) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo = (uintptr_t)p & ~(page - 1);
    madvise((void *)lo, (uintptr_t)p + n - lo, MADV_WILLNEED);
}

/* The name of f for messages: its path, or its end when long. */
static const char *name_of(const struct kerx_egdb_file *f, char *buf, size_t n) {
    size_t len = strlen(f->path);
    if (len <= 64) return f->path;
    snprintf(buf, n, "...%s", f->path + len - 61);
    return buf;
}

/* Every block bad, so that the file answers nothing more. */
static void give_up(struct kerx_egdb_file *f, uint64_t why) {
    uint64_t none = 0;
    atomic_compare_exchange_strong(&f->bad_block, &none, why);
    for (uint64_t b = 0; b < f->blocks; b++)
        atomic_store_explicit(&f->state[b], KERX_BLOCK_BAD, memory_order_release);
}

int kerx_pair_file_map(const char *path, size_t header_bytes, const char *kind,
                       void **map, size_t *bytes, char *err) {
    /* O_NONBLOCK: a FIFO in the file's place must not hang the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot open %.90s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        close(fd);
        snprintf(err, GAME_ERROR_BYTES, "%.90s: not a regular file", path);
        return -1;
    }
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < header_bytes) {
        close(fd);
        snprintf(err, GAME_ERROR_BYTES, "%.90s: not a Kerx %.24s (too short: truncated?)",
                 path, kind);
        return -1;
    }
    *bytes = (size_t)st.st_size;
    *map = mmap(NULL, *bytes, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (*map == MAP_FAILED) {
        snprintf(err, GAME_ERROR_BYTES, "cannot map %.90s: %s", path, strerror(errno));
        return -1;
    }
    /* Values are read where the probes land, not in order. */
    madvise(*map, *bytes, MADV_RANDOM);
    return 0;
}

int kerx_egdb_file_open(struct kerx_egdb_file *f, const char *path, int size, int drawat,
                        int a, int b, uint64_t n0, uint64_t n1, char *err) {
    memset(f, 0, sizeof *f);
    void *map;
    if (kerx_pair_file_map(path, HEADER_BYTES, "endgame database", &map, &f->bytes, err))
        return -1;
    f->map = map;
    struct header h;
    memcpy(&h, map, sizeof h);
    if (memcmp(h.magic, MAGIC, sizeof MAGIC) != 0)
        return refuse(f, err, path, "not a Kerx endgame database");
    if (h.endian != ENDIAN_MARK)
        return refuse(f, err, path, "written on another byte order");
    if (h.version != 1 && h.version != KERX_EGDB_VERSION) {
        char why[96];
        snprintf(why, sizeof why, "format version %u, this program reads 1 and %d",
                 h.version, KERX_EGDB_VERSION);
        return refuse(f, err, path, why);
    }
    uint64_t saved = h.header_hash;
    h.header_hash = 0;
    if (XXH3_64bits(&h, sizeof h) != saved)
        return refuse(f, err, path, "corrupt header (checksum mismatch)");
    if ((int)h.size != size || (int)h.drawat != drawat) {
        char why[128];
        snprintf(why, sizeof why, "built for size=%u,drawat=%u, not size=%d,drawat=%d",
                 h.size, h.drawat, size, drawat);
        return refuse(f, err, path, why);
    }
    if (n0 == KERX_EGDB_ANY) { /* checked against the index later */
        n0 = h.count[0];
        n1 = h.count[1];
        if (n0 > f->bytes || n1 > f->bytes - n0 || (a == b && n1 != 0))
            return refuse(f, err, path, "truncated or padded (wrong file length)");
    }
    if ((int)h.a != a || (int)h.b != b || h.count[0] != n0 || h.count[1] != n1)
        return refuse(f, err, path, "holds another material or index layout");
    uint64_t n = n0 + n1; /* no overflow: the index's sizes, or each <= bytes */
    const uint8_t *values = (const uint8_t *)map + HEADER_BYTES;
    f->version = (int)h.version;
    if (h.version == 1) {
        if (f->bytes != HEADER_BYTES + n)
            return refuse(f, err, path, "truncated or padded (wrong file length)");
        f->shift = 63; /* one block: checked whole on the first read */
        f->blocks = 1;
        f->whole_hash = h.payload_hash;
    } else {
        if (!shift_ok(h.block_shift) || h.blocks != blocks_of(n, h.block_shift))
            return refuse(f, err, path, "corrupt header (bad block size or count)");
        if (f->bytes - HEADER_BYTES < n ||
            (f->bytes - HEADER_BYTES - n) / 8 != h.blocks ||
            (f->bytes - HEADER_BYTES - n) % 8 != 0)
            return refuse(f, err, path, "truncated or padded (wrong file length)");
        f->shift = (int)h.block_shift;
        f->blocks = h.blocks;
        f->block_hash = values + n;
        will_need(f->block_hash, 8 * h.blocks);
        if (XXH3_64bits(f->block_hash, 8 * h.blocks) != h.payload_hash)
            return refuse(f, err, path, "corrupt block table (checksum mismatch)");
    }
    f->state = calloc(f->blocks ? f->blocks : 1, sizeof *f->state);
    f->path = strdup(path);
    if (!f->state || !f->path) return refuse(f, err, path, "out of memory");
    f->values[0] = values;
    f->values[1] = n1 ? values + n0 : NULL;
    f->count[0] = n0;
    f->count[1] = n1;
    f->counts.positions = h.positions;
    f->counts.won = h.won;
    f->counts.lost = h.lost;
    f->counts.drawn = h.drawn;
    f->counts.holes = h.holes;
    f->counts.max_remoteness = (int)h.max_remoteness;
    return 0;
}

/* Does block `block` match its checksum? Reads it; changes nothing. */
static bool block_intact(const struct kerx_egdb_file *f, uint64_t block) {
    uint64_t n = f->count[0] + f->count[1], lo = block << f->shift;
    uint64_t len = f->version == 1 ? n : UINT64_C(1) << f->shift;
    if (len > n - lo) len = n - lo;
    uint64_t want = f->whole_hash;
    if (f->version != 1) memcpy(&want, f->block_hash + 8 * block, 8); /* unaligned */
    will_need(f->values[0] + lo, len);
    return XXH3_64bits(f->values[0] + lo, len) == want;
}

bool kerx_verify_header(const char *path, void *header, size_t n, const char *kind,
                        void (*damaged)(void *ctx, const char *what), void *ctx) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    ssize_t got = fd >= 0 ? pread(fd, header, n, 0) : -1;
    if (fd >= 0) close(fd);
    if (got == (ssize_t)n) return true;
    char what[GAME_ERROR_BYTES];
    snprintf(what, sizeof what, "%.100s: not a Kerx %s (too short)", path, kind);
    damaged(ctx, what);
    return false;
}

long kerx_egdb_file_verify_all(const char *path, uint64_t *parts,
                               void (*damaged)(void *ctx, const char *what), void *ctx) {
    char err[GAME_ERROR_BYTES], what[GAME_ERROR_BYTES];
    *parts = 0;
    /* The file's own header says which pair it is; opening checks that
     * header, the length and the block table. */
    struct header h;
    if (!kerx_verify_header(path, &h, sizeof h, "endgame database", damaged, ctx))
        return 1;
    struct kerx_egdb_file f;
    if (kerx_egdb_file_open(&f, path, (int)h.size, (int)h.drawat, (int)h.a, (int)h.b,
                            KERX_EGDB_ANY, KERX_EGDB_ANY, err) != 0) {
        damaged(ctx, err);
        return 1;
    }
    long bad = 0;
    *parts = f.blocks;
    for (uint64_t b = 0; b < f.blocks; b++)
        if (!block_intact(&f, b)) {
            snprintf(what, sizeof what, "block %llu of %llu (values %llu..): corrupt",
                     (unsigned long long)b, (unsigned long long)f.blocks,
                     (unsigned long long)(b << f.shift));
            damaged(ctx, what);
            bad++;
        }
    kerx_egdb_file_close(&f);
    return bad;
}

bool kerx_egdb_file_check(const struct kerx_egdb_file *cf, uint64_t block) {
    /* The handle is shared read-only by the probing threads; only the
     * atomic block states change (the object itself is not const). */
    struct kerx_egdb_file *f = (struct kerx_egdb_file *)cf;
    unsigned char state = KERX_BLOCK_NEW;
    if (!atomic_compare_exchange_strong(&f->state[block], &state, KERX_BLOCK_CHECKING)) {
        /* Another thread checks it (or has): wait for its verdict. */
        while (state == KERX_BLOCK_CHECKING) {
            sched_yield();
            state = atomic_load_explicit(&f->state[block], memory_order_acquire);
        }
        return state == KERX_BLOCK_GOOD;
    }
    if (block_intact(f, block)) {
        unsigned char checking = KERX_BLOCK_CHECKING;
        /* Fails only when another block was found bad meanwhile. */
        return atomic_compare_exchange_strong(&f->state[block], &checking,
                                              KERX_BLOCK_GOOD);
    }
    /* Stop using the whole file: a damaged block says the copy is bad. */
    give_up(f, block + 1);
    return false;
}

void kerx_egdb_file_reject(const struct kerx_egdb_file *f) {
    give_up((struct kerx_egdb_file *)f, UINT64_MAX);
}

int kerx_egdb_file_failed(const struct kerx_egdb_file *f, char *err) {
    uint64_t bad = atomic_load(&((struct kerx_egdb_file *)f)->bad_block);
    if (!f->map || !bad) return 0;
    char buf[80];
    if (bad == UINT64_MAX)
        snprintf(err, GAME_ERROR_BYTES, "%.64s: holds another material or index layout",
                 name_of(f, buf, sizeof buf));
    else if (f->version == 1)
        snprintf(err, GAME_ERROR_BYTES, "%.64s: corrupt values (checksum mismatch)",
                 name_of(f, buf, sizeof buf));
    else
        snprintf(err, GAME_ERROR_BYTES,
                 "%.64s: corrupt values in block %" PRIu64 " of %" PRIu64
                 " (checksum mismatch)",
                 name_of(f, buf, sizeof buf), bad - 1, f->blocks);
    return -1;
}

int kerx_egdb_file_verify(const struct kerx_egdb_file *f, char *err) {
    uint64_t n = f->count[0] + f->count[1];
    for (uint64_t b = 0; b < f->blocks && (b << f->shift) < n; b++)
        if (!kerx_egdb_file_ready(f, b << f->shift)) break;
    return kerx_egdb_file_failed(f, err);
}

int kerx_egdb_file_upgrade(const struct kerx_egdb_file *f, int size, int drawat, int a,
                           int b, char *err) {
    struct kerx_egdb_writer *w;
    if (kerx_egdb_writer_begin(&w, f->path, size, drawat, a, b, f->count[0], f->count[1],
                               err) != 0)
        return -1;
    XXH3_state_t *whole = XXH3_createState();
    bool ok = whole != NULL;
    if (!ok) snprintf(err, GAME_ERROR_BYTES, "out of memory");
    if (ok) XXH3_64bits_reset(whole);
    uint64_t n = f->count[0] + f->count[1];
    const uint64_t chunk = UINT64_C(1) << 26;
    long page = sysconf(_SC_PAGESIZE);
    for (uint64_t at = 0; ok && at < n; at += chunk) {
        uint64_t len = n - at < chunk ? n - at : chunk;
        XXH3_64bits_update(whole, f->values[0] + at, len);
        ok = kerx_egdb_writer_add(w, f->values[0] + at, len, err) == 0;
        /* Done with these pages: do not let a large file fill the memory. */
        uintptr_t lo = (uintptr_t)(f->values[0] + at), hi = lo + len;
        lo = (lo + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
        hi &= ~((uintptr_t)page - 1);
        if (hi > lo) madvise((void *)lo, hi - lo, MADV_DONTNEED);
    }
    if (ok && XXH3_64bits_digest(whole) != f->whole_hash) {
        char buf[80];
        snprintf(err, GAME_ERROR_BYTES, "%.64s: corrupt values (checksum mismatch)",
                 name_of(f, buf, sizeof buf));
        ok = false;
    }
    XXH3_freeState(whole);
    return kerx_egdb_writer_end(w, ok, err) == 0 && ok ? 0 : -1;
}

void kerx_egdb_file_close(struct kerx_egdb_file *f) {
    if (f->map) munmap(f->map, f->bytes);
    free((void *)f->state);
    free(f->path);
    memset(f, 0, sizeof *f);
}
