/* Expectimax: a tiny chance game whose expected value is worked out by hand;
 * Star1 and Star2 give exactly the value of unpruned expectimax on random
 * two-player Kauda-Baji positions of every kind, while cutting (counters);
 * the root search agrees with the value and refuses what it cannot do. */
#include "support.h"

#include "engine/rng.h"
#include "games/kauda-baji/kauda.h"
#include "search/expectimax.h"

#include <math.h>
#include <string.h>

/* ---- the tiny game ----
 * Player 0 picks A or B. A: a coin lands heads with odds 1/4 (player 0 wins,
 * +1) or tails (loses, -1): worth 1/4 - 3/4 = -1/2. B: a draw of k = 1, 2, 3
 * with odds 1/2, 1/4, 1/4, then player 1 keeps (player 0 gets (k - 2) / 2)
 * or flips (player 0 gets 1/4); player 1 takes the smaller: -1/2, 0, 1/4,
 * so B is worth -1/4 + 0 + 1/16 = -3/16, the better choice. */
struct tiny {
    int8_t stage; /* 0 p0 picks, 1 coin, 2 draw, 3 p1 picks, 4 over */
    int8_t k;
    int8_t quarters; /* player 0's result in quarters */
    int8_t zero;
};

static int tiny_turn(const struct variant *v, const void *state) {
    (void)v;
    static const int turns[] = {0, TURN_CHANCE, TURN_CHANCE, 1, TURN_OVER};
    return turns[((const struct tiny *)state)->stage];
}

static int tiny_moves(const struct variant *v, const void *state, move_t *out) {
    (void)v;
    static const int counts[] = {2, 2, 3, 2, 0};
    int n = counts[((const struct tiny *)state)->stage];
    for (int i = 0; i < n; i++) out[i] = (move_t)i;
    return n;
}

static void tiny_chance(const struct variant *v, const void *state,
                        const move_t *outcomes, int count, double *prob) {
    (void)v, (void)outcomes, (void)count;
    static const double coin[] = {0.25, 0.75}, draw[] = {0.5, 0.25, 0.25};
    const double *odds = ((const struct tiny *)state)->stage == 1 ? coin : draw;
    for (int i = 0; i < count; i++) prob[i] = odds[i];
}

static void tiny_apply(const struct variant *v, void *state, move_t move) {
    (void)v;
    struct tiny *s = state;
    int m = (int)move;
    switch (s->stage) {
    case 0: s->stage = m == 0 ? 1 : 2; break;
    case 1: s->stage = 4, s->quarters = m == 0 ? 4 : -4; break;
    case 2: s->stage = 3, s->k = (int8_t)(m + 1); break;
    default: s->stage = 4, s->quarters = (int8_t)(m == 0 ? (s->k - 2) * 2 : 1); break;
    }
}

static void tiny_returns(const struct variant *v, const void *state,
                         double out[GAME_MAX_PLAYERS]) {
    (void)v;
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    out[0] = ((const struct tiny *)state)->quarters / 4.0;
    out[1] = -out[0];
}

static const struct game tiny_game = {
    .name = "tiny",
    .players = 2,
    .flags = GAME_HAS_CHANCE | GAME_ZERO_SUM_2P,
    .state_size = sizeof(struct tiny),
    .max_moves = 3,
    .turn = tiny_turn,
    .moves = tiny_moves,
    .apply = tiny_apply,
    .returns = tiny_returns,
    .chance = tiny_chance,
};

static void test_tiny_expected_value(void **unused) {
    (void)unused;
    struct variant v = {0};
    struct tiny s = {0};
    const double want = -3.0 / 16 * GAME_EVAL_MAX;
    for (int pruning = 0; pruning <= EXPECTI_PLAIN; pruning++)
        assert_true(expecti_value(&tiny_game, &v, &s, 4, pruning, NULL) == want);
    struct expecti_limits limits = {.depth = 3, .analyse = true};
    struct expecti_result res;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(expecti_search(&tiny_game, &v, &s, &limits, &res, err), 0);
    assert_true(res.has_move);
    assert_int_equal((int)res.move, 1); /* B */
    assert_true(res.score == want);
    assert_int_equal(res.root_count, 2);
    assert_true(res.root_scores[1] == -0.5 * GAME_EVAL_MAX); /* A, sorted last */
    /* Player 1's view at its node after B and k = 3: flip, worth -1/4 to it. */
    struct tiny p1 = {.stage = 3, .k = 3};
    limits.analyse = false;
    assert_int_equal(expecti_search(&tiny_game, &v, &p1, &limits, &res, err), 0);
    assert_int_equal((int)res.move, 1);
    assert_true(res.score == -0.25 * GAME_EVAL_MAX);
    /* One decision deep, the horizon comes before player 1's choice: with no
     * evaluation it scores 0, so B's draw is worth 0 and still beats A. */
    assert_true(expecti_value(&tiny_game, &v, &s, 1, EXPECTI_PLAIN, NULL) == 0);
}

/* Random two-player Kauda-Baji positions (player, chance and all) reached by
 * random play; every pruning gives the same value as none. */
static void test_star_pruning_exact(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kauda-baji", "players=2");
    const struct game *g = t.game;
    struct rng r;
    rng_seed(&r, 11);
    struct expecti_stats total[3] = {{0}};
    int checked = 0;
    for (int k = 0; k < 24; k++) {
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        g->start(&t.variant, s);
        int length = (int)rng_below(&r, 400);
        move_t moves[KAUDA_MAX_MOVES];
        for (int i = 0; i < length && g->turn(&t.variant, s) != TURN_OVER; i++) {
            int n = g->moves(&t.variant, s, moves);
            g->apply(&t.variant, s, moves[rng_below(&r, (uint32_t)n)]);
        }
        int depth = 1 + k % 2;
        double value[3];
        for (int p = 0; p < 3; p++) {
            struct expecti_stats st;
            value[p] = expecti_value(g, &t.variant, s, depth, p, &st);
            total[p].nodes += st.nodes, total[p].star1_cuts += st.star1_cuts;
            total[p].star2_cuts += st.star2_cuts;
        }
        assert_true(fabs(value[EXPECTI_PLAIN]) <= GAME_EVAL_MAX);
        if (value[EXPECTI_STAR1] != value[EXPECTI_PLAIN] ||
            value[EXPECTI_STAR2] != value[EXPECTI_PLAIN])
            fail_msg("position %d depth %d: plain %.17g star1 %.17g star2 %.17g", k,
                     depth, value[EXPECTI_PLAIN], value[EXPECTI_STAR1],
                     value[EXPECTI_STAR2]);
        checked++;
    }
    print_message("nodes: plain %lu, star1 %lu (%lu cuts), star2 %lu (%lu star2 cuts)\n",
                  (unsigned long)total[EXPECTI_PLAIN].nodes,
                  (unsigned long)total[EXPECTI_STAR1].nodes,
                  (unsigned long)total[EXPECTI_STAR1].star1_cuts,
                  (unsigned long)total[EXPECTI_STAR2].nodes,
                  (unsigned long)total[EXPECTI_STAR2].star2_cuts);
    assert_int_equal(checked, 24);
    assert_true(total[EXPECTI_STAR1].star1_cuts > 0);
    assert_true(total[EXPECTI_STAR2].star2_cuts > 0);
    assert_true(total[EXPECTI_STAR1].nodes < total[EXPECTI_PLAIN].nodes);
    assert_int_equal((int)total[EXPECTI_PLAIN].star1_cuts, 0);
}

/* The root search's best move scores what the full-window value of its
 * child says, and no other move scores more (analyse: all exact). */
static void test_root_agrees_with_value(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kauda-baji", "players=2");
    const struct game *g = t.game;
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    g->start(&t.variant, s);
    g->apply(&t.variant, s, kauda_throw_move(12));
    g->apply(&t.variant, s, kauda_throw_move(3));
    char err[GAME_ERROR_BYTES];
    struct expecti_limits limits = {.depth = 2};
    struct expecti_result res, all;
    assert_int_equal(expecti_search(g, &t.variant, s, &limits, &res, err), 0);
    limits.analyse = true;
    assert_int_equal(expecti_search(g, &t.variant, s, &limits, &all, err), 0);
    assert_true(res.has_move && all.has_move);
    assert_int_equal(res.depth, 2);
    assert_true(res.score == all.score);
    for (int i = 0; i < all.root_count; i++) {
        unsigned char c[GAME_MAX_STATE_BYTES];
        memcpy(c, s, g->state_size);
        g->apply(&t.variant, c, all.root_moves[i]);
        double x = expecti_value(g, &t.variant, c, 1, EXPECTI_PLAIN, NULL);
        assert_true(all.root_scores[i] == x); /* south is player 0 */
        assert_true(x <= res.score);
    }
}

static void test_refusals(void **unused) {
    (void)unused;
    char err[GAME_ERROR_BYTES];
    struct test_game four = test_game_make("kauda-baji", NULL);
    assert_false(expecti_supports(four.game, &four.variant, err));
    assert_non_null(strstr(err, "two players"));
    struct test_game two = test_game_make("kauda-baji", "players=2");
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    two.game->start(&two.variant, s);
    struct expecti_limits limits = {.depth = 1};
    struct expecti_result res;
    assert_int_equal(expecti_search(two.game, &two.variant, s, &limits, &res, err), -1);
    assert_non_null(strstr(err, "chance"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiny_expected_value),
        cmocka_unit_test(test_star_pruning_exact),
        cmocka_unit_test(test_root_agrees_with_value),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
