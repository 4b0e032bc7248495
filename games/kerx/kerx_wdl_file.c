#define _DEFAULT_SOURCE /* madvise */
/* Kerx win/draw/loss pair files (kerx_wdl_file.h): write block by block
 * (zlib), open (mmap; header and block table verified), and read one code,
 * checking and inflating its block on first use. */
#include "games/kerx/kerx_wdl_file.h"
#include "engine/game.h"
#include "engine/temp_files.h"
#include "games/kerx/kerx_egdb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zlib.h>

enum {
    HEADER_BYTES = 256,
    ENDIAN_MARK = 0x01020304,
    CACHE_BLOCKS = 8,
    MAX_SHIFT = 18, /* read: blocks of at most 64 KiB inflated */
};
static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'K', 'W'};

struct header {
    char magic[8];
    uint32_t version, endian;
    uint32_t size, drawat, a, b;
    uint64_t count[2];
    uint64_t positions, won, lost, drawn, skipped, holes;
    uint64_t table_hash;  /* XXH3-64 of the block table */
    uint64_t header_hash; /* XXH3-64 of the header with this field 0 */
    uint32_t block_shift; /* blocks of 2^block_shift codes */
    uint32_t reserved;    /* 0 */
    uint64_t blocks;
    uint64_t data_bytes; /* compressed blocks, between header and table */
    unsigned char pad[HEADER_BYTES - 8 - 6 * 4 - 10 * 8 - 16 - 8];
};
_Static_assert(sizeof(struct header) == HEADER_BYTES, "header is 256 bytes");

static uint64_t blocks_of(uint64_t n, unsigned shift) {
    return (n >> shift) + ((n & ((UINT64_C(1) << shift) - 1)) != 0);
}

static bool shift_ok(uint32_t shift) {
    return shift >= 4 && shift <= MAX_SHIFT;
}

/* Packed bytes of block b of a file of n codes. */
static uint64_t block_bytes(uint64_t n, unsigned shift, uint64_t b) {
    uint64_t lo = b << shift, len = UINT64_C(1) << shift;
    if (len > n - lo) len = n - lo;
    return (len + 3) / 4;
}

struct kerx_wdl_writer {
    struct header h;
    uint8_t *packed;   /* the block being filled, 4 codes a byte */
    uint64_t in_block; /* its codes so far */
    uint8_t last;      /* the code a skipped position repeats */
    uint8_t *zbuf;
    uLong zroom;
    uint64_t *offsets, *hashes; /* per finished block (offsets: blocks + 1) */
    uint64_t blocks, room;
    int fd, temp_slot;
    char path[4200], temp[4200];
};

int kerx_wdl_writer_begin(struct kerx_wdl_writer **out, const char *path, int size,
                          int drawat, int a, int b, uint64_t n0, uint64_t n1, char *err) {
    struct kerx_wdl_writer *w = calloc(1, sizeof *w);
    uint64_t block = UINT64_C(1) << KERX_WDL_BLOCK_SHIFT;
    if (w) {
        w->packed = calloc(block / 4, 1);
        w->zroom = compressBound((uLong)(block / 4));
        w->zbuf = malloc(w->zroom);
        w->offsets = calloc(1, sizeof *w->offsets);
        w->room = 0;
    }
    if (!w || !w->packed || !w->zbuf || !w->offsets) {
        if (w) free(w->packed), free(w->zbuf), free(w->offsets);
        free(w);
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    memcpy(w->h.magic, MAGIC, sizeof MAGIC);
    w->h.version = KERX_WDL_VERSION;
    w->h.endian = ENDIAN_MARK;
    w->h.size = (uint32_t)size;
    w->h.drawat = (uint32_t)drawat;
    w->h.a = (uint32_t)a;
    w->h.b = (uint32_t)b;
    w->h.count[0] = n0;
    w->h.count[1] = n1;
    w->h.block_shift = KERX_WDL_BLOCK_SHIFT;
    w->last = KERX_WDL_DRAW;
    snprintf(w->path, sizeof w->path, "%s", path);
    snprintf(w->temp, sizeof w->temp, "%s.tmp.%ld", path, (long)getpid());
    struct header blank = {0};
    w->temp_slot = temp_files_add(w->temp);
    w->fd = open(w->temp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (w->fd < 0 || kerx_pair_write_all(w->fd, &blank, sizeof blank) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                 strerror(errno));
        if (w->fd >= 0) close(w->fd);
        unlink(w->temp);
        temp_files_forget(w->temp_slot);
        free(w->packed), free(w->zbuf), free(w->offsets);
        free(w);
        return -1;
    }
    *out = w;
    return 0;
}

/* Compress and write the block being filled. */
static int end_block(struct kerx_wdl_writer *w, char *err) {
    if (w->blocks + 1 >= w->room) {
        uint64_t room = w->room ? 2 * w->room : 1024;
        uint64_t *o = realloc(w->offsets, (room + 1) * sizeof *o);
        if (o) w->offsets = o;
        uint64_t *hs = o ? realloc(w->hashes, room * sizeof *hs) : NULL;
        if (hs) w->hashes = hs;
        if (!o || !hs) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory");
            return -1;
        }
        w->room = room;
    }
    uLong len = w->zroom, src = (uLong)((w->in_block + 3) / 4);
    if (compress2(w->zbuf, &len, w->packed, src, 9) != Z_OK) {
        snprintf(err, GAME_ERROR_BYTES, "zlib could not compress a block");
        return -1;
    }
    if (kerx_pair_write_all(w->fd, w->zbuf, len) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                 strerror(errno));
        return -1;
    }
    w->hashes[w->blocks] = XXH3_64bits(w->zbuf, len);
    w->offsets[w->blocks + 1] = w->offsets[w->blocks] + len;
    w->blocks++;
    w->in_block = 0;
    memset(w->packed, 0, (UINT64_C(1) << KERX_WDL_BLOCK_SHIFT) / 4);
    return 0;
}

int kerx_wdl_writer_add(struct kerx_wdl_writer *w, const uint8_t *codes, const bool *hole,
                        uint64_t n, char *err) {
    const uint64_t block = UINT64_C(1) << KERX_WDL_BLOCK_SHIFT;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t c = codes[i] & 3;
        if (hole && hole[i])
            w->h.holes++;
        else if (c == KERX_WDL_SKIP)
            w->h.skipped++;
        else
            w->last = c;
        if (!(hole && hole[i])) {
            w->h.positions++;
            w->h.won += c == KERX_WDL_WIN;
            w->h.lost += c == KERX_WDL_LOSS;
            w->h.drawn += c == KERX_WDL_DRAW;
        }
        /* A skipped position repeats the code before it: longer runs. */
        uint8_t stored = c == KERX_WDL_SKIP ? w->last : c;
        w->packed[w->in_block >> 2] |= (uint8_t)(stored << (2 * (w->in_block & 3)));
        if (++w->in_block == block && end_block(w, err) != 0) return -1;
    }
    return 0;
}

int kerx_wdl_writer_end(struct kerx_wdl_writer *w, bool keep, char *err) {
    int status = keep ? 0 : -1;
    uint64_t n = w->h.count[0] + w->h.count[1];
    if (status == 0 && w->in_block && end_block(w, err) != 0) status = -1;
    if (status == 0 && w->blocks != blocks_of(n, KERX_WDL_BLOCK_SHIFT)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "%.90s: %" PRIu64 " blocks written, %" PRIu64 " expected", w->path,
                 w->blocks, blocks_of(n, KERX_WDL_BLOCK_SHIFT));
        status = -1;
    }
    if (status == 0) {
        /* Checked: every position counted once, skipped or stored. */
        w->h.blocks = w->blocks;
        w->h.data_bytes = w->offsets[w->blocks];
        XXH3_state_t *x = XXH3_createState();
        if (x) {
            XXH3_64bits_reset(x);
            XXH3_64bits_update(x, w->offsets, (w->blocks + 1) * 8);
            XXH3_64bits_update(x, w->hashes, w->blocks * 8);
            w->h.table_hash = XXH3_64bits_digest(x);
            XXH3_freeState(x);
        }
        w->h.header_hash = 0;
        w->h.header_hash = XXH3_64bits(&w->h, sizeof w->h);
        if (!x || kerx_pair_write_all(w->fd, w->offsets, (w->blocks + 1) * 8) != 0 ||
            kerx_pair_write_all(w->fd, w->hashes, w->blocks * 8) != 0 ||
            pwrite(w->fd, &w->h, sizeof w->h, 0) != (ssize_t)sizeof w->h) {
            snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                     strerror(errno));
            status = -1;
        }
    }
    if (close(w->fd) != 0 && status == 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->temp,
                 strerror(errno));
        status = -1;
    }
    if (status == 0 && rename(w->temp, w->path) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", w->path,
                 strerror(errno));
        status = -1;
    }
    if (status != 0) unlink(w->temp);
    temp_files_forget(w->temp_slot);
    free(w->packed), free(w->zbuf), free(w->offsets), free(w->hashes);
    free(w);
    return status;
}

/* Little-endian u64 at p (the table is not aligned in the map). */
static uint64_t load64(const uint8_t *p) {
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

static int refuse(struct kerx_wdl_file *f, char *err, const char *path, const char *why) {
    size_t len = strlen(path);
    const char *tail = len > 64 ? path + len - 61 : path;
    snprintf(err, GAME_ERROR_BYTES, "%s%s: %.90s", tail == path ? "" : "...", tail, why);
    kerx_wdl_file_close(f);
    return -1;
}

static _Atomic uint64_t next_id = 1;

int kerx_wdl_file_open(struct kerx_wdl_file *f, const char *path, int size, int drawat,
                       int a, int b, uint64_t n0, uint64_t n1, char *err) {
    memset(f, 0, sizeof *f);
    void *map;
    if (kerx_pair_file_map(path, HEADER_BYTES, "win/draw/loss file", &map, &f->bytes, err))
        return -1;
    f->map = map;
    struct header h;
    memcpy(&h, map, sizeof h);
    if (memcmp(h.magic, MAGIC, sizeof MAGIC) != 0)
        return refuse(f, err, path, "not a Kerx win/draw/loss file");
    if (h.endian != ENDIAN_MARK)
        return refuse(f, err, path, "written on another byte order");
    if (h.version != KERX_WDL_VERSION) {
        char why[96];
        snprintf(why, sizeof why, "format version %u, this program reads %d", h.version,
                 KERX_WDL_VERSION);
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
    if (n0 == KERX_EGDB_ANY) {
        n0 = h.count[0];
        n1 = h.count[1];
    }
    if ((int)h.a != a || (int)h.b != b || h.count[0] != n0 || h.count[1] != n1 ||
        (a == b && n1 != 0) || n0 > (UINT64_C(1) << 40) || n1 > (UINT64_C(1) << 40))
        return refuse(f, err, path, "holds another material or index layout");
    uint64_t n = n0 + n1;
    if (!shift_ok(h.block_shift) || h.blocks != blocks_of(n, h.block_shift))
        return refuse(f, err, path, "corrupt header (bad block size or count)");
    uint64_t rest = f->bytes - HEADER_BYTES;
    if (h.data_bytes > rest || (rest - h.data_bytes) / 16 < h.blocks ||
        rest - h.data_bytes != 16 * h.blocks + 8)
        return refuse(f, err, path, "truncated or padded (wrong file length)");
    f->shift = (int)h.block_shift;
    f->blocks = h.blocks;
    f->data = (const uint8_t *)map + HEADER_BYTES;
    f->offsets = f->data + h.data_bytes;
    f->hashes = f->offsets + 8 * (h.blocks + 1);
    XXH3_state_t *x = XXH3_createState();
    if (!x) return refuse(f, err, path, "out of memory");
    XXH3_64bits_reset(x);
    XXH3_64bits_update(x, f->offsets, 16 * h.blocks + 8);
    uint64_t table = XXH3_64bits_digest(x);
    XXH3_freeState(x);
    if (table != h.table_hash)
        return refuse(f, err, path, "corrupt block table (checksum mismatch)");
    /* Offsets rise from 0 to the data's length; no block longer than zlib
     * can make its codes (a forged table must not send reads astray). */
    if (load64(f->offsets) != 0 || load64(f->offsets + 8 * h.blocks) != h.data_bytes)
        return refuse(f, err, path, "corrupt block table (offsets)");
    for (uint64_t k = 0; k < h.blocks; k++) {
        uint64_t lo = load64(f->offsets + 8 * k), hi = load64(f->offsets + 8 * k + 8);
        if (hi < lo || hi - lo > compressBound((uLong)block_bytes(n, h.block_shift, k)))
            return refuse(f, err, path, "corrupt block table (offsets)");
    }
    f->state = calloc(h.blocks ? h.blocks : 1, sizeof *f->state);
    f->path = strdup(path);
    if (!f->state || !f->path) return refuse(f, err, path, "out of memory");
    f->count[0] = n0;
    f->count[1] = n1;
    f->counts =
        (struct kerx_wdl_counts){h.positions, h.won, h.lost, h.drawn, h.skipped, h.holes};
    f->id = atomic_fetch_add(&next_id, 1);
    return 0;
}

void kerx_wdl_file_close(struct kerx_wdl_file *f) {
    if (f->map) munmap(f->map, f->bytes);
    free((void *)f->state);
    free(f->path);
    memset(f, 0, sizeof *f);
}

static void give_up(struct kerx_wdl_file *f, uint64_t why) {
    uint64_t none = 0;
    atomic_compare_exchange_strong(&f->bad_block, &none, why);
    for (uint64_t b = 0; b < f->blocks; b++)
        atomic_store_explicit(&f->state[b], KERX_BLOCK_BAD, memory_order_release);
}

/* A thread's inflated blocks, by (file id, block); round-robin. */
struct wdl_cache {
    uint64_t id[CACHE_BLOCKS], block[CACHE_BLOCKS];
    uint8_t *codes[CACHE_BLOCKS];
    int next;
};

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_free(void *p) {
    struct wdl_cache *c = p;
    for (int i = 0; i < CACHE_BLOCKS; i++) free(c->codes[i]);
    free(c);
}

static void cache_key_make(void) {
    pthread_key_create(&cache_key, cache_free);
}

/* Inflate block b into out (its packed bytes): true when it inflates to
 * exactly that many bytes. */
static bool inflate_block(const struct kerx_wdl_file *f, uint64_t b, uint8_t *out) {
    uint64_t lo = load64(f->offsets + 8 * b), hi = load64(f->offsets + 8 * b + 8);
    uLongf want = (uLongf)block_bytes(f->count[0] + f->count[1], (unsigned)f->shift, b);
    uLongf got = want;
    return uncompress(out, &got, f->data + lo, (uLong)(hi - lo)) == Z_OK && got == want;
}

/* The block's codes from the cache, inflated (and checked, the first time)
 * when missing; NULL when the block is bad. */
static const uint8_t *block_codes(struct kerx_wdl_file *f, uint64_t b) {
    pthread_once(&cache_once, cache_key_make);
    struct wdl_cache *c = pthread_getspecific(cache_key);
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c || pthread_setspecific(cache_key, c) != 0) {
            free(c);
            return NULL;
        }
    }
    for (int i = 0; i < CACHE_BLOCKS; i++)
        if (c->codes[i] && c->id[i] == f->id && c->block[i] == b) return c->codes[i];
    int slot = c->next;
    c->next = (c->next + 1) % CACHE_BLOCKS;
    if (!c->codes[slot] && !(c->codes[slot] = malloc((UINT64_C(1) << MAX_SHIFT) / 4)))
        return NULL;
    c->id[slot] = 0;
    unsigned char state = atomic_load_explicit(&f->state[b], memory_order_acquire);
    if (state == KERX_BLOCK_GOOD) {
        if (!inflate_block(f, b, c->codes[slot])) return NULL; /* cannot happen */
    } else {
        state = KERX_BLOCK_NEW;
        if (!atomic_compare_exchange_strong(&f->state[b], &state, KERX_BLOCK_CHECKING)) {
            while (state == KERX_BLOCK_CHECKING) {
                sched_yield();
                state = atomic_load_explicit(&f->state[b], memory_order_acquire);
            }
            if (state != KERX_BLOCK_GOOD || !inflate_block(f, b, c->codes[slot]))
                return NULL;
        } else {
            uint64_t lo = load64(f->offsets + 8 * b), hi = load64(f->offsets + 8 * b + 8);
            if (XXH3_64bits(f->data + lo, hi - lo) != load64(f->hashes + 8 * b) ||
                !inflate_block(f, b, c->codes[slot])) {
                give_up(f, b + 1);
                return NULL;
            }
            unsigned char checking = KERX_BLOCK_CHECKING;
            if (!atomic_compare_exchange_strong(&f->state[b], &checking, KERX_BLOCK_GOOD))
                return NULL; /* another block was found bad meanwhile */
        }
    }
    c->id[slot] = f->id;
    c->block[slot] = b;
    return c->codes[slot];
}

int kerx_wdl_file_code(const struct kerx_wdl_file *cf, uint64_t at) {
    /* Shared read-only by the probing threads; only the atomic block states
     * change. */
    struct kerx_wdl_file *f = (struct kerx_wdl_file *)cf;
    if (at >= f->count[0] + f->count[1]) return -1;
    uint64_t b = at >> f->shift, i = at & ((UINT64_C(1) << f->shift) - 1);
    if (atomic_load_explicit(&f->state[b], memory_order_acquire) == KERX_BLOCK_BAD)
        return -1;
    const uint8_t *codes = block_codes(f, b);
    if (!codes) return -1;
    return (codes[i >> 2] >> (2 * (i & 3))) & 3;
}

long kerx_wdl_file_verify_all(const char *path, uint64_t *parts,
                              void (*damaged)(void *ctx, const char *what), void *ctx) {
    char err[GAME_ERROR_BYTES], what[GAME_ERROR_BYTES];
    *parts = 0;
    /* The file's own header says which pair it is; opening checks that
     * header (its checksum first), the length and the block table. */
    struct header h;
    if (!kerx_verify_header(path, &h, sizeof h, "win/draw/loss file", damaged, ctx))
        return 1;
    struct kerx_wdl_file f;
    if (kerx_wdl_file_open(&f, path, (int)h.size, (int)h.drawat, (int)h.a, (int)h.b,
                           KERX_EGDB_ANY, KERX_EGDB_ANY, err) != 0) {
        damaged(ctx, err);
        return 1;
    }
    uint8_t *codes = malloc((UINT64_C(1) << MAX_SHIFT) / 4);
    if (!codes) {
        kerx_wdl_file_close(&f);
        damaged(ctx, "out of memory");
        return 1;
    }
    long bad = 0;
    *parts = f.blocks;
    for (uint64_t b = 0; b < f.blocks; b++) {
        uint64_t lo = load64(f.offsets + 8 * b), hi = load64(f.offsets + 8 * b + 8);
        if (XXH3_64bits(f.data + lo, hi - lo) != load64(f.hashes + 8 * b) ||
            !inflate_block(&f, b, codes)) {
            snprintf(what, sizeof what, "block %" PRIu64 " of %" PRIu64 " (codes %" PRIu64
                     "..): corrupt", b, f.blocks, b << f.shift);
            damaged(ctx, what);
            bad++;
        }
    }
    free(codes);
    kerx_wdl_file_close(&f);
    return bad;
}

int kerx_wdl_file_failed(const struct kerx_wdl_file *f, char *err) {
    uint64_t bad = atomic_load(&((struct kerx_wdl_file *)f)->bad_block);
    if (!f->map || !bad) return 0;
    size_t len = strlen(f->path);
    const char *tail = len > 64 ? f->path + len - 61 : f->path;
    if (bad == UINT64_MAX)
        snprintf(err, GAME_ERROR_BYTES, "%s%.64s: holds another material or index layout",
                 tail == f->path ? "" : "...", tail);
    else
        snprintf(err, GAME_ERROR_BYTES,
                 "%s%.64s: corrupt values in block %" PRIu64 " of %" PRIu64
                 " (checksum mismatch)",
                 tail == f->path ? "" : "...", tail, bad - 1, f->blocks);
    return -1;
}

int kerx_wdl_file_reseal(void *file, size_t bytes) {
    if (bytes < HEADER_BYTES) return -1;
    struct header h;
    memcpy(&h, file, sizeof h);
    uint8_t *rest = (uint8_t *)file + HEADER_BYTES;
    size_t left = bytes - HEADER_BYTES;
    if (h.data_bytes <= left && (left - h.data_bytes) / 16 >= h.blocks &&
        left - h.data_bytes == 16 * h.blocks + 8) {
        uint8_t *offsets = rest + h.data_bytes, *hashes = offsets + 8 * (h.blocks + 1);
        for (uint64_t k = 0; k < h.blocks; k++) {
            uint64_t lo = load64(offsets + 8 * k), hi = load64(offsets + 8 * k + 8);
            uint64_t x =
                lo <= hi && hi <= h.data_bytes ? XXH3_64bits(rest + lo, hi - lo) : 0;
            memcpy(hashes + 8 * k, &x, 8);
        }
        h.table_hash = XXH3_64bits(offsets, 16 * h.blocks + 8);
    }
    h.header_hash = 0;
    h.header_hash = XXH3_64bits(&h, sizeof h);
    memcpy(file, &h, sizeof h);
    return 0;
}
