/* Alpha-beta's proven results against exact values: on Kulibrat with target=1
 * and target=2, every position reachable from the start is solved here by a
 * plain retrograde analysis (win/loss/draw with remoteness, passes free, draws
 * where neither side can force a win), independent of the search code. Then
 * alpha-beta searches a sample of those positions: what it reports as proven
 * must be the exact value and distance, and whatever is decided within its
 * depth must be reported as proven. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "search/alphabeta.h"

#include <stdlib.h>
#include <string.h>

enum { KEY_BYTES = 16, UNKNOWN = 0, WIN = 1, LOSS = 2 };

struct graph {
    const struct game *g;
    const struct variant *v;
    size_t count, capacity;
    unsigned char (*states)[KEY_BYTES];
    uint32_t *slots; /* open addressing: index + 1, 0 empty */
    size_t slot_mask;
    /* edges (CSR): children of state i are child[first[i] .. first[i+1]) */
    uint32_t *first, *child;
    unsigned char *is_pass;
    size_t edges, edge_capacity;
    unsigned char *value;
    int *remoteness;
};

static uint64_t key_of(const unsigned char *s) {
    uint64_t a, b;
    memcpy(&a, s, 8);
    memcpy(&b, s + 8, 8);
    a ^= b * UINT64_C(0x9E3779B97F4A7C15);
    a ^= a >> 31;
    a *= UINT64_C(0xBF58476D1CE4E5B9);
    return a ^ (a >> 29);
}

static uint32_t graph_find_or_add(struct graph *gr, const unsigned char *s) {
    size_t slot = key_of(s) & gr->slot_mask;
    while (gr->slots[slot]) {
        uint32_t i = gr->slots[slot] - 1;
        if (memcmp(gr->states[i], s, KEY_BYTES) == 0) return i;
        slot = (slot + 1) & gr->slot_mask;
    }
    assert_true(gr->count < gr->capacity);
    memcpy(gr->states[gr->count], s, KEY_BYTES);
    gr->slots[slot] = (uint32_t)++gr->count;
    return (uint32_t)(gr->count - 1);
}

/* Every position reachable from the start, with its edges. */
static void graph_build(struct graph *gr, const struct game *g, const struct variant *v) {
    assert_true(g->state_size <= KEY_BYTES);
    memset(gr, 0, sizeof *gr);
    gr->g = g, gr->v = v;
    gr->capacity = 4u << 20;
    gr->states = calloc(gr->capacity, KEY_BYTES);
    gr->slot_mask = (8u << 20) - 1;
    gr->slots = calloc(gr->slot_mask + 1, sizeof *gr->slots);
    gr->first = calloc(gr->capacity + 1, sizeof *gr->first);
    gr->edge_capacity = 64u << 20;
    gr->child = malloc(gr->edge_capacity * sizeof *gr->child);
    gr->is_pass = malloc(gr->edge_capacity);
    unsigned char s[KEY_BYTES] = {0};
    g->start(v, s);
    graph_find_or_add(gr, s);
    move_t moves[g->max_moves];
    for (size_t i = 0; i < gr->count; i++) { /* BFS: the list grows as we go */
        gr->first[i] = (uint32_t)gr->edges;
        memcpy(s, gr->states[i], KEY_BYTES);
        if (g->turn(v, s) == TURN_OVER) continue;
        int n = g->moves(v, s, moves);
        for (int k = 0; k < n; k++) {
            unsigned char c[KEY_BYTES] = {0};
            memcpy(c, s, KEY_BYTES);
            g->apply(v, c, moves[k]);
            assert_true(gr->edges < gr->edge_capacity);
            gr->is_pass[gr->edges] = moves[k] == GAME_MOVE_PASS;
            gr->child[gr->edges++] = graph_find_or_add(gr, c);
        }
    }
    gr->first[gr->count] = (uint32_t)gr->edges;
}

/* Retrograde analysis by rounds of remoteness: a state is a win in d+1 when
 * some child is a loss in d, a loss in d+1 when every child is a win and the
 * longest is d; a pass adds no distance. What is never decided is a draw. */
static void graph_solve(struct graph *gr) {
    size_t n = gr->count;
    gr->value = calloc(n, 1);
    gr->remoteness = calloc(n, sizeof(int));
    uint32_t *pending = calloc(n, sizeof(uint32_t));
    uint32_t *parent_first = calloc(n + 1, sizeof(uint32_t));
    uint32_t *parents = malloc(gr->edges * sizeof(uint32_t));
    unsigned char *parent_pass = malloc(gr->edges);
    for (size_t e = 0; e < gr->edges; e++) parent_first[gr->child[e] + 1]++;
    for (size_t i = 0; i < n; i++) parent_first[i + 1] += parent_first[i];
    uint32_t *fill = malloc((n + 1) * sizeof(uint32_t));
    memcpy(fill, parent_first, (n + 1) * sizeof(uint32_t));
    for (size_t i = 0; i < n; i++)
        for (uint32_t e = gr->first[i]; e < gr->first[i + 1]; e++) {
            parent_pass[fill[gr->child[e]]] = gr->is_pass[e];
            parents[fill[gr->child[e]]++] = (uint32_t)i;
        }
    uint32_t *now = malloc(n * sizeof(uint32_t)), *next = malloc(n * sizeof(uint32_t));
    size_t now_count = 0, next_count = 0;
    for (size_t i = 0; i < n; i++) {
        pending[i] = gr->first[i + 1] - gr->first[i];
        if (pending[i]) continue;
        double r[GAME_MAX_PLAYERS];
        gr->g->returns(gr->v, gr->states[i], r);
        /* Values are for the side to move, which Kulibrat keeps in the
         * state even when the game is over. */
        int mover = ((const struct kulibrat_state *)gr->states[i])->side;
        assert_true(r[mover] != 0);
        gr->value[i] = r[mover] > 0 ? WIN : LOSS;
        now[now_count++] = (uint32_t)i;
    }
    for (int d = 0; now_count; d++) {
        for (size_t q = 0; q < now_count; q++) { /* now grows with pass parents */
            uint32_t c = now[q];
            for (uint32_t e = parent_first[c]; e < parent_first[c + 1]; e++) {
                uint32_t p = parents[e];
                if (gr->value[p]) continue;
                if (parent_pass[e]) { /* same distance, other side */
                    gr->value[p] = gr->value[c] == WIN ? LOSS : WIN;
                    gr->remoteness[p] = d;
                    now[now_count++] = p;
                } else if (gr->value[c] == LOSS) {
                    gr->value[p] = WIN;
                    gr->remoteness[p] = d + 1;
                    next[next_count++] = p;
                } else if (--pending[p] == 0) {
                    gr->value[p] = LOSS;
                    gr->remoteness[p] = d + 1;
                    next[next_count++] = p;
                }
            }
        }
        uint32_t *t = now;
        now = next, next = t;
        now_count = next_count, next_count = 0;
    }
    free(now), free(next), free(fill), free(parents), free(parent_pass);
    free(parent_first), free(pending);
}

static void graph_free(struct graph *gr) {
    free(gr->states), free(gr->slots), free(gr->first), free(gr->child);
    free(gr->is_pass), free(gr->value), free(gr->remoteness);
}

static void check_target(const char *variant_text, int samples, int depth) {
    const struct game *g = &kulibrat_game;
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &v);
    assert_int_equal(variant_parse(g, &v, variant_text, err), 0);
    struct graph gr;
    graph_build(&gr, g, &v);
    graph_solve(&gr);
    size_t wins = 0, losses = 0;
    for (size_t i = 0; i < gr.count; i++)
        wins += gr.value[i] == WIN, losses += gr.value[i] == LOSS;
    print_message("%s: %zu positions, %zu wins, %zu losses, %zu draws; start %s in %d\n",
                  variant_text, gr.count, wins, losses, gr.count - wins - losses,
                  gr.value[0] == WIN    ? "win"
                  : gr.value[0] == LOSS ? "loss"
                                        : "draw",
                  gr.remoteness[0]);
    assert_true(wins > 0 && losses > 0);

    struct tt tt;
    assert_int_equal(tt_init(&tt, 4), 0);
    struct ab_result *res = malloc(sizeof *res);
    struct ab_limits limits = {.depth = depth, .threads = 1};
    int proven = 0, checked = 0;
    size_t stride = gr.count / (size_t)samples;
    for (size_t i = 0; i < gr.count; i += stride) {
        if (g->turn(&v, gr.states[i]) == TURN_OVER) continue;
        tt_clear(&tt);
        assert_int_equal(ab_search(g, &v, gr.states[i], &limits, &tt, res, err), 0);
        int distance = 0, sign = ab_score_proven(res->score, &distance);
        int exact = gr.value[i] == WIN ? 1 : gr.value[i] == LOSS ? -1 : 0;
        if (sign) {
            proven++;
            assert_int_equal(sign, exact);
            assert_int_equal(distance, gr.remoteness[i]);
        } else if (exact) {
            /* Undecided only if the end lies beyond the horizon (a line of
             * r moves has at most 2r + 1 plies with passes). */
            assert_true(gr.remoteness[i] > depth / 2 - 1);
        }
        checked++;
    }
    print_message("%s: %d positions searched to depth %d, %d proven\n", variant_text,
                  checked, depth, proven);
    assert_true(proven > checked / 10);
    free(res);
    tt_free(&tt);
    graph_free(&gr);
}

static void test_target1(void **unused) {
    check_target("target=1", 150, 14);
}

static void test_target2(void **unused) {
    check_target("target=2", 150, 14);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_target1),
        cmocka_unit_test(test_target2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
