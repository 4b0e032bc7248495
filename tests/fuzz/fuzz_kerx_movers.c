/* Fuzz target: the Kerx mover-table file (games/kerx/kerx_movers_file.h).
 * Input: a whole "movers-<m>.kmv" file. Its checksums are recomputed
 * (kerx_movers_file_reseal, unless the input's length is a multiple of 7,
 * so that both the checksum refusals and the checks behind them are
 * reached), it is stored in a scratch folder and opened for the board and
 * m its header names (size 3 and m 1 when out of range). A refusal must
 * carry a message naming the file. An opened table is searched for every
 * set it holds and for random m-sets (seeded by the input): nothing may
 * crash or read outside the file, a slot found must hold the set searched
 * for, and after a check of every block a table not refused must have
 * every block good; a refused one is named with its block. */
#include "engine/rng.h"
#include "games/kerx/kerx_movers_file.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

enum { PROBES = 64 };

static uint64_t word(const uint8_t *data, size_t size, int w) {
    uint64_t x = 0;
    if (size >= 8 * (size_t)w + 8) memcpy(&x, data + 8 * w, 8);
    return x;
}

/* The slot of `set` is none, or a slot holding it. */
static void check_lookup(const struct kerx_movers *t, uint64_t set) {
    uint64_t slot = kerx_movers_slot(t, set);
    if (slot == KERX_NO_SLOT) return;
    if (slot >= t->count)
        fuzz_fail("slot %llu of %u", (unsigned long long)slot, t->count);
    if (!kerx_movers_ready(t, slot) || t->mask[slot] != set)
        fuzz_fail("slot %llu does not hold the set searched for",
                  (unsigned long long)slot);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path =
        fuzz_store_file("kmv", "movers-1.kmv", data, size, kerx_movers_file_reseal);
    /* Words 3 and 4 of the header: board size, m. */
    int board = (int)word(data, size, 3), m = (int)word(data, size, 4);
    if (board < 3 || board > 5 || m < 1 || m > KERX_EGDB_MAX_SIDE) board = 3, m = 1;
    struct kerx_movers_file f;
    char err[GAME_ERROR_BYTES] = "";
    if (kerx_movers_file_open(&f, path, board, m, err) != 0) {
        if (!strstr(err, "movers-1.kmv")) fuzz_fail("refused without naming it: %s", err);
        return 0;
    }
    const struct kerx_movers *t = &f.table;
    for (uint32_t i = 0; i < t->count; i++)
        if (kerx_movers_ready(t, i)) check_lookup(t, t->mask[i]);
    struct rng r;
    rng_seed(&r, XXH3_64bits(data, size));
    for (int probe = 0; probe < PROBES; probe++) {
        uint64_t set = 0;
        while (__builtin_popcountll(set) < m)
            set |= UINT64_C(1) << rng_below(&r, (uint64_t)t->cells);
        check_lookup(t, set);
    }
    if (kerx_movers_file_verify(&f, err) != 0) {
        if (!strstr(err, "movers-1.kmv") || !strstr(err, "block"))
            fuzz_fail("a refused block not named: %s", err);
    } else {
        for (uint64_t b = 0; b < f.blocks; b++)
            if (t->state[b] != KERX_BLOCK_GOOD)
                fuzz_fail("block %llu not checked", (unsigned long long)b);
    }
    kerx_movers_file_close(&f);
    return 0;
}
