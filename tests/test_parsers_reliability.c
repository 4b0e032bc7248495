/* Parser defects found by fuzzing (issue 17), each checked where it was:
 *  - Kulibrat's move parser stepped over the NUL after a square that ends
 *    the text ("b3"): the text is placed before a guard page, so the read
 *    past the end faults in any build;
 *  - Kodrek accepted a thrust-phase position whose thruster's stack is off
 *    the board and out of reach: not over, yet no move, and search spun
 *    forever. The parser refuses it, and the engine's input check refuses
 *    any position that is not over and has no move. */
#include "engine/game_check.h"
#include "games/kodrek/kodrek.h"
#include "support.h"

#include <string.h>

static void test_kulibrat_square_at_end(void **unused) {
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, s);
    static const char *const texts[] = {"b3", "a1", "c4", "a", "+", "b3 ", "+b"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        move_t m;
        char err[GAME_ERROR_BYTES] = "";
        const char *text = test_guarded_text(texts[i]);
        assert_int_equal(t.game->parse_move(&t.variant, s, text, &m, err), -1);
        assert_true(err[0] != '\0');
    }
    /* A legal move right before the guard page still parses. */
    move_t m;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(t.game->parse_move(&t.variant, s, test_guarded_text("+b4"), &m, err),
                     0);
}

static void expect_refused(const struct test_game *t, const char *text) {
    unsigned char s[GAME_MAX_STATE_BYTES];
    char err[GAME_ERROR_BYTES] = "";
    if (t->game->parse_position(&t->variant, text, s, err) == 0)
        fail_msg("'%s' accepted", text);
    assert_true(err[0] != '\0');
}

static void test_kodrek_thrust_without_destination(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    /* The position: blue thrusts first (2 heads) but its stack is
     * far off the board, and blue is not returning. */
    expect_refused(&t, "1 t0 10.5/12.6/0 30.25/2.40/0 30.5/29.6/0");
    /* Off the board and beyond a two-step reach, for the first thruster. */
    expect_refused(&t, "1 t0 10.5/40.6/0 30.25/29.23/0 30.5/29.6/0");
    /* The same positions with the stacks on the board are fine, and have
     * a move. */
    unsigned char s[GAME_MAX_STATE_BYTES];
    test_parse(&t, "1 t0 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0", s);
    char err[GAME_ERROR_BYTES];
    assert_int_equal(game_check_playable(t.game, &t.variant, s, err), 0);
}

/* game_check_playable itself: a state forced into the bad shape (bypassing
 * the parser) is reported, so commands refuse it instead of searching. */
static void test_playable_check_reports_no_move(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    test_parse(&t, "1 t0 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0", &s);
    for (int p = 0; p < KODREK_PLAYERS; p++) s.stack[p] = kodrek_point(1000, 1000);
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(game_check_playable(t.game, &t.variant, &s, err), -1);
    assert_non_null(strstr(err, "no move"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kulibrat_square_at_end),
        cmocka_unit_test(test_kodrek_thrust_without_destination),
        cmocka_unit_test(test_playable_check_reports_no_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
