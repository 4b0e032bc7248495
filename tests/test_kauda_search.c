/* Search on Kauda-Baji: a playout cut at its cap is scored by the players'
 * evaluation ranks (ties share, a finished game by its returns); MCTS with
 * 3 and 4 players returns a legal move and means within [-1, 1]; the greedy
 * player takes an entry into the centre that finishes the game first. */
#include "support.h"

#include "games/kauda-baji/kauda.h"
#include "search/greedy.h"
#include "search/mcts.h"
#include "search/playout.h"

#include <stdlib.h>
#include <string.h>

static void test_cut_ranks_by_evaluation(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kauda-baji", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    /* South far ahead, east and west level, north at home. */
    test_parse(&t, "5d4,1c5/1g5,5g4/6d7/1a3,5a4 s roll -", s);
    int e[4];
    for (int p = 0; p < 4; p++) e[p] = t.game->evaluate(&t.variant, s, p);
    assert_true(e[1] == e[3]);
    double r[GAME_MAX_PLAYERS];
    playout_score_cut(t.game, &t.variant, s, r);
    assert_true(r[0] == 1.0);
    assert_true(r[1] == 0.0 && r[3] == 0.0); /* second and third shared */
    assert_true(r[2] == -1.0);
    /* A game cut at 0 plies is scored the same way by playout_run. */
    struct rng rng;
    rng_seed(&rng, 1);
    double q[GAME_MAX_PLAYERS];
    assert_int_equal(playout_run(t.game, &t.variant, s, &rng, 0, q), 0);
    assert_memory_equal(q, r, sizeof(double) * 4);
}

static void test_mcts_multiplayer(void **unused) {
    (void)unused;
    const char *variants[] = {"players=3", "players=4"};
    for (int k = 0; k < 2; k++) {
        struct test_game t = test_game_make("kauda-baji", variants[k]);
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        t.game->start(&t.variant, s);
        t.game->apply(&t.variant, s, kauda_throw_move(12));
        t.game->apply(&t.variant, s, kauda_throw_move(3));
        struct mcts_limits limits = {.iterations = 300, .seed = 5, .max_playout = 60};
        struct mcts_result *res = malloc(sizeof *res);
        char err[GAME_ERROR_BYTES];
        assert_int_equal(mcts_search(t.game, &t.variant, s, &limits, res, err), 0);
        assert_true(res->has_move);
        move_t moves[KAUDA_MAX_MOVES];
        int n = t.game->moves(&t.variant, s, moves), found = 0;
        for (int i = 0; i < n; i++) found += moves[i] == res->move;
        assert_int_equal(found, 1);
        assert_true(res->value >= -1 && res->value <= 1);
        /* Informed: cut playouts are not all draws, so values spread. */
        assert_true(res->root_values[0] != 0 || res->root_values[1] != 0);
        free(res);
    }
}

static void test_greedy_finishes(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kauda-baji", "players=2");
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    /* South's last piece enters the centre with the 2 (e3-d4) or circles on
     * (e3-c3): entering wins. */
    test_parse(&t, "5d4,1e3/6d7 s use:2 -", s);
    char text[512];
    test_moves_text(&t, s, text, sizeof text);
    assert_string_equal(text, "2:e3-d4 2:e3-c3");
    move_t m = greedy_choose(t.game, &t.variant, s, 1);
    unsigned char c[GAME_MAX_STATE_BYTES];
    memcpy(c, s, t.game->state_size);
    t.game->apply(&t.variant, c, m);
    assert_int_equal(t.game->turn(&t.variant, c), TURN_OVER);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_ranks_by_evaluation),
        cmocka_unit_test(test_mcts_multiplayer),
        cmocka_unit_test(test_greedy_finishes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
