/* Files of one solved tier (tier_file.h). */
#include "solve/tier_file.h"
#include "engine/variant.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'T', 'R'};

struct tier_header {
    char magic[8];
    uint32_t version, cell_bytes;
    uint64_t tier, size, key;
    uint64_t cells_hash;  /* XXH3-64 of the cells */
    uint64_t header_hash; /* XXH3-64 of the header with this field 0 */
    uint64_t pad;
};
_Static_assert(sizeof(struct tier_header) == 64, "tier header is 64 bytes");

uint64_t tier_file_key(const struct game *g, const struct variant *v) {
    char text[256];
    int n = snprintf(text, sizeof text, "%s ", g->name);
    variant_format(g, v, text + n, sizeof text - (size_t)n);
    return XXH3_64bits(text, strlen(text));
}

void tier_file_path(const char *folder, tier_t tier, char *buf, size_t n) {
    snprintf(buf, n, "%s/%016llx.tier", folder, (unsigned long long)tier);
}

static uint64_t header_hash(struct tier_header h) {
    h.header_hash = 0;
    return XXH3_64bits(&h, sizeof h);
}

int tier_file_writer_begin(struct tier_file_writer *w, const char *path, uint64_t key,
                           tier_t tier, uint64_t size, char *err) {
    memset(w, 0, sizeof *w);
    w->out.temp_slot = -1;
    w->key = key;
    w->tier = tier;
    w->size = size;
    w->hash = XXH3_createState();
    if (!w->hash || XXH3_64bits_reset(w->hash) != XXH_OK) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        tier_file_writer_abort(w);
        return -1;
    }
    struct tier_header blank = {0}; /* the real one comes at the end */
    if (output_file_begin(&w->out, path, err, GAME_ERROR_BYTES) != 0) {
        tier_file_writer_abort(w);
        return -1;
    }
    if (fwrite(&blank, sizeof blank, 1, w->out.file) == 1) return 0;
    snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->out.temp,
             strerror(errno));
    tier_file_writer_abort(w);
    return -1;
}

int tier_file_writer_add(struct tier_file_writer *w, const void *cells, uint64_t bytes,
                         char *err) {
    if (bytes % sizeof(retro_cell) ||
        (w->written + bytes / sizeof(retro_cell)) > w->size) {
        snprintf(err, GAME_ERROR_BYTES, "%.100s: more cells than the tier has",
                 w->out.temp);
        tier_file_writer_abort(w);
        return -1;
    }
    if (bytes && (XXH3_64bits_update(w->hash, cells, bytes) != XXH_OK ||
                  fwrite(cells, 1, bytes, w->out.file) != bytes)) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->out.temp,
                 strerror(errno));
        tier_file_writer_abort(w);
        return -1;
    }
    w->written += bytes / sizeof(retro_cell);
    return 0;
}

int tier_file_writer_end(struct tier_file_writer *w, char *err) {
    if (w->written != w->size) {
        snprintf(err, GAME_ERROR_BYTES, "%.100s: %llu cells of %llu", w->out.temp,
                 (unsigned long long)w->written, (unsigned long long)w->size);
        tier_file_writer_abort(w);
        return -1;
    }
    struct tier_header h = {.version = TIER_FILE_VERSION,
                            .cell_bytes = sizeof(retro_cell),
                            .tier = w->tier,
                            .size = w->size,
                            .key = w->key,
                            .cells_hash = XXH3_64bits_digest(w->hash)};
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.header_hash = header_hash(h);
    FILE *f = w->out.file;
    if (fseek(f, 0, SEEK_SET) != 0 || fwrite(&h, sizeof h, 1, f) != 1) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->out.temp,
                 strerror(errno));
        tier_file_writer_abort(w);
        return -1;
    }
    if (output_file_commit(&w->out, err, GAME_ERROR_BYTES) != 0) {
        tier_file_writer_abort(w);
        return -1;
    }
    XXH3_freeState(w->hash);
    w->hash = NULL;
    return 0;
}

void tier_file_writer_abort(struct tier_file_writer *w) {
    output_file_abort(&w->out);
    XXH3_freeState(w->hash);
    w->hash = NULL;
}

int tier_file_write(const char *path, uint64_t key, tier_t tier, const retro_cell *cells,
                    uint64_t size, char *err) {
    struct tier_file_writer w;
    if (tier_file_writer_begin(&w, path, key, tier, size, err) != 0 ||
        tier_file_writer_add(&w, cells, size * sizeof *cells, err) != 0)
        return -1;
    return tier_file_writer_end(&w, err);
}

int tier_file_read(const char *path, uint64_t key, tier_t tier, retro_cell *cells,
                   uint64_t size, char *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return 1;
        snprintf(err, GAME_ERROR_BYTES, "cannot read %.100s: %s", path, strerror(errno));
        return -1;
    }
    struct tier_header h;
    const char *why = NULL;
    if (fread(&h, sizeof h, 1, f) != 1)
        why = "shorter than its header";
    else if (memcmp(h.magic, MAGIC, sizeof MAGIC) != 0)
        why = "not a kibitz tier file";
    else if (h.header_hash != header_hash(h))
        why = "header checksum does not match";
    else if (h.version != TIER_FILE_VERSION || h.cell_bytes != sizeof *cells)
        why = "another format version";
    else if (h.key != key)
        why = "of another game or variant";
    else if (h.tier != tier || h.size != size)
        why = "of another tier";
    else if (size && fread(cells, sizeof *cells, size, f) != size)
        why = "truncated";
    else if (fgetc(f) != EOF)
        why = "longer than its tier";
    else if (XXH3_64bits(cells, size * sizeof *cells) != h.cells_hash)
        why = "cells checksum does not match";
    fclose(f);
    if (!why) return 0;
    snprintf(err, GAME_ERROR_BYTES, "%.100s: %s", path, why);
    return -1;
}
