/* Every entry point of libkibitz (include/kibitz.h) called with NULL for
 * its handles and pointers answers with an error code (a negative status,
 * or 0, "" or NULL where the function returns no status), never a crash;
 * the same with a real handle and a NULL place for the result. Every
 * function the header declares is called here (tests/lib_exports.sh checks
 * that none is missing). Run under the sanitizers by `make sanitize`. */
#include "include/kibitz.h"
#include "support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every wrong answer is listed (not only the first) before the test
 * fails; KIBITZ_TEST_TRACE=1 names each call before it is made, to find
 * one that crashes. */
static int wrong;
static bool tracing(void) {
    const char *t = getenv("KIBITZ_TEST_TRACE");
    return t && t[0] == '1';
}
static void trace(const char *what) {
    if (tracing()) fprintf(stderr, "call %s\n", what);
}
static void judge(bool right, const char *what) {
    if (!right) fprintf(stderr, "wrong answer: %s\n", what), wrong++;
}
/* A status: negative. */
#define FAILS(call) (trace(#call), judge((long)(call) < 0, #call))
/* No status: 0 (or NULL, or false). */
#define NOTHING(call) (trace(#call), judge((call) == 0, #call))
/* A count or a turn: nothing (0) or a status. */
#define NO_COUNT(call) (trace(#call), judge((long)(call) <= 0, #call))
/* No result at all: it must only return. */
#define RETURNS(call) (trace(#call), (call))

static void all_null(void **unused) {
    wrong = 0;
    char buf[8] = "x";
    /* library and games */
    RETURNS(kz_version());
    RETURNS(kz_last_error());
    RETURNS(kz_game_count());
    NOTHING(kz_game_name_at(-1));
    FAILS(kz_game_load(NULL, NULL, NULL, NULL, 0));
    RETURNS(kz_game_free(NULL));
    NOTHING(kz_game_name(NULL));
    NOTHING(kz_game_variant(NULL, buf, sizeof buf));
    assert_string_equal(buf, "");
    NOTHING(kz_game_variant(NULL, NULL, 0));
    NO_COUNT(kz_game_players(NULL));
    NOTHING(kz_game_flags(NULL));
    NO_COUNT(kz_game_max_actions(NULL));
    NOTHING(kz_game_player_name(NULL, 0));
    NO_COUNT(kz_game_observation_shape(NULL, NULL));
    NOTHING(kz_game_default_engine(NULL));
    NOTHING(kz_game_summary(NULL));
    FAILS(kz_game_option(NULL, 0, NULL, NULL, NULL, NULL));
    /* states */
    NOTHING(kz_state_new(NULL));
    NOTHING(kz_state_clone(NULL));
    RETURNS(kz_state_free(NULL));
    FAILS(kz_state_copy(NULL, NULL));
    NOTHING(kz_state_game(NULL));
    FAILS(kz_state_parse(NULL, NULL, NULL, 0));
    NOTHING(kz_state_format(NULL, NULL, 0));
    NOTHING(kz_state_draw(NULL, NULL, 0));
    FAILS(kz_state_turn(NULL));
    NO_COUNT(kz_state_actions(NULL, NULL, 0));
    NOTHING(kz_state_action_text(NULL, 0, NULL, 0));
    FAILS(kz_state_parse_action(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_state_apply(NULL, 0, NULL, 0));
    FAILS(kz_state_apply_text(NULL, NULL, NULL, 0));
    NO_COUNT(kz_state_chance(NULL, NULL, NULL, 0));
    NOTHING(kz_state_acting(NULL));
    NO_COUNT(kz_state_joint_actions(NULL, 0, NULL, 0));
    NOTHING(kz_state_joint_action_text(NULL, 0, 0, NULL, 0));
    FAILS(kz_state_apply_joint(NULL, NULL, NULL, 0));
    FAILS(kz_state_returns(NULL, NULL));
    NOTHING(kz_state_view(NULL, 0));
    FAILS(kz_state_observation(NULL, 0, NULL, 0));
    NOTHING(kz_random_rollouts(NULL, 1, 0, 0, NULL));
    NOTHING(kz_perft(NULL, 1, 1));
    NOTHING(kz_state_hash(NULL));
    NOTHING(kz_state_equal(NULL, NULL));
    FAILS(kz_state_action_index(NULL, 0));
    FAILS(kz_state_action_at(NULL, 0, NULL));
    FAILS(kz_state_check(NULL, NULL, 0));
    FAILS(kz_state_parse_line(NULL, NULL, 0, NULL, 0, NULL, 0));
    NOTHING(kz_state_end_reason(NULL, NULL, 0));
    FAILS(kz_state_board_json(NULL, 0, NULL, 0));
    NO_COUNT(kz_state_action_cells(NULL, 0, NULL, 0));
    NOTHING(kz_state_json(NULL, NULL, 0));
    RETURNS(kz_games_json(NULL, 0)); /* needs no handle: only its length */
    RETURNS(kz_data_folder(NULL, 0));
    /* search */
    RETURNS(kz_stop_request(NULL));
    RETURNS(kz_stop_reset(NULL));
    RETURNS(kz_stop_free(NULL));
    RETURNS(kz_stop_free(kz_stop_new()));
    FAILS(kz_search(NULL, NULL, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, 0, NULL, NULL, 0));
    FAILS(kz_table_new(1, NULL, NULL, 0));
    RETURNS(kz_table_clear(NULL));
    NOTHING(kz_table_mib(NULL));
    RETURNS(kz_table_free(NULL));
    FAILS(kz_search_with(NULL, NULL, NULL, NULL, 0, NULL, NULL, 0));
    FAILS(kz_search_check(NULL, NULL, NULL, 0));
    NOTHING(kz_perft_divide(NULL, 1, 1, NULL, NULL, 0, NULL));
    NOTHING(kz_perft_json(NULL, 1, 1, 0, NULL, 0));
    /* randomness */
    NOTHING(kz_rng_next(NULL));
    RETURNS(kz_rng_free(NULL));
    RETURNS(kz_rng_free(kz_rng_new(1)));
    FAILS(kz_rng_chance(NULL, NULL, NULL));
    /* agents */
    FAILS(kz_agent_new(NULL, NULL, NULL, NULL, 0));
    RETURNS(kz_agent_free(NULL));
    NOTHING(kz_agent_spec(NULL));
    FAILS(kz_agent_threads(NULL));
    RETURNS(kz_agent_new_game(NULL));
    RETURNS(kz_agent_use_db(NULL, NULL));
    RETURNS(kz_agent_cap(NULL, NULL));
    RETURNS(kz_agent_watch(NULL, NULL));
    FAILS(kz_agent_choose(NULL, NULL, 0, NULL, NULL, 0));
    FAILS(kz_agent_choose_joint(NULL, NULL, 0, 0, NULL, NULL, 0));
    RETURNS(kz_agent_eval(NULL, NULL));
    NOTHING(kz_eval_text(NULL, NULL, 0));
    FAILS(kz_agent_search_json(NULL, NULL, 0, 0, 0, NULL, 0, NULL, NULL, 0));
    /* databases */
    FAILS(kz_db_open_engine(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_db_open_solved(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_db_open(NULL, NULL, NULL, NULL, 0));
    RETURNS(kz_db_close(NULL));
    FAILS(kz_db_best(NULL, NULL, NULL, NULL));
    FAILS(kz_db_page_json(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_db_value_json(NULL, NULL, NULL, 0));
    FAILS(kz_db_query(NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0));
    FAILS(kz_db_query_json(NULL, NULL, NULL, 0, NULL, 0));
    NOTHING(kz_db_where(NULL, NULL, 0));
    FAILS(kz_solve(NULL, NULL, 1, NULL, 0));
    FAILS(kz_solve_with(NULL, NULL, 1, NULL, NULL, NULL, NULL, 0));
    /* records */
    NOTHING(kz_record_new(NULL));
    RETURNS(kz_record_truncate(NULL, 0));
    FAILS(kz_record_add(NULL, NULL, 0));
    FAILS(kz_record_add_joint(NULL, NULL, NULL));
    RETURNS(kz_record_set_player(NULL, 0, NULL));
    RETURNS(kz_record_copy_players(NULL, NULL));
    RETURNS(kz_record_set_seed(NULL, 0));
    RETURNS(kz_record_set_ended(NULL, NULL));
    RETURNS(kz_record_set_reason(NULL, NULL));
    FAILS(kz_record_json(NULL, -1, NULL, 0));
    FAILS(kz_record_write(NULL, -1, NULL, NULL, 0));
    FAILS(kz_record_moves_text(NULL, -1, NULL, 0));
    FAILS(kz_record_load(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_record_parse(NULL, NULL, 0, NULL, NULL, 0));
    RETURNS(kz_record_free(NULL));
    NOTHING(kz_record_game(NULL));
    FAILS(kz_record_length(NULL));
    FAILS(kz_record_step(NULL, 0, NULL, NULL, NULL));
    FAILS(kz_record_replay(NULL, 0, NULL, NULL, 0));
    FAILS(kz_review_json(NULL, NULL, 0, 0, 0, 0, NULL, 0, NULL, 0));
    /* matches */
    FAILS(kz_match_new(NULL, NULL, 0, NULL, NULL, 0));
    FAILS(kz_match_from_record(NULL, NULL, NULL, 0));
    FAILS(kz_match_new_refereed(NULL, NULL, NULL, NULL, 0));
    RETURNS(kz_match_free(NULL));
    NOTHING(kz_match_game(NULL));
    NOTHING(kz_match_state(NULL));
    FAILS(kz_match_turn(NULL));
    NOTHING(kz_match_waiting(NULL));
    NOTHING(kz_match_chosen(NULL));
    FAILS(kz_match_ply(NULL));
    NOTHING(kz_match_seed(NULL));
    FAILS(kz_match_set_seat(NULL, 0, NULL));
    NOTHING(kz_match_seat(NULL, 0, NULL, 0));
    NO_COUNT(kz_match_actions(NULL, 0, NULL, 0));
    NOTHING(kz_match_action_text(NULL, 0, 0, NULL, 0));
    FAILS(kz_match_parse_action(NULL, 0, NULL, NULL, NULL, 0));
    FAILS(kz_match_apply(NULL, 0, 0, NULL, 0));
    FAILS(kz_match_apply_text(NULL, 0, NULL, NULL, 0));
    FAILS(kz_match_undo(NULL, NULL, 0));
    FAILS(kz_match_redo(NULL, NULL, 0));
    FAILS(kz_match_resign(NULL, 0, NULL, 0));
    NO_COUNT(kz_match_over(NULL));
    FAILS(kz_match_returns(NULL, NULL));
    NOTHING(kz_match_end_reason(NULL, NULL, 0));
    NOTHING(kz_match_record(NULL));
    NOTHING(kz_match_line(NULL, 0, 0, NULL, 0));
    NOTHING(kz_match_view(NULL, 0));
    FAILS(kz_match_view_json(NULL, 0, NULL, 0));
    FAILS(kz_match_play(NULL, NULL, 0, 0, 0, NULL, NULL, 0, NULL, NULL, 0));
    /* arenas */
    FAILS(kz_arena_seating(0, 2, NULL));
    FAILS(kz_arena_run(NULL, NULL, NULL, NULL, 0));
    FAILS(kz_arena_json(NULL, NULL, NULL, NULL, 0));
    assert_int_equal(wrong, 0);
}

/* Real handles, NULL places for the results and NULL inputs. */
static void null_results(void **unused) {
    wrong = 0;
    char err[KZ_ERROR_BYTES];
    kz_game *g = NULL;
    assert_int_equal(kz_game_load("kulibrat", NULL, &g, err, sizeof err), KZ_OK);
    FAILS(kz_game_load("kulibrat", NULL, NULL, err, sizeof err));
    NO_COUNT(kz_game_observation_shape(g, NULL));
    RETURNS(kz_game_option(g, 0, NULL, NULL, NULL, NULL)); /* any may be NULL */
    kz_state *s = kz_state_new(g);
    assert_non_null(s);
    FAILS(kz_state_copy(s, NULL));
    FAILS(kz_state_copy(NULL, s));
    FAILS(kz_state_parse(s, NULL, err, sizeof err));
    assert_true(kz_state_actions(s, NULL, 8) > 0); /* counts, writes nothing */
    FAILS(kz_state_parse_action(s, "+a4", NULL, err, sizeof err));
    FAILS(kz_state_parse_action(s, NULL, NULL, err, sizeof err));
    FAILS(kz_state_apply_text(s, NULL, err, sizeof err));
    FAILS(kz_state_apply_joint(s, NULL, err, sizeof err));
    FAILS(kz_state_returns(s, NULL));
    FAILS(kz_state_action_at(s, 0, NULL));
    FAILS(kz_state_parse_line(s, NULL, 0, NULL, 4, err, sizeof err));
    FAILS(kz_rng_chance(NULL, s, NULL));
    FAILS(kz_table_new(1, NULL, err, sizeof err));
    FAILS(kz_agent_new(g, "random", NULL, err, sizeof err));
    FAILS(kz_agent_new(g, NULL, NULL, err, sizeof err));
    FAILS(kz_match_new(g, NULL, 0, NULL, err, sizeof err));
    FAILS(kz_match_new_refereed(g, NULL, NULL, err, sizeof err));
    FAILS(kz_db_open(g, "none", NULL, err, sizeof err));
    FAILS(kz_db_open_engine(g, "none", NULL, err, sizeof err));
    FAILS(kz_db_open_solved(g, "none", NULL, err, sizeof err));
    FAILS(kz_record_load(g, NULL, NULL, err, sizeof err));
    FAILS(kz_record_parse(g, NULL, 5, NULL, err, sizeof err));
    FAILS(kz_search_check(g, "random", NULL, 0)); /* does not search */
    kz_record *r = kz_record_new(s);
    assert_non_null(r);
    FAILS(kz_record_add(r, NULL, 0));
    FAILS(kz_record_add_joint(r, s, NULL));
    FAILS(kz_record_step(r, 0, NULL, NULL, NULL));
    FAILS(kz_record_replay(r, 0, NULL, err, sizeof err));
    FAILS(kz_record_write(r, -1, NULL, err, sizeof err));
    FAILS(kz_match_from_record(r, NULL, err, sizeof err));
    RETURNS(kz_record_set_player(r, 0, NULL));
    RETURNS(kz_record_set_ended(r, NULL));
    RETURNS(kz_record_set_reason(r, NULL));
    RETURNS(kz_record_copy_players(r, NULL));
    kz_match *m = NULL;
    assert_int_equal(kz_match_new(g, NULL, 1, &m, err, sizeof err), KZ_OK);
    FAILS(kz_match_set_seat(m, 0, NULL));
    FAILS(kz_match_parse_action(m, 0, "+a4", NULL, err, sizeof err));
    FAILS(kz_match_apply_text(m, 0, NULL, err, sizeof err));
    FAILS(kz_match_returns(m, NULL));
    assert_true(kz_match_actions(m, 0, NULL, 8) > 0); /* counts, writes nothing */
    FAILS(kz_match_play(s, NULL, 0, 0, 0, NULL, NULL, 0, NULL, err, sizeof err));
    FAILS(kz_arena_run(s, NULL, NULL, err, sizeof err));
    kz_match_free(m);
    kz_record_free(r);
    kz_state_free(s);
    kz_game_free(g);
    assert_int_equal(wrong, 0);
}

/* Every count is checked by the library itself (include/kibitz.h,
 * "Limits"), not only by the command line: beyond its limit a call fails
 * at once instead of starting 100,000 threads or an endless perft. */
static void counts_in_range(void **unused) {
    char err[KZ_ERROR_BYTES];
    kz_game *g = NULL;
    assert_int_equal(kz_game_load("kulibrat", NULL, &g, err, sizeof err), KZ_OK);
    kz_state *s = kz_state_new(g);
    assert_true(kz_perft(s, 2, 1) > 0); /* the second method: in range it counts */
    assert_int_equal(kz_perft(s, 2, KZ_MAX_THREADS + 1), 0);
    assert_int_equal(kz_perft(s, KZ_MAX_DEPTH + 1, 1), 0);
    assert_int_equal(kz_perft(s, -1, 1), 0);
    assert_int_equal(kz_perft_divide(s, 2, 100000, NULL, NULL, 0, NULL), 0);
    assert_int_equal(kz_perft_json(s, 1000000, 1, 0, NULL, 0), 0);
    assert_int_equal(kz_solve(g, "/nonexistent/x.kdb", 100000, err, sizeof err),
                     KZ_EINVAL);
    assert_non_null(strstr(err, "threads"));
    kz_table *t = NULL;
    assert_int_equal(kz_table_new(KZ_MAX_TABLE_MIB + 1, &t, err, sizeof err), KZ_EINVAL);
    assert_int_equal(kz_table_new(0, &t, err, sizeof err), KZ_EINVAL);
    struct kz_search_options o = {.threads = 100000};
    assert_int_equal(kz_search_with(s, &o, NULL, NULL, 0, NULL, err, sizeof err),
                     KZ_EINVAL);
    o = (struct kz_search_options){.depth = 1000000};
    assert_int_equal(kz_search_with(s, &o, NULL, NULL, 0, NULL, err, sizeof err),
                     KZ_EINVAL);
    o = (struct kz_search_options){.iterations = -5};
    assert_int_equal(kz_search_with(s, &o, NULL, NULL, 0, NULL, err, sizeof err),
                     KZ_EINVAL);
    o = (struct kz_search_options){.time = 1e12};
    assert_int_equal(kz_search_with(s, &o, NULL, NULL, 0, NULL, err, sizeof err),
                     KZ_EINVAL);
    double sums[KZ_MAX_PLAYERS] = {0};
    assert_int_equal(kz_random_rollouts(s, -3, 1, 10, sums), 0);
    kz_agent *agent = NULL;
    assert_int_equal(kz_agent_new(g, "mcts:threads=100000", &agent, err, sizeof err),
                     KZ_EINVAL);
    assert_null(agent);
    kz_state_free(s);
    kz_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_in_range),
        cmocka_unit_test(all_null),
        cmocka_unit_test(null_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
