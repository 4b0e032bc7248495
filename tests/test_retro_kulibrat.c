/* Kulibrat solved by the retrograde solver, checked three ways:
 * - the board index is dense and inverts (every board once);
 * - targets 1 and 2 agree with a naive solver written here: every state
 *   enumerated by its own loops, an explicit move graph through the rules
 *   only (moves/apply/turn/returns, no ranks, tiers or solver code), then
 *   level-by-level sweeps (win at level L needs a child lost at L-1; loss at
 *   L needs every child won, the longest at L-1; passes count no move);
 * - every value of whole tiers of target 3 agrees with its children;
 * - solving only one of each pair of mirror images (canonicalize) gives
 *   the same cells as solving every rank. */
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_tiers.h"
#include "search/alphabeta.h"
#include "solve/retro.h"
#include "solve/retro_check.h"
#include "search/tt.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static const struct game *G = &kulibrat_game;

static void make_variant(struct variant *v, int target) {
    char spec[32], err[GAME_ERROR_BYTES];
    snprintf(spec, sizeof spec, "target=%d", target);
    variant_init(G, v);
    assert_int_equal(variant_parse(G, v, spec, err), 0);
}

static void test_board_index(void **unused) {
    char *seen = calloc(KULIBRAT_BOARDS, 1);
    int boards = 0;
    for (unsigned b = 0; b < 4096; b++) {
        if (__builtin_popcount(b) > 4) continue;
        for (unsigned r = 0; r < 4096; r++) {
            if ((r & b) || __builtin_popcount(r) > 4) continue;
            uint32_t i = kulibrat_board_index(b, r);
            assert_true(i < KULIBRAT_BOARDS);
            assert_false(seen[i]);
            seen[i] = 1;
            uint16_t b2, r2;
            kulibrat_board_from_index(i, &b2, &r2);
            assert_int_equal(b2, b);
            assert_int_equal(r2, r);
            boards++;
        }
    }
    assert_int_equal(boards, KULIBRAT_BOARDS);
    free(seen);
}

/* ---- solver output kept per tier ---- */
struct kept {
    int target;
    retro_cell *cells[16][16]; /* by needs */
};

static int keep(void *ctx, tier_t t, const retro_cell *values, uint64_t size) {
    struct kept *k = ctx;
    retro_cell *copy = malloc(size * sizeof *copy);
    memcpy(copy, values, size * sizeof *copy);
    k->cells[t >> 8][t & 255] = copy;
    return 0;
}

static retro_cell kept_lookup(void *ctx, const void *p) {
    const struct kept *k = ctx;
    const struct kulibrat_state *s = p;
    return k
        ->cells[k->target - s->score[0]][k->target - s->score[1]][kulibrat_rank(NULL, s)];
}

static void solve_kept_with(struct kept *k, const struct game *g, const struct variant *v,
                            int target) {
    memset(k, 0, sizeof *k);
    k->target = target;
    struct kulibrat_state start;
    g->start(v, &start);
    struct retro_config cfg = {.game = g,
                               .variant = v,
                               .root = G->tier_of(v, &start),
                               .threads = 2,
                               .sink = keep,
                               .sink_ctx = k};
    struct retro_stats st;
    char err[GAME_ERROR_BYTES];
    if (retro_solve(&cfg, &st, err) != 0) fail_msg("%s", err);
    assert_int_equal(st.tiers, (uint64_t)(target * target));
}

static void solve_kept(struct kept *k, const struct variant *v, int target) {
    solve_kept_with(k, G, v, target);
}

static void free_kept(struct kept *k) {
    for (int a = 0; a < 16; a++)
        for (int b = 0; b < 16; b++) free(k->cells[a][b]);
}

/* ---- the naive solver ---- */
struct naive {
    uint64_t *key; /* state bytes as a number; hash table */
    int32_t *slot_index;
    size_t mask;
    struct kulibrat_state *states;
    int32_t *first, *edges; /* CSR children; -1 - code for terminal children */
    uint8_t *pass;
    retro_cell *val;
    int count;
};

static uint64_t state_key(const struct kulibrat_state *s) {
    uint64_t k;
    memcpy(&k, s, sizeof k);
    return k;
}

static size_t slot_of(const struct naive *n, uint64_t key) {
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & n->mask;
    while (n->slot_index[h] >= 0 && n->key[h] != key) h = (h + 1) & n->mask;
    return h;
}

static void naive_solve(struct naive *n, const struct variant *v, int target) {
    int total = KULIBRAT_BOARDS * 2 * target * target;
    n->mask = 1;
    while (n->mask < (size_t)total * 2) n->mask <<= 1;
    n->key = malloc(n->mask * sizeof *n->key);
    n->slot_index = malloc(n->mask * sizeof *n->slot_index);
    for (size_t i = 0; i < n->mask; i++) n->slot_index[i] = -1;
    n->mask--;
    n->states = malloc((size_t)total * sizeof *n->states);
    n->count = 0;
    for (int s0 = 0; s0 < target; s0++)
        for (int s1 = 0; s1 < target; s1++)
            for (int side = 0; side < 2; side++)
                for (unsigned b = 0; b < 4096; b++) {
                    if (__builtin_popcount(b) > 4) continue;
                    for (unsigned r = 0; r < 4096; r++) {
                        if ((r & b) || __builtin_popcount(r) > 4) continue;
                        struct kulibrat_state s = {{(uint16_t)b, (uint16_t)r},
                                                   {(uint8_t)s0, (uint8_t)s1},
                                                   (uint8_t)side,
                                                   0};
                        size_t h = slot_of(n, state_key(&s));
                        n->key[h] = state_key(&s);
                        n->slot_index[h] = n->count;
                        n->states[n->count++] = s;
                    }
                }
    assert_int_equal(n->count, total);
    /* Explicit graph. */
    n->first = malloc(((size_t)total + 1) * sizeof *n->first);
    size_t cap = (size_t)total * 10, used = 0;
    n->edges = malloc(cap * sizeof *n->edges);
    n->pass = calloc((size_t)total, 1);
    n->val = malloc((size_t)total * sizeof *n->val);
    for (int i = 0; i < total; i++) {
        const struct kulibrat_state *s = &n->states[i];
        n->first[i] = (int32_t)used;
        int mover = G->turn(v, s);
        if (mover == TURN_OVER) {
            n->val[i] = RETRO_TERMINAL;
            continue;
        }
        n->val[i] = RETRO_UNKNOWN;
        move_t moves[KULIBRAT_MAX_MOVES];
        int count = G->moves(v, s, moves);
        for (int m = 0; m < count; m++) {
            struct kulibrat_state c = *s;
            G->apply(v, &c, moves[m]);
            if (moves[m] == GAME_MOVE_PASS) n->pass[i] = 1;
            if (used == cap) n->edges = realloc(n->edges, (cap *= 2) * sizeof *n->edges);
            if (G->turn(v, &c) == TURN_OVER) {
                double ret[4];
                G->returns(v, &c, ret);
                n->edges[used++] = ret[mover] > 0 ? -1 : ret[mover] < 0 ? -2 : -3;
            } else {
                size_t h = slot_of(n, state_key(&c));
                assert_true(n->slot_index[h] >= 0);
                n->edges[used++] = n->slot_index[h];
            }
        }
    }
    n->first[total] = (int32_t)used;

    /* Undecided positions, compacted as levels go by. */
    int32_t *open = malloc((size_t)total * sizeof *open);
    int open_count = 0;
    for (int i = 0; i < total; i++)
        if (n->val[i] == RETRO_UNKNOWN) open[open_count++] = i;
    for (int level = 0;; level++) {
        int decided = 0, changed = 1;
        while (changed) {
            changed = 0;
            int keep_count = 0;
            for (int k = 0; k < open_count; k++) {
                int i = open[k];
                int w = n->pass[i] ? 0 : 1;
                int all_known = 1, win = 0, maxloss = -1, can_lose = 1;
                for (int e = n->first[i]; e < n->first[i + 1]; e++) {
                    int c = n->edges[e], outcome, rem;
                    if (c < 0) {
                        outcome = c == -1 ? 1 : c == -2 ? -1 : 0;
                        rem = w;
                    } else if (n->val[c] == RETRO_UNKNOWN) {
                        all_known = 0;
                        continue;
                    } else {
                        outcome = -retro_outcome(n->val[c]); /* Kulibrat alternates */
                        rem = retro_remoteness(n->val[c]) + w;
                    }
                    if (outcome > 0 && rem == level) win = 1;
                    if (outcome >= 0) can_lose = 0;
                    if (outcome < 0 && rem > maxloss) maxloss = rem;
                }
                if (win)
                    n->val[i] = retro_win(level);
                else if (all_known && can_lose && maxloss == level)
                    n->val[i] = retro_loss(level);
                else {
                    open[keep_count++] = i;
                    continue;
                }
                changed = 1;
                decided++;
            }
            open_count = keep_count;
        }
        if (decided == 0 && level > 2) break;
    }
    for (int k = 0; k < open_count; k++) n->val[open[k]] = RETRO_DRAW;
    free(open);
}

static void naive_free(struct naive *n) {
    free(n->key);
    free(n->slot_index);
    free(n->states);
    free(n->first);
    free(n->edges);
    free(n->pass);
    free(n->val);
}

static void compare_with_naive(int target) {
    struct variant v;
    make_variant(&v, target);
    struct kept k;
    solve_kept(&k, &v, target);
    struct naive n;
    naive_solve(&n, &v, target);
    int outcomes[3] = {0, 0, 0};
    for (int i = 0; i < n.count; i++) {
        retro_cell got = kept_lookup(&k, &n.states[i]);
        if (got != n.val[i]) {
            char text[80], a[32], b[32];
            G->format_position(&v, &n.states[i], text, sizeof text);
            retro_cell_text(got, a, sizeof a);
            retro_cell_text(n.val[i], b, sizeof b);
            fail_msg("target %d, %s: solver %s, naive %s", target, text, a, b);
        }
        if (retro_is_value(got)) outcomes[retro_outcome(got) + 1]++;
    }
    /* wins and losses occur at every target (draws only from target 3) */
    assert_true(outcomes[0] > 0 && outcomes[2] > 0);
    naive_free(&n);
    free_kept(&k);
}

static void test_target1_matches_naive(void **unused) {
    compare_with_naive(1);
}

static void test_target2_matches_naive(void **unused) {
    compare_with_naive(2);
}

/* Whole tiers of target 3: (3,3), (1,3) and (2,1) cover every shape. */
static void test_target3_consistent(void **unused) {
    struct variant v;
    make_variant(&v, 3);
    struct kept k;
    solve_kept(&k, &v, 3);
    static const int tiers[][2] = {{3, 3}, {1, 3}, {2, 1}};
    int draws = 0;
    for (int t = 0; t < 3; t++) {
        tier_t tier = (tier_t)tiers[t][0] << 8 | (tier_t)tiers[t][1];
        const retro_cell *cells = k.cells[tiers[t][0]][tiers[t][1]];
        for (uint64_t r = 0; r < 2 * (uint64_t)KULIBRAT_BOARDS; r++) {
            struct kulibrat_state s;
            assert_true(G->unrank(&v, tier, r, &s));
            assert_int_equal(G->rank(&v, &s), r);
            assert_int_equal(G->tier_of(&v, &s), tier);
            char err[GAME_ERROR_BYTES];
            if (cells[r] == RETRO_TERMINAL) {
                assert_int_equal(G->turn(&v, &s), TURN_OVER);
                continue;
            }
            draws += cells[r] == RETRO_DRAW;
            if (retro_check_position(G, &v, &s, cells[r], kept_lookup, &k, err) != 0) {
                char text[80];
                G->format_position(&v, &s, text, sizeof text);
                fail_msg("%s: %s", text, err);
            }
        }
    }
    assert_true(draws > 0);
    free_kept(&k);
}

/* canonicalize picks one image of each mirror pair, the same for both. */
static void test_canonicalize_mirror(void **unused) {
    struct variant v;
    make_variant(&v, 2);
    int changed = 0;
    for (uint64_t r = 0; r < 2 * (uint64_t)KULIBRAT_BOARDS; r += 7) {
        struct kulibrat_state s, m, a, b;
        assert_true(G->unrank(&v, 0x0202, r, &s));
        m = s; /* the mirror image: column a <-> c */
        m.pieces[0] = m.pieces[1] = 0;
        for (int sq = 0; sq < 12; sq++)
            for (int p = 0; p < 2; p++)
                if (s.pieces[p] >> sq & 1)
                    m.pieces[p] |= (uint16_t)(1u << (sq - sq % 3 + 2 - sq % 3));
        a = s;
        b = m;
        G->canonicalize(&v, &a);
        G->canonicalize(&v, &b);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(memcmp(&a, &s, sizeof a) == 0 || memcmp(&a, &m, sizeof a) == 0);
        changed += memcmp(&a, &s, sizeof a) != 0;
        struct kulibrat_state again = a;
        G->canonicalize(&v, &again);
        assert_memory_equal(&again, &a, sizeof a);
    }
    assert_true(changed > 0);
}

/* Solving only canonical ranks (their mirror images copied) gives every
 * cell of every tier exactly as solving each rank on its own does. */
static void test_mirror_copies_match_full_solve(void **unused) {
    struct variant v;
    make_variant(&v, 4);
    struct game full = *G;
    full.canonicalize = NULL;
    struct kept a, b;
    solve_kept_with(&a, G, &v, 4);
    solve_kept_with(&b, &full, &v, 4);
    for (int x = 1; x <= 4; x++)
        for (int y = 1; y <= 4; y++)
            assert_memory_equal(a.cells[x][y], b.cells[x][y],
                                2 * (size_t)KULIBRAT_BOARDS * sizeof(retro_cell));
    free_kept(&a);
    free_kept(&b);
}

/* The second method: alpha-beta's proven results (win or loss in N,
 * passes not counted) on positions from random games equal the solver's
 * value and remoteness, and a solved draw is never "proven" by search. */
static void compare_with_alphabeta(int target) {
    struct variant v;
    make_variant(&v, target);
    struct kept k;
    solve_kept(&k, &v, target);
    struct tt tt;
    assert_int_equal(tt_init(&tt, 4), 0);
    struct ab_result *res = malloc(sizeof *res);
    struct ab_limits limits = {.depth = 14, .threads = 1};
    struct rng rng;
    rng_seed(&rng, (uint64_t)target * 77);
    char err[GAME_ERROR_BYTES];
    int checked = 0, proven = 0;
    while (checked < 120) {
        struct kulibrat_state s;
        G->start(&v, &s);
        int plies = (int)rng_below(&rng, 30);
        for (int i = 0; i < plies && G->turn(&v, &s) != TURN_OVER; i++) {
            move_t moves[KULIBRAT_MAX_MOVES];
            int n = G->moves(&v, &s, moves);
            G->apply(&v, &s, moves[rng_below(&rng, (uint32_t)n)]);
        }
        if (G->turn(&v, &s) == TURN_OVER) continue;
        retro_cell cell = kept_lookup(&k, &s);
        tt_clear(&tt);
        assert_int_equal(ab_search(G, &v, &s, &limits, &tt, res, err), 0);
        int distance = 0, sign = ab_score_proven(res->score, &distance);
        checked++;
        if (!sign) continue;
        proven++;
        int outcome = retro_outcome(cell);
        if (sign != outcome || distance != retro_remoteness(cell)) {
            char text[64], value[32];
            G->format_position(&v, &s, text, sizeof text);
            retro_cell_text(cell, value, sizeof value);
            fail_msg("target %d, %s: alpha-beta proves %s in %d, the solver says %s",
                     target, text, sign > 0 ? "win" : "loss", distance, value);
        }
    }
    print_message("target %d: %d positions searched, %d proven, all agree\n", target,
                  checked, proven);
    assert_true(proven > checked / 4);
    free(res);
    tt_free(&tt);
    free_kept(&k);
}

static void test_target1_matches_alphabeta(void **unused) {
    compare_with_alphabeta(1);
}

static void test_target2_matches_alphabeta(void **unused) {
    compare_with_alphabeta(2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_index),
        cmocka_unit_test(test_target1_matches_naive),
        cmocka_unit_test(test_target2_matches_naive),
        cmocka_unit_test(test_target1_matches_alphabeta),
        cmocka_unit_test(test_target2_matches_alphabeta),
        cmocka_unit_test(test_target3_consistent),
        cmocka_unit_test(test_canonicalize_mirror),
        cmocka_unit_test(test_mirror_copies_match_full_solve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
