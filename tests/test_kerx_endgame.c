/* Kerx endgame databases of the Kerx-specific builder (games/kerx/kerx_egdb*):
 * - every stored value is consistent with its children across whole tiers;
 * - every position of the generic tiered solver's databases (which use no
 *   board symmetry) has the same value and remoteness here (size 3);
 * - df-pn from scratch and a plain depth-limited search agree on random
 *   positions (value; and remoteness, for the plain search);
 * - a second build reads every pair back; one or two threads give the same
 *   files; so do the shared (1 byte an entry) and 3-byte layouts, and a build
 *   resumed from a pair's checkpoint, whether saved on schedule or by a pause
 *   (SIGUSR1's request);
 * - another size, a corrupted or truncated file, or a stranger is refused;
 * - values are checked block by block on first read: opening reads no value,
 *   a corrupt block is refused when a probe reaches it (never a wrong value,
 *   from any thread), and then the whole file is;
 * - a file of format version 1 is still read, and a build upgrades it.
 * KIBITZ_KERX_FULL_CHECK=K runs the generic comparison with K pieces on
 * size 3 (7: every material of the earlier size-3 databases) instead of 5. */
#include "engine/pause_request.h"
#include "games/kerx/kerx_egdb_checkpoint.h"
#include "games/kerx/kerx_egdb_set.h"
#include "games/kerx/kerx_tiers_db.h"
#include "solve/dfpn.h"
#include "solve/retro_check.h"
#include "support.h"

#include <dirent.h>
#include <fcntl.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char folder[256];

static int setup(void **unused) {
    (void)unused;
    test_scratch_folder("kerx-egdb", folder, sizeof folder);
    return 0;
}

static int teardown(void **unused) {
    (void)unused;
    return test_remove_folder(folder);
}

static void build(const struct test_game *t, const char *dir, int pieces, int threads,
                  struct kerx_egdb_stats *st) {
    /* Every pair on `threads` threads, however small. */
    struct kerx_egdb_build b = {
        .pieces = pieces, .threads = threads, .parallel_from = 1, .folder = dir};
    char err[GAME_ERROR_BYTES];
    if (kerx_egdb_build(&t->variant, &b, st, err) != 0) fail_msg("%s", err);
}

static void state_of(struct kerx_state *s, uint64_t mover, uint64_t other) {
    memset(s, 0, sizeof *s);
    s->pieces[0][0] = mover;
    s->pieces[1][0] = other;
}

/* Every canonical position of every stored tier agrees with its children. */
static void check_all_tiers(const struct test_game *t, struct kerx_egdb *db) {
    char err[GAME_ERROR_BYTES];
    uint64_t checked = 0;
    for (int m = 1; m < KERX_EG_SIDE; m++)
        for (int o = 1; o < KERX_EG_SIDE; o++) {
            if (!db->values[m][o]) continue;
            assert_true(kerx_egdb_ready(db, m, o)); /* its index, made on first use */
            const struct kerx_tier_index *ix = &db->index[m][o];
            for (uint64_t i = 0; i < ix->size; i++) {
                uint64_t a, b;
                kerx_index_unrank(ix, i, &a, &b);
                int byte = db->values[m][o][i];
                int stab = kerx_index_stab(ix, (uint32_t)(i / ix->width), b);
                if (!stab) {
                    assert_int_equal(byte, KERX_EG_HOLE);
                    continue;
                }
                assert_int_not_equal(byte, KERX_EG_HOLE);
                struct kerx_state s;
                state_of(&s, a, b);
                if (kerx_status(db->g, db->drawat, &s) != 2) {
                    assert_int_equal(byte, 1); /* no legal move: lost now */
                    continue;
                }
                if (retro_check_position(t->game, &t->variant, &s, kerx_eg_cell(byte),
                                         kerx_egdb_probe, db, err) != 0)
                    fail_msg("tier %d+%d index %llu: %s", m, o, (unsigned long long)i,
                             err);
                checked++;
            }
        }
    assert_true(checked > 1000);
}

static void test_consistent_size4(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=4");
    struct kerx_egdb_stats st;
    build(&t, folder, 5, 2, &st);
    assert_int_equal(st.pairs, 1); /* 4+1 */
    assert_true(st.counts.won > 0 && st.counts.lost > 0 && st.counts.drawn > 0);
    struct kerx_egdb *db;
    char err[GAME_ERROR_BYTES];
    if (kerx_egdb_open(&db, &t.variant, folder, err) != 0) fail_msg("%s", err);
    check_all_tiers(&t, db);
    kerx_egdb_close(db);
}

/* A random position of material (m, o), side `mover` to move (cells drawn
 * with the test's generator). */
static void random_position(uint64_t *rng, int m, int o, int mover,
                            struct kerx_state *s) {
    memset(s, 0, sizeof *s);
    for (int side = 0; side < 2; side++)
        for (int placed = 0; placed < (side ? o : m);) {
            *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
            int c = (int)((*rng >> 33) % 19);
            if (((s->pieces[0][0] | s->pieces[1][0]) >> c) & 1) continue;
            s->pieces[side ^ mover][0] |= UINT64_C(1) << c;
            placed++;
        }
    s->side = (uint8_t)mover;
}

/* df-pn from scratch (no probes) proves `s` as the databases value it, or
 * gives up within its budget: true when it proved. */
static bool dfpn_agrees(const struct test_game *t, const struct kerx_state *s,
                        retro_cell cell) {
    char err[GAME_ERROR_BYTES];
    struct dfpn_config cfg = {
        .game = t->game, .variant = &t->variant, .table_mib = 32, .node_limit = 400000};
    struct dfpn_result res;
    assert_int_equal(dfpn_solve(&cfg, s, &res, err), 0);
    if (res.value == DFPN_UNKNOWN) return false;
    int outcome = retro_outcome(cell);
    int want = outcome == RETRO_OUTCOME_WIN    ? DFPN_WIN
               : outcome == RETRO_OUTCOME_LOSS ? DFPN_LOSS
                                               : DFPN_DRAW;
    assert_int_equal(res.value, want);
    return true;
}

/* Size 3 beyond the old limit of 10 pieces, with a side of 9: drawat=7
 * leaves only the lopsided materials (8+1, 9+1, 8+2, 9+2, 8+3 and their
 * mirrors). Every stored value agrees with its children (one ply of
 * minimax on every position: with exact remoteness this decides every
 * value, by induction on the remoteness), and df-pn from scratch agrees on
 * random positions. */
static void test_lopsided_size3(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3,drawat=7");
    struct kerx_egdb_stats st;
    char dir[300], err[GAME_ERROR_BYTES];
    snprintf(dir, sizeof dir, "%s/lopsided", folder);
    build(&t, dir, 11, 2, &st);
    assert_int_equal(st.pairs, 5);
    assert_true(st.counts.won > 0 && st.counts.lost > 0);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &t.variant, dir, err) != 0) fail_msg("%s", err);
    assert_non_null(db->values[9][2]);
    assert_non_null(db->values[3][8]);
    check_all_tiers(&t, db);
    uint64_t rng = 99;
    int proved = 0;
    const int materials[][2] = {{9, 2}, {2, 9}, {8, 3}, {3, 8}, {9, 1}, {1, 9}};
    for (int k = 0; k < 48; k++) {
        struct kerx_state s;
        random_position(&rng, materials[k % 6][0], materials[k % 6][1], k & 1, &s);
        retro_cell cell = kerx_egdb_probe(db, &s);
        if (cell == RETRO_TERMINAL) continue;
        assert_true(retro_is_value(cell));
        proved += dfpn_agrees(&t, &s, cell);
    }
    fprintf(stderr, "# lopsided size 3: df-pn agreed on %d random positions\n", proved);
    assert_true(proved >= 20);
    kerx_egdb_close(db);
}

/* Past 2^26 sets a side (9 or more pieces on size 4) the mover table keeps
 * no slot_of array and finds slots by binary search in the sorted masks:
 * both ways give every canonical set of sizes 3 and 4 (up to 6 pieces)
 * the same slot. */
static void test_mover_slots_by_search(void **unused) {
    (void)unused;
    char err[GAME_ERROR_BYTES];
    for (int size = 3; size <= 4; size++)
        for (int m = 1; m <= 6; m++) {
            const struct kerx_movers *mv = kerx_movers_get(size, m, err);
            assert_non_null(mv);
            assert_non_null(mv->slot_of);
            struct kerx_movers searched = *mv;
            searched.slot_of = NULL;
            for (uint32_t i = 0; i < mv->count; i++) {
                if (i) assert_true(mv->mask[i - 1] < mv->mask[i]);
                assert_int_equal(kerx_movers_slot(mv, mv->mask[i]), i);
                assert_int_equal(kerx_movers_slot(&searched, mv->mask[i]), i);
            }
        }
}

/* The generic solver's databases (no board symmetry, move graphs) and these
 * must agree on every position of every material. */
static void compare_with_generic(const char *variant, int pieces) {
    struct test_game t = test_game_make("kerx", variant);
    char dir[300], err[GAME_ERROR_BYTES];
    snprintf(dir, sizeof dir, "%s/generic", folder);
    struct kerx_db_build gb = {.pieces = pieces, .threads = 2, .folder = dir};
    struct kerx_db_stats gst;
    if (kerx_db_build(&t.variant, &gb, &gst, err) != 0) fail_msg("%s", err);
    struct kerx_egdb_stats st;
    build(&t, dir, pieces, 2, &st);
    struct kerx_db_set *gen;
    struct kerx_egdb *db;
    if (kerx_db_set_open(&gen, &t.variant, dir, err) != 0) fail_msg("%s", err);
    if (kerx_egdb_open(&db, &t.variant, dir, err) != 0) fail_msg("%s", err);
    uint64_t compared = 0;
    for (int hi = 1; hi <= pieces; hi++)
        for (int lo = 1; lo <= hi && hi + lo <= pieces; lo++) {
            if (kerx_material_over(&t.variant, hi, lo)) continue;
            tier_t tier = kerx_tier_id(hi, lo);
            uint64_t n = kerx_tier_size(&t.variant, tier);
            for (uint64_t r = 0; r < n; r++) {
                struct kerx_state s;
                if (!kerx_unrank(&t.variant, tier, r, &s)) continue;
                retro_cell want = kerx_db_set_probe(gen, &s);
                retro_cell got = kerx_egdb_probe(db, &s);
                if (want != got) {
                    char text[128], w[32], g[32];
                    t.game->format_position(&t.variant, &s, text, sizeof text);
                    retro_cell_text(want, w, sizeof w);
                    retro_cell_text(got, g, sizeof g);
                    fail_msg("%s %s: generic %s, symmetric %s", variant, text, w, g);
                }
                compared++;
            }
        }
    /* Symmetry: the generic positions are about 12 times the stored ones. */
    assert_int_equal(compared, gst.counts.positions);
    assert_true(st.counts.positions * 10 < compared);
    fprintf(stderr, "# %s, %d pieces: %llu positions agree (%llu stored here)\n", variant,
            pieces, (unsigned long long)compared,
            (unsigned long long)st.counts.positions);
    kerx_db_set_close(gen);
    kerx_egdb_close(db);
}

static void test_agrees_with_generic(void **unused) {
    (void)unused;
    const char *full = getenv("KIBITZ_KERX_FULL_CHECK");
    compare_with_generic("size=3,drawat=2", 5);
    compare_with_generic("size=3", full ? atoi(full) : 5);
}

/* Mover wins (+1) or loses (-1) within `depth` moves, else 0. */
static int within(const struct test_game *t, const struct kerx_state *s, int depth,
                  uint64_t *nodes) {
    ++*nodes;
    int status =
        kerx_status(kerx_geom_of(&t->variant), kerx_options(&t->variant)->drawat, s);
    if (status != 2) return status; /* 0: a draw by rule counts as neither */
    if (depth == 0) return 0;
    move_t moves[KERX_MAX_MOVES];
    int n = kerx_moves(kerx_geom_of(&t->variant), s, moves);
    bool all_win = true;
    for (int i = 0; i < n; i++) {
        struct kerx_state c = *s;
        kerx_play(kerx_geom_of(&t->variant), &c, moves[i]);
        int v = within(t, &c, depth - 1, nodes);
        if (v == -1) return 1;
        if (v != 1) all_win = false;
    }
    return all_win ? -1 : 0;
}

/* Random positions of size-3 materials: df-pn's value, and a plain search's
 * value and exact remoteness up to depth 5. */
static void test_searches_agree(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    struct kerx_egdb_stats st;
    char dir[300], err[GAME_ERROR_BYTES];
    snprintf(dir, sizeof dir, "%s/search", folder);
    build(&t, dir, 6, 1, &st);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &t.variant, dir, err) != 0) fail_msg("%s", err);
    uint64_t rng = 12345;
    int dfpn_done = 0, plain_done = 0, plain_exact = 0;
    for (int k = 0; k < 300; k++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        int m = 1 + (int)((rng >> 33) % 5), o = 6 - m - (int)((rng >> 40) % 2);
        if (o < 1 || kerx_egdb_over(db, m, o)) continue;
        /* A random position of material (m, o) for the side to move, white
         * or black (the databases forget colours). */
        struct kerx_state s;
        random_position(&rng, m, o, k & 1, &s);
        retro_cell cell = kerx_egdb_probe(db, &s);
        if (cell == RETRO_TERMINAL) continue;
        assert_true(retro_is_value(cell));
        int outcome = retro_outcome(cell), r = retro_remoteness(cell);
        if (k % 3 == 0) dfpn_done += dfpn_agrees(&t, &s, cell);
        uint64_t nodes = 0;
        int v5 = within(&t, &s, 5, &nodes);
        plain_done++;
        if (outcome == RETRO_OUTCOME_DRAW || r > 5) {
            assert_int_equal(v5, 0); /* nothing forced within 5 moves */
            continue;
        }
        assert_int_equal(v5, outcome); /* forced within r ... */
        assert_int_equal(within(&t, &s, r, &nodes), outcome);
        if (r > 0)
            assert_int_not_equal(within(&t, &s, r - 1, &nodes), outcome); /* not sooner */
        plain_exact++;
    }
    fprintf(stderr, "# df-pn agreed on %d, plain search on %d (%d with remoteness)\n",
            dfpn_done, plain_done, plain_exact);
    assert_true(dfpn_done >= 40 && plain_exact >= 40 && plain_done >= 150);
    kerx_egdb_close(db);
}

/* Run a shell command made like printf; its exit status. */
static int run(const char *fmt, ...) {
    static char cmd[16384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return system(cmd);
}
#define shell(...) assert_int_equal(run(__VA_ARGS__), 0)

static bool same_file(const char *x, const char *y) {
    return run("cmp -s '%s' '%s'", x, y) == 0;
}

/* The files of the listed pairs are byte-identical in both folders. */
static void assert_same_pairs(const char *one, const char *two, const char *const *pairs,
                              int n) {
    for (int i = 0; i < n; i++) {
        char f1[700], f2[700];
        snprintf(f1, sizeof f1, "%s/egdb-kerx-size=3,drawat=3,huff=0/%s.keg", one,
                 pairs[i]);
        snprintf(f2, sizeof f2, "%s/egdb-kerx-size=3,drawat=3,huff=0/%s.keg", two,
                 pairs[i]);
        assert_true(same_file(f1, f2));
    }
}

/* One and two threads write the same files; a second build reads every
 * pair back; a pair whose file is deleted is rebuilt, the same again. */
static void test_threads_and_resume(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    char one[300], two[300], f2[700];
    snprintf(one, sizeof one, "%s/one", folder);
    snprintf(two, sizeof two, "%s/two", folder);
    struct kerx_egdb_stats st;
    build(&t, one, 6, 1, &st);
    assert_int_equal(st.pairs, 3); /* 4+1 5+1 4+2 */
    assert_int_equal(st.pairs_loaded, 0);
    uint64_t positions = st.counts.positions;
    build(&t, two, 6, 2, &st);
    assert_int_equal(st.counts.positions, positions);
    const char *const pairs[] = {"4+1", "5+1", "4+2"};
    assert_same_pairs(one, two, pairs, 3);
    build(&t, two, 6, 2, &st);
    assert_int_equal(st.pairs_loaded, 3);
    assert_int_equal(st.solved_positions, 0);
    /* Interrupted after 5+1: the later pair is missing, and a temporary
     * file of the dead run lies around. */
    for (int i = 2; i < 3; i++) {
        snprintf(f2, sizeof f2, "%s/egdb-kerx-size=3,drawat=3,huff=0/%s.keg", two,
                 pairs[i]);
        assert_int_equal(unlink(f2), 0);
    }
    shell("echo junk > '%s/egdb-kerx-size=3,drawat=3,huff=0/4+2.keg.tmp.1'", two);
    build(&t, two, 6, 2, &st);
    assert_int_equal(st.pairs_loaded, 2);
    assert_same_pairs(one, two, pairs, 3);
}

/* Change the byte at offset `at` of a file. */
/* Build with the given layout and checkpoint settings; 0, or -1 with err. */
static int build_with(const struct test_game *t, const char *dir, int pieces, int layout,
                      double every, int stop, struct kerx_egdb_stats *st, char *err) {
    struct kerx_egdb_build b = {.pieces = pieces,
                                .threads = 2,
                                .parallel_from = 1,
                                .folder = dir,
                                .layout = layout,
                                .checkpoint_every = every,
                                .stop_before_level = stop};
    return kerx_egdb_build(&t->variant, &b, st, err);
}

/* Every .keg file of folder one/sub is in two/sub, byte for byte, and
 * there are n of them. */
static void assert_same_folders(const char *one, const char *two, const char *sub,
                                int n) {
    shell("test $(ls '%s/%s' | grep -c '[.]keg$') -eq %d", one, sub, n);
    shell("for f in '%s/%s'/*.keg; do cmp -s \"$f\" '%s/%s'/\"$(basename \"$f\")\" || "
          "{ echo \"differs: $f\"; exit 1; }; done",
          one, sub, two, sub);
}

/* The shared layout (counters in the value byte, 1 byte an entry) and the
 * 3-byte one write the same files, on two threads: every material of size 3
 * up to 10 pieces (its symmetric positions included) and of size 4 up to 6. */
static void test_layouts_agree(void **unused) {
    (void)unused;
    const char *variants[] = {"size=3", "size=4"};
    const int pieces[] = {10, 6};
    for (int i = 0; i < 2; i++) {
        struct test_game t = test_game_make("kerx", variants[i]);
        char shared[300], wide[300], sub[KERX_EGDB_PATH_BYTES], err[GAME_ERROR_BYTES];
        snprintf(shared, sizeof shared, "%s/shared%d", folder, i);
        snprintf(wide, sizeof wide, "%s/wide%d", folder, i);
        struct kerx_egdb_stats s1, s2;
        if (build_with(&t, shared, pieces[i], KERX_LAYOUT_SHARED, -1, 0, &s1, err) != 0)
            fail_msg("%s", err);
        if (build_with(&t, wide, pieces[i], KERX_LAYOUT_WIDE, -1, 0, &s2, err) != 0)
            fail_msg("%s", err);
        assert_int_equal(s1.pairs, s2.pairs);
        assert_true(s1.pairs >= 3);
        assert_int_equal(s1.counts.won, s2.counts.won);
        kerx_egdb_folder(&t.variant, "", sub, sizeof sub);
        assert_same_folders(shared, wide, sub + 1, s1.pairs); /* sub: "/egdb-..." */
    }
}

/* The whole file at `path` (malloc'ed), its length in *n. */
static uint8_t *read_image(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long len = ftell(f);
    assert_true(len > KERX_CKPT_HEADER_BYTES);
    uint8_t *image = malloc((size_t)len);
    assert_non_null(image);
    rewind(f);
    assert_int_equal(fread(image, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return image;
}

/* Replace the file at `path` by a checkpoint image, its checksums made
 * again (kerx_ckpt_reseal), and free the image. */
static void write_resealed(const char *path, uint8_t *image, size_t n) {
    assert_int_equal(kerx_ckpt_reseal(image, n), 0);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(image, 1, n, f), n);
    fclose(f);
    free(image);
}

/* Rewrite a checkpoint of format version 2 saved at a level as version 1
 * wrote it (no forward-pass word): what a build of an earlier kibitz
 * left. */
static void to_version1(const char *path) {
    size_t n;
    uint8_t *image = read_image(path, &n);
    /* The values move up over the last header word; version word: 1. */
    memmove(image + KERX_CKPT_V1_HEADER_BYTES, image + KERX_CKPT_HEADER_BYTES,
            n - KERX_CKPT_HEADER_BYTES);
    memset(image + 8, 0, 8);
    image[8] = 1;
    write_resealed(path, image, n - (KERX_CKPT_HEADER_BYTES - KERX_CKPT_V1_HEADER_BYTES));
}

/* Move the forward-pass entry of a version-2 checkpoint one entry on, off
 * the start of any work unit. */
static void move_forward_entry(const char *path) {
    size_t n;
    uint8_t *image = read_image(path, &n);
    image[KERX_CKPT_HEADER_BYTES - 8]++; /* the last word, little-endian */
    write_resealed(path, image, n);
}

/* The files of `dir` whose names end with `suffix`. */
static int count_files(const char *dir, const char *suffix) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    size_t ls = strlen(suffix);
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        n += l >= ls && strcmp(e->d_name + l - ls, suffix) == 0;
    }
    closedir(d);
    return n;
}

/* A build stopped inside a pair leaves its checkpoint; the next build goes
 * on from it (said in its stats), removes it and writes the same files as
 * a build never stopped. Four ways:
 * 0. stopped at level 5 (the test hook; a save before every level);
 * 1. the same, the checkpoint then damaged: refused, the pair solved from
 *    the start;
 * 2. a pause (SIGUSR1's flag, pause_request.h) asked when the 6-piece
 *    pairs are done: the first pair of 7 (11 work units or more, so more
 *    than one segment of its forward pass) saves inside that pass, at its
 *    first segment's end;
 * 3. stopped at level 5 with saves every hour, then resumed with a pause
 *    asked: the pair saves again before level 5 (however recent the last
 *    save) and stops;
 * 4. as 0, the checkpoint rewritten in format version 1 (an earlier
 *    kibitz's): still resumed;
 * 5. as 2, the saved forward-pass entry moved off a unit's start (checksums
 *    made again): refused, the pair solved from the start. */
static void test_checkpoint_resume(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    char clean[300], cut[300], sub[KERX_EGDB_PATH_BYTES], err[GAME_ERROR_BYTES] = "";
    char ckpt[KERX_EGDB_PATH_BYTES + 400];
    snprintf(clean, sizeof clean, "%s/clean", folder);
    snprintf(cut, sizeof cut, "%s/cut", folder);
    kerx_egdb_folder(&t.variant, "", sub, sizeof sub);
    struct kerx_egdb_stats st;
    if (build_with(&t, clean, 7, KERX_LAYOUT_AUTO, -1, 0, &st, err) != 0)
        fail_msg("%s", err);
    int pairs = st.pairs;
    const char *said[] = {
        "stopped before level 5",     "stopped before level 5",
        "paused in its forward pass", "paused before level 5 on request",
        "stopped before level 5",     "paused in its forward pass"};
    for (int way = 0; way < 6; way++) {
        bool paused = way == 2 || way == 3 || way == 5, refused = way == 1 || way == 5;
        double every = paused ? 3600 : 1e-9;
        shell("rm -rf '%s'", cut);
        if ((way == 2 || way == 5) &&
            build_with(&t, cut, 6, KERX_LAYOUT_AUTO, every, 0, &st, err) != 0)
            fail_msg("%s", err);
        if (way == 3 &&
            build_with(&t, cut, 7, KERX_LAYOUT_AUTO, every, 5, &st, err) != -2)
            fail_msg("not stopped at level 5: %s", err);
        if (paused) pause_request_set();
        int status = build_with(&t, cut, 7, KERX_LAYOUT_AUTO, every,
                                way == 2 || way == 3 || way == 5 ? 0 : 5, &st, err);
        pause_request_clear();
        assert_int_equal(status, -2);
        if (!strstr(err, said[way])) fail_msg("way %d: %s", way, err);
        int a = 0, b = 0;
        assert_int_equal(sscanf(strstr(err, "pair "), "pair %d+%d", &a, &b), 2);
        snprintf(ckpt, sizeof ckpt, "%s%s/%d+%d.keg.ckpt", cut, sub, a, b);
        assert_int_equal(access(ckpt, F_OK), 0);
        if (way == 1) test_flip_byte(ckpt, KERX_CKPT_HEADER_BYTES + 10);
        if (way == 4) to_version1(ckpt);
        if (way == 5) move_forward_entry(ckpt);
        /* A save cut short by a kill (no such process): removed by the next. */
        shell("echo partial > '%s.tmp.4194303'", ckpt);
        char pair_folder[KERX_EGDB_PATH_BYTES + 400];
        snprintf(pair_folder, sizeof pair_folder, "%s%s", cut, sub);
        /* A pause stops every pair in progress (more than one may run). */
        int saved = count_files(pair_folder, ".ckpt");
        assert_true(saved >= 1);
        if (build_with(&t, cut, 7, KERX_LAYOUT_AUTO, every, 0, &st, err) != 0)
            fail_msg("%s", err);
        shell("test ! -e '%s.tmp.4194303'", ckpt);
        assert_int_equal(st.pairs_resumed, saved - refused);
        assert_int_not_equal(access(ckpt, F_OK), 0); /* removed when done */
        assert_same_folders(clean, cut, sub + 1, pairs);
    }
}

static void expect_refused(const struct test_game *t, const char *dir, const char *what) {
    struct kerx_egdb *db;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(kerx_egdb_open(&db, &t->variant, dir, err), -1);
    if (!strstr(err, what)) fail_msg("expected '%s' in: %s", what, err);
}

/* The win/draw/loss files alone (the .keg files moved away) give every
 * position of every stored tier the outcome of its 1-byte value, positions
 * with a capture resolved by their children; they are smaller; a damaged
 * block is refused, naming the file and the block. */
static void test_wdl_files(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    struct kerx_egdb_stats st;
    char full[300], dir[KERX_EGDB_PATH_BYTES], wdl[300], wdir[KERX_EGDB_PATH_BYTES],
        err[GAME_ERROR_BYTES];
    snprintf(full, sizeof full, "%s/full", folder);
    snprintf(wdl, sizeof wdl, "%s/wdl", folder);
    build(&t, full, 8, 2, &st);
    assert_int_equal(st.wdl_written, st.pairs);
    assert_true(st.wdl_bytes * 8 < st.bytes_on_disk); /* 4 a byte at least, before zlib */
    kerx_egdb_folder(&t.variant, full, dir, sizeof dir);
    kerx_egdb_folder(&t.variant, wdl, wdir, sizeof wdir);
    run("mkdir -p '%s' && cp '%s'/*.kwdl '%s/'", wdir, dir, wdir);
    struct kerx_egdb *db, *w;
    if (kerx_egdb_open(&db, &t.variant, full, err) != 0) fail_msg("%s", err);
    if (kerx_egdb_open(&w, &t.variant, wdl, err) != 0) fail_msg("%s", err);
    assert_int_equal(w->pairs, 0);
    assert_int_equal(w->wdl_pairs, st.pairs);
    uint64_t compared = 0, captures = 0;
    for (int m = 1; m < KERX_EG_SIDE; m++)
        for (int o = 1; o < KERX_EG_SIDE; o++) {
            if (!db->values[m][o]) continue;
            assert_true(kerx_egdb_ready(db, m, o));
            const struct kerx_tier_index *ix = &db->index[m][o];
            for (uint64_t i = 0; i < ix->size; i++) {
                int byte = db->values[m][o][i];
                if (byte == KERX_EG_HOLE) continue;
                uint64_t a, b;
                kerx_index_unrank(ix, i, &a, &b);
                int want = byte == KERX_EG_DRAW ? KERX_WDL_DRAW
                           : ((byte - 1) & 1)   ? KERX_WDL_WIN
                                                : KERX_WDL_LOSS;
                int got = kerx_egdb_wdl(w, a, b);
                if (got != want)
                    fail_msg("tier %d+%d index %llu: win/draw/loss %d, byte %d", m, o,
                             (unsigned long long)i, got, byte);
                captures += kerx_egdb_has_capture(w->g, a, b);
                compared++;
            }
        }
    assert_int_equal(compared, st.counts.positions);
    assert_true(captures > 1000);
    /* df-pn's probe reads them without a distance; a query's stays exact. */
    struct kerx_state s;
    state_of(&s, 0xF, UINT64_C(1) << 10);
    assert_int_equal(kerx_egdb_probe(w, &s), RETRO_HOLE);
    retro_cell c = kerx_egdb_probe_value(w, &s);
    assert_true(retro_is_value(c) && !retro_distance_known(c));
    assert_int_equal(retro_outcome(c), retro_outcome(kerx_egdb_probe(db, &s)));
    kerx_egdb_close(w);
    kerx_egdb_close(db);
    /* Damage the middle of 5+3's compressed data: the first read there is
     * refused and names the block; then the file answers nothing. */
    char path[KERX_EGDB_PATH_BYTES + 16];
    snprintf(path, sizeof path, "%s/5+3.kwdl", wdir);
    struct kerx_wdl_file f;
    if (kerx_wdl_file_open(&f, path, 3, 3, 5, 3, KERX_EGDB_ANY, KERX_EGDB_ANY, err) != 0)
        fail_msg("%s", err);
    uint64_t n = f.count[0] + f.count[1];
    for (uint64_t i = 0; i < n; i += 997) assert_true(kerx_wdl_file_code(&f, i) >= 0);
    assert_int_equal(kerx_wdl_file_failed(&f, err), 0);
    uint64_t block = f.blocks / 2, at;
    memcpy(&at, f.offsets + 8 * block, 8);
    size_t where = 256 + at + 5;
    kerx_wdl_file_close(&f);
    int fd = open(path, O_RDWR);
    unsigned char byte;
    assert_int_equal(pread(fd, &byte, 1, (off_t)where), 1);
    byte ^= 0x40;
    assert_int_equal(pwrite(fd, &byte, 1, (off_t)where), 1);
    close(fd);
    if (kerx_wdl_file_open(&f, path, 3, 3, 5, 3, KERX_EGDB_ANY, KERX_EGDB_ANY, err) != 0)
        fail_msg("%s", err);
    assert_int_equal(kerx_wdl_file_code(&f, (block << f.shift) + 3), -1);
    assert_int_equal(kerx_wdl_file_failed(&f, err), -1);
    char expected[80];
    snprintf(expected, sizeof expected, "5+3.kwdl: corrupt values in block %llu of",
             (unsigned long long)block);
    if (!strstr(err, expected)) fail_msg("%s", err);
    assert_int_equal(kerx_wdl_file_code(&f, 0), -1); /* the whole file */
    kerx_wdl_file_close(&f);
    /* A truncated file, and a .keg file under the .kwdl name, are refused. */
    run("head -c 300 '%s/4+1.kwdl' > '%s/x' && mv '%s/x' '%s/4+1.kwdl'", wdir, wdir, wdir,
        wdir);
    expect_refused(&t, wdl, "truncated");
    run("cp '%s/4+1.keg' '%s/4+1.kwdl'", dir, wdir);
    expect_refused(&t, wdl, "not a Kerx win/draw/loss file");
}

static void test_refusals(void **unused) {
    (void)unused;
    struct test_game t3 = test_game_make("kerx", "size=3");
    struct test_game t4 = test_game_make("kerx", "size=4");
    struct kerx_egdb_stats st;
    build(&t3, folder, 5, 2, &st);
    char dir3[KERX_EGDB_PATH_BYTES], dir4[KERX_EGDB_PATH_BYTES], other[300],
        err[GAME_ERROR_BYTES];
    kerx_egdb_folder(&t3.variant, folder, dir3, sizeof dir3);
    snprintf(other, sizeof other, "%s/other", folder);
    kerx_egdb_folder(&t4.variant, other, dir4, sizeof dir4);
    /* A size-3 file where size 4 is looked for. */
    shell("mkdir -p '%s' && cp '%s/4+1.keg' '%s/'", dir4, dir3, dir4);
    expect_refused(&t4, other, "built for size=3");
    /* drawat is part of the database too. */
    struct test_game t3d = test_game_make("kerx", "size=3,drawat=2");
    char dir3d[KERX_EGDB_PATH_BYTES];
    kerx_egdb_folder(&t3d.variant, other, dir3d, sizeof dir3d);
    shell("mkdir -p '%s' && cp '%s/4+1.keg' '%s/'", dir3d, dir3, dir3d);
    expect_refused(&t3d, other, "drawat=3");
    /* A file named for another material. */
    char renamed[300], dir3r[KERX_EGDB_PATH_BYTES];
    snprintf(renamed, sizeof renamed, "%s/renamed", folder);
    kerx_egdb_folder(&t3.variant, renamed, dir3r, sizeof dir3r);
    shell("mkdir -p '%s' && cp '%s/4+1.keg' '%s/5+1.keg'", dir3r, dir3, dir3r);
    expect_refused(&t3, renamed, "another material");
    /* One flipped value byte (opening reads no value: checking them all
     * finds it); then a flipped header byte, and one of the block table. */
    char path[KERX_EGDB_PATH_BYTES + 16];
    snprintf(path, sizeof path, "%s/4+1.keg", dir3);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &t3.variant, folder, err) != 0) fail_msg("%s", err);
    assert_int_equal(kerx_egdb_verify(db, err), 0);
    kerx_egdb_close(db);
    shell("cp '%s' '%s.good'", path, path);
    shell("printf '\\376' | dd of='%s' bs=1 seek=4000 conv=notrunc 2>/dev/null", path);
    if (kerx_egdb_open(&db, &t3.variant, folder, err) != 0) fail_msg("%s", err);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    assert_int_equal(kerx_egdb_verify(db, err), -1);
    if (!strstr(err, "4+1.keg: corrupt values")) fail_msg("%s", err);
    kerx_egdb_close(db);
    shell("cp '%s.good' '%s'", path, path);
    shell("printf '\\377' | dd of='%s' bs=1 seek=$(( $(stat -c %%s '%s') - 3 )) "
          "conv=notrunc 2>/dev/null",
          path, path);
    expect_refused(&t3, folder, "corrupt block table");
    shell("cp '%s.good' '%s'", path, path);
    shell("printf '\\377' | dd of='%s' bs=1 seek=40 conv=notrunc 2>/dev/null", path);
    expect_refused(&t3, folder, "corrupt header");
    /* Truncated. */
    shell("head -c 9000 '%s.good' > '%s'", path, path);
    expect_refused(&t3, folder, "truncated");
    shell("head -c 100 '%s.good' > '%s'", path, path);
    expect_refused(&t3, folder, "too short");
    /* Not a database at all. */
    shell("head -c 5000 /dev/zero > '%s'", path);
    expect_refused(&t3, folder, "not a Kerx endgame database");
    /* A damaged pair is rebuilt by the next build, and reads again. */
    build(&t3, folder, 5, 2, &st);
    assert_int_equal(st.pairs_loaded, 0);
    char good[KERX_EGDB_PATH_BYTES + 32];
    snprintf(good, sizeof good, "%s.good", path);
    assert_true(same_file(path, good));
    /* The right material but another index size (consistent otherwise):
     * opening makes no index, so the first read finds it and gives the
     * file up. */
    char other_size[300], dir3o[KERX_EGDB_PATH_BYTES], file3o[KERX_EGDB_PATH_BYTES + 16];
    snprintf(other_size, sizeof other_size, "%s/other-size", folder);
    kerx_egdb_folder(&t3.variant, other_size, dir3o, sizeof dir3o);
    snprintf(file3o, sizeof file3o, "%s/4+1.keg", dir3o);
    shell("mkdir -p '%s'", dir3o);
    uint8_t draws[1000] = {0};
    if (kerx_egdb_file_write(file3o, 3, 3, 4, 1, draws, sizeof draws, NULL, 0, err) != 0)
        fail_msg("%s", err);
    if (kerx_egdb_open(&db, &t3.variant, other_size, err) != 0) fail_msg("%s", err);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    assert_int_equal(kerx_egdb_byte(db, 0xF, UINT64_C(1) << 10), -1);
    assert_int_equal(kerx_egdb_failed(db, err), -1);
    if (!strstr(err, "4+1.keg: holds another material or index layout"))
        fail_msg("%s", err);
    kerx_egdb_close(db);
    /* Budgets and limits. */
    struct kerx_egdb_build b = {
        .pieces = 7, .threads = 1, .memory_mib = 1, .folder = folder};
    assert_int_equal(kerx_egdb_build(&t4.variant, &b, &st, err), -2); /* runtime */
    assert_non_null(strstr(err, "more than --memory 1"));
    b.pieces = 3;
    b.memory_mib = 0;
    assert_int_equal(kerx_egdb_build(&t3.variant, &b, &st, err), -1);
    assert_non_null(strstr(err, "over by rule"));
    b.pieces = 19; /* size 3 starts with 9 a side: 18 is every material */
    assert_int_equal(kerx_egdb_build(&t3.variant, &b, &st, err), -1);
    assert_non_null(strstr(err, "--pieces must be 2..18 on size 3"));
    b.pieces = 14; /* size 4: 13+1 is beyond the index */
    assert_int_equal(kerx_egdb_build(&t4.variant, &b, &st, err), -1);
    assert_non_null(strstr(err, "material 13+1 is beyond the database index"));
    struct test_game t6 = test_game_make("kerx", "size=6");
    b.pieces = 5;
    assert_int_equal(kerx_egdb_build(&t6.variant, &b, &st, err), -1);
    assert_non_null(strstr(err, "sizes 3..5"));
}

/* Flip the value byte at `at` (counted from the first value) of a file. */
static void flip_value(const char *path, uint64_t at) {
    int fd = open(path, O_RDWR);
    assert_true(fd >= 0);
    uint8_t byte;
    assert_int_equal(pread(fd, &byte, 1, (off_t)(256 + at)), 1);
    byte = byte == 7 ? 9 : 7;
    assert_int_equal(pwrite(fd, &byte, 1, (off_t)(256 + at)), 1);
    close(fd);
}

/* A stored (non-hole) entry of tier (m, o) at or after `from`. */
static uint64_t stored_entry(const struct kerx_egdb *db, int m, int o, uint64_t from) {
    assert_true(kerx_egdb_ready(db, m, o));
    const struct kerx_tier_index *ix = &db->index[m][o];
    for (uint64_t i = from; i < ix->size; i++)
        if (db->values[m][o][i] != KERX_EG_HOLE) return i;
    fail_msg("no stored entry in %d+%d after %llu", m, o, (unsigned long long)from);
    return 0;
}

/* kerx_egdb_byte of entry i of tier (m, o). */
static int byte_at(const struct kerx_egdb *db, int m, int o, uint64_t i) {
    uint64_t mover, other;
    if (!kerx_egdb_ready(db, m, o)) return -1;
    kerx_index_unrank(&db->index[m][o], i, &mover, &other);
    return kerx_egdb_byte(db, mover, other);
}

/* Every entry of tier (m, o) (n of them) read by `threads` threads at once,
 * each in its own order, against `want` (the tier's index made by whichever
 * thread comes first): a value is the right one or -1 (refused),
 * never another. Returns how many reads were refused. */
static uint64_t read_all_parallel(const struct kerx_egdb *db, int m, int o,
                                  const uint8_t *want, uint64_t n, int threads) {
    uint64_t refused = 0, wrong = 0;
#pragma omp parallel num_threads(threads) reduction(+ : refused, wrong)
    {
        uint64_t step = 2 * (uint64_t)omp_get_thread_num() + 1; /* odd: a permutation */
        while (n % step == 0 && step > 1) step += 2;
        for (uint64_t k = 0; k < n; k++) {
            uint64_t i = k * step % n;
            if (want[i] == KERX_EG_HOLE) continue;
            int got = byte_at(db, m, o, i);
            if (got < 0)
                refused++;
            else if (got != want[i])
                wrong++;
        }
    }
    assert_int_equal(wrong, 0);
    return refused;
}

/* Blocks of 256 values: opening reads none of them; a byte flipped in one
 * block is refused when a read reaches it, and names the file and block;
 * the blocks read before it answered; after it the file answers nothing. */
static void test_lazy_blocks(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    struct kerx_egdb_stats st;
    kerx_egdb_file_set_block_shift(8);
    build(&t, folder, 6, 2, &st);
    kerx_egdb_file_set_block_shift(0);
    char dir[KERX_EGDB_PATH_BYTES], path[KERX_EGDB_PATH_BYTES + 16],
        err[GAME_ERROR_BYTES];
    kerx_egdb_folder(&t.variant, folder, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/4+2.keg", dir);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &t.variant, folder, err) != 0) fail_msg("%s", err);
    const struct kerx_egdb_file *f = &db->file[4][2];
    assert_int_equal(f->version, KERX_EGDB_VERSION);
    assert_true(f->blocks > 100);
    /* What the values are, and the good file read by 4 threads at once. */
    uint64_t n = db->file[4][2].count[0], n2 = db->file[4][2].count[1];
    uint8_t *want = malloc(n), *want2 = malloc(n2);
    memcpy(want, db->values[4][2], n);
    memcpy(want2, db->values[2][4], n2);
    assert_int_equal(read_all_parallel(db, 4, 2, want, n, 4), 0);
    assert_int_equal(read_all_parallel(db, 2, 4, want2, n2, 4), 0);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    kerx_egdb_close(db);
    /* Damage block 40 of tier (4, 2); read one entry of block 3 first. */
    if (kerx_egdb_open(&db, &t.variant, folder, err) != 0) fail_msg("%s", err);
    uint64_t bad = stored_entry(db, 4, 2, 40 << 8);
    uint64_t good = stored_entry(db, 4, 2, 3 << 8);
    kerx_egdb_close(db);
    flip_value(path, bad);
    if (kerx_egdb_open(&db, &t.variant, folder, err) != 0) fail_msg("%s", err);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    assert_int_equal(byte_at(db, 4, 2, good), want[good]);
    assert_int_equal(byte_at(db, 4, 1, stored_entry(db, 4, 1, 0)),
                     db->values[4][1][stored_entry(db, 4, 1, 0)]);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    assert_int_equal(byte_at(db, 4, 2, bad), -1);
    assert_int_equal(kerx_egdb_failed(db, err), -1);
    char expected[64];
    snprintf(expected, sizeof expected, "4+2.keg: corrupt values in block %llu of",
             (unsigned long long)(bad >> 8));
    if (!strstr(err, expected)) fail_msg("want '%s' in: %s", expected, err);
    /* The whole file is given up, its other tier too; others still answer. */
    assert_int_equal(byte_at(db, 4, 2, good), -1);
    assert_int_equal(byte_at(db, 2, 4, stored_entry(db, 2, 4, 0)), -1);
    assert_true(byte_at(db, 5, 1, stored_entry(db, 5, 1, 0)) >= 0);
    kerx_egdb_close(db);
    /* Many threads meeting the damage at once: right values or refusals. */
    if (kerx_egdb_open(&db, &t.variant, folder, err) != 0) fail_msg("%s", err);
    assert_true(read_all_parallel(db, 4, 2, want, n, 4) > 0);
    assert_int_equal(kerx_egdb_failed(db, err), -1);
    kerx_egdb_close(db);
    free(want);
    free(want2);
}

/* A pair file of format version 1 (tests/data, written by the builder
 * before blocks) is read; a build upgrades it in place to the file a fresh
 * build writes; a damaged one is refused on reading and rebuilt. */
static void test_old_format(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    struct kerx_egdb_stats st;
    char fresh[300], old[300], dir[KERX_EGDB_PATH_BYTES], fresh_dir[KERX_EGDB_PATH_BYTES],
        path[KERX_EGDB_PATH_BYTES + 16], fresh_path[KERX_EGDB_PATH_BYTES + 16],
        err[GAME_ERROR_BYTES];
    snprintf(fresh, sizeof fresh, "%s/fresh", folder);
    snprintf(old, sizeof old, "%s/old", folder);
    build(&t, fresh, 5, 1, &st); /* 4+1 only */
    assert_int_equal(st.pairs, 1);
    kerx_egdb_folder(&t.variant, fresh, fresh_dir, sizeof fresh_dir);
    kerx_egdb_folder(&t.variant, old, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/4+1.keg", dir);
    snprintf(fresh_path, sizeof fresh_path, "%s/4+1.keg", fresh_dir);
    const char *data = getenv("KIBITZ_TEST_DATA");
    if (!data) data = "tests/data";
    shell("mkdir -p '%s' && cp '%s/kerx-size3-4+1-format1.keg' '%s'", dir, data, path);
    struct kerx_egdb *db, *ref;
    if (kerx_egdb_open(&ref, &t.variant, fresh, err) != 0) fail_msg("%s", err);
    if (kerx_egdb_open(&db, &t.variant, old, err) != 0) fail_msg("%s", err);
    assert_int_equal(db->file[4][1].version, 1);
    assert_true(kerx_egdb_ready(ref, 4, 1));
    uint64_t n = ref->index[4][1].size, read = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (ref->values[4][1][i] == KERX_EG_HOLE) continue;
        assert_int_equal(byte_at(db, 4, 1, i), byte_at(ref, 4, 1, i));
        read++;
    }
    assert_true(read > 1000);
    assert_int_equal(kerx_egdb_failed(db, err), 0);
    kerx_egdb_close(db);
    /* Damaged: refused on reading, not at opening. */
    shell("cp '%s' '%s.v1'", path, path);
    flip_value(path, stored_entry(ref, 4, 1, 5000));
    if (kerx_egdb_open(&db, &t.variant, old, err) != 0) fail_msg("%s", err);
    assert_int_equal(byte_at(db, 4, 1, stored_entry(ref, 4, 1, 0)), -1);
    assert_int_equal(kerx_egdb_failed(db, err), -1);
    if (!strstr(err, "4+1.keg: corrupt values")) fail_msg("%s", err);
    kerx_egdb_close(db);
    /* A build does not upgrade a damaged file: it rebuilds it. */
    build(&t, old, 5, 2, &st);
    assert_int_equal(st.pairs_loaded, 0);
    assert_true(same_file(path, fresh_path));
    /* A good one is upgraded, not rebuilt: the fresh build's file. */
    shell("cp '%s.v1' '%s'", path, path);
    build(&t, old, 5, 2, &st);
    assert_int_equal(st.pairs_loaded, 1);
    assert_int_equal(st.pairs_upgraded, 1);
    assert_int_equal(st.solved_positions, 0);
    assert_true(same_file(path, fresh_path));
    shell("test -z \"$(ls '%s' | grep tmp)\"", dir);
    build(&t, old, 5, 2, &st);
    assert_int_equal(st.pairs_upgraded, 0);
    kerx_egdb_close(ref);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_consistent_size4, setup, teardown),
        cmocka_unit_test_setup_teardown(test_agrees_with_generic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_searches_agree, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lopsided_size3, setup, teardown),
        cmocka_unit_test(test_mover_slots_by_search),
        cmocka_unit_test_setup_teardown(test_wdl_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_threads_and_resume, setup, teardown),
        cmocka_unit_test_setup_teardown(test_layouts_agree, setup, teardown),
        cmocka_unit_test_setup_teardown(test_checkpoint_resume, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lazy_blocks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_old_format, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
