/* Save and load the state of a Kerx endgame pair's solve
 * (kerx_egdb_checkpoint.h). */
#include "games/kerx/kerx_egdb_checkpoint.h"

#include "engine/game.h"
#include "engine/output_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

/* The header's words, in file order. */
enum {
    W_MAGIC,
    W_VERSION,
    W_SIZE,
    W_DRAWAT,
    W_A,
    W_B,
    W_LEVEL,
    W_MAXLEVEL,
    W_FLOOR,
    W_COUNT0,
    W_COUNT1,
    W_VALUES_HASH,
    W_HEADER_HASH,
    W_FORWARD, /* version 2 on */
    WORDS
};
_Static_assert(WORDS * 8 == KERX_CKPT_HEADER_BYTES, "header size");
_Static_assert(W_FORWARD * 8 == KERX_CKPT_V1_HEADER_BYTES, "version 1: all but the last");

static const char magic[8] = {'K', 'X', 'C', 'K', 'P', 'T', '0', '1'};

/* Values are read and written in pieces of this size, hashed as they go. */
#define CHUNK ((size_t)1 << 26)

static void put_word(uint8_t *at, uint64_t x) {
    for (int i = 0; i < 8; i++) at[i] = (uint8_t)(x >> (8 * i));
}

static uint64_t get_word(const uint8_t *at) {
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) x |= (uint64_t)at[i] << (8 * i);
    return x;
}

/* The header's length by the version word it holds: version 1 lacks the
 * last word; anything else is read as version 2 (and refused for its
 * version). */
static size_t header_bytes(const uint8_t *h) {
    return get_word(h + 8 * W_VERSION) == 1 ? KERX_CKPT_V1_HEADER_BYTES
                                            : KERX_CKPT_HEADER_BYTES;
}

/* The header's checksum: XXH3-64 of the header with its own word 0. */
static uint64_t header_hash(const uint8_t *h) {
    uint8_t copy[KERX_CKPT_HEADER_BYTES];
    size_t n = header_bytes(h);
    memcpy(copy, h, n);
    put_word(copy + 8 * W_HEADER_HASH, 0);
    return XXH3_64bits(copy, n);
}

static void make_header(uint8_t *h, const struct kerx_ckpt *c, uint64_t values_hash) {
    memcpy(h, magic, 8);
    put_word(h + 8 * W_VERSION, KERX_CKPT_VERSION);
    put_word(h + 8 * W_SIZE, (uint64_t)c->size);
    put_word(h + 8 * W_DRAWAT, (uint64_t)c->drawat);
    put_word(h + 8 * W_A, (uint64_t)c->a);
    put_word(h + 8 * W_B, (uint64_t)c->b);
    put_word(h + 8 * W_LEVEL, (uint64_t)c->level);
    put_word(h + 8 * W_MAXLEVEL, (uint64_t)c->maxlevel);
    put_word(h + 8 * W_FLOOR, (uint64_t)c->floor);
    put_word(h + 8 * W_COUNT0, c->count[0]);
    put_word(h + 8 * W_COUNT1, c->count[1]);
    put_word(h + 8 * W_VALUES_HASH, values_hash);
    put_word(h + 8 * W_FORWARD, c->forward_next);
    put_word(h + 8 * W_HEADER_HASH, header_hash(h));
}

int kerx_ckpt_save(const char *path, const struct kerx_ckpt *c, uint8_t *const values[2],
                   char *err) {
    struct output_file f;
    output_file_remove_stale(path); /* a save cut short by a kill: as big as this one */
    if (output_file_begin(&f, path, err, GAME_ERROR_BYTES) != 0) return -1;
    XXH3_state_t *hash = XXH3_createState();
    uint8_t h[KERX_CKPT_HEADER_BYTES] = {0};
    bool ok = hash && XXH3_64bits_reset(hash) == XXH_OK &&
              fwrite(h, sizeof h, 1, f.file) == 1; /* the real one comes last */
    for (int k = 0; k < 2 && ok; k++)
        for (uint64_t at = 0; at < c->count[k] && ok; at += CHUNK) {
            size_t n = c->count[k] - at < CHUNK ? (size_t)(c->count[k] - at) : CHUNK;
            ok = XXH3_64bits_update(hash, values[k] + at, n) == XXH_OK &&
                 fwrite(values[k] + at, 1, n, f.file) == n;
        }
    if (ok) {
        make_header(h, c, XXH3_64bits_digest(hash));
        ok = fseek(f.file, 0, SEEK_SET) == 0 && fwrite(h, sizeof h, 1, f.file) == 1;
    }
    if (hash) XXH3_freeState(hash);
    if (!ok) {
        snprintf(err, GAME_ERROR_BYTES, "%.200s: cannot write the checkpoint: %s", path,
                 strerror(errno ? errno : EIO));
        output_file_abort(&f);
        return -1;
    }
    return output_file_commit(&f, err, GAME_ERROR_BYTES);
}

/* The header's fields against the pair asked for: NULL when they match,
 * else what differs. */
static const char *header_mismatch(const uint8_t *h, const struct kerx_ckpt *c) {
    if (memcmp(h, magic, 8) != 0) return "not a Kerx pair checkpoint";
    uint64_t version = get_word(h + 8 * W_VERSION);
    if (version != 1 && version != KERX_CKPT_VERSION) return "another format version";
    if (get_word(h + 8 * W_HEADER_HASH) != header_hash(h)) return "a damaged header";
    if (get_word(h + 8 * W_SIZE) != (uint64_t)c->size ||
        get_word(h + 8 * W_DRAWAT) != (uint64_t)c->drawat)
        return "another variant";
    if (get_word(h + 8 * W_A) != (uint64_t)c->a ||
        get_word(h + 8 * W_B) != (uint64_t)c->b)
        return "another pair";
    if (get_word(h + 8 * W_FLOOR) != (uint64_t)c->floor) return "another layout";
    if (get_word(h + 8 * W_COUNT0) != c->count[0] ||
        get_word(h + 8 * W_COUNT1) != c->count[1])
        return "another index size";
    /* Signed: level and highest level -1 mark a save inside the forward pass. */
    int64_t level = (int64_t)get_word(h + 8 * W_LEVEL);
    int64_t maxlevel = (int64_t)get_word(h + 8 * W_MAXLEVEL);
    uint64_t forward = version == 1 ? 0 : get_word(h + 8 * W_FORWARD);
    if (level == -1 ? maxlevel != -1 || version == 1
                    : level < 0 || maxlevel < 0 || maxlevel > 255 ||
                          level > maxlevel + 1 || forward != 0)
        return "levels out of range";
    return NULL;
}

int kerx_ckpt_load(const char *path, struct kerx_ckpt *c, uint8_t *const values[2],
                   char *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        snprintf(err, GAME_ERROR_BYTES, "%.200s: %s", path, strerror(errno));
        return -1;
    }
    const char *why = NULL;
    if (!S_ISREG(st.st_mode)) why = "not a regular file";
    FILE *in = why ? NULL : fopen(path, "rb");
    if (!why && !in) why = strerror(errno);
    uint8_t h[KERX_CKPT_HEADER_BYTES] = {0};
    /* Version 1's header first, then the rest of version 2's. */
    if (!why && fread(h, KERX_CKPT_V1_HEADER_BYTES, 1, in) != 1)
        why = "shorter than its header";
    size_t hbytes = why ? 0 : header_bytes(h);
    if (!why && hbytes > KERX_CKPT_V1_HEADER_BYTES &&
        fread(h + KERX_CKPT_V1_HEADER_BYTES, hbytes - KERX_CKPT_V1_HEADER_BYTES, 1, in) !=
            1)
        why = "shorter than its header";
    if (!why) why = header_mismatch(h, c);
    uint64_t want = hbytes + c->count[0] + c->count[1];
    if (!why && (uint64_t)st.st_size != want)
        why = (uint64_t)st.st_size < want ? "truncated" : "longer than its values";
    XXH3_state_t *hash = why ? NULL : XXH3_createState();
    if (!why && (!hash || XXH3_64bits_reset(hash) != XXH_OK)) why = "out of memory";
    for (int k = 0; k < 2 && !why; k++)
        for (uint64_t at = 0; at < c->count[k] && !why; at += CHUNK) {
            size_t n = c->count[k] - at < CHUNK ? (size_t)(c->count[k] - at) : CHUNK;
            if (fread(values[k] + at, 1, n, in) != n)
                why = "truncated";
            else
                XXH3_64bits_update(hash, values[k] + at, n);
        }
    if (!why && XXH3_64bits_digest(hash) != get_word(h + 8 * W_VALUES_HASH))
        why = "damaged values (checksum)";
    if (hash) XXH3_freeState(hash);
    if (in) fclose(in);
    if (why) {
        snprintf(err, GAME_ERROR_BYTES, "%.200s: checkpoint refused: %s", path, why);
        return -1;
    }
    c->level = (int)(int64_t)get_word(h + 8 * W_LEVEL);
    c->maxlevel = (int)(int64_t)get_word(h + 8 * W_MAXLEVEL);
    c->forward_next =
        hbytes == KERX_CKPT_V1_HEADER_BYTES ? 0 : get_word(h + 8 * W_FORWARD);
    return 1;
}

int kerx_ckpt_reseal(void *image, size_t bytes) {
    uint8_t *h = image;
    if (bytes < KERX_CKPT_V1_HEADER_BYTES || bytes < header_bytes(h)) return -1;
    size_t n = header_bytes(h);
    put_word(h + 8 * W_VALUES_HASH, XXH3_64bits(h + n, bytes - n));
    put_word(h + 8 * W_HEADER_HASH, header_hash(h));
    return 0;
}

int kerx_ckpt_peek(const void *image, size_t bytes, struct kerx_ckpt *c) {
    if (bytes < KERX_CKPT_V1_HEADER_BYTES) return -1;
    const uint8_t *h = image;
    c->size = (int)(get_word(h + 8 * W_SIZE) & 0xff);
    c->drawat = (int)(get_word(h + 8 * W_DRAWAT) & 0xff);
    c->a = (int)(get_word(h + 8 * W_A) & 0xff);
    c->b = (int)(get_word(h + 8 * W_B) & 0xff);
    c->floor = (int)(get_word(h + 8 * W_FLOOR) & 0xffff);
    c->count[0] = get_word(h + 8 * W_COUNT0);
    c->count[1] = get_word(h + 8 * W_COUNT1);
    return 0;
}
