/* Fuzz target: the Kerx win/draw/loss pair file (games/kerx/kerx_wdl_file.h),
 * board size 3. Input: a whole "<a>+<b>.kwdl" file; the harness
 * (kerx_pair_harness.h) stores it under the material its header names,
 * recomputes its checksums (kerx_wdl_file_reseal) so the structural checks
 * and zlib are reached, and opens the folder (no .keg file: the set reads
 * it). When it opens, random positions (seeded by the input) are probed
 * through the value probe and reported: nothing may crash or read outside
 * the file, a win/draw/loss value carries no distance, and a refused block
 * must say so (kerx_egdb_failed). */
#include "games/kerx/kerx_wdl_file.h"
#include "solve/retro_cell.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/kerx_pair_harness.h"

#include <string.h>

static void no_distance(retro_cell cell) {
    if (retro_is_value(cell) && retro_outcome(cell) != RETRO_OUTCOME_DRAW &&
        retro_distance_known(cell))
        fuzz_fail("a win/draw/loss file gave a distance");
}

static void refusal_named(struct kerx_egdb *db) {
    char failed[GAME_ERROR_BYTES] = "";
    if (kerx_egdb_failed(db, failed) != 0 && !strstr(failed, ".kwdl"))
        fuzz_fail("a refused block not named: %s", failed);
}

static const struct kerx_pair_kind kwdl = {
    .tag = "kwdl",
    .extension = "kwdl",
    .what = "win/draw/loss file",
    .reseal = kerx_wdl_file_reseal,
    .probe = kerx_egdb_probe_value,
    .check_cell = no_distance,
    .check_end = refusal_named,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return kerx_pair_fuzz(data, size, &kwdl);
}
