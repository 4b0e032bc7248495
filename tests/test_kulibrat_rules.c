/* Every rule and example of the Kulibrat rule text (seeds/kulibrat.txt) and
 * rulings K1-K8, one focused test each. Positions are written in the
 * notation of games/kulibrat/RULES.md: rows from the top (black's start
 * row, rank 4) down to red's start row (rank 1). */
#include "games/kulibrat/kulibrat.h"
#include "support.h"

#include <string.h>

static struct test_game kulibrat(void) {
    return test_game_make("kulibrat", NULL);
}

static void expect_moves(const char *position, const char *expected) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char moves[512];
    test_parse(&t, position, &s);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, expected);
}

static void expect_after(const char *position, const char *move, const char *expected) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char after[128];
    test_parse(&t, position, &s);
    test_play(&t, &s, move, after, sizeof after);
    assert_string_equal(after, expected);
}

/* True when `move` is among the legal moves of `position`. */
static bool has_move(const char *position, const char *move) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char moves[512];
    test_parse(&t, position, &s);
    test_moves_text(&t, &s, moves, sizeof moves);
    char padded[520], needle[64];
    snprintf(padded, sizeof padded, " %s ", moves);
    snprintf(needle, sizeof needle, " %s ", move);
    return strstr(padded, needle) != NULL;
}

/* K1: black moves first from the empty board and enters on the top row. */
static void test_start_and_first_player(void **unused) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char text[128];
    t.game->start(&t.variant, &s);
    t.game->format_position(&t.variant, &s, text, sizeof text);
    assert_string_equal(text, ".../.../.../... b 0-0");
    expect_moves(".../.../.../... b 0-0", "+a4 +b4 +c4");
    struct test_game red = test_game_make("kulibrat", "first=red");
    red.game->start(&red.variant, &s);
    red.game->format_position(&red.variant, &s, text, sizeof text);
    assert_string_equal(text, ".../.../.../... r 0-0");
    test_moves_text(&red, &s, text, sizeof text);
    assert_string_equal(text, "+a1 +b1 +c1");
}

/* K2: insert onto a free start-row square, only with a piece in hand. */
static void test_insert(void **unused) {
    expect_after(".../.../.../... b 0-0", "+a4", "b../.../.../... r 0-0");
    assert_false(has_move("b.r/.../.../... b 0-0", "+a4"));
    assert_false(has_move("b.r/.../.../... b 0-0", "+c4"));
    assert_true(has_move("b.r/.../.../... b 0-0", "+b4"));
    /* Four black pieces on the board: none in hand, so no insert. */
    assert_false(has_move(".../bbb/b../... b 0-0", "+a4"));
    /* A scored piece returns to the hand and can be inserted again. */
    expect_after(".../.../bbb/b.. b 0-0", "a1-off", ".../.../bbb/... r 1-0");
    assert_false(has_move(".../.../bbb/b.. b 0-0", "+a4"));
    assert_true(has_move(".../.../bbb/... b 1-0", "+a4"));
}

/* K3: diagonal forward onto a free square; two from the middle column, one
 * from an edge column. */
static void test_diagonal(void **unused) {
    expect_moves(".b./.../.../... b 0-0", "+a4 +c4 b4-a3 b4-c3");
    expect_moves("b../.../.../... b 0-0", "+b4 +c4 a4-b3");
    expect_after(".b./.../.../... b 0-0", "b4-c3", ".../..b/.../... r 0-0");
    /* Occupied destinations block the diagonal. */
    assert_false(has_move(".b./b../.../... b 0-0", "b4-a3"));
    assert_false(has_move(".b./r../.../... b 0-0", "b4-a3"));
    /* Red moves up. */
    expect_moves(".../.../.../.r. r 0-0", "+a1 +c1 b1-a2 b1-c2");
}

/* K3: from the opponent's start row the only diagonal leaves the board and
 * scores one point (left and right are not two moves). */
static void test_diagonal_off_scores(void **unused) {
    expect_moves(".../.../.../.b. b 0-0", "+a4 +b4 +c4 b1-off");
    expect_after(".../.../.../.b. b 0-0", "b1-off", ".../.../.../... r 1-0");
    expect_moves("r../.../.../... r 0-0", "+a1 +b1 +c1 a4-off");
    expect_after("r../.../.../... r 2-3", "a4-off", ".../.../.../... b 2-4");
}

/* K4: attack the enemy piece straight ahead; it goes back to its owner's
 * hand and nobody scores. */
static void test_attack(void **unused) {
    assert_true(has_move(".../.b./.r./... b 0-0", "b3xb2"));
    expect_after(".../.b./.r./... b 0-0", "b3xb2", ".../.../.b./... r 0-0");
    /* Red's piece went back to the hand: red can insert on all of rank 1. */
    expect_after(".../.b./.r./rrr r 0-0", "b2xb3", ".../.r./.../rrr b 0-0");
    assert_true(has_move(".../.../.../rrr b 0-0", "+a4"));
    /* No attack on an own piece or an empty square, no diagonal attack. */
    assert_false(has_move(".../.b./.b./... b 0-0", "b3xb2"));
    assert_false(has_move(".../.b./r.r/... b 0-0", "b3xa2"));
}

/* K5: jump an unbroken line of 1 to 3 enemy pieces straight ahead, onto the
 * free square behind it, or off the board (scoring) when the line ends on the
 * opponent's start row. */
static void test_jumps(void **unused) {
    /* One piece. */
    expect_after(".b./.r./.../... b 0-0", "b4:b2", ".../.r./.b./... r 0-0");
    /* Two pieces, landing on the board; the jumped pieces stay. */
    expect_after(".b./.r./.r./... b 0-0", "b4:b1", ".../.r./.r./.b. r 0-0");
    /* Two pieces ending on red's start row: the jump scores. */
    expect_after(".../.b./.r./.r. b 0-0", "b3:off", ".../.../.r./.r. r 1-0");
    /* Three pieces: the line ends on red's start row, off the board. */
    expect_after(".b./.r./.r./.r. b 0-0", "b4:off", ".../.r./.r./.r. r 1-0");
    /* One piece on red's start row: jump off scores. */
    expect_after(".../.../.b./.r. b 0-0", "b2:off", ".../.../.../.r. r 1-0");
    /* Attack and jump on the same piece are two different moves. */
    assert_true(has_move(".b./.r./.../... b 0-0", "b4xb3"));
    assert_true(has_move(".b./.r./.../... b 0-0", "b4:b2"));
    /* Blocked behind the line by an own piece or an enemy-free gap: no jump. */
    assert_false(has_move(".b./.r./.b./... b 0-0", "b4:b2"));
    assert_false(has_move(".b./.r./.b./... b 0-0", "b4:b1"));
    /* Red jumps upward too, and scores off black's start row. */
    expect_after(".b./.r./.../... r 0-0", "b3:off", ".b./.../.../... b 0-1");
    expect_after(".../.b./.b./.r. r 0-0", "b1:b4", ".r./.b./.b./... b 0-0");
}

/* K6: a side with no move while the opponent has one passes; the pass is the
 * only move and changes nothing but the turn. The position is the text's
 * example shape: black cannot insert (four pieces on the board) nor move. */
static void test_pass(void **unused) {
    expect_moves("b../.b./b.b/.r. b 1-0", "pass");
    expect_after("b../.b./b.b/.r. b 1-0", "pass", "b../.b./b.b/.r. r 1-0");
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    test_parse(&t, "b../.b./b.b/.r. b 1-0", &s);
    assert_int_equal(t.game->turn(&t.variant, &s), KULIBRAT_BLACK);
}

/* K7: neither side can move: the side to move wins (the other side made the
 * last move and locked the game). */
static void test_lock(void **unused) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    move_t moves[KULIBRAT_MAX_MOVES];
    double result[GAME_MAX_PLAYERS];
    test_parse(&t, "b.b/.b./rbr/r.r b 1-0", &s);
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_OVER);
    assert_int_equal(t.game->moves(&t.variant, &s, moves), 0);
    t.game->returns(&t.variant, &s, result);
    assert_true(result[KULIBRAT_BLACK] == 1.0 && result[KULIBRAT_RED] == -1.0);
    test_parse(&t, "b.b/.b./rbr/r.r r 1-0", &s);
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_OVER);
    t.game->returns(&t.variant, &s, result);
    assert_true(result[KULIBRAT_RED] == 1.0 && result[KULIBRAT_BLACK] == -1.0);
}

/* Reaching the target wins at once. */
static void test_target(void **unused) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char after[128];
    double result[GAME_MAX_PLAYERS];
    test_parse(&t, ".../.../.../b.. b 4-0", &s);
    test_play(&t, &s, "a1-off", after, sizeof after);
    assert_string_equal(after, ".../.../.../... r 5-0");
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_OVER);
    t.game->returns(&t.variant, &s, result);
    assert_true(result[KULIBRAT_BLACK] == 1.0);
    /* target=1: the first point ends the game. */
    struct test_game one = test_game_make("kulibrat", "target=1");
    test_parse(&one, ".r./.../.../... r 0-0", &s);
    test_play(&one, &s, "b4-off", after, sizeof after);
    assert_int_equal(one.game->turn(&one.variant, &s), TURN_OVER);
    one.game->returns(&one.variant, &s, result);
    assert_true(result[KULIBRAT_RED] == 1.0);
}

static void expect_position_refused(const char *text, const char *fragment) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(t.game->parse_position(&t.variant, text, &s, err), -1);
    if (!strstr(err, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", text, err, fragment);
}

static void test_bad_positions(void **unused) {
    expect_position_refused("", "3 squares");
    expect_position_refused(".../.../... b 0-0", "rows");
    expect_position_refused("..../.../.../... b 0-0", "3 squares");
    expect_position_refused(".../.../.../.../... b 0-0", "4 rows");
    expect_position_refused(".x./.../.../... b 0-0", "unknown square 'x'");
    expect_position_refused("bbb/bb./.../... b 0-0", "too many black");
    expect_position_refused("rrr/rr./.../... b 0-0", "too many red");
    expect_position_refused(".../.../.../... g 0-0", "side to move");
    expect_position_refused(".../.../.../... b", "scores");
    expect_position_refused(".../.../.../... b 6-0", "impossible score");
    expect_position_refused(".../.../.../... b 5-0", "cannot be to move");
    expect_position_refused(".../.../.../... b 0-0 junk", "unexpected text");
    expect_position_refused(".../.../.../... b 1-99999", "red score");
}

static void expect_move_refused(const char *position, const char *move,
                                const char *fragment) {
    struct test_game t = kulibrat();
    struct kulibrat_state s;
    char err[GAME_ERROR_BYTES] = "";
    move_t m;
    test_parse(&t, position, &s);
    assert_int_equal(t.game->parse_move(&t.variant, &s, move, &m, err), -1);
    if (!strstr(err, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", move, err, fragment);
}

static void test_bad_moves(void **unused) {
    expect_move_refused(".../.../.../... b 0-0", "", "malformed");
    expect_move_refused(".../.../.../... b 0-0", "zz", "malformed");
    expect_move_refused(".../.../.../... b 0-0", "+d4", "malformed");
    expect_move_refused(".../.../.../... b 0-0", "+a1", "illegal");
    expect_move_refused(".../.../.../... b 0-0", "pass", "illegal");
    expect_move_refused(".b./.r./.../... b 0-0", "b4:b3", "illegal");
    expect_move_refused(".b./.r./.../... b 0-0", "b4xb2", "illegal");
    expect_move_refused(".b./.r./.../... b 0-0", "b4-a3 extra", "malformed");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_and_first_player),
        cmocka_unit_test(test_insert),
        cmocka_unit_test(test_diagonal),
        cmocka_unit_test(test_diagonal_off_scores),
        cmocka_unit_test(test_attack),
        cmocka_unit_test(test_jumps),
        cmocka_unit_test(test_pass),
        cmocka_unit_test(test_lock),
        cmocka_unit_test(test_target),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_bad_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
