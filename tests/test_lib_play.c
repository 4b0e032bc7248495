/* What `play`, `arena` and `serve` take from libkibitz, through the public
 * API (include/kibitz.h): agents that see only the mover's view in a game
 * of hidden information, records made move by move that replay and read
 * back, one match and an arena whose report does not depend on how many
 * games run at once, the web board and the database page without a
 * database, and the random stream's chance draws. */
#include "include/kibitz.h"
#include "support.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char folder[256];

static int make_folder(void **unused) {
    test_scratch_folder("lib-play", folder, sizeof folder);
    return mkdir(folder, 0755);
}

static int remove_folder(void **unused) {
    return test_remove_folder(folder);
}

static kz_game *load(const char *name) {
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load(name, NULL, &g, err, sizeof err) != KZ_OK)
        fail_msg("%s: %s", name, err);
    return g;
}

/* Kotra: the agent's move depends only on the mover's view. Two states that
 * differ only in the enemy's hidden ranks give the same move. */
static void agent_sees_the_view_only(void **unused) {
    kz_game *g = load("kotra");
    char err[KZ_ERROR_BYTES];
    kz_rng *rng = kz_rng_new(5);
    kz_state *a = kz_state_new(g);
    kz_agent *random_player;
    assert_int_equal(kz_agent_new(g, "random", &random_player, err, sizeof err), KZ_OK);
    /* Both sides set up at random, then the states are told apart only by
     * what the mover cannot see. */
    /* Up to 80 plies (past both setups), never onto a finished game. */
    for (int ply = 0; ply < 80 && kz_state_turn(a) >= 0; ply++) {
        kz_action m;
        assert_int_equal(
            kz_agent_choose(random_player, a, kz_rng_next(rng), &m, err, sizeof err),
            KZ_OK);
        kz_state *next = kz_state_clone(a);
        kz_state_apply(next, m, NULL, 0);
        bool over = kz_state_turn(next) < 0;
        kz_state_free(next);
        if (over) break;
        kz_state_apply(a, m, NULL, 0);
    }
    int mover = kz_state_turn(a);
    assert_true(mover >= 0);
    kz_state *view = kz_state_view(a, mover);
    /* Not vacuous: the mover does not see everything. */
    char full[KZ_TEXT_BYTES], seen[KZ_TEXT_BYTES];
    kz_state_format(a, full, sizeof full);
    kz_state_format(view, seen, sizeof seen);
    assert_string_not_equal(full, seen);
    kz_agent *mcts;
    assert_int_equal(kz_agent_new(g, "mcts:iterations=200", &mcts, err, sizeof err),
                     KZ_OK);
    kz_action from_state, from_view;
    assert_int_equal(kz_agent_choose(mcts, a, 11, &from_state, err, sizeof err), KZ_OK);
    kz_agent_new_game(mcts);
    /* The view itself is a state whose hidden parts are unknown markers: if
     * the agent read hidden ranks from the full state, its tree would
     * differ and so, in general, would its move and its evaluation. */
    assert_int_equal(kz_agent_choose(mcts, view, 11, &from_view, err, sizeof err), KZ_OK);
    assert_true(from_state == from_view);
    struct kz_eval eval;
    kz_agent_eval(mcts, &eval);
    assert_int_equal(eval.kind, KZ_EVAL_ESTIMATE);
    kz_agent_free(mcts);
    kz_agent_free(random_player);
    kz_state_free(view);
    kz_state_free(a);
    kz_rng_free(rng);
    kz_game_free(g);
}

/* A record made move by move replays to the same positions, refuses an
 * illegal step, and reads back from its file with the same steps. */
static void records_made_and_read(void **unused) {
    kz_game *g = load("kauda-baji");
    char err[KZ_ERROR_BYTES], path[512], a_text[KZ_TEXT_BYTES], b_text[KZ_TEXT_BYTES];
    kz_state *s = kz_state_new(g), *replayed = kz_state_new(g);
    kz_record *rec = kz_record_new(s);
    kz_rng *rng = kz_rng_new(3);
    kz_agent *player;
    assert_int_equal(kz_agent_new(g, "random", &player, err, sizeof err), KZ_OK);
    assert_int_equal(kz_record_add(rec, s, (kz_action)123456789), KZ_EINVAL);
    for (int ply = 0; ply < 40 && kz_state_turn(s) != KZ_TURN_OVER; ply++) {
        kz_action m;
        if (kz_state_turn(s) == KZ_TURN_CHANCE)
            assert_int_equal(kz_rng_chance(rng, s, &m), KZ_OK);
        else
            assert_int_equal(
                kz_agent_choose(player, s, kz_rng_next(rng), &m, err, sizeof err), KZ_OK);
        assert_int_equal(kz_record_add(rec, s, m), KZ_OK);
        kz_state_apply(s, m, NULL, 0);
        assert_int_equal(kz_record_replay(rec, -1, replayed, err, sizeof err), KZ_OK);
        kz_state_format(s, a_text, sizeof a_text);
        kz_state_format(replayed, b_text, sizeof b_text);
        assert_string_equal(a_text, b_text);
    }
    int steps = kz_record_length(rec);
    assert_true(steps > 10);
    kz_record_set_player(rec, 0, "random");
    snprintf(path, sizeof path, "%s/game.json", folder);
    assert_int_equal(kz_record_write(rec, -1, path, err, sizeof err), KZ_OK);
    kz_record *back;
    assert_int_equal(kz_record_load(g, path, &back, err, sizeof err), KZ_OK);
    assert_int_equal(kz_record_length(back), steps);
    long n1 = kz_record_json(rec, -1, NULL, 0), n2 = kz_record_json(back, -1, NULL, 0);
    assert_true(n1 > 0 && n1 == n2);
    char *j1 = malloc((size_t)n1 + 1), *j2 = malloc((size_t)n2 + 1);
    kz_record_json(rec, -1, j1, (size_t)n1 + 1);
    kz_record_json(back, -1, j2, (size_t)n2 + 1);
    assert_string_equal(j1, j2);
    /* Taking moves back: the record is cut there. */
    kz_record_truncate(rec, 5);
    assert_int_equal(kz_record_length(rec), 5);
    free(j1);
    free(j2);
    kz_record_free(back);
    kz_record_free(rec);
    kz_agent_free(player);
    kz_rng_free(rng);
    kz_state_free(replayed);
    kz_state_free(s);
    kz_game_free(g);
}

/* The same arena with one and with three games at once: the same report. */
static void arena_independent_of_parallel(void **unused) {
    kz_game *g = load("kulibrat");
    kz_state *start = kz_state_new(g);
    char err[KZ_ERROR_BYTES];
    struct kz_arena_options o = {.players = "alphabeta:depth=2,mcts:iterations=60",
                                 .games = 6,
                                 .seed = 9,
                                 .parallel = 1,
                                 .opening = 1};
    struct kz_arena_result one, three;
    assert_int_equal(kz_arena_run(start, &o, &one, err, sizeof err), KZ_OK);
    o.parallel = 3;
    assert_int_equal(kz_arena_run(start, &o, &three, err, sizeof err), KZ_OK);
    assert_int_equal(one.players, 2);
    assert_memory_equal(one.rows, three.rows, sizeof one.rows);
    assert_true(one.score == three.score);
    double shares = one.rows[0].win[0] + one.rows[0].draw[0] + one.rows[0].loss[0];
    assert_true(fabs(shares - 1.0) < 1e-9);
    assert_true(one.rows[0].win[0] == one.rows[1].loss[0]);
    /* A bad spec is refused with the arena's message, a wrong count too. */
    o.players = "alphabeta,nonsense";
    assert_int_equal(kz_arena_run(start, &o, &one, err, sizeof err), KZ_EINVAL);
    assert_non_null(strstr(err, "bad player 'nonsense'"));
    o.players = "random";
    assert_int_equal(kz_arena_run(start, &o, &one, err, sizeof err), KZ_EINVAL);
    assert_non_null(strstr(err, "needs 2 specs"));
    kz_state_free(start);
    kz_game_free(g);
}

/* One match: the record ends where the game ended, with its result. */
static void one_match(void **unused) {
    kz_game *g = load("kodrek");
    kz_state *start = kz_state_new(g), *end = kz_state_new(g);
    char err[KZ_ERROR_BYTES], ending[64];
    kz_agent *seats[KZ_MAX_PLAYERS];
    int players = kz_game_players(g);
    for (int p = 0; p < players; p++)
        assert_int_equal(
            kz_agent_new(g, p ? "random" : "greedy", &seats[p], err, sizeof err), KZ_OK);
    kz_record *rec = kz_record_new(start);
    double returns[KZ_MAX_PLAYERS] = {0};
    assert_int_equal(kz_match_play(start, seats, 1, 1, 2, returns, ending, sizeof ending,
                                   rec, err, sizeof err),
                     KZ_OK);
    assert_int_equal(kz_record_replay(rec, -1, end, err, sizeof err), KZ_OK);
    if (strcmp(ending, "move limit") != 0 && strcmp(ending, "repetition") != 0) {
        double r[KZ_MAX_PLAYERS];
        assert_int_equal(kz_state_returns(end, r), KZ_OK);
        for (int p = 0; p < players; p++) assert_true(r[p] == returns[p]);
    }
    for (int p = 0; p < players; p++) kz_agent_free(seats[p]);
    kz_record_free(rec);
    kz_state_free(end);
    kz_state_free(start);
    kz_game_free(g);
}

/* The web page's pieces: a board for every game that has one, cells for
 * moves, and the query page without a database. */
static void board_and_page(void **unused) {
    for (int i = 0; i < kz_game_count(); i++) {
        kz_game *g = load(kz_game_name_at(i));
        kz_state *s = kz_state_new(g);
        long n = kz_state_board_json(s, -1, NULL, 0);
        if (kz_game_flags(g) & KZ_HAS_BOARD) {
            assert_true(n > 0);
            char *json = malloc((size_t)n + 1);
            assert_int_equal(kz_state_board_json(s, -1, json, (size_t)n + 1), n);
            assert_non_null(strstr(json, "\"cells\""));
            free(json);
        } else {
            assert_int_equal(n, KZ_EUNSUPPORTED);
        }
        n = kz_db_page_json(NULL, s, NULL, NULL, 0);
        char *page = malloc((size_t)n + 1);
        kz_db_page_json(NULL, s, NULL, page, (size_t)n + 1);
        assert_non_null(strstr(page, "\"database\":null"));
        free(page);
        kz_state_free(s);
        kz_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(agent_sees_the_view_only),
        cmocka_unit_test(records_made_and_read),
        cmocka_unit_test(arena_independent_of_parallel),
        cmocka_unit_test(one_match),
        cmocka_unit_test(board_and_page),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
