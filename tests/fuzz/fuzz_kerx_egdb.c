/* Fuzz target: the Kerx endgame pair file (games/kerx/kerx_egdb_file.h),
 * board size 3. Input: a whole "<a>+<b>.keg" file; the harness
 * (kerx_pair_harness.h) stores it under the material its header names,
 * recomputes its checksums (kerx_egdb_file_reseal) so the structural checks
 * are reached, and opens the folder. When it opens, random positions
 * (seeded by the input) are probed and reported: nothing may crash or read
 * outside the file. */
#include "games/kerx/kerx_egdb_file.h"
#include "tests/fuzz/kerx_pair_harness.h"

static const struct kerx_pair_kind keg = {
    .tag = "keg",
    .extension = "keg",
    .what = "endgame database",
    .reseal = kerx_egdb_file_reseal,
    .probe = kerx_egdb_probe,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return kerx_pair_fuzz(data, size, &keg);
}
