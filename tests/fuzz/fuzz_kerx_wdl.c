/* Fuzz target: the Kerx win/draw/loss pair file (games/kerx/kerx_wdl_file.h),
 * board size 3. Input: a whole "<a>+<b>.kwdl" file; the harness stores it
 * under the material its header names (4 + 1 when out of range), recomputes
 * its checksums (kerx_wdl_file_reseal) so the structural checks and zlib
 * are reached, and opens the folder (no .keg file: the set reads it).
 * When it opens, random positions (seeded by the input) are probed through
 * the value probe and reported: nothing may crash or read outside the file,
 * and a refused block must say so (kerx_egdb_failed). */
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb.h"
#include "games/kerx/kerx_egdb_set.h"
#include "lib/kz_dbquery.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

enum { AT_A = 24, AT_B = 28, CELLS = 19 /* size 3: 3+4+5+4+3 */ };

static char data_folder[128], pair_folder[256], last[512];

static void remove_scratch(void) {
    if (last[0]) unlink(last);
    rmdir(pair_folder);
    rmdir(data_folder);
}

static void setup(const struct variant *v) {
    if (data_folder[0]) return;
    snprintf(data_folder, sizeof data_folder, "%s/kibitz-fuzz-kwdl-%ld",
             fuzz_scratch_folder(), (long)getpid());
    mkdir(data_folder, 0777);
    kerx_egdb_folder(v, data_folder, pair_folder, sizeof pair_folder);
    mkdir(pair_folder, 0777);
    if (!freopen("/dev/null", "w", stdout)) abort();
    atexit(remove_scratch);
}

static uint32_t get32(const uint8_t *data, size_t size, size_t at) {
    uint32_t x = 0;
    if (size >= at + 4) memcpy(&x, data + at, 4);
    return x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const struct game *g = &kerx_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    if (variant_parse(g, &v, "size=3", err) != 0) abort();
    setup(&v);
    uint32_t a = get32(data, size, AT_A), b = get32(data, size, AT_B);
    if (a < 1 || a >= KERX_EG_SIDE || b < 1 || b > a || a + b > CELLS) a = 4, b = 1;
    if (last[0]) unlink(last);
    snprintf(last, sizeof last, "%s/%u+%u.kwdl", pair_folder, a, b);
    uint8_t *file = malloc(size ? size : 1);
    if (!file) abort();
    if (size) memcpy(file, data, size);
    kerx_wdl_file_reseal(file, size);
    FILE *f = fopen(last, "wb");
    if (!f) abort();
    if (size && fwrite(file, 1, size, f) != size) abort();
    fclose(f);
    free(file);

    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &v, data_folder, err) != 0) {
        if (!err[0]) fuzz_fail("win/draw/loss file refused without a message");
        return 0;
    }
    struct rng r;
    rng_seed(&r, XXH3_64bits(data, size));
    for (int probe = 0; probe < 32; probe++) {
        struct kerx_state s;
        memset(&s, 0, sizeof s);
        /* a pieces for the mover and b for the other, on distinct cells. */
        int want[2] = {(int)a, (int)b};
        if (probe & 1) want[0] = (int)b, want[1] = (int)a;
        for (int side = 0; side < 2; side++)
            for (int placed = 0; placed < want[side];) {
                int cell = (int)rng_below(&r, CELLS);
                uint64_t bit = UINT64_C(1) << cell;
                if ((s.pieces[0][0] | s.pieces[1][0]) & bit) continue;
                s.pieces[side][0] |= bit;
                placed++;
            }
        s.side = (uint8_t)rng_below(&r, 2);
        if (g->turn(&v, &s) == TURN_OVER) continue;
        retro_cell cell = kerx_egdb_probe_value(db, &s), best;
        retro_move_values(g, &v, &s, kerx_egdb_probe_value, db, &best, NULL);
        if (retro_is_value(cell) && retro_outcome(cell) != RETRO_OUTCOME_DRAW &&
            retro_distance_known(cell))
            fuzz_fail("a win/draw/loss file gave a distance");
        char report_err[KZ_ERROR_BYTES];
        if (cell != RETRO_HOLE)
            kz_query_report(g, &v, &s, kerx_egdb_probe_value, db, pair_folder, true,
                            stdout, report_err, sizeof report_err);
    }
    char failed[GAME_ERROR_BYTES] = "";
    if (kerx_egdb_failed(db, failed) != 0 && !strstr(failed, ".kwdl"))
        fuzz_fail("a refused block not named: %s", failed);
    kerx_egdb_close(db);
    return 0;
}
