/* `kibitz verify` (cli/backend/kz_cli.h kz_cli_verify) finds a single flipped byte
 * anywhere in a database of each kind: a Kulibrat solver database (header,
 * every tier's cells, the padding, the tier index), Kerx endgame pair
 * files (header, blocks of values, block table), small blocks so that
 * there are many, the Kerx win/draw/loss files built beside them (header,
 * compressed blocks, block table) and a proof file (every byte). The
 * regions are found without verify's help: the solver database's layout
 * from its info (cells after a 512-byte header, the index of 32-byte
 * entries at the end), the pair files' from kerx_egdb_file_open and
 * kerx_wdl_file_open.
 * Each flip is undone before the next, so the intact file must verify clean
 * again at the end. */
#include "games/kerx/kerx_egdb.h"
#include "games/kerx/kerx_egdb_file.h"
#include "games/kerx/kerx_wdl_file.h"
#include "cli/backend/kz_cli.h"
#include "solve/proof_file.h"
#include "solve/solver_db.h"
#include "support.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char folder[256];

static int setup(void **unused) {
    (void)unused;
    test_scratch_folder("verify", folder, sizeof folder);
    return mkdir(folder, 0777);
}

static int teardown(void **unused) {
    (void)unused;
    return test_remove_folder(folder);
}

/* kz_cli_verify's verdict on `path`, its report thrown away. */
static int verify(const char *path) {
    char err[KZ_CLI_ERROR_BYTES];
    FILE *sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    int status = kz_cli_verify(path, false, sink, err);
    fclose(sink);
    return status;
}

/* Flip byte `at` of `path` (xor 0xFF), verify, flip it back. */
static void expect_found(const char *path, long at) {
    int fd = open(path, O_RDWR);
    assert_true(fd >= 0);
    unsigned char byte;
    assert_int_equal(pread(fd, &byte, 1, at), 1);
    unsigned char flipped = byte ^ 0xFF;
    assert_int_equal(pwrite(fd, &flipped, 1, at), 1);
    int status = verify(path);
    assert_int_equal(pwrite(fd, &byte, 1, at), 1);
    close(fd);
    if (status != KZ_CLI_CHECK)
        fail_msg("%s: byte %ld flipped, verify said %d, not damaged", path, at, status);
}

static long file_size(const char *path) {
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

/* Region [lo, hi): its first and last byte and `samples` evenly between. */
static int flip_region(const char *path, long lo, long hi, int samples) {
    if (hi <= lo) return 0;
    int flips = 0;
    expect_found(path, lo), flips++;
    expect_found(path, hi - 1), flips++;
    for (int k = 1; k <= samples; k++, flips++)
        expect_found(path, lo + (hi - lo) * k / (samples + 1));
    return flips;
}

static void test_solver_database(void **unused) {
    (void)unused;
    char path[512], err[KZ_ERROR_BYTES];
    snprintf(path, sizeof path, "%s/k2.kdb", folder);
    kz_game *g;
    assert_int_equal(kz_game_load("kulibrat", "target=2", &g, err, sizeof err), KZ_OK);
    if (kz_solve(g, path, 2, err, sizeof err) != KZ_OK) fail_msg("%s", err);
    kz_game_free(g);
    assert_int_equal(verify(path), KZ_OK);

    struct solver_db *db;
    char gerr[GAME_ERROR_BYTES];
    if (solver_db_open_any(&db, path, gerr) != 0) fail_msg("%s", gerr);
    struct solver_db_info info;
    solver_db_info(db, &info);
    solver_db_close(db);
    long size = file_size(path), cells_end = 512 + (long)info.positions * 2;
    long index = size - (long)info.tiers * 32;
    assert_true(info.tiers >= 4 && cells_end <= index);
    int flips = 0;
    for (long at = 0; at < 512; at += 3) expect_found(path, at), flips++; /* header */
    /* Every tier: the cells are in equal tiers here (Kulibrat: one size). */
    long tier_bytes = ((long)info.positions / (long)info.tiers) * 2;
    for (uint64_t t = 0; t < info.tiers; t++)
        flips += flip_region(path, 512 + (long)t * tier_bytes,
                             512 + (long)(t + 1) * tier_bytes, 8);
    for (long at = cells_end; at < index; at++) expect_found(path, at), flips++; /* pad */
    for (long at = index; at < size; at++) expect_found(path, at), flips++; /* index */
    print_message("solver database: %d single-byte flips, each found\n", flips);
    assert_int_equal(verify(path), KZ_OK);
}

/* The next file of the pair folder whose name ends in `ext` ("<a>+<c>" and
 * the extension): its path and material; false after the last. */
static bool next_pair_file(DIR *dir, const char *pairs, const char *ext, char *path,
                           size_t n, int *a, int *c) {
    struct dirent *e;
    size_t want = strlen(ext);
    while ((e = readdir(dir))) {
        size_t len = strlen(e->d_name);
        if (len < want || strcmp(e->d_name + len - want, ext) != 0) continue;
        snprintf(path, n, "%s/%s", pairs, e->d_name);
        assert_int_equal(sscanf(e->d_name, "%d+%d", a, c), 2);
        return true;
    }
    return false;
}

/* The .kwdl files of the folder: header, every compressed block, table. */
static void flip_wdl_files(const char *pairs) {
    DIR *dir = opendir(pairs);
    assert_non_null(dir);
    int files = 0, flips = 0, a, c;
    char err[GAME_ERROR_BYTES], path[1024];
    while (next_pair_file(dir, pairs, ".kwdl", path, sizeof path, &a, &c)) {
        struct kerx_wdl_file f;
        if (kerx_wdl_file_open(&f, path, 3, 3, a, c, KERX_EGDB_ANY, KERX_EGDB_ANY, err))
            fail_msg("%s", err);
        long blocks = (long)f.blocks, start[blocks + 1];
        for (long k = 0; k <= blocks; k++) {
            uint64_t offset;
            memcpy(&offset, f.offsets + 8 * k, 8);
            start[k] = 256 + (long)offset;
        }
        kerx_wdl_file_close(&f);
        long size = file_size(path), table = start[blocks];
        assert_true(blocks >= 1 && table + 16 * blocks + 8 == size);
        assert_int_equal(verify(path), KZ_OK); /* known, and intact */
        for (long at = 0; at < 256; at += 2) expect_found(path, at), flips++; /* header */
        for (long k = 0; k < blocks; k++) flips += flip_region(path, start[k], start[k + 1], 1);
        for (long at = table; at < size; at += 5) expect_found(path, at), flips++;
        expect_found(path, size - 1), flips++;
        files++;
    }
    closedir(dir);
    assert_true(files >= 3);
    print_message("Kerx: %d win/draw/loss files, %d single-byte flips, each found\n",
                  files, flips);
    assert_int_equal(verify(pairs), KZ_OK);
}

static void test_kerx_pair_files(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    kerx_egdb_file_set_block_shift(8); /* 256-value blocks: many of them */
    struct kerx_egdb_build b = {.pieces = 6, .threads = 1, .folder = folder};
    struct kerx_egdb_stats st;
    char err[GAME_ERROR_BYTES];
    if (kerx_egdb_build(&t.variant, &b, &st, err) != 0) fail_msg("%s", err);
    kerx_egdb_file_set_block_shift(0);
    char pairs[512];
    kerx_egdb_folder(&t.variant, folder, pairs, sizeof pairs);
    assert_int_equal(verify(pairs), KZ_OK);
    DIR *dir = opendir(pairs);
    assert_non_null(dir);
    int files = 0, flips = 0, a, c;
    char path[1024];
    while (next_pair_file(dir, pairs, ".keg", path, sizeof path, &a, &c)) {
        struct kerx_egdb_file f;
        if (kerx_egdb_file_open(&f, path, 3, 3, a, c, KERX_EGDB_ANY, KERX_EGDB_ANY, err))
            fail_msg("%s", err);
        long values = (long)(f.count[0] + f.count[1]), blocks = (long)f.blocks;
        kerx_egdb_file_close(&f);
        long size = file_size(path), table = size - 8 * blocks;
        assert_true(blocks > 8 && table == 256 + values);
        for (long at = 0; at < 256; at += 2) expect_found(path, at), flips++; /* header */
        for (long k = 0; k < blocks; k++) /* every block */
            flips += flip_region(path, 256 + k * 256,
                                 256 + (k + 1 < blocks ? (k + 1) * 256 : values), 1);
        for (long at = table; at < size; at += 5) expect_found(path, at), flips++;
        expect_found(path, size - 1), flips++;
        files++;
    }
    closedir(dir);
    assert_true(files >= 3);
    print_message("Kerx: %d pair files, %d single-byte flips, each found\n", files,
                  flips);
    assert_int_equal(verify(pairs), KZ_OK);
    flip_wdl_files(pairs);
}

/* A proof file as `kibitz prove --proof` seals it: every byte flipped. The
 * checksum guards the bytes only (the text need not be a sound proof). */
static void test_proof_file(void **unused) {
    (void)unused;
    char path[512], err[GAME_ERROR_BYTES];
    snprintf(path, sizeof path, "%s/small.proof", folder);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("kibitz-proof 1\ngame\tkerx\nvariant\tsize=3,drawat=3,huff=0\n"
          "root\t3/4/5/1w2/b2 w\tnotlose\nnode\t3/4/5/1w2/b2 w\tnotlose\tb2-b3\n"
          "# a comment\nnode\t3/4/5/1w2/b2 b\tnotwin\tall\n",
          f);
    assert_int_equal(fclose(f), 0);
    if (proof_seal(path, err)) fail_msg("%s", err);
    assert_int_equal(verify(path), KZ_OK);
    long size = file_size(path);
    for (long at = 0; at < size; at++) expect_found(path, at);
    print_message("proof file: %ld single-byte flips, each found\n", size);
    assert_int_equal(verify(path), KZ_OK);
    /* Cut short (the checksum line lost) or an older file without it. */
    assert_int_equal(truncate(path, size - 1), 0);
    assert_int_equal(verify(path), KZ_CLI_CHECK);
    assert_int_equal(truncate(path, size - 26), 0);
    assert_int_equal(verify(path), KZ_CLI_CHECK);
}

static void test_not_databases(void **unused) {
    (void)unused;
    char path[512];
    snprintf(path, sizeof path, "%s/notes.kdb", folder);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("not a database\n", f);
    fclose(f);
    assert_int_equal(verify(path), KZ_CLI_CHECK);
    remove(path);
    char empty[512];
    snprintf(empty, sizeof empty, "%s/empty", folder);
    assert_int_equal(mkdir(empty, 0777), 0);
    assert_int_equal(verify(empty), KZ_ERUNTIME); /* nothing to verify */
    snprintf(path, sizeof path, "%s/missing", folder);
    assert_int_equal(verify(path), KZ_ERUNTIME);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver_database),
        cmocka_unit_test(test_kerx_pair_files),
        cmocka_unit_test(test_proof_file),
        cmocka_unit_test(test_not_databases),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
