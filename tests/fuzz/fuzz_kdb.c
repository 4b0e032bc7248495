/* Fuzz target: the solver database format (solve/solver_db.h), read as
 * Kulibrat target=1. Input: a whole .kdb file. The harness recomputes both
 * checksums (anyone can), so the structural checks behind them are what is
 * tested. A file that opens is then queried along a random line of play
 * (seeded by the input): probes, move values, the query report and the best
 * move must neither crash nor read outside the file. */
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "lib/kz_dbquery.h"
#include "solve/solver_db.h"
#include "solve/solver_db_move.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

static char scratch[128];

static void remove_scratch(void) {
    unlink(scratch);
}

static const char *scratch_path(void) {
    if (!scratch[0]) {
        snprintf(scratch, sizeof scratch, "%s/kibitz-fuzz-kdb-%ld.kdb",
                 fuzz_scratch_folder(), (long)getpid());
        /* kz_query_report prints its answer: keep the fuzzer's output readable. */
        if (!freopen("/dev/null", "w", stdout)) abort();
        atexit(remove_scratch);
    }
    return scratch;
}

static void write_file(const char *path, const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path = scratch_path();
    uint8_t *file = malloc(size ? size : 1);
    if (!file) abort();
    if (size) memcpy(file, data, size);
    solver_db_reseal(file, size);
    write_file(path, file, size);
    free(file);

    const struct game *g = &kulibrat_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    if (variant_parse(g, &v, "target=1", err) != 0) abort();
    struct solver_db *db;
    if (solver_db_open(&db, path, g, &v, err) != 0) {
        if (!err[0]) fuzz_fail("database refused without a message");
        return 0;
    }
    struct rng r;
    rng_seed(&r, XXH3_64bits(data, size));
    struct kulibrat_state s;
    g->start(&v, &s);
    move_t moves[KULIBRAT_MAX_MOVES];
    for (int ply = 0; ply < 40 && g->turn(&v, &s) != TURN_OVER; ply++) {
        retro_cell cell = solver_db_probe(db, &s), best;
        retro_cell values[KULIBRAT_MAX_MOVES];
        retro_move_values(g, &v, &s, solver_db_lookup, db, &best, values);
        char report_err[KZ_ERROR_BYTES];
        if (cell != RETRO_HOLE)
            kz_query_report(g, &v, &s, solver_db_lookup, db, path, true, stdout,
                            report_err, sizeof report_err);
        move_t move;
        retro_cell value;
        solver_db_best_move(db, &s, &move, &value);
        int count = g->moves(&v, &s, moves);
        g->apply(&v, &s, moves[rng_below(&r, (uint32_t)count)]);
    }
    solver_db_close(db);
    return 0;
}
