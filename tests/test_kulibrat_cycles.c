/* Kulibrat's winning cycles (games/kulibrat/kulibrat_cycles.h), checked:
 * - round k of the fixed point is exactly the set of boards the solver finds
 *   won for every pair of points still needed at target k (k = 1, 2, 3);
 * - a cycle checked by hand (the rule book's kind: black's wall down column
 *   b, red's pieces stuck) and a lock;
 * - the region proves itself through the rules alone (moves/apply): the
 *   other side's every move stays inside without scoring, and the winner's
 *   strategy gets closer to its next point on every move until it scores;
 * - every node's cycle replayed through the rules: legal moves, back to its
 *   board, the points it says for the winner and none for the other side;
 * - mirroring the columns maps the region onto itself. */
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_cycles.h"
#include "games/kulibrat/kulibrat_profile.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static const struct game *G = &kulibrat_game;
static struct kulibrat_graph graph;
static uint8_t *region[2];
static uint32_t *rank_of[2];

static void make_variant(struct variant *v, int target) {
    char spec[32], err[GAME_ERROR_BYTES];
    snprintf(spec, sizeof spec, "target=%d", target);
    variant_init(G, v);
    assert_int_equal(variant_parse(G, v, spec, err), 0);
}

static uint32_t parse_node(const char *text) {
    struct variant v;
    make_variant(&v, 100);
    struct kulibrat_state s;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(G->parse_position(&v, text, &s, err), 0);
    return kulibrat_state_node(&s);
}

static int setup(void **unused) {
    char err[GAME_ERROR_BYTES];
    if (kulibrat_graph_build(&graph, err) != 0) return -1;
    for (int p = 0; p < 2; p++) {
        region[p] = malloc(graph.nodes);
        rank_of[p] = malloc(graph.nodes * sizeof *rank_of[p]);
        if (kulibrat_cycle_region(&graph, p, 0, region[p], rank_of[p]) < 1) return -1;
    }
    return 0;
}

static int teardown(void **unused) {
    for (int p = 0; p < 2; p++) {
        free(region[p]);
        free(rank_of[p]);
    }
    kulibrat_graph_free(&graph);
    return 0;
}

/* Round k (P scores k points before the other side scores one) is what the
 * solver says is won for P at every pair of needs up to (k, k). */
static void test_rounds_match_solution(void **unused) {
    uint8_t *round = malloc(graph.nodes);
    for (int k = 1; k <= 3; k++) {
        struct variant v;
        make_variant(&v, k);
        struct kulibrat_profile prof;
        char source[KULIBRAT_PROFILE_SOURCE_BYTES], err[GAME_ERROR_BYTES];
        assert_int_equal(
            kulibrat_profile_build(&prof, &v, "none", 2, source, sizeof source, err), 0);
        assert_int_equal(prof.tiers_seen, (uint64_t)(k * k));
        for (int p = 0; p < 2; p++) {
            assert_int_equal(kulibrat_cycle_region(&graph, p, k, round, NULL), k);
            uint32_t won = 0, differ = 0, outside = 0;
            for (uint32_t x = 0; x < graph.nodes; x++) {
                won += prof.won_always[p][x];
                differ += round[x] != prof.won_always[p][x];
                outside += region[p][x] && !prof.won_always[p][x];
            }
            assert_true(won > 0);
            assert_int_equal(differ, 0);
            assert_int_equal(outside, 0); /* the fixed point lies in every round */
        }
        kulibrat_profile_free(&prof);
    }
    free(round);
}

/* Checked by hand on the board: black on b4, b3 and b2, red on c3, a1 and
 * c1, red to move (black has a piece and red a piece in hand). Red's only
 * move is +b1 (a1 and c1 are blocked by b2, c3 by b4; nothing to attack).
 * Black takes it (b2xb1); red's a1-b2 (or its mirror image c1-b2, red's
 * only other move) is met by b3xb2; red re-enters +a1,
 * black enters +a4 and, red having to pass, walks a4-b3 and, after another
 * red pass, scores b1-off: the same board again, one point for black, none
 * for red, 10 plies of which 2 are passes. */
static void test_cycle_by_hand(void **unused) {
    static const char *const lap[] = {"+b1", "b2xb1", "a1-b2", "b3xb2", "+a1",
                                      "+a4", "pass",  "a4-b3", "pass",  "b1-off"};
    struct variant v;
    make_variant(&v, 100);
    char err[GAME_ERROR_BYTES];
    struct kulibrat_state s, first;
    assert_int_equal(G->parse_position(&v, ".b./.br/.b./r.r r 0-0", &s, err), 0);
    first = s;
    uint32_t node = kulibrat_state_node(&s);
    assert_true(region[KULIBRAT_BLACK][node]);
    assert_false(region[KULIBRAT_RED][node]);
    move_t moves[KULIBRAT_MAX_MOVES];
    assert_int_equal(G->moves(&v, &s, moves), 1); /* red is forced */
    for (size_t i = 0; i < sizeof lap / sizeof lap[0]; i++) {
        move_t m;
        assert_int_equal(G->parse_move(&v, &s, lap[i], &m, err), 0);
        if (s.side == KULIBRAT_RED) {
            int n = G->moves(&v, &s, moves);
            assert_true(n <= 2);
            for (int k = 0; k < n; k++) { /* no way out for red */
                struct kulibrat_state t = s;
                G->apply(&v, &t, moves[k]);
                assert_int_equal(t.score[1], 0);
                assert_true(region[KULIBRAT_BLACK][kulibrat_state_node(&t)]);
            }
        }
        G->apply(&v, &s, m);
        assert_true(region[KULIBRAT_BLACK][kulibrat_state_node(&s)]);
    }
    assert_int_equal(s.pieces[0], first.pieces[0]);
    assert_int_equal(s.pieces[1], first.pieces[1]);
    assert_int_equal(s.side, first.side);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);

    /* The finder's cycle from this board: the same length and one point. */
    uint32_t cycle[64], edge[64];
    int lead = -1;
    int n = kulibrat_canonical_cycle(&graph, KULIBRAT_BLACK, region[0], rank_of[0], node,
                                     cycle, edge, 64, &lead);
    assert_int_equal(n, 10);
    assert_int_equal(lead, 0);
    int points = 0, passes = 0;
    for (int i = 0; i < n; i++) {
        points += graph.scores[edge[i]];
        passes += graph.move[edge[i]] == KULIBRAT_PASS_MOVE;
    }
    assert_int_equal(points, 1);
    assert_int_equal(passes, 2);
}

/* A lock is won by the side to move (K7): in that side's region only. The
 * start is in neither (at target 8 and beyond it is a draw). */
static void test_lock_and_start(void **unused) {
    uint32_t lock = parse_node("b.b/.b./rbr/r.r b 1-0");
    assert_true(graph.locked[lock]);
    assert_true(region[KULIBRAT_BLACK][lock]);
    assert_false(region[KULIBRAT_RED][lock]);
    assert_int_equal(rank_of[KULIBRAT_BLACK][lock], 0);
    uint32_t start = parse_node(".../.../.../... b 0-0");
    assert_false(region[0][start]);
    assert_false(region[1][start]);
    uint32_t locks = 0;
    for (uint32_t x = 0; x < graph.nodes; x++) locks += graph.locked[x];
    assert_int_equal(locks, 8); /* the solver's 8 terminal positions a score pair */
}

/* The definition, checked through the rules only: from a region node of P
 * the other side's every move stays in the region and does not score; P's
 * strategy move (kulibrat_canonical_edge) is legal and either scores into
 * the region or reaches a node of lower rank; so P scores again and again. */
static void test_region_closed_under_rules(void **unused) {
    struct variant v;
    make_variant(&v, 250);
    move_t moves[KULIBRAT_MAX_MOVES];
    for (int p = 0; p < 2; p++) {
        uint32_t count = 0;
        for (uint32_t x = 0; x < graph.nodes; x++) {
            if (!region[p][x]) continue;
            count++;
            struct kulibrat_state s;
            kulibrat_node_state(x, &s);
            if (G->turn(&v, &s) == TURN_OVER) {
                assert_int_equal(s.side, p); /* a lock the side to move won */
                continue;
            }
            int n = G->moves(&v, &s, moves);
            assert_true(n > 0);
            if (s.side != p) {
                for (int i = 0; i < n; i++) {
                    struct kulibrat_state t = s;
                    G->apply(&v, &t, moves[i]);
                    assert_int_equal(t.score[1 - p], 0);
                    uint32_t y = kulibrat_state_node(&t);
                    assert_true(region[p][y]);
                    assert_true(rank_of[p][y] < rank_of[p][x]);
                }
                continue;
            }
            uint32_t e = kulibrat_canonical_edge(&graph, p, region[p], rank_of[p], x);
            assert_true(e != KULIBRAT_NODE_NONE);
            move_t m =
                graph.move[e] == KULIBRAT_PASS_MOVE ? GAME_MOVE_PASS : graph.move[e];
            bool legal = false;
            for (int i = 0; i < n; i++) legal |= moves[i] == m;
            assert_true(legal);
            struct kulibrat_state t = s;
            G->apply(&v, &t, m);
            uint32_t y = kulibrat_state_node(&t);
            assert_true(region[p][y]);
            if (t.score[p] == 0) assert_true(rank_of[p][y] < rank_of[p][x]);
        }
        assert_true(count > 0);
    }
}

/* Every node's cycle, replayed through the rules from scores 0-0. */
static void test_cycles_replay(void **unused) {
    struct variant v;
    make_variant(&v, 250);
    uint32_t cycle[4096], edge[4096];
    move_t moves[KULIBRAT_MAX_MOVES];
    for (int p = 0; p < 2; p++) {
        uint32_t cycles = 0;
        for (uint32_t x = 0; x < graph.nodes; x++) {
            if (!region[p][x]) continue;
            int n = kulibrat_canonical_cycle(&graph, p, region[p], rank_of[p], x, cycle,
                                             edge, 4096, NULL);
            assert_true(n >= 0);
            if (n == 0) { /* only a lock ends the play instead */
                continue;
            }
            cycles++;
            struct kulibrat_state s;
            kulibrat_node_state(cycle[0], &s);
            int points = 0;
            for (int i = 0; i < n; i++) {
                assert_int_equal(
                    kulibrat_state_node(&(struct kulibrat_state){
                        .pieces = {s.pieces[0], s.pieces[1]}, .side = s.side}),
                    cycle[i]);
                int count = G->moves(&v, &s, moves);
                move_t m = graph.move[edge[i]] == KULIBRAT_PASS_MOVE
                               ? GAME_MOVE_PASS
                               : graph.move[edge[i]];
                bool legal = false;
                for (int k = 0; k < count; k++) legal |= moves[k] == m;
                assert_true(legal);
                points += graph.scores[edge[i]];
                G->apply(&v, &s, m);
            }
            assert_true(points >= 1);
            assert_int_equal(s.score[p], points);
            assert_int_equal(s.score[1 - p], 0);
            s.score[0] = s.score[1] = 0;
            assert_int_equal(kulibrat_state_node(&s), cycle[0]);
        }
        assert_true(cycles > 0);
    }
}

static void test_mirror(void **unused) {
    for (uint32_t x = 0; x < graph.nodes; x++) {
        uint32_t m = kulibrat_node_mirror(x);
        assert_int_equal(kulibrat_node_mirror(m), x);
        assert_int_equal(kulibrat_node_side(m), kulibrat_node_side(x));
        for (int p = 0; p < 2; p++) assert_int_equal(region[p][m], region[p][x]);
    }
    assert_int_equal(kulibrat_node_mirror(parse_node("b../.../.r./... b 0-0")),
                     parse_node("..b/.../.r./... b 0-0"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_match_solution),
        cmocka_unit_test(test_cycle_by_hand),
        cmocka_unit_test(test_lock_and_start),
        cmocka_unit_test(test_region_closed_under_rules),
        cmocka_unit_test(test_cycles_replay),
        cmocka_unit_test(test_mirror),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
