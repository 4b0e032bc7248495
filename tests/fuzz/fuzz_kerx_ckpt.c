/* Fuzz target: the checkpoint of a Kerx endgame pair's solve
 * (games/kerx/kerx_egdb_checkpoint.h). Input: a whole "<pair>.keg.ckpt"
 * file. Its checksums are recomputed (kerx_ckpt_reseal, unless the input's
 * length is a multiple of 7, so that the checksum refusals are reached
 * too), it is stored in a scratch folder, and loaded for the pair its
 * header names (kerx_ckpt_peek; inputs naming more than 1 MB of values are
 * skipped, as are those too short for a header, loaded for a fixed pair).
 * Nothing may crash or write outside the caller's arrays; a refusal must
 * carry a message naming the file; a load that succeeds must give levels
 * in range (level <= maxlevel + 1, maxlevel <= 255, no forward pass entry)
 * or a save inside the forward pass (both levels -1). Seeds: files of
 * format versions 1 and 2 (4+1-forward.ckpt: saved inside the forward
 * pass). */
#include "games/kerx/kerx_egdb_checkpoint.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOST_VALUES (UINT64_C(1) << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct kerx_ckpt c = {.size = 3, .drawat = 3, .a = 4, .b = 1, .floor = 0};
    if (kerx_ckpt_peek(data, size, &c) == 0 &&
        (c.count[0] > MOST_VALUES || c.count[1] > MOST_VALUES - c.count[0]))
        return 0;
    const char *path =
        fuzz_store_file("ckpt", "4+1.keg.ckpt", data, size, kerx_ckpt_reseal);
    /* The exact sizes asked for: a load writing past them is caught by ASan. */
    uint8_t *values[2] = {malloc(c.count[0] ? c.count[0] : 1),
                          malloc(c.count[1] ? c.count[1] : 1)};
    if (!values[0] || !values[1]) abort();
    char err[GAME_ERROR_BYTES] = "";
    int loaded = kerx_ckpt_load(path, &c, values, err);
    if (loaded == 0) fuzz_fail("a checkpoint that is there was not found");
    if (loaded < 0 && !strstr(err, "4+1.keg.ckpt"))
        fuzz_fail("refused without naming it: %s", err);
    bool forward = c.level == -1 && c.maxlevel == -1; /* saved inside the forward pass */
    bool levels = c.level >= 0 && c.maxlevel <= 255 && c.level <= c.maxlevel + 1 &&
                  c.forward_next == 0;
    if (loaded == 1 && !forward && !levels)
        fuzz_fail("loaded with level %d, highest %d, forward pass entry %llu", c.level,
                  c.maxlevel, (unsigned long long)c.forward_next);
    free(values[0]);
    free(values[1]);
    return 0;
}
