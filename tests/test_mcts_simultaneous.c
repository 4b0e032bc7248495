/* MCTS at simultaneous nodes, on one-shot matrix games defined here: decoupled
 * UCT picks a strictly dominant option (also with three players), EXP3 and
 * regret matching approach the mixed equilibrium of 2x2 zero-sum games
 * (computed here in closed form), and one thread with a seed repeats itself. */
#include "tests/support.h"

#include "search/mcts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { PD = 0, PENNIES = 1, BIASED = 2, THREE = 3, MATRICES = 4 };

struct matrix_state {
    uint8_t done;
    uint8_t pick[3];
};

/* pay[matrix][player][a0][a1] for the two-player games. */
static const double pay2[3][2][2][2] = {
    /* prisoner's dilemma: option 1 (defect) dominates for both */
    {{{0.5, -1}, {1, -0.5}}, {{0.5, 1}, {-1, -0.5}}},
    /* matching pennies */
    {{{1, -1}, {-1, 1}}, {{-1, 1}, {1, -1}}},
    /* zero-sum, equilibrium away from one half */
    {{{1, -0.5}, {-0.5, 0.5}}, {{-1, 0.5}, {0.5, -0.5}}},
};

static int matrix_of(const struct variant *v) {
    return v->bytes[0];
}
static int players_of(const struct variant *v) {
    return matrix_of(v) == THREE ? 3 : 2;
}
static int m_count(const struct variant *v) {
    return players_of(v);
}
static void m_start(const struct variant *v, void *s) {
    (void)v;
    memset(s, 0, sizeof(struct matrix_state));
}
static int m_turn(const struct variant *v, const void *s) {
    (void)v;
    return ((const struct matrix_state *)s)->done ? TURN_OVER : TURN_SIMULTANEOUS;
}
static int m_moves(const struct variant *v, const void *s, move_t *out) {
    (void)v, (void)s, (void)out;
    return 0;
}
static void m_apply(const struct variant *v, void *s, move_t m) {
    (void)v, (void)s, (void)m;
}
static void m_returns(const struct variant *v, const void *state, double *out) {
    const struct matrix_state *s = state;
    int m = matrix_of(v);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) out[p] = 0;
    if (m == THREE) {
        /* Taking (1) pays 0.5 to the taker and costs each other player 0.3:
         * taking dominates, everyone taking is worse than nobody taking. */
        for (int p = 0; p < 3; p++)
            for (int q = 0; q < 3; q++) out[p] += s->pick[q] * (p == q ? 0.5 : -0.3);
        return;
    }
    for (int p = 0; p < 2; p++) out[p] = pay2[m][p][s->pick[0]][s->pick[1]];
}
static unsigned m_acting(const struct variant *v, const void *s) {
    (void)s;
    return players_of(v) == 3 ? 7u : 3u;
}
static int m_joint(const struct variant *v, const void *s, int player, move_t *out) {
    (void)v, (void)s, (void)player;
    out[0] = 10, out[1] = 11; /* option values != indices on purpose */
    return 2;
}
static void m_apply_joint(const struct variant *v, void *state, const move_t *choice) {
    struct matrix_state *s = state;
    for (int p = 0; p < players_of(v); p++) s->pick[p] = (uint8_t)(choice[p] - 10);
    s->done = 1;
}
static int m_parse(const struct variant *v, const char *t, void *s, char *err) {
    (void)v, (void)t, (void)s;
    return snprintf(err, GAME_ERROR_BYTES, "no"), -1;
}
static void m_fpos(const struct variant *v, const void *s, char *b, size_t n) {
    (void)v, (void)s;
    snprintf(b, n, "-");
}
static int m_pmove(const struct variant *v, const void *s, const char *t, move_t *m,
                   char *err) {
    (void)v, (void)s, (void)t, (void)m;
    return snprintf(err, GAME_ERROR_BYTES, "no"), -1;
}
static void m_fmove(const struct variant *v, const void *s, move_t m, char *b, size_t n) {
    (void)v, (void)s;
    snprintf(b, n, "o%d", (int)m);
}
static void m_draw(const struct variant *v, const void *s, FILE *out) {
    (void)v, (void)s, (void)out;
}
static const char *m_name(const struct variant *v, int p) {
    (void)v;
    static const char *const names[] = {"row", "column", "third"};
    return names[p];
}
/* m: which payoff matrix (its byte 0). */
static const struct variant_param m_params[] = {
    {.name = "m", .type = VARIANT_WHOLE, .offset = 0, .size = 1, .low = 0,
     .high = MATRICES - 1, .help = "payoff matrix"},
    {.name = NULL},
};

static const struct game matrix_game = {
    .name = "matrix",
    .summary = "one simultaneous choice",
    .players = 2,
    .flags = GAME_HAS_SIMULTANEOUS,
    .state_size = sizeof(struct matrix_state),
    .max_moves = 2,
    .variant_params = m_params,
    .player_count = m_count,
    .start = m_start,
    .turn = m_turn,
    .moves = m_moves,
    .apply = m_apply,
    .returns = m_returns,
    .acting = m_acting,
    .joint_moves = m_joint,
    .apply_joint = m_apply_joint,
    .parse_position = m_parse,
    .format_position = m_fpos,
    .parse_move = m_pmove,
    .format_move = m_fmove,
    .draw = m_draw,
    .player_name = m_name,
};

static void search(int matrix, enum mcts_sim sim, long iterations, uint64_t seed,
                   struct mcts_result *res) {
    struct variant v;
    memset(&v, 0, sizeof v);
    v.bytes[0] = (unsigned char)matrix;
    struct matrix_state s;
    m_start(&v, &s);
    struct mcts_limits limits = {
        .iterations = iterations, .threads = 1, .seed = seed, .sim = sim};
    char err[GAME_ERROR_BYTES];
    assert_int_equal(mcts_search(&matrix_game, &v, &s, &limits, res, err), 0);
    assert_true(res->simultaneous);
    assert_int_equal(res->iterations, iterations);
}

/* The option of `player` that is strictly better against every option of the
 * others, found by enumerating the payoffs; -1 if none. */
static int dominant_option(int matrix, int player) {
    struct variant v;
    memset(&v, 0, sizeof v);
    v.bytes[0] = (unsigned char)matrix;
    int players = players_of(&v);
    for (int mine = 0; mine < 2; mine++) {
        bool dominates = true;
        for (int others = 0; others < (1 << players) && dominates; others++) {
            struct matrix_state a = {1, {0}}, b = {1, {0}};
            for (int p = 0; p < players; p++)
                a.pick[p] = b.pick[p] = (uint8_t)((others >> p) & 1);
            a.pick[player] = (uint8_t)mine;
            b.pick[player] = (uint8_t)(1 - mine);
            double ra[GAME_MAX_PLAYERS], rb[GAME_MAX_PLAYERS];
            m_returns(&v, &a, ra);
            m_returns(&v, &b, rb);
            dominates = ra[player] > rb[player];
        }
        if (dominates) return mine;
    }
    return -1;
}

static void test_duct_plays_dominant(void **state) {
    (void)state;
    struct mcts_result res;
    for (int matrix = PD; matrix <= THREE; matrix += THREE - PD) {
        search(matrix, MCTS_SIM_DUCT, 20000, 1, &res);
        int players = matrix == THREE ? 3 : 2;
        for (int p = 0; p < players; p++) {
            int want = dominant_option(matrix, p);
            assert_true(want >= 0);
            assert_int_equal(res.sim_count[p], 2);
            assert_int_equal(res.sim_choice[p], 10 + want);
            /* and most of the visits went there */
            assert_true(res.sim_visits[p][want] > 2 * res.sim_visits[p][1 - want]);
        }
    }
}

/* Row's equilibrium weight on option 0 in a 2x2 zero-sum game without a
 * saddle point: the weight that makes the column indifferent. */
static double row_equilibrium(int matrix) {
    const double(*a)[2] = pay2[matrix][0];
    return (a[1][1] - a[1][0]) / (a[0][0] - a[0][1] - a[1][0] + a[1][1]);
}
static double column_equilibrium(int matrix) {
    const double(*a)[2] = pay2[matrix][0];
    return (a[1][1] - a[0][1]) / (a[0][0] - a[0][1] - a[1][0] + a[1][1]);
}

static void test_mixed_equilibrium(void **state) {
    (void)state;
    struct mcts_result res;
    const enum mcts_sim sims[] = {MCTS_SIM_EXP3, MCTS_SIM_RM};
    for (int k = 0; k < 2; k++)
        for (int matrix = PENNIES; matrix <= BIASED; matrix++) {
            search(matrix, sims[k], 40000, 3, &res);
            double want[2] = {row_equilibrium(matrix), column_equilibrium(matrix)};
            for (int p = 0; p < 2; p++) {
                double total = (double)(res.sim_visits[p][0] + res.sim_visits[p][1]);
                double share = (double)res.sim_visits[p][0] / total;
                if (fabs(share - want[p]) > 0.05)
                    fail_msg("sim %d matrix %d player %d: share %.3f, equilibrium %.3f",
                             sims[k], matrix, p, share, want[p]);
            }
        }
    /* The biased game's equilibrium is not one half: uniform play fails it. */
    assert_true(fabs(row_equilibrium(BIASED) - 0.5) > 0.05);
}

static void test_repeatable(void **state) {
    (void)state;
    for (int sim = MCTS_SIM_DUCT; sim <= MCTS_SIM_RM; sim++) {
        struct mcts_result a, b, c;
        search(BIASED, (enum mcts_sim)sim, 2000, 5, &a);
        search(BIASED, (enum mcts_sim)sim, 2000, 5, &b);
        search(BIASED, (enum mcts_sim)sim, 2000, 6, &c);
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < 2; i++)
                assert_int_equal(a.sim_visits[p][i], b.sim_visits[p][i]);
        assert_int_equal(a.sim_choice[0], b.sim_choice[0]);
        assert_int_equal(a.nodes, b.nodes);
        if (sim != MCTS_SIM_DUCT) /* the seed matters where selection draws */
            assert_true(a.sim_visits[0][0] != c.sim_visits[0][0] ||
                        a.sim_visits[1][0] != c.sim_visits[1][0]);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_duct_plays_dominant),
        cmocka_unit_test(test_mixed_equilibrium),
        cmocka_unit_test(test_repeatable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
