/* What the kibitz program's commands take from libkibitz, through the public
 * API only (include/kibitz.h): databases of either kind opened by
 * kz_db_open (a solver file, and Kerx endgame sets through the game's
 * database hook), solving with progress and a stop flag, perft per root
 * move, records replayed and reviewed. The Kerx sets are built with the
 * game's own builder (the engine's hook) in a scratch folder. */
#include "play/record.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "include/kibitz.h"
#include "solve/game_database.h"
#include "support.h"
#include "json/kjson_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char folder[256];

static int make_folder(void **unused) {
    test_scratch_folder("lib-commands", folder, sizeof folder);
    return mkdir(folder, 0755);
}

static int remove_folder(void **unused) {
    return test_remove_folder(folder);
}

static kz_game *load(const char *name, const char *variant) {
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load(name, variant, &g, err, sizeof err) != KZ_OK)
        fail_msg("%s(%s): %s", name, variant ? variant : "", err);
    return g;
}

static kz_state *at(const kz_game *g, const char *position) {
    char err[KZ_ERROR_BYTES];
    kz_state *s = kz_state_new(g);
    assert_non_null(s);
    if (position && kz_state_parse(s, position, err, sizeof err) != KZ_OK)
        fail_msg("%s", err);
    return s;
}

/* Kerx size 3 endgame sets of up to 6 pieces, by the game's own builder. */
static void build_kerx_sets(void) {
    struct variant v;
    char err[KZ_ERROR_BYTES];
    variant_init(&kerx_game, &v);
    assert_int_equal(variant_parse(&kerx_game, &v, "size=3", err), 0);
    assert_int_equal(variant_finish(&kerx_game, &v, err), 0);
    struct game_database_build b = {.pieces = 6, .threads = 1, .data = folder};
    FILE *quiet = fopen("/dev/null", "w");
    assert_non_null(quiet);
    int status = kerx_game.database->build(&v, &b, quiet, err);
    fclose(quiet);
    if (status) fail_msg("build: %s", err);
}

/* kz_db_open on a Kerx data folder opens its endgame sets (the game's
 * database hook), and queries answer from them. */
static void test_kerx_endgame_sets_open_and_answer(void **unused) {
    char err[KZ_ERROR_BYTES], where[512], text[KZ_TEXT_BYTES];
    kz_game *g = load("kerx", "size=3");
    kz_db *db;
    /* Nothing built yet: a message saying where it looked. */
    assert_int_equal(kz_db_open(g, folder, &db, err, sizeof err), KZ_ERUNTIME);
    assert_null(db);
    assert_true(strlen(err) > 0);
    build_kerx_sets();
    if (kz_db_open(g, folder, &db, err, sizeof err) != KZ_OK) fail_msg("%s", err);
    kz_db_where(db, where, sizeof where);
    assert_non_null(strstr(where, "egdb-kerx-size=3"));

    kz_state *s = at(g, "www/4/1bw2/4/3 w");
    int outcome = 9, distance = -9, outcomes[64], distances[64];
    kz_action actions[64];
    int n = kz_db_query(db, s, &outcome, &distance, actions, outcomes, distances, 64, err,
                        sizeof err);
    if (n < 0) fail_msg("%s", err);
    assert_int_equal(n, kz_state_actions(s, NULL, 0));
    assert_int_equal(outcome, 1);
    assert_int_equal(distance, 1);
    kz_state_action_text(s, actions[0], text, sizeof text);
    assert_string_equal(text, "c3xa3");
    assert_int_equal(outcomes[0], 1);
    assert_int_equal(distances[0], 1);
    char json[4096];
    assert_true(kz_db_query_json(db, s, json, sizeof json, err, sizeof err) > 0);
    assert_non_null(strstr(json, "\"move\":\"c3xa3\""));

    /* The other side to move: a draw (no move wins). */
    kz_state_parse(s, "www/4/1bw2/4/3 b", err, sizeof err);
    assert_true(kz_db_query(db, s, &outcome, &distance, NULL, NULL, NULL, 0, err,
                            sizeof err) > 0);
    assert_int_equal(outcome, 0);

    /* Material the sets do not hold: the game's own message. */
    kz_state_parse(s, "www/ww2/bbw2/4/3 w", err, sizeof err);
    assert_int_equal(
        kz_db_query(db, s, &outcome, &distance, NULL, NULL, NULL, 0, err, sizeof err),
        KZ_ERUNTIME);
    assert_non_null(strstr(err, "no database holds this material"));
    kz_state_free(s);
    kz_db_close(db);
    kz_game_free(g);
}

struct progress {
    int calls;
    uint64_t last_done, last_total;
    kz_stop *stop_after_first; /* raised at the first call, when set */
};

static void count_progress(void *ctx, uint64_t done, uint64_t total, uint64_t positions) {
    struct progress *p = ctx;
    p->calls++;
    assert_true(done <= total);
    assert_true(done >= p->last_done);
    p->last_done = done;
    p->last_total = total;
    if (p->stop_after_first) kz_stop_request(p->stop_after_first);
}

/* kz_solve_with reports every tier, stops when asked (writing nothing) and
 * writes a database kz_db_open then answers from. */
static void test_solve_progress_stop_and_query(void **unused) {
    char err[KZ_ERROR_BYTES], path[400];
    kz_game *g = load("kulibrat", "target=2");
    snprintf(path, sizeof path, "%s/k2.kdb", folder);

    kz_stop *stop = kz_stop_new();
    struct progress stopped = {.stop_after_first = stop};
    assert_int_equal(
        kz_solve_with(g, path, 1, count_progress, &stopped, stop, err, sizeof err),
        KZ_ERUNTIME);
    assert_string_equal(err, "stopped");
    assert_int_equal(stopped.calls, 1);
    struct stat st;
    assert_int_not_equal(stat(path, &st), 0); /* no file left */

    kz_stop_reset(stop);
    struct progress all = {0};
    if (kz_solve_with(g, path, 1, count_progress, &all, stop, err, sizeof err) != KZ_OK)
        fail_msg("%s", err);
    assert_true(all.calls > 1);
    assert_int_equal(all.last_done, all.last_total);
    kz_stop_free(stop);

    kz_db *db;
    if (kz_db_open(g, path, &db, err, sizeof err) != KZ_OK) fail_msg("%s", err);
    kz_state *s = at(g, NULL);
    int outcome = 9, distance;
    assert_true(kz_db_query(db, s, &outcome, &distance, NULL, NULL, NULL, 0, err,
                            sizeof err) > 0);
    assert_true(outcome >= -1 && outcome <= 1);
    kz_state_free(s);
    kz_db_close(db);
    kz_game_free(g);
}

/* The per-move counts add up to the total, which is kz_perft's. */
static void test_perft_divide_adds_up(void **unused) {
    kz_game *g = load("kerx", NULL);
    kz_state *s = at(g, NULL);
    int cap = kz_game_max_actions(g), count = -1;
    kz_action *actions = malloc(sizeof *actions * (size_t)cap);
    uint64_t *leaves = malloc(sizeof *leaves * (size_t)cap);
    uint64_t total = kz_perft_divide(s, 3, 2, actions, leaves, cap, &count);
    assert_int_equal(count, kz_state_actions(s, NULL, 0));
    uint64_t sum = 0;
    for (int i = 0; i < count; i++) sum += leaves[i];
    assert_true(total > 0);
    assert_int_equal(sum, total);
    assert_int_equal(total, kz_perft(s, 3, 1));
    char json[1 << 16];
    size_t need = kz_perft_json(s, 2, 1, 1, json, sizeof json);
    assert_true(need < sizeof json);
    assert_non_null(strstr(json, "\"divide\""));
    free(actions);
    free(leaves);
    kz_state_free(s);
    kz_game_free(g);
}

/* A record written by the engine reads back through kz_record_*: its
 * variant, its length, every position on the way; and reviews. */
static void test_record_replay_and_review(void **unused) {
    char err[KZ_ERROR_BYTES], path[400], text[KZ_TEXT_BYTES], want[KZ_TEXT_BYTES];
    struct test_game t = test_game_make("kulibrat", "target=3");
    _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, state);
    struct game_record rec;
    record_init(&rec, t.game, &t.variant, state);
    move_t moves[64];
    for (int ply = 0; ply < 6 && t.game->turn(&t.variant, state) != TURN_OVER; ply++) {
        t.game->moves(&t.variant, state, moves);
        assert_int_equal(record_add_move(&rec, state, moves[0]), 0);
        t.game->apply(&t.variant, state, moves[0]);
    }
    snprintf(path, sizeof path, "%s/game.json", folder);
    assert_int_equal(kjson_record_write(&rec, path, err), 0);
    t.game->format_position(&t.variant, state, want, sizeof want);

    kz_game *g = load("kulibrat", NULL); /* the record says which variant */
    kz_record *r;
    if (kz_record_load(g, path, &r, err, sizeof err) != KZ_OK) fail_msg("%s", err);
    assert_int_equal(kz_record_length(r), rec.count);
    kz_game_variant(kz_record_game(r), text, sizeof text);
    assert_non_null(strstr(text, "target=3"));
    kz_state *wrong = at(g, NULL); /* default variant: not the record's */
    assert_int_equal(kz_record_replay(r, -1, wrong, err, sizeof err), KZ_EINVAL);
    kz_state *s = kz_state_new(kz_record_game(r));
    assert_int_equal(kz_record_replay(r, -1, s, err, sizeof err), KZ_OK);
    kz_state_format(s, text, sizeof text);
    assert_string_equal(text, want);
    assert_int_equal(kz_record_replay(r, 0, s, err, sizeof err), KZ_OK);
    t.game->format_position(&t.variant, rec.start, want, sizeof want);
    kz_state_format(s, text, sizeof text);
    assert_string_equal(text, want);

    char json[1 << 15];
    long need = kz_review_json(r, NULL, 2, 0, 0, 1, json, sizeof json, err, sizeof err);
    if (need < 0) fail_msg("%s", err);
    assert_true((size_t)need < sizeof json);
    assert_non_null(strstr(json, "\"kind\":\"review\""));

    /* A file that is not a record: a message naming it. */
    kz_record *bad;
    assert_int_equal(kz_record_load(g, folder, &bad, err, sizeof err), KZ_EINVAL);
    assert_null(bad);
    assert_non_null(strstr(err, folder));
    /* No game: an error, not a NULL dereference (issue 31). */
    assert_int_equal(kz_record_load(NULL, path, &bad, err, sizeof err), KZ_EINVAL);
    assert_null(bad);
    assert_non_null(strstr(err, "no game"));
    kz_state_free(wrong);
    kz_state_free(s);
    kz_record_free(r);
    kz_game_free(g);
    record_free(&rec);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kerx_endgame_sets_open_and_answer),
        cmocka_unit_test(test_solve_progress_stop_and_query),
        cmocka_unit_test(test_perft_divide_adds_up),
        cmocka_unit_test(test_record_replay_and_review),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
