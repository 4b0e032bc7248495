/* Solver database: round trip (every cell read back through probe), and the
 * files that must be refused: a flipped byte anywhere, a truncated file, a
 * file for another game or a variant it does not answer, a non-database. */
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "solve/retro.h"
#include "solve/retro_check.h"
#include "solve/solver_db.h"
#include "solve/solver_db_move.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

struct written {
    struct solver_db_writer *w;
    retro_cell *copy[8];
    tier_t tier[8];
    uint64_t size[8];
    int count;
};

static int sink(void *ctx, tier_t t, const retro_cell *values, uint64_t size) {
    struct written *wr = ctx;
    char err[GAME_ERROR_BYTES];
    assert_true(wr->count < 8);
    wr->copy[wr->count] = malloc(size * sizeof *values);
    memcpy(wr->copy[wr->count], values, size * sizeof *values);
    wr->tier[wr->count] = t;
    wr->size[wr->count++] = size;
    return solver_db_add_tier(wr->w, t, values, size, err);
}

static void make_variant(struct variant *v, const char *spec) {
    char err[GAME_ERROR_BYTES];
    variant_init(&kulibrat_game, v);
    assert_int_equal(variant_parse(&kulibrat_game, v, spec, err), 0);
}

static char folder[256];

/* Solve Kulibrat `spec` into `path`, keeping the cells in `wr`. */
static void write_db(const char *spec, const char *path, struct written *wr,
                     const struct game *as) {
    struct variant v;
    make_variant(&v, spec);
    char err[GAME_ERROR_BYTES];
    memset(wr, 0, sizeof *wr);
    assert_int_equal(solver_db_create(&wr->w, path, as, &v, err), 0);
    struct kulibrat_state start;
    kulibrat_game.start(&v, &start);
    struct retro_config cfg = {.game = &kulibrat_game,
                               .variant = &v,
                               .root = kulibrat_game.tier_of(&v, &start),
                               .threads = 2,
                               .sink = sink,
                               .sink_ctx = wr};
    struct retro_stats st;
    assert_int_equal(retro_solve(&cfg, &st, err), 0);
    assert_int_equal(solver_db_finish(wr->w, &st.counts, err), 0);
}

static void free_written(struct written *wr) {
    for (int i = 0; i < wr->count; i++) free(wr->copy[i]);
}

static int setup(void **unused) {
    snprintf(folder, sizeof folder, "/tmp/kibitz-test-db-%ld", (long)getpid());
    mkdir(folder, 0777);
    return 0;
}

static int teardown(void **unused) {
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", folder);
    return system(cmd) == 0 ? 0 : -1;
}

/* Along a random game: solver_db_move_values lists every legal move once,
 * each with its own value (retro_move_values, in generator order), best
 * first with ties in generator order; solver_db_best_move is its first. */
static void check_moves_best_first(const struct solver_db *db, const struct variant *v) {
    const struct game *g = &kulibrat_game;
    struct kulibrat_state s;
    g->start(v, &s);
    uint64_t seed = 5;
    for (int ply = 0; ply < 60 && g->turn(v, &s) != TURN_OVER; ply++) {
        move_t listed[g->max_moves], sorted[g->max_moves], best_move;
        retro_cell plain[g->max_moves], values[g->max_moves], best, best_value;
        int count = g->moves(v, &s, listed);
        assert_int_equal(
            retro_move_values(g, v, &s, solver_db_lookup, (void *)db, &best, plain),
            count);
        assert_int_equal(solver_db_move_values(db, &s, sorted, values), count);
        int previous = -1;
        for (int k = 0; k < count; k++) {
            int at = 0;
            while (at < count && listed[at] != sorted[k]) at++;
            assert_true(at < count);
            assert_int_equal(values[k], plain[at]);
            if (k > 0) {
                assert_false(retro_better(values[k], values[k - 1]));
                if (values[k] == values[k - 1]) assert_true(at > previous);
            }
            previous = at;
        }
        assert_int_equal(solver_db_best_move(db, &s, &best_move, &best_value), 0);
        assert_int_equal(best_move, sorted[0]);
        assert_int_equal(best_value, values[0]);
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        g->apply(v, &s, listed[(seed >> 33) % (uint64_t)count]);
    }
}

static void test_round_trip(void **unused) {
    char path[300];
    snprintf(path, sizeof path, "%s/k2.kdb", folder);
    struct written wr;
    write_db("target=2", path, &wr, &kulibrat_game);
    assert_int_equal(wr.count, 4);
    char temp[400];
    snprintf(temp, sizeof temp, "%s.tmp.%ld", path, (long)getpid());
    assert_int_not_equal(access(temp, F_OK), 0); /* no temporary left */

    struct variant v;
    make_variant(&v, "target=2");
    struct solver_db *db;
    char err[GAME_ERROR_BYTES];
    if (solver_db_open(&db, path, &kulibrat_game, &v, err) != 0) fail_msg("%s", err);
    struct solver_db_info info;
    solver_db_info(db, &info);
    assert_string_equal(info.game, "kulibrat");
    assert_string_equal(info.variant, "target=2,first=black");
    assert_int_equal(info.tiers, 4);
    for (int t = 0; t < wr.count; t++) {
        uint64_t size;
        const retro_cell *cells = solver_db_tier(db, wr.tier[t], &size);
        assert_non_null(cells);
        assert_int_equal(size, wr.size[t]);
        assert_memory_equal(cells, wr.copy[t], size * sizeof *cells);
        /* probe goes through tier_of and rank of real states */
        for (uint64_t r = 0; r < size; r += 97) {
            struct kulibrat_state s;
            kulibrat_game.unrank(&v, wr.tier[t], r, &s);
            assert_int_equal(solver_db_probe(db, &s), wr.copy[t][r]);
        }
    }
    check_moves_best_first(db, &v);
    solver_db_close(db);

    /* A smaller target is answered by the same file; a larger one is not. */
    struct variant small, big;
    make_variant(&small, "target=1");
    make_variant(&big, "target=3");
    if (solver_db_open(&db, path, &kulibrat_game, &small, err) != 0) fail_msg("%s", err);
    struct kulibrat_state s;
    kulibrat_game.start(&small, &s);
    assert_true(retro_is_value(solver_db_probe(db, &s)));
    solver_db_close(db);
    assert_int_equal(solver_db_open(&db, path, &kulibrat_game, &big, err), -1);
    assert_non_null(strstr(err, "does not answer"));
    free_written(&wr);
}

static void copy_file(const char *from, const char *to, long truncate_at, long flip_at) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    int c;
    long at = 0;
    while ((c = fgetc(in)) != EOF && (truncate_at < 0 || at < truncate_at)) {
        if (at == flip_at) c ^= 0x10;
        fputc(c, out);
        at++;
    }
    fclose(in);
    fclose(out);
}

static void expect_refused(const char *path, const char *spec, const char *words) {
    struct variant v;
    make_variant(&v, spec);
    struct solver_db *db = NULL;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(solver_db_open(&db, path, &kulibrat_game, &v, err), -1);
    assert_null(db);
    if (!strstr(err, words)) fail_msg("message '%s' lacks '%s'", err, words);
}

/* Refused when opened, or (a flip in a tier's cells: tiers are checked when
 * first read) when its tiers are read: never read as good data. */
static void expect_refused_by_reading(const char *path, const char *spec) {
    struct variant v;
    make_variant(&v, spec);
    struct solver_db *db = NULL;
    char err[GAME_ERROR_BYTES] = "";
    if (solver_db_open(&db, path, &kulibrat_game, &v, err) != 0) {
        if (!strstr(err, "corrupt")) fail_msg("message '%s' lacks 'corrupt'", err);
        return;
    }
    assert_int_equal(solver_db_failed(db, err), 0); /* nothing read yet */
    assert_int_equal(solver_db_verify(db, err), -1);
    if (!strstr(err, "corrupt")) fail_msg("message '%s' lacks 'corrupt'", err);
    solver_db_close(db);
}

static void test_refused(void **unused) {
    char path[300], bad[300];
    snprintf(path, sizeof path, "%s/k1.kdb", folder);
    snprintf(bad, sizeof bad, "%s/bad.kdb", folder);
    struct written wr;
    write_db("target=1", path, &wr, &kulibrat_game);
    free_written(&wr);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    long size = (long)st.st_size;

    /* The intact copy opens (so the refusals below are the edits' doing). */
    copy_file(path, bad, -1, -1);
    struct variant v;
    make_variant(&v, "target=1");
    struct solver_db *db;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(solver_db_open(&db, bad, &kulibrat_game, &v, err), 0);
    solver_db_close(db);

    long flips[] = {3, 40, 300, 600, size / 2, size - 1};
    for (size_t i = 0; i < sizeof flips / sizeof *flips; i++) {
        copy_file(path, bad, -1, flips[i]);
        if (flips[i] < 512 || flips[i] == size - 1) /* header, index */
            expect_refused(bad, "target=1", flips[i] < 8 ? "not a kibitz" : "corrupt");
        else
            expect_refused_by_reading(bad, "target=1");
    }
    /* Every cell byte of a tier is covered: a flip in the first and in the
     * last cell of the data is found when that tier is read, and the probe
     * of a position in it reads as absent, not as a value. */
    copy_file(path, bad, -1, 512);
    expect_refused_by_reading(bad, "target=1");
    struct solver_db *probed;
    assert_int_equal(solver_db_open(&probed, bad, &kulibrat_game, &v, err), 0);
    struct kulibrat_state s;
    kulibrat_game.start(&v, &s);
    retro_cell c = solver_db_probe(probed, &s); /* target=1 has one tier: the bad one */
    assert_int_equal(c, RETRO_HOLE);
    assert_int_equal(solver_db_failed(probed, err), -1);
    solver_db_close(probed);
    copy_file(path, bad, size - 100, -1);
    expect_refused(bad, "target=1", "truncated");
    copy_file(path, bad, 100, -1);
    expect_refused(bad, "target=1", "truncated");
    copy_file(path, bad, 0, -1);
    expect_refused(bad, "target=1", "truncated");
    expect_refused(path, "target=2", "does not answer");

    FILE *f = fopen(bad, "w");
    for (int i = 0; i < 600; i++) fputc('x', f);
    fclose(f);
    expect_refused(bad, "target=1", "not a kibitz");

    /* Same cells, but the header names another game. */
    struct game other = kulibrat_game;
    other.name = "kerx";
    write_db("target=1", bad, &wr, &other);
    free_written(&wr);
    expect_refused(bad, "target=1", "holds game 'kerx'");
}

/* A cell the solver never writes, with checksums that match it (anyone can
 * compute them), is refused when its tier is read; the other tier of the
 * same file still reads: tiers are checked one by one, on first read. */
static void test_implausible_cell(void **unused) {
    char path[300], err[GAME_ERROR_BYTES];
    snprintf(path, sizeof path, "%s/forged.kdb", folder);
    struct variant v;
    make_variant(&v, "target=2");
    struct solver_db_writer *w;
    assert_int_equal(solver_db_create(&w, path, &kulibrat_game, &v, err), 0);
    retro_cell good[4] = {retro_win(1), retro_loss(2), RETRO_DRAW, RETRO_TERMINAL};
    retro_cell forged[4] = {retro_win(1), RETRO_UNKNOWN, RETRO_DRAW, RETRO_DRAW};
    assert_int_equal(solver_db_add_tier(w, 1, good, 4, err), 0);
    assert_int_equal(solver_db_add_tier(w, 2, forged, 4, err), 0);
    assert_int_equal(solver_db_finish(w, NULL, err), 0);
    struct solver_db *db;
    assert_int_equal(solver_db_open(&db, path, &kulibrat_game, &v, err), 0);
    uint64_t size = 0;
    const retro_cell *cells = solver_db_tier(db, 1, &size);
    assert_non_null(cells);
    assert_int_equal(size, 4);
    assert_int_equal(cells[1], retro_loss(2));
    assert_int_equal(solver_db_failed(db, err), 0);
    assert_null(solver_db_tier(db, 2, &size));
    assert_int_equal(solver_db_failed(db, err), -1);
    if (!strstr(err, "corrupt")) fail_msg("message '%s' lacks 'corrupt'", err);
    solver_db_close(db);
}

static void test_paths(void **unused) {
    struct variant v;
    make_variant(&v, "target=7");
    char path[SOLVER_DB_PATH_BYTES];
    solver_db_path(&kulibrat_game, &v, folder, path, sizeof path);
    char want[400];
    snprintf(want, sizeof want, "%s/kulibrat-target=7,first=black.kdb", folder);
    assert_string_equal(path, want);
    solver_db_path(&kulibrat_game, &v, "/x/y.kdb", path, sizeof path);
    assert_string_equal(path, "/x/y.kdb");

    /* find: the target=2 file in the folder answers target=1 by scanning. */
    char p2[300];
    snprintf(p2, sizeof p2, "%s/sub", folder);
    mkdir(p2, 0777);
    snprintf(p2, sizeof p2, "%s/sub/kulibrat-target=2,first=black.kdb", folder);
    struct written wr;
    write_db("target=2", p2, &wr, &kulibrat_game);
    free_written(&wr);
    snprintf(p2, sizeof p2, "%s/sub", folder);
    make_variant(&v, "target=1");
    struct solver_db *db;
    char err[GAME_ERROR_BYTES];
    if (solver_db_find(&db, &kulibrat_game, &v, p2, path, sizeof path, err) != 0)
        fail_msg("%s", err);
    assert_non_null(strstr(path, "target=2"));
    solver_db_close(db);
    make_variant(&v, "target=4");
    assert_int_equal(solver_db_find(&db, &kulibrat_game, &v, p2, path, sizeof path, err),
                     -1);
    assert_non_null(strstr(err, "no database"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_implausible_cell),
        cmocka_unit_test(test_paths),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
