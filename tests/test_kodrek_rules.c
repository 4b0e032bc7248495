/* Kodrek: every rule and example of the text (seeds/kodrek.txt) as read by
 * RULINGS D1-D8, on the default board (inner 18, margin 6: side 36, inner
 * triangle rows 12..29, see games/kodrek/RULES.md). */
#include "games/kodrek/kodrek.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

static struct kodrek_state at(const struct test_game *t, const char *text) {
    struct kodrek_state s;
    test_parse(t, text, &s);
    return s;
}

/* Play space-separated moves; return the final position text in buf. */
static void play(const struct test_game *t, struct kodrek_state *s, const char *moves,
                 char *buf, size_t n) {
    char copy[512], *save = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        test_play(t, s, w, buf, n);
}

static int turn_of(const struct test_game *t, const struct kodrek_state *s) {
    return t->game->turn(&t->variant, s);
}

static void test_start_position(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    char text[256];
    t.game->start(&t.variant, &s);
    t.game->format_position(&t.variant, &s, text, sizeof text);
    assert_string_equal(text, "1 s 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0");
    const int side = 36, margin = 6;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        /* Speakers on an inner corner: inside, with only two inner neighbours. */
        assert_true(kodrek_in_inner(s.stack[p], side, margin));
        int inner_neighbours = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dk = -1; dk <= 1; dk++) {
                struct kodrek_point q =
                    kodrek_point(s.stack[p].r + dr, s.stack[p].k + dk);
                if (kodrek_distance(q, s.stack[p]) == 1)
                    inner_neighbours += kodrek_in_inner(q, side, margin);
            }
        assert_int_equal(inner_neighbours, 2);
        /* Craft two junctures out, outside the inner triangle, and on the
         * bisector: the two side distances other than its corner's are equal. */
        assert_int_equal(kodrek_distance(s.craft[p], s.stack[p]), 2);
        assert_false(kodrek_in_inner(s.craft[p], side, margin));
        int d[3] = {side - 1 - s.craft[p].r, s.craft[p].k, s.craft[p].r - s.craft[p].k};
        assert_int_equal(d[(p + 1) % 3], d[(p + 2) % 3]);
        assert_int_equal(kodrek_hand(&s, p), 2); /* two toleks in hand */
    }
    assert_int_equal(turn_of(&t, &s), TURN_SIMULTANEOUS);
    assert_int_equal(t.game->acting(&t.variant, &s), 7u);
}

static void test_blue_thrusts_two(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    char text[256], moves[8192];
    t.game->start(&t.variant, &s);
    play(&t, &s, "h0.2.0", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE); /* the only one with heads */
    move_t list[KODREK_MAX_MOVES];
    int n = t.game->moves(&t.variant, &s, list);
    assert_int_equal(n, 19); /* every juncture within two, the start included */
    bool stays = false;
    for (int i = 0; i < n; i++) {
        struct kodrek_point to = kodrek_move_point(list[i]);
        assert_true(kodrek_distance(to, kodrek_point(29, 23)) <= 2);
        stays |= kodrek_point_equal(to, kodrek_point(29, 23));
    }
    assert_true(stays); /* "back where they started" */
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_non_null(strstr(moves, "t27.22"));
    assert_null(strstr(moves, "t26.23"));
    play(&t, &s, "t27.22", text, sizeof text);
    /* Pulls: green and red have 2 tails each, green goes first, starting
     * with blue (next clockwise). */
    assert_int_equal(turn_of(&t, &s), KODREK_GREEN);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, "pb0 pb1 pb2");
}

static void test_thrust_of_one_must_move(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    char text[256], moves[8192];
    t.game->start(&t.variant, &s);
    play(&t, &s, "h1.0.0", text, sizeof text);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, "t11.5 t11.6 t12.5 t12.7 t13.6 t13.7");
}

static void test_heads_return_tails_stay(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    char text[256];
    t.game->start(&t.variant, &s);
    /* Red (2 heads) thrusts before green (1); blue (2 tails) pulls first. */
    play(&t, &s, "h1.0.2", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_RED);
    play(&t, &s, "t29.6", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_GREEN);
    play(&t, &s, "t13.7", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE);
    play(&t, &s, "pr0 pg0", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_GREEN);
    play(&t, &s, "pb0 pr0", text, sizeof text);
    /* The move: craft to the speakers, speakers as far again. */
    assert_string_equal(text, "2 s 13.7/16.9/1 29.23/28.21/2 29.6/28.7/0");
    /* Hands: 3 coins in play each, minus the tails left on the table. */
    move_t list[KODREK_MAX_TOLEKS + 1];
    assert_int_equal(t.game->joint_moves(&t.variant, &s, KODREK_GREEN, list), 3);
    assert_int_equal(t.game->joint_moves(&t.variant, &s, KODREK_BLUE, list), 2);
    assert_int_equal(t.game->joint_moves(&t.variant, &s, KODREK_RED, list), 4);
    /* Next turn's tails join the old ones: the pull budget is all of them. */
    play(&t, &s, "h0.0.0", text, sizeof text);
    assert_int_equal(s.tails[KODREK_GREEN], 3);
    assert_int_equal(s.tails[KODREK_BLUE], 3);
    assert_int_equal(s.tails[KODREK_RED], 3);
    assert_int_equal(turn_of(&t, &s), KODREK_GREEN); /* tie: green first */
    assert_int_equal(s.left, 3);
}

static void test_blue_pulls_red_three(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256], moves[256];
    struct kodrek_state s = at(&t, "3 p0a3 15.8/15.8/0 20.14/20.14/3 20.7/20.8/1");
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, "pr0 pr1 pr2 pr3");
    play(&t, &s, "pr3", text, sizeof text);
    assert_int_equal(s.stack[KODREK_RED].r, 20);
    assert_int_equal(s.stack[KODREK_RED].k, 11);
    /* Budget spent: red pulls next (1 tail), starting with green. */
    assert_int_equal(turn_of(&t, &s), KODREK_RED);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, "pg0 pg1");

    /* Toward or past: from two short of blue's speakers, three goes one past. */
    s = at(&t, "3 p0a3 15.8/15.8/0 20.14/20.14/3 20.7/20.12/1");
    play(&t, &s, "pr3", text, sizeof text);
    assert_int_equal(s.stack[KODREK_RED].k, 15);

    /* Pulling both opponents out of one budget. */
    s = at(&t, "3 p0a3 15.8/15.8/0 20.14/20.14/3 20.7/20.8/1");
    play(&t, &s, "pr1", text, sizeof text);
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE);
    test_moves_text(&t, &s, moves, sizeof moves);
    assert_string_equal(moves, "pg0 pg1 pg2");
    play(&t, &s, "pg2", text, sizeof text);
    assert_int_equal(s.stack[KODREK_RED].k, 9);
    assert_int_equal(kodrek_distance(s.stack[KODREK_GREEN], kodrek_point(20, 14)), 6 - 2);
}

static void test_double_pull_within_three(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256];
    /* Red's craft three junctures from blue's: each tail pulls two. */
    struct kodrek_state s = at(&t, "3 p0a3 15.8/15.8/0 20.14/20.14/3 20.11/20.8/1");
    assert_true(kodrek_pull_doubled(&s, KODREK_BLUE, KODREK_RED));
    play(&t, &s, "pr1", text, sizeof text);
    assert_int_equal(s.stack[KODREK_RED].k, 10);
    /* Four apart: single distance. */
    s = at(&t, "3 p0a3 15.8/15.8/0 20.14/20.14/3 20.10/20.8/1");
    assert_false(kodrek_pull_doubled(&s, KODREK_BLUE, KODREK_RED));
    play(&t, &s, "pr1", text, sizeof text);
    assert_int_equal(s.stack[KODREK_RED].k, 9);
    /* "If it were Green's turn, Green could pull Red's speaker a double
     * distance": green and red craft within three, blue far from both. */
    s = at(&t, "3 s 20.9/20.9/0 14.8/14.8/0 20.7/20.7/0");
    assert_true(kodrek_pull_doubled(&s, KODREK_GREEN, KODREK_RED));
    assert_true(kodrek_pull_doubled(&s, KODREK_RED, KODREK_GREEN));
    assert_false(kodrek_pull_doubled(&s, KODREK_BLUE, KODREK_RED));
}

static void test_order_most_first_ties_clockwise(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    int order[3];
    struct kodrek_state s = at(&t, "4 t0 15.8/15.8/3 20.14/20.14/3 20.7/20.7/4");
    /* Heads 2, 2, 1: green, blue, red.  Tails 3, 3, 4: red, green, blue. */
    kodrek_order(kodrek_options(&t.variant), &s, KODREK_THRUST, order);
    assert_int_equal(order[0], KODREK_GREEN);
    assert_int_equal(order[1], KODREK_BLUE);
    assert_int_equal(order[2], KODREK_RED);
    kodrek_order(kodrek_options(&t.variant), &s, KODREK_PULL, order);
    assert_int_equal(order[0], KODREK_RED);
    assert_int_equal(order[1], KODREK_GREEN);
    assert_int_equal(order[2], KODREK_BLUE);
    s = at(&t, "4 t0 15.8/15.8/5 20.14/20.14/4 20.7/20.7/2");
    kodrek_order(kodrek_options(&t.variant), &s, KODREK_THRUST,
                 order); /* heads 0, 1, 3 */
    assert_int_equal(order[0], KODREK_RED);
    assert_int_equal(order[1], KODREK_BLUE);
    assert_int_equal(order[2], KODREK_GREEN);
    assert_int_equal(turn_of(&t, &s), KODREK_RED);
}

static void test_three_step_move(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256];
    /* Red thrusts last and nobody has tails: the move follows at once.
     * Green: craft 17.8, speakers 18.11 ("one down, three along"). */
    struct kodrek_state s = at(&t, "2 t2 17.8/18.11/0 20.14/22.15/0 20.7/20.7/0");
    play(&t, &s, "t21.8", text, sizeof text);
    assert_string_equal(text, "3 s 18.11/19.14/0 22.15/24.16/0 21.8/22.9/0");
}

static void test_craft_outside_inner_loses(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256];
    struct kodrek_state s = at(&t, "2 t2 15.8/11.6/0 20.14/20.14/0 20.7/20.7/0");
    play(&t, &s, "t20.7", text, sizeof text);
    assert_string_equal(text, "2 x 11.6/7.4/0! 20.14/20.14/0 20.7/20.7/0");
    assert_int_equal(turn_of(&t, &s), TURN_OVER);
    /* Green played 3 coins: one to each winner, the odd one to the house. */
    int coins[3], house;
    kodrek_payout(&t.variant, &s, coins, &house);
    assert_int_equal(coins[0], -3);
    assert_int_equal(coins[1], 1);
    assert_int_equal(coins[2], 1);
    assert_int_equal(house, 1);
}

static void test_speakers_off_board_lose(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256];
    /* Blue's craft lands inside (29.20) but the speakers fly to 36.25. */
    struct kodrek_state s = at(&t, "2 t2 15.8/15.8/0 22.15/29.20/0 20.7/20.7/0");
    play(&t, &s, "t20.7", text, sizeof text);
    assert_string_equal(text, "2 x 15.8/15.8/0 29.20/36.25/0! 20.7/20.7/0");
    /* Both at once: red wins both stakes. */
    s = at(&t, "2 t2 15.8/11.6/0 22.15/29.20/0 20.7/20.7/0");
    play(&t, &s, "t20.7", text, sizeof text);
    assert_int_equal(s.lost, 3);
    int coins[3], house;
    kodrek_payout(&t.variant, &s, coins, &house);
    assert_int_equal(coins[2], 6);
    assert_int_equal(coins[0] + coins[1], -6);
    assert_int_equal(house, 0);
}

static void test_all_three_out_reset(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    char text[256];
    /* Green (1 tail, 2 heads) thrusts last, then pulls nothing; every craft
     * ends outside: pieces back to the start, coins kept, play goes on. */
    struct kodrek_state s = at(&t, "2 t2 15.8/11.6/1 20.14/29.24/0 20.7/29.5/0");
    assert_int_equal(turn_of(&t, &s), KODREK_GREEN);
    play(&t, &s, "t11.6 pb0 pr0", text, sizeof text);
    assert_string_equal(text, "3 s 10.5/12.6/1 30.25/29.23/0 30.5/29.6/0");
    /* On the last turn nobody can win any more: all lose. */
    struct test_game short_game = test_game_make("kodrek", "toleks=3");
    s = at(&short_game, "2 t2 15.8/11.6/1 20.14/29.24/0 20.7/29.5/0");
    play(&short_game, &s, "t11.6 pb0 pr0", text, sizeof text);
    assert_int_equal(turn_of(&short_game, &s), TURN_OVER);
    assert_int_equal(s.lost, 7);
}

/* Everybody brakes: all heads, speakers onto the craft (after turn 1, where
 * they stay put and the craft moves in). Nobody ever leaves. */
static void brake_game(const char *variant, int toleks) {
    struct test_game t = test_game_make("kodrek", variant);
    struct kodrek_state s;
    char text[256], move[32];
    t.game->start(&t.variant, &s);
    int turns = 0;
    while (turn_of(&t, &s) == TURN_SIMULTANEOUS) {
        turns++;
        int hand = kodrek_hand(&s, 0);
        snprintf(move, sizeof move, "h%d.%d.%d", hand, hand, hand);
        test_play(&t, &s, move, text, sizeof text);
        for (int i = 0; i < 3; i++) {
            int p = turn_of(&t, &s);
            struct kodrek_point to = turns == 1 ? s.stack[p] : s.craft[p];
            snprintf(move, sizeof move, "t%d.%d", to.r, to.k);
            test_play(&t, &s, move, text, sizeof text);
        }
    }
    assert_int_equal(turns, toleks - 1); /* the turn the last tolek came in */
    assert_int_equal(turn_of(&t, &s), TURN_OVER);
    assert_int_equal(s.lost, 7);
    int coins[3], house;
    kodrek_payout(&t.variant, &s, coins, &house);
    for (int p = 0; p < 3; p++) assert_int_equal(coins[p], -toleks);
    assert_int_equal(house, 3 * toleks);
    double out[GAME_MAX_PLAYERS];
    t.game->returns(&t.variant, &s, out);
    for (int p = 0; p < 3; p++) assert_true(out[p] < 0);
}

static void test_tolek_limit_everyone_loses(void **unused) {
    brake_game(NULL, 9);
    brake_game("toleks=6", 6);
}

static void test_payouts(void **unused) {
    struct test_game coins_game = test_game_make("kodrek", NULL);
    struct test_game winloss = test_game_make("kodrek", "payoff=winloss");
    const char *over_even = "3 x 15.8/11.6/1! 20.14/20.14/0 20.7/20.7/2";
    struct kodrek_state s = at(&coins_game, over_even);
    int coins[3], house;
    kodrek_payout(&coins_game.variant, &s, coins, &house);
    /* 4 coins played: two each, nothing left over. */
    assert_int_equal(coins[0], -4);
    assert_int_equal(coins[1], 2);
    assert_int_equal(coins[2], 2);
    assert_int_equal(house, 0);
    double out[GAME_MAX_PLAYERS];
    coins_game.game->returns(&coins_game.variant, &s, out);
    assert_true(out[0] == -4.0 / 18 && out[1] == 2.0 / 18 && out[2] == 2.0 / 18);
    winloss.game->returns(&winloss.variant, &s, out);
    assert_true(out[0] == -1.0 && out[1] == 1.0 && out[2] == 1.0);
    /* Two losers on turn 4: the winner takes 5 + 5. */
    s = at(&coins_game, "4 x 15.8/11.6/1 20.14/20.14/0! 20.7/20.7/2!");
    kodrek_payout(&coins_game.variant, &s, coins, &house);
    assert_int_equal(coins[0], 10);
    assert_int_equal(coins[1] + coins[2], -10);
    assert_int_equal(house, 0);
    winloss.game->returns(&winloss.variant, &s, out);
    assert_true(out[0] == 1.0 && out[1] == -1.0 && out[2] == -1.0);
}

static void test_newcomer_rule(void **unused) {
    struct test_game t = test_game_make("kodrek", "newcomer=all");
    char text[256];
    const char *start = "2 t2 15.8/15.8/0 22.15/29.20/1 20.7/20.7/0";
    struct kodrek_state s = at(&t, start);
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE);
    play(&t, &s, "t29.20 pr0 pg0", text, sizeof text);
    /* Thrown one past the bottom edge with a hand of 3 next turn: stays in. */
    assert_string_equal(text, "3 s 15.8/15.8/0 29.20/36.25/1n 20.7/20.7/0");
    move_t list[KODREK_MAX_MOVES];
    assert_int_equal(t.game->joint_moves(&t.variant, &s, KODREK_BLUE, list), 1);
    assert_int_equal(kodrek_move_heads(list[0], KODREK_BLUE), 3); /* all heads */
    play(&t, &s, "h0.3.0", text, sizeof text);
    int n = t.game->moves(&t.variant, &s, list), expected = 0;
    for (int r = 0; r < 36; r++)
        for (int k = 0; k <= r; k++)
            expected += kodrek_distance(kodrek_point(r, k), kodrek_point(36, 25)) <= 3;
    assert_int_equal(n, expected);
    for (int i = 0; i < n; i++)
        assert_true(kodrek_on_board(kodrek_move_point(list[i]), 36));
    play(&t, &s, "t33.24", text, sizeof text);
    /* Green and red pull; blue, still returning, does not, despite its tail. */
    for (int decisions = 0; s.phase == KODREK_PULL; decisions++) {
        assert_true(turn_of(&t, &s) != KODREK_BLUE);
        assert_true(decisions < 4);
        t.game->moves(&t.variant, &s, list);
        t.game->apply(&t.variant, &s, list[0]);
    }
    /* Back on the board but not yet inside: still no pulls. Inside: free. */
    const char *back = "3 t2 15.8/15.8/0 20.13/22.14/1n 20.7/20.7/0";
    s = at(&t, back);
    assert_int_equal(turn_of(&t, &s), KODREK_BLUE);
    play(&t, &s, "t22.16", text, sizeof text);
    assert_string_equal(text, "4 s 15.8/15.8/0 22.16/24.19/1n 20.7/20.7/0");
    s = at(&t, back);
    play(&t, &s, "t21.13", text, sizeof text);
    assert_string_equal(text, "4 s 15.8/15.8/0 21.13/22.13/1 20.7/20.7/0");
    /* Without the rule the same throw loses. */
    struct test_game plain = test_game_make("kodrek", NULL);
    s = at(&plain, start);
    play(&plain, &s, "t29.20 pr0 pg0", text, sizeof text);
    assert_string_equal(text, "2 x 15.8/15.8/0 29.20/36.25/1! 20.7/20.7/0");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_blue_thrusts_two),
        cmocka_unit_test(test_thrust_of_one_must_move),
        cmocka_unit_test(test_heads_return_tails_stay),
        cmocka_unit_test(test_blue_pulls_red_three),
        cmocka_unit_test(test_double_pull_within_three),
        cmocka_unit_test(test_order_most_first_ties_clockwise),
        cmocka_unit_test(test_three_step_move),
        cmocka_unit_test(test_craft_outside_inner_loses),
        cmocka_unit_test(test_speakers_off_board_lose),
        cmocka_unit_test(test_all_three_out_reset),
        cmocka_unit_test(test_tolek_limit_everyone_loses),
        cmocka_unit_test(test_payouts),
        cmocka_unit_test(test_newcomer_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
