/* The baseline agents on Kodrek and on a one-shot game defined here:
 * - greedy (search/greedy.c with kodrek_evaluate): its decisions are legal on
 *   random positions; at a thrust with no pulls to come it never throws its
 *   craft out when some destination keeps it in (checked by the rules of D7,
 *   not by the evaluation); it pulls an opponent out when that wins at once;
 * - flat Monte Carlo (search/flatmc.c): shares its playouts equally, finds
 *   the dominant option at a simultaneous node, and on Kodrek picks a thrust
 *   that survives over the many that lose at once;
 * - the evaluation stays within its bounds;
 * - MCTS's default exploration constant follows Kodrek's return scale. */
#include "games/kodrek/kodrek.h"
#include "search/flatmc.h"
#include "search/greedy.h"
#include "search/mcts.h"
#include "tests/support.h"

#include "engine/rng.h"

#include <string.h>

static bool listed(move_t m, const move_t *list, int n) {
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* Does a thrust of `p` to `to` pass D7's end checks (craft inside the inner
 * triangle, stack on the board), with nothing else moving it? */
static bool thrust_survives(const struct test_game *t, const struct kodrek_state *s,
                            int p, struct kodrek_point to) {
    const struct kodrek_variant *o = kodrek_options(&t->variant);
    const int side = kodrek_side(o);
    struct kodrek_point next =
        kodrek_point(2 * to.r - s->craft[p].r, 2 * to.k - s->craft[p].k);
    return kodrek_in_inner(to, side, o->margin) && kodrek_on_board(next, side);
}

/* Random games where every secret split is all heads: nobody ever has tails,
 * so no pull can move a stack after the thrusts. At every thrust greedy picks
 * a listed move, and a surviving one whenever there is one; at every split
 * greedy's option is listed. The evaluation stays in bounds throughout. */
static void test_greedy_legal_and_safe(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kodrek", NULL);
    const struct game *g = t.game;
    struct rng r;
    rng_seed(&r, 11);
    move_t moves[KODREK_MAX_MOVES];
    int thrusts = 0, with_choice = 0;
    for (int game = 0; game < 30; game++) {
        struct kodrek_state s;
        g->start(&t.variant, &s);
        for (int ply = 0; ply < 200 && g->turn(&t.variant, &s) != TURN_OVER; ply++) {
            for (int p = 0; p < KODREK_PLAYERS; p++) {
                int e = g->evaluate(&t.variant, &s, p);
                assert_true(e >= -GAME_EVAL_MAX && e <= GAME_EVAL_MAX);
            }
            const int turn = g->turn(&t.variant, &s);
            if (turn == TURN_SIMULTANEOUS) {
                move_t choice[GAME_MAX_PLAYERS] = {0};
                for (int p = 0; p < KODREK_PLAYERS; p++) {
                    int n = g->joint_moves(&t.variant, &s, p, moves);
                    move_t pick = greedy_choose_joint(g, &t.variant, &s, p, rng_next(&r));
                    assert_true(listed(pick, moves, n));
                    choice[p] = moves[n - 1]; /* all heads */
                }
                g->apply_joint(&t.variant, &s, choice);
                continue;
            }
            assert_true(turn >= 0);
            int n = g->moves(&t.variant, &s, moves);
            move_t pick = greedy_choose(g, &t.variant, &s, rng_next(&r));
            assert_true(listed(pick, moves, n));
            assert_int_equal(kodrek_move_kind(pick), KODREK_MOVE_THRUST);
            bool can_survive = false;
            for (int i = 0; i < n; i++)
                can_survive |= thrust_survives(&t, &s, turn, kodrek_move_point(moves[i]));
            thrusts++;
            if (can_survive) {
                with_choice++;
                assert_true(thrust_survives(&t, &s, turn, kodrek_move_point(pick)));
            }
            /* The game goes on by a random move, to reach varied positions. */
            g->apply(&t.variant, &s, moves[rng_below(&r, (uint32_t)n)]);
        }
    }
    assert_true(with_choice > 20); /* the check was exercised */
    assert_true(thrusts >= with_choice);
}

/* Green pulls blue: blue's stack 20.9 is two junctures from green's stack
 * 20.7 and the craft are within three junctures, so each tail pulls two
 * steps along row 20 toward k = 7 and past it; two tails or more put blue's
 * stack on 20.5, outside the inner triangle (k < 6), and blue loses at the
 * end of the turn. One tail or none keeps blue in. Greedy takes the win. */
static void test_greedy_pulls_out(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    test_parse(&t, "3 p0a3 20.8/20.7/3 20.10/20.9/0 25.15/25.15/0", &s);
    assert_int_equal(t.game->turn(&t.variant, &s), KODREK_GREEN);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        move_t pick = greedy_choose(t.game, &t.variant, &s, seed);
        assert_int_equal(kodrek_move_kind(pick), KODREK_MOVE_PULL);
        assert_int_equal(kodrek_move_target(pick), KODREK_BLUE);
        assert_true(kodrek_move_tails(pick) >= 2);
        /* Finish the turn with no further pulls: blue alone has lost. */
        struct kodrek_state after = s;
        t.game->apply(&t.variant, &after, pick);
        while (t.game->turn(&t.variant, &after) >= 0) {
            move_t none[KODREK_MAX_MOVES];
            t.game->moves(&t.variant, &after, none);
            t.game->apply(&t.variant, &after, none[0]); /* 0 tails */
        }
        assert_int_equal(after.phase, KODREK_OVER);
        assert_int_equal(after.lost, 1u << KODREK_BLUE);
    }
}

/* The same with red next to green and the pull against red the last decision
 * of the turn (green's second pull step: the other opponent). */
static void test_greedy_last_pull(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kodrek", NULL);
    struct kodrek_state s;
    test_parse(&t, "3 p0b3 20.8/20.7/3 25.15/25.15/0 20.10/20.9/0", &s);
    assert_int_equal(t.game->turn(&t.variant, &s), KODREK_GREEN);
    move_t pick = greedy_choose(t.game, &t.variant, &s, 7);
    assert_int_equal(kodrek_move_target(pick), KODREK_RED);
    assert_true(kodrek_move_tails(pick) >= 2);
    t.game->apply(&t.variant, &s, pick);
    assert_int_equal(s.phase, KODREK_OVER);
    assert_int_equal(s.lost, 1u << KODREK_RED);
    /* Before that choice, red's evaluation already counts the pull: its
     * return as the loser at turn 3, -4 coins of 18. */
    test_parse(&t, "3 p0b3 20.8/20.7/3 25.15/25.15/0 20.10/20.9/0", &s);
    assert_int_equal(t.game->evaluate(&t.variant, &s, KODREK_RED), -10000 * 4 / 18);
}

/* ---- a one-shot simultaneous game for flat Monte Carlo ---- */

/* Each of three players picks 0..3; a player's return is +0.5 for option 2,
 * -0.5 otherwise, plus 0.4 times a random-looking sign fixed by everyone's
 * picks, so single playouts are noisy but option 2 is best whatever the others
 * do. */
struct pick_state {
    uint8_t done, pick[3];
};
static void p_start(const struct variant *v, void *s) {
    (void)v;
    memset(s, 0, sizeof(struct pick_state));
}
static int p_turn(const struct variant *v, const void *s) {
    (void)v;
    return ((const struct pick_state *)s)->done ? TURN_OVER : TURN_SIMULTANEOUS;
}
static int p_moves(const struct variant *v, const void *s, move_t *out) {
    (void)v, (void)s, (void)out;
    return 0;
}
static void p_apply(const struct variant *v, void *s, move_t m) {
    (void)v, (void)s, (void)m;
}
static void p_returns(const struct variant *v, const void *state, double *out) {
    (void)v;
    const struct pick_state *s = state;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) out[p] = 0;
    for (int p = 0; p < 3; p++) {
        int mix = s->pick[0] * 7 + s->pick[1] * 5 + s->pick[2] * 3 + p;
        out[p] = (s->pick[p] == 2 ? 0.5 : -0.5) + ((mix % 2) ? 0.4 : -0.4);
    }
}
static unsigned p_acting(const struct variant *v, const void *s) {
    (void)v, (void)s;
    return 7u;
}
static int p_joint(const struct variant *v, const void *s, int player, move_t *out) {
    (void)v, (void)s, (void)player;
    for (int i = 0; i < 4; i++) out[i] = 20 + (move_t)i;
    return 4;
}
static void p_apply_joint(const struct variant *v, void *state, const move_t *choice) {
    (void)v;
    struct pick_state *s = state;
    for (int p = 0; p < 3; p++) s->pick[p] = (uint8_t)(choice[p] - 20);
    s->done = 1;
}
static const struct variant_param p_params[] = {{.name = NULL}};
static const struct game pick_game = {
    .name = "pick",
    .summary = "one simultaneous choice, option 2 best",
    .players = 3,
    .flags = GAME_HAS_SIMULTANEOUS,
    .state_size = sizeof(struct pick_state),
    .max_moves = 4,
    .variant_params = p_params,
    .start = p_start,
    .turn = p_turn,
    .moves = p_moves,
    .apply = p_apply,
    .returns = p_returns,
    .acting = p_acting,
    .joint_moves = p_joint,
    .apply_joint = p_apply_joint,
};

static void test_flatmc_simultaneous(void **unused) {
    (void)unused;
    struct variant v;
    memset(&v, 0, sizeof v);
    struct pick_state s;
    p_start(&v, &s);
    static struct flatmc_result res, again;
    char err[GAME_ERROR_BYTES];
    for (int p = 0; p < 3; p++) {
        struct flatmc_limits lim = {.playouts = 401, .seed = 3 + (uint64_t)p};
        assert_int_equal(flatmc_search(&pick_game, &v, &s, p, &lim, &res, err), 0);
        assert_int_equal(res.move, 22);
        assert_int_equal(res.count, 4);
        /* Round robin: 401 playouts over 4 options are 101, 100, 100, 100. */
        assert_int_equal(res.visits[0], 101);
        for (int i = 1; i < 4; i++) assert_int_equal(res.visits[i], 100);
        /* Option 2's mean is 0.5 +- 0.4: far above the others' -0.5 +- 0.4. */
        assert_true(res.values[2] > 0.1 && res.values[2] < 0.9);
        assert_true(flatmc_search(&pick_game, &v, &s, p, &lim, &again, err) == 0);
        assert_memory_equal(&res, &again, sizeof res); /* same seed, same run */
    }
    /* Only acting players decide. */
    struct flatmc_limits lim = {.playouts = 10, .seed = 1};
    assert_int_equal(flatmc_search(&pick_game, &v, &s, 3, &lim, &res, err), -1);
    assert_non_null(strstr(err, "no decision"));
}

/* Greedy at a simultaneous node of a game without an evaluation: the
 * finished game's returns, averaged over all 16 choices of the two others,
 * make option 2 best for everyone. */
static void test_greedy_simultaneous(void **unused) {
    (void)unused;
    struct variant v;
    memset(&v, 0, sizeof v);
    struct pick_state s;
    p_start(&v, &s);
    for (int p = 0; p < 3; p++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            assert_int_equal(greedy_choose_joint(&pick_game, &v, &s, p, seed), 22);
}

/* Turn 1, everyone shows 2 heads (no tails, so no pulls) and green thrusts
 * first: of the 19 points within distance 2 of its stack on the inner corner
 * 12.6 only 6 are inside the inner triangle (12.6, 13.6, 13.7, 14.6, 14.7,
 * 14.8; rows >= 12, k >= 6, r - k >= 6), the other 13 lose at the end of the
 * turn unless blue and red lose too (a reset). With win/loss returns a
 * surviving thrust is clearly better on average. */
static void test_flatmc_thrust(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kodrek", "payoff=winloss");
    struct kodrek_state s;
    t.game->start(&t.variant, &s);
    move_t choice[GAME_MAX_PLAYERS] = {kodrek_heads_move(2), kodrek_heads_move(2),
                                       kodrek_heads_move(2)};
    t.game->apply_joint(&t.variant, &s, choice);
    assert_int_equal(t.game->turn(&t.variant, &s), KODREK_GREEN);
    move_t moves[KODREK_MAX_MOVES];
    int n = t.game->moves(&t.variant, &s, moves), survivors = 0;
    for (int i = 0; i < n; i++)
        survivors += thrust_survives(&t, &s, KODREK_GREEN, kodrek_move_point(moves[i]));
    assert_int_equal(n, 19);
    assert_int_equal(survivors, 6);
    static struct flatmc_result res;
    char err[GAME_ERROR_BYTES];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        struct flatmc_limits lim = {.playouts = 19 * 40, .seed = seed};
        assert_int_equal(flatmc_search(t.game, &t.variant, &s, -1, &lim, &res, err), 0);
        assert_int_equal(res.count, 19);
        assert_true(thrust_survives(&t, &s, KODREK_GREEN, kodrek_move_point(res.move)));
    }
}

/* MCTS's default exploration constant is 1.4 times the game's return scale:
 * 0.35 for coin returns, 1 for win/loss. With one thread and a seed the
 * search repeats itself, so the default and the explicit constant must give
 * the same visits; a different constant must not. */
static void search_visits(const char *variant, double c, long out[MCTS_MAX_SIM_OPTIONS]) {
    struct test_game t = test_game_make("kodrek", variant);
    struct kodrek_state s;
    t.game->start(&t.variant, &s);
    static struct mcts_result res;
    char err[GAME_ERROR_BYTES];
    struct mcts_limits lim = {.iterations = 3000, .threads = 1, .seed = 9, .c = c};
    assert_int_equal(mcts_search(t.game, &t.variant, &s, &lim, &res, err), 0);
    assert_true(res.simultaneous);
    for (int i = 0; i < MCTS_MAX_SIM_OPTIONS; i++)
        out[i] = i < res.sim_count[KODREK_GREEN] ? res.sim_visits[KODREK_GREEN][i] : 0;
}

static void test_mcts_return_scale(void **unused) {
    (void)unused;
    long by_default[MCTS_MAX_SIM_OPTIONS], given[MCTS_MAX_SIM_OPTIONS],
        other[MCTS_MAX_SIM_OPTIONS];
    search_visits(NULL, 0, by_default);
    search_visits(NULL, 1.4 * 0.35, given);
    search_visits(NULL, 1.4, other);
    assert_memory_equal(by_default, given, sizeof given);
    assert_memory_not_equal(by_default, other, sizeof other);
    search_visits("payoff=winloss", 0, by_default);
    search_visits("payoff=winloss", 1.4, given);
    assert_memory_equal(by_default, given, sizeof given);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_legal_and_safe),
        cmocka_unit_test(test_greedy_pulls_out),
        cmocka_unit_test(test_greedy_last_pull),
        cmocka_unit_test(test_flatmc_simultaneous),
        cmocka_unit_test(test_greedy_simultaneous),
        cmocka_unit_test(test_flatmc_thrust),
        cmocka_unit_test(test_mcts_return_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
