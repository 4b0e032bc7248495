/* Fuzz target: a fact store log (solve/fact_store.h), Kerx size 3 keys.
 * Input: a whole `facts-0.log`. The harness first reseals the header when
 * the input's first byte is even and every whole record's checksum when
 * its bit 1 is clear (so the structural checks are reached), then opens
 * the folder read-only and for writing (which cuts a torn tail), and reads
 * back every key of the input's records. Nothing may crash, read outside
 * the file, or leave a fact outside [-1, 1] or with lo > hi. */
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "solve/fact_store.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char folder[256], log_path[320];

static void remove_scratch(void) {
    unlink(log_path);
    rmdir(folder);
}

static void write_log(const uint8_t *data, size_t size) {
    FILE *f = fopen(log_path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
}

static void read_back(struct fact_store *s, const uint8_t *data, size_t size,
                      size_t key_size) {
    size_t rs = fact_store_record_bytes(key_size);
    for (size_t at = FACT_STORE_HEADER_BYTES + 16; at + key_size <= size; at += rs) {
        int lo, hi;
        if (fact_store_get(s, data + at, &lo, &hi) && (lo < -1 || hi > 1 || lo > hi))
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const struct game *g = &kerx_game;
    struct variant v;
    char err[FACT_STORE_ERROR_BYTES], tag[320];
    variant_init(g, &v);
    if (variant_parse(g, &v, "size=3", err) != 0) abort();
    fact_store_tag(g, &v, tag, sizeof tag);
    if (!folder[0]) {
        snprintf(folder, sizeof folder, "%s/kibitz-fuzz-facts-%ld", fuzz_scratch_folder(),
                 (long)getpid());
        mkdir(folder, 0777);
        snprintf(log_path, sizeof log_path, "%s/facts-0.log", folder);
        atexit(remove_scratch);
    }
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) abort();
    memcpy(copy, data, size);
    size_t rs = fact_store_record_bytes(g->state_size);
    if (size >= FACT_STORE_HEADER_BYTES && !(data[0] & 1))
        fact_store_header(tag, g->state_size, copy);
    for (size_t at = FACT_STORE_HEADER_BYTES; size && !(data[0] & 2) && at + rs <= size;
         at += rs)
        fact_store_seal_record(copy + at, g->state_size);
    write_log(copy, size);
    for (int writable = 0; writable < 2; writable++) {
        struct fact_store *s;
        if (fact_store_open(folder, tag, g->state_size, writable, &s, err) != 0) continue;
        read_back(s, copy, size, g->state_size);
        fact_store_close(s);
    }
    free(copy);
    return 0;
}
