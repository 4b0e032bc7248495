/*
 * kerx_pair_harness.h - the body shared by the fuzz targets of the two Kerx
 * pair files (fuzz_kerx_egdb.c: "<a>+<b>.keg", fuzz_kerx_wdl.c:
 * "<a>+<b>.kwdl"), board size 3. The input is a whole file: the harness
 * stores it under the material its header names (4 + 1 when out of range),
 * recomputes its checksums (the kind's `reseal`) so that the structural
 * checks are reached, and opens the folder. When it opens, random positions
 * (seeded by the input) are probed with the kind's `probe` and reported:
 * nothing may crash or read outside the file; a refusal must carry a
 * message.
 */
#ifndef KIBITZ_FUZZ_KERX_PAIR_HARNESS_H
#define KIBITZ_FUZZ_KERX_PAIR_HARNESS_H

#include "games/kerx/kerx_egdb.h"
#include "solve/retro_check.h"

#include <stddef.h>
#include <stdint.h>

struct kerx_pair_kind {
    const char *tag;       /* the scratch folder's name part, e.g. "keg" */
    const char *extension; /* the pair file's, e.g. "keg" */
    const char *what;      /* for the refusal message, e.g. "endgame database" */
    int (*reseal)(void *file, size_t bytes);
    retro_lookup_fn probe;
    /* Optional: a check of every probed value, and of the set at the end. */
    void (*check_cell)(retro_cell cell);
    void (*check_end)(struct kerx_egdb *db);
};

/* One input of the kind's target. Always 0 (libFuzzer's convention). */
int kerx_pair_fuzz(const uint8_t *data, size_t size, const struct kerx_pair_kind *kind);

#endif
