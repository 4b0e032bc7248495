/* Crafted solver databases (issue 17): files whose checksums were recomputed
 * after an edit, as anyone can do, so only the structural checks and the
 * query's own consistency check stand between them and a crash or an
 * impossible answer.
 *  - a tier index entry whose first + size wraps around 2^64 is refused at
 *    open (it made `query` read far outside the map);
 *  - a header whose cell count would wrap the size arithmetic is refused;
 *  - an "unknown" working marker stored in a cell is refused when its tier
 *    is first read (format version 2 checks tiers lazily);
 *  - a "game over" marker or a forged value at a live position makes the
 *    query fail with a message instead of answering. */
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "lib/kz_dbquery.h"
#include "solve/retro.h"
#include "solve/solver_db.h"
#include "support.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Offsets of the header fields (solve/solver_db.c, format version 2: index
 * entries of tier, first, size and the tier's checksum). */
enum {
    AT_TIERS = 208,
    AT_POSITIONS = 216,
    AT_INDEX_OFFSET = 272,
    AT_FILE_SIZE = 288,
    HEADER = 512,
    ENTRY = 32,
};

static char folder[256], original[300];
static unsigned char *image;
static size_t image_bytes;

static void make_variant(struct variant *v) {
    char err[GAME_ERROR_BYTES];
    variant_init(&kulibrat_game, v);
    assert_int_equal(variant_parse(&kulibrat_game, v, "target=1", err), 0);
}

static int sink(void *ctx, tier_t t, const retro_cell *values, uint64_t size) {
    char err[GAME_ERROR_BYTES];
    return solver_db_add_tier(ctx, t, values, size, err);
}

static int setup(void **unused) {
    test_scratch_folder("crafted-db", folder, sizeof folder);
    mkdir(folder, 0777);
    snprintf(original, sizeof original, "%s/k1.kdb", folder);
    struct variant v;
    make_variant(&v);
    char err[GAME_ERROR_BYTES];
    struct solver_db_writer *w;
    if (solver_db_create(&w, original, &kulibrat_game, &v, err) != 0) return -1;
    struct kulibrat_state start;
    kulibrat_game.start(&v, &start);
    struct retro_config cfg = {.game = &kulibrat_game,
                               .variant = &v,
                               .root = kulibrat_game.tier_of(&v, &start),
                               .threads = 1,
                               .sink = sink,
                               .sink_ctx = w};
    struct retro_stats st;
    if (retro_solve(&cfg, &st, err) != 0) return -1;
    if (solver_db_finish(w, &st.counts, err) != 0) return -1;
    FILE *f = fopen(original, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    image_bytes = (size_t)ftell(f);
    rewind(f);
    image = malloc(image_bytes);
    size_t got = fread(image, 1, image_bytes, f);
    fclose(f);
    return got == image_bytes ? 0 : -1;
}

static int teardown(void **unused) {
    free(image);
    return test_remove_folder(folder);
}

static uint64_t get64(const unsigned char *p, size_t at) {
    uint64_t x;
    memcpy(&x, p + at, 8);
    return x;
}

static void put64(unsigned char *p, size_t at, uint64_t x) {
    memcpy(p + at, &x, 8);
}

/* Reseal `bytes` of `data` and write them to a file in the folder. */
static void write_crafted(const char *name, unsigned char *data, size_t bytes, char *path,
                          size_t n) {
    assert_int_equal(solver_db_reseal(data, bytes), 0);
    snprintf(path, n, "%s/%s", folder, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, bytes, f), bytes);
    fclose(f);
}

static void expect_refused(const char *path, const char *words) {
    struct variant v;
    make_variant(&v);
    struct solver_db *db = NULL;
    char err[GAME_ERROR_BYTES] = "";
    int status = solver_db_open(&db, path, &kulibrat_game, &v, err);
    if (status == 0) solver_db_close(db);
    assert_int_equal(status, -1);
    if (!strstr(err, words)) fail_msg("message '%s' lacks '%s'", err, words);
}

/* The file: one index entry, tier 0x101, first 2^62, size 3 * 2^62. */
static void test_wrapping_index_refused(void **unused) {
    uint64_t index_offset = get64(image, AT_INDEX_OFFSET);
    size_t bytes = (size_t)index_offset + ENTRY;
    unsigned char *data = calloc(1, bytes);
    memcpy(data, image, (size_t)index_offset);
    put64(data, AT_TIERS, 1);
    put64(data, AT_FILE_SIZE, bytes);
    put64(data, (size_t)index_offset, 0x101);
    put64(data, (size_t)index_offset + 8, UINT64_C(0x4000000000000000));
    put64(data, (size_t)index_offset + 16, UINT64_C(0xC000000000000000));
    char path[400];
    write_crafted("wrap.kdb", data, bytes, path, sizeof path);
    expect_refused(path, "corrupt tier index");
    free(data);
}

/* A cell count so large that the header's size sums wrap to the real ones. */
static void test_wrapping_sizes_refused(void **unused) {
    unsigned char *data = malloc(image_bytes);
    memcpy(data, image, image_bytes);
    uint64_t positions = get64(data, AT_POSITIONS);
    put64(data, AT_POSITIONS, positions + (UINT64_C(1) << 63));
    char path[400];
    write_crafted("sizes.kdb", data, image_bytes, path, sizeof path);
    expect_refused(path, "inconsistent sizes");
    free(data);
}

/* Offset in the image of the start position's cell. */
static size_t start_cell_offset(void) {
    struct variant v;
    make_variant(&v);
    struct kulibrat_state s;
    kulibrat_game.start(&v, &s);
    tier_t tier = kulibrat_game.tier_of(&v, &s);
    uint64_t rank = kulibrat_game.rank(&v, &s);
    uint64_t index_offset = get64(image, AT_INDEX_OFFSET), tiers = get64(image, AT_TIERS);
    for (uint64_t i = 0; i < tiers; i++) {
        size_t at = (size_t)(index_offset + i * ENTRY);
        if (get64(image, at) == tier)
            return HEADER + 2 * (size_t)(get64(image, at + 8) + rank);
    }
    fail_msg("start tier not in the index");
    return 0;
}

/* Query the start position of a copy whose start cell holds `cell`; returns
 * the query's status, or -1 when the file was refused: at open, or when the
 * start's tier was first read (then it reads as absent and the handle says
 * why). */
static int query_with_start_cell(retro_cell cell, const char *name) {
    unsigned char *data = malloc(image_bytes);
    memcpy(data, image, image_bytes);
    memcpy(data + start_cell_offset(), &cell, sizeof cell);
    char path[400], err[GAME_ERROR_BYTES];
    write_crafted(name, data, image_bytes, path, sizeof path);
    free(data);
    struct variant v;
    make_variant(&v);
    struct solver_db *db;
    if (solver_db_open(&db, path, &kulibrat_game, &v, err) != 0) return -1;
    struct kulibrat_state s;
    kulibrat_game.start(&v, &s);
    if (solver_db_probe(db, &s) == RETRO_HOLE && solver_db_failed(db, err) != 0) {
        if (!strstr(err, "corrupt")) fail_msg("message '%s' lacks 'corrupt'", err);
        solver_db_close(db);
        return -1;
    }
    char report_err[KZ_ERROR_BYTES] = "";
    int status = kz_query_report(&kulibrat_game, &v, &s, solver_db_lookup, db, path, true,
                                 stdout, report_err, sizeof report_err);
    /* The command line's exit statuses: 0, 2 for a database contradicting
     * itself (a usage error's status, as `kibitz query` gives it). */
    if (status == KZ_EINVAL) status = 2;
    solver_db_close(db);
    return status;
}

static void test_untouched_file_answers(void **unused) {
    struct variant v;
    make_variant(&v);
    struct kulibrat_state s;
    kulibrat_game.start(&v, &s);
    retro_cell real;
    memcpy(&real, image + start_cell_offset(), sizeof real);
    assert_true(retro_is_value(real));
    assert_int_equal(query_with_start_cell(real, "same.kdb"), 0);
}

static void test_unknown_cell_refused(void **unused) {
    assert_int_equal(query_with_start_cell(RETRO_UNKNOWN, "unknown.kdb"), -1);
}

static void test_game_over_cell_not_answered(void **unused) {
    assert_int_equal(query_with_start_cell(RETRO_TERMINAL, "over.kdb"), 2);
}

static void test_forged_value_not_answered(void **unused) {
    retro_cell real;
    memcpy(&real, image + start_cell_offset(), sizeof real);
    retro_cell forged = retro_outcome(real) == RETRO_OUTCOME_WIN ? retro_loss(3) : retro_win(3);
    assert_int_equal(query_with_start_cell(forged, "forged.kdb"), 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrapping_index_refused),
        cmocka_unit_test(test_wrapping_sizes_refused),
        cmocka_unit_test(test_untouched_file_answers),
        cmocka_unit_test(test_unknown_cell_refused),
        cmocka_unit_test(test_game_over_cell_not_answered),
        cmocka_unit_test(test_forged_value_not_answered),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
