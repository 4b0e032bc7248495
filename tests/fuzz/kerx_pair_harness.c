/* The Kerx pair-file fuzz harness (kerx_pair_harness.h). */
#include "tests/fuzz/kerx_pair_harness.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb_set.h"
#include "lib/kz_dbquery.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

enum { AT_A = 24, AT_B = 28, CELLS = 19 /* size 3: 3+4+5+4+3 */, PROBES = 32 };

static char data_folder[128], pair_folder[256], last[512];

static void remove_scratch(void) {
    if (last[0]) unlink(last);
    rmdir(pair_folder);
    rmdir(data_folder);
}

static void setup(const struct variant *v, const char *tag) {
    if (data_folder[0]) return;
    snprintf(data_folder, sizeof data_folder, "%s/kibitz-fuzz-%s-%ld",
             fuzz_scratch_folder(), tag, (long)getpid());
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

/* The input, resealed, as the pair file of its material. */
static void store(const uint8_t *data, size_t size, const struct kerx_pair_kind *kind,
                  uint32_t a, uint32_t b) {
    if (last[0]) unlink(last);
    snprintf(last, sizeof last, "%s/%u+%u.%s", pair_folder, a, b, kind->extension);
    uint8_t *file = malloc(size ? size : 1);
    if (!file) abort();
    if (size) memcpy(file, data, size);
    kind->reseal(file, size);
    FILE *f = fopen(last, "wb");
    if (!f) abort();
    if (size && fwrite(file, 1, size, f) != size) abort();
    fclose(f);
    free(file);
}

/* A random position with `first` pieces for player 0 and `second` for
 * player 1, on distinct cells, either to move. */
static void random_position(struct rng *r, int first, int second, struct kerx_state *s) {
    memset(s, 0, sizeof *s);
    int want[2] = {first, second};
    for (int side = 0; side < 2; side++)
        for (int placed = 0; placed < want[side];) {
            int cell = (int)rng_below(r, CELLS);
            uint64_t bit = UINT64_C(1) << cell;
            if ((s->pieces[0][0] | s->pieces[1][0]) & bit) continue;
            s->pieces[side][0] |= bit;
            placed++;
        }
    s->side = (uint8_t)rng_below(r, 2);
}

int kerx_pair_fuzz(const uint8_t *data, size_t size, const struct kerx_pair_kind *kind) {
    const struct game *g = &kerx_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    if (variant_parse(g, &v, "size=3", err) != 0) abort();
    setup(&v, kind->tag);
    uint32_t a = get32(data, size, AT_A), b = get32(data, size, AT_B);
    if (a < 1 || a >= KERX_EG_SIDE || b < 1 || b > a || a + b > CELLS) a = 4, b = 1;
    store(data, size, kind, a, b);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &v, data_folder, err) != 0) {
        if (!err[0]) fuzz_fail("%s refused without a message", kind->what);
        return 0;
    }
    struct rng r;
    rng_seed(&r, XXH3_64bits(data, size));
    for (int probe = 0; probe < PROBES; probe++) {
        struct kerx_state s;
        if (probe & 1)
            random_position(&r, (int)b, (int)a, &s);
        else
            random_position(&r, (int)a, (int)b, &s);
        if (g->turn(&v, &s) == TURN_OVER) continue;
        retro_cell cell = kind->probe(db, &s), best;
        retro_move_values(g, &v, &s, kind->probe, db, &best, NULL);
        if (kind->check_cell) kind->check_cell(cell);
        char report_err[KZ_ERROR_BYTES];
        if (cell != RETRO_HOLE)
            kz_query_report(g, &v, &s, kind->probe, db, pair_folder, true, stdout,
                            report_err, sizeof report_err);
    }
    if (kind->check_end) kind->check_end(db);
    kerx_egdb_close(db);
    return 0;
}
