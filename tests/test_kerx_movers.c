/* Kerx mover-table files (games/kerx/kerx_movers_file.h):
 * - a table written and mapped again gives every m-set of sizes 3 and 4 (up
 *   to 6 pieces; every set on size 3, every canonical one on size 4) the
 *   slot and symmetry bits of the table made in memory, and the other way
 *   round every set of the file is found in memory at its slot;
 * - the builder writes them (alone when asked), and a set opened with them answers every
 *   position of every tier (from the .keg files, and from the .kwdl files
 *   alone) as a set without them does, reading the mapped tables;
 * - a damaged block is refused when a lookup reaches it, naming the file
 *   and the block (the position reads as not held, never a wrong value); a
 *   truncated, foreign or damaged-header file stops the open with a message
 *   naming it; the next build writes a refused file again. */
#include "games/kerx/kerx_egdb_set.h"
#include "games/kerx/kerx_movers_file.h"
#include "support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char folder[256];

static int setup(void **unused) {
    (void)unused;
    test_scratch_folder("kerx-movers", folder, sizeof folder);
    return mkdir(folder, 0777);
}

static int teardown(void **unused) {
    (void)unused;
    return test_remove_folder(folder);
}

/* Run a shell command made like printf; assert it succeeds. */
static void shell(const char *fmt, ...) {
    static char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    assert_int_equal(system(cmd), 0);
}

/* Both tables give set `set` the same slot (KERX_NO_SLOT when not canonical)
 * and, when found, the same symmetry bits. */
static void assert_same_slot(const struct kerx_movers *mem,
                             const struct kerx_movers *file, uint64_t set) {
    uint64_t a = kerx_movers_slot(mem, set), b = kerx_movers_slot(file, set);
    if (a != b)
        fail_msg("size %d, %d pieces, set %#llx: slot %lld in memory, %lld mapped",
                 mem->size, mem->m, (unsigned long long)set, (long long)a, (long long)b);
    if (a == KERX_NO_SLOT) return;
    assert_true(kerx_movers_ready(file, b));
    assert_int_equal(mem->fix[a], file->fix[b]);
}

static void test_tables_agree(void **unused) {
    (void)unused;
    char err[GAME_ERROR_BYTES], path[400];
    for (int size = 3; size <= 4; size++)
        for (int m = 1; m <= 6; m++) {
            const struct kerx_movers *mem = kerx_movers_get(size, m, err);
            assert_non_null(mem);
            snprintf(path, sizeof path, "%s/movers-%d-%d.kmv", folder, size, m);
            /* Blocks of 64 sets: most lookups cross several blocks. */
            if (kerx_movers_file_write(path, mem, 6, err) != 0) fail_msg("%s", err);
            struct kerx_movers_file f;
            if (kerx_movers_file_open(&f, path, size, m, err) != 0) fail_msg("%s", err);
            const struct kerx_movers *file = &f.table;
            assert_null(file->slot_of);
            assert_non_null(file->state);
            assert_int_equal(file->count, mem->count);
            if (size == 3) { /* every m-set, canonical or not */
                uint64_t set = (UINT64_C(1) << m) - 1, sets = 0;
                while (set < (UINT64_C(1) << mem->cells)) {
                    assert_same_slot(mem, file, set);
                    sets++;
                    uint64_t low = set & -set, ripple = set + low;
                    set = (((ripple ^ set) >> 2) / low) | ripple;
                }
                assert_int_equal(sets, kerx_binom(mem->cells, m));
            } else {
                for (uint32_t i = 0; i < mem->count; i++)
                    assert_same_slot(mem, file, mem->mask[i]);
            }
            /* The other way: each set of the file, at its slot, in memory. */
            for (uint32_t i = 0; i < file->count; i++) {
                assert_true(kerx_movers_ready(file, i));
                assert_int_equal(kerx_movers_slot(mem, file->mask[i]), i);
            }
            assert_int_equal(kerx_movers_file_verify(&f, err), 0);
            kerx_movers_file_close(&f);
        }
}

/* The mover files of `dir`'s set of variant t (made by the builder). */
static void movers_file(const struct test_game *t, const char *dir, int m, char *buf,
                        size_t n) {
    char sub[KERX_EGDB_PATH_BYTES];
    kerx_egdb_folder(&t->variant, dir, sub, sizeof sub);
    kerx_movers_path(sub, m, buf, n);
}

static struct kerx_egdb *open_set(const struct test_game *t, const char *dir) {
    struct kerx_egdb *db;
    char err[GAME_ERROR_BYTES];
    if (kerx_egdb_open(&db, &t->variant, dir, err) != 0) fail_msg("%s", err);
    return db;
}

/* Every position of every tier of `ref` reads the same in `db` (its 1-byte
 * value, or with `wdl` its win/draw/loss), and db's tiers are indexed on
 * mapped tables. Returns how many positions were compared. */
static uint64_t compare_sets(struct kerx_egdb *ref, struct kerx_egdb *db, bool wdl) {
    uint64_t compared = 0;
    for (int m = 1; m < KERX_EG_SIDE; m++)
        for (int o = 1; o < KERX_EG_SIDE; o++) {
            if (!ref->values[m][o]) continue;
            assert_true(kerx_egdb_ready(ref, m, o));
            const struct kerx_tier_index *ix = &ref->index[m][o];
            assert_null(ix->mv->state); /* made in memory */
            for (uint64_t i = 0; i < ix->size; i++) {
                uint64_t a, b;
                kerx_index_unrank(ix, i, &a, &b);
                if (!kerx_index_stab(ix, (uint32_t)(i / ix->width), b)) continue;
                int want = wdl ? kerx_egdb_wdl(ref, a, b) : kerx_egdb_byte(ref, a, b);
                int got = wdl ? kerx_egdb_wdl(db, a, b) : kerx_egdb_byte(db, a, b);
                if (want != got || want < 0)
                    fail_msg("tier %d+%d index %llu: %d without mover files, %d with", m,
                             o, (unsigned long long)i, want, got);
                compared++;
            }
            assert_non_null(db->index[m][o].mv->state); /* read from the file */
        }
    return compared;
}

static void build_as(const struct test_game *t, const char *dir, int pieces,
                     uint64_t movers_from, bool movers_only, struct kerx_egdb_stats *st) {
    struct kerx_egdb_build b = {.pieces = pieces,
                                .threads = 1,
                                .folder = dir,
                                .movers_from = movers_from,
                                .movers_only = movers_only};
    char err[GAME_ERROR_BYTES];
    if (kerx_egdb_build(&t->variant, &b, st, err) != 0) fail_msg("%s", err);
}

static void build(const struct test_game *t, const char *dir, int pieces,
                  uint64_t movers_from, struct kerx_egdb_stats *st) {
    build_as(t, dir, pieces, movers_from, false, st);
}

static void test_sets_agree(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    char with[300], plain[300], kwdl[300], path[KERX_EGDB_PATH_BYTES + 40];
    char sub[KERX_EGDB_PATH_BYTES];
    kerx_egdb_folder(&t.variant, "", sub, sizeof sub);
    snprintf(with, sizeof with, "%s/with", folder);
    snprintf(plain, sizeof plain, "%s/plain", folder);
    snprintf(kwdl, sizeof kwdl, "%s/kwdl", folder);
    struct kerx_egdb_stats st;
    build(&t, plain, 6, UINT64_MAX, &st);
    assert_int_equal(st.movers_written, 0);
    build(&t, with, 6, 1, &st); /* every m a side has: 1, 2, 4, 5 (3+x is over) */
    assert_int_equal(st.movers_written, 4);
    for (int m = 1; m <= 5; m++) {
        movers_file(&t, with, m, path, sizeof path);
        assert_int_equal(access(path, F_OK), m == 3 ? -1 : 0);
    }
    movers_file(&t, plain, 1, path, sizeof path);
    assert_int_not_equal(access(path, F_OK), 0);
    /* The tables alone (for a set built before they existed): no pair. */
    char only[300];
    snprintf(only, sizeof only, "%s/only", folder);
    build_as(&t, only, 6, 1, true, &st);
    assert_int_equal(st.movers_written, 4);
    shell("cmp -s '%s%s/movers-5.kmv' '%s%s/movers-5.kmv'", only, sub, with, sub);
    shell("test -z \"$(ls '%s%s' | grep -v kmv)\"", only, sub);
    build(&t, with, 6, 1, &st); /* present and good: kept */
    assert_int_equal(st.movers_written, 0);
    struct kerx_egdb *ref = open_set(&t, plain), *db = open_set(&t, with);
    assert_true(compare_sets(ref, db, false) > 10000);
    kerx_egdb_close(db);
    /* The .kwdl reader on the mapped tables: no .keg file there. */
    shell("mkdir -p '%s%s' && cp '%s%s'/*.kwdl '%s%s'/*.kmv '%s%s'/", kwdl, sub, with,
          sub, with, sub, kwdl, sub);
    db = open_set(&t, kwdl);
    assert_true(compare_sets(ref, db, true) > 10000);
    kerx_egdb_close(db);
    kerx_egdb_close(ref);
}

/* A probe of every position of tier (m, o) on `db`: how many were refused. */
static uint64_t refused_reads(struct kerx_egdb *ref, struct kerx_egdb *db, int m, int o) {
    assert_true(kerx_egdb_ready(ref, m, o));
    const struct kerx_tier_index *ix = &ref->index[m][o];
    uint64_t refused = 0;
    for (uint64_t i = 0; i < ix->size; i++) {
        uint64_t a, b;
        kerx_index_unrank(ix, i, &a, &b);
        if (!kerx_index_stab(ix, (uint32_t)(i / ix->width), b)) continue;
        int got = kerx_egdb_byte(db, a, b);
        if (got < 0)
            refused++;
        else
            assert_int_equal(got, kerx_egdb_byte(ref, a, b)); /* never a wrong value */
    }
    return refused;
}

/* The lines of a verify_all call. */
struct lines {
    int count;
    char last[GAME_ERROR_BYTES];
};

static void note(void *ctx, const char *what) {
    struct lines *l = ctx;
    l->count++;
    snprintf(l->last, sizeof l->last, "%s", what);
}

static void expect_open_refused(const struct test_game *t, const char *dir,
                                const char *what) {
    struct kerx_egdb *db;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(kerx_egdb_open(&db, &t->variant, dir, err), -1);
    if (!strstr(err, what) || !strstr(err, "movers-"))
        fail_msg("expected '%s' and the file in: %s", what, err);
}

static void test_refusals(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    char dir[300], ref_dir[300], path[KERX_EGDB_PATH_BYTES + 40];
    char other[KERX_EGDB_PATH_BYTES + 40], err[GAME_ERROR_BYTES];
    snprintf(dir, sizeof dir, "%s/set", folder);
    snprintf(ref_dir, sizeof ref_dir, "%s/ref", folder);
    struct kerx_egdb_stats st;
    build(&t, ref_dir, 6, UINT64_MAX, &st);
    build(&t, dir, 6, 1, &st);
    movers_file(&t, dir, 4, path, sizeof path);
    movers_file(&t, dir, 5, other, sizeof other);
    shell("cp '%s' '%s.good'", path, path);
    struct kerx_egdb *ref = open_set(&t, ref_dir);

    /* A damaged set (block 0 is checked by the first lookup of the tier):
     * refused when reached, naming the file and the block. */
    test_flip_byte(path, KERX_MOVERS_HEADER_BYTES + 3);
    struct kerx_egdb *db = open_set(&t, dir);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    assert_true(refused_reads(ref, db, 4, 2) > 0);
    assert_int_equal(kerx_egdb_failed(db, err), -1);
    if (!strstr(err, "movers-4.kmv") || !strstr(err, "block 0 of")) fail_msg("%s", err);
    kerx_egdb_close(db);
    /* `kibitz verify` of the file: that block, and only it. */
    struct lines lines = {0};
    uint64_t parts;
    assert_int_equal(kerx_movers_file_verify_all(path, &parts, note, &lines), 1);
    assert_int_equal(parts, 1);
    if (!strstr(lines.last, "block 0 of 1 (sets 0..): corrupt"))
        fail_msg("%s", lines.last);
    /* The next build writes it again. */
    build(&t, dir, 6, 1, &st);
    assert_int_equal(st.movers_written, 1);
    shell("cmp -s '%s' '%s.good'", path, path);

    /* Refused at open: truncated, foreign, not one at all, damaged header
     * or block table. */
    shell("head -c 200 '%s.good' > '%s'", path, path);
    expect_open_refused(&t, dir, "wrong file length");
    shell("cp '%s' '%s'", other, path);
    expect_open_refused(&t, dir, "holds the sets of 5 pieces on size 3, not 4");
    shell("head -c 300 /dev/zero > '%s'", path);
    expect_open_refused(&t, dir, "not a Kerx mover table");
    shell("cp '%s.good' '%s'", path, path);
    test_flip_byte(path, 8 * 6); /* the count */
    expect_open_refused(&t, dir, "corrupt header");
    shell("cp '%s.good' '%s'", path, path);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fclose(f);
    test_flip_byte(path, (uint64_t)bytes - 1); /* the last block's checksum */
    expect_open_refused(&t, dir, "corrupt block table");
    shell("cp '%s.good' '%s'", path, path);
    db = open_set(&t, dir);
    assert_int_equal(refused_reads(ref, db, 4, 2), 0);
    assert_int_equal(kerx_egdb_verify(db, err), 0);
    assert_int_equal(kerx_movers_file_verify_all(path, &parts, note, &lines), 0);
    assert_int_equal(lines.count, 1); /* only the damaged one's line, above */
    kerx_egdb_close(db);
    kerx_egdb_close(ref);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tables_agree, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sets_agree, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
