/* Files of one solved tier (tier_file.h). */
#include "search/tier_file.h"

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
    g->variant_format(v, text + n, sizeof text - (size_t)n);
    return XXH3_64bits(text, strlen(text));
}

void tier_file_path(const char *folder, tier_t tier, char *buf, size_t n) {
    snprintf(buf, n, "%s/%016llx.tier", folder, (unsigned long long)tier);
}

static uint64_t header_hash(struct tier_header h) {
    h.header_hash = 0;
    return XXH3_64bits(&h, sizeof h);
}

int tier_file_write(const char *path, uint64_t key, tier_t tier, const retro_cell *cells,
                    uint64_t size, char *err) {
    char temp[4200];
    snprintf(temp, sizeof temp, "%s.tmp.%ld", path, (long)getpid());
    struct tier_header h = {.version = TIER_FILE_VERSION,
                            .cell_bytes = sizeof *cells,
                            .tier = tier,
                            .size = size,
                            .key = key,
                            .cells_hash = XXH3_64bits(cells, size * sizeof *cells)};
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.header_hash = header_hash(h);
    FILE *f = fopen(temp, "wb");
    bool ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
              (size == 0 || fwrite(cells, sizeof *cells, size, f) == size) &&
              fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(temp, path) == 0) return 0;
    if (ok) saved = errno;
    snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", temp, strerror(saved));
    remove(temp);
    return -1;
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
