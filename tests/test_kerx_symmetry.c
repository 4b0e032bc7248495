/* The 12 hexagon symmetries of Kerx (games/kerx/kerx_symmetry.h) and the
 * symmetric index of the endgame databases (games/kerx/kerx_egdb_index.h):
 * - each map is a bijection of the cells that keeps neighbours and jump lines,
 *   the 12 are distinct and closed under composition;
 * - the moves of an image are the images of the moves (random positions);
 * - the canonical form is the same for all 12 images, and its stabiliser
 *   count is right;
 * - index rank and unrank are inverse; the stored (non-hole) entries of a
 *   tier are exactly its orbits, counted by brute force. */
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb_index.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_maps(void **unused) {
    (void)unused;
    for (int n = 3; n <= KERX_SYM_MAX_SIZE; n++) {
        const struct kerx_sym *s = kerx_sym_of(n);
        const struct kerx_geom *g = &kerx_geoms[n - KERX_MIN_SIZE];
        assert_non_null(s);
        assert_int_equal(s->cells, g->cells);
        for (int k = 0; k < KERX_SYMS; k++) {
            uint64_t seen = 0;
            for (int c = 0; c < g->cells; c++) {
                int img = s->cell[k][c];
                assert_true(img >= 0 && img < g->cells);
                if (k == 0) assert_int_equal(img, c);
                seen |= UINT64_C(1) << img;
                /* Neighbours go to neighbours, jump lines to jump lines. */
                assert_true(kerx_sym_map(s, k, g->adj[c][0]) == g->adj[img][0]);
                for (int d = 0; d < KERX_DIRS; d++) {
                    if (g->jump[c][d] < 0) continue;
                    int over = s->cell[k][g->nb[c][d]], land = s->cell[k][g->jump[c][d]];
                    bool found = false;
                    for (int e = 0; e < KERX_DIRS; e++)
                        if (g->nb[img][e] == over && g->jump[img][e] == land)
                            found = true;
                    assert_true(found);
                }
            }
            assert_true(seen == (UINT64_C(1) << g->cells) - 1); /* a bijection */
            for (int j = 0; j < k; j++)
                assert_memory_not_equal(s->cell[j], s->cell[k], (size_t)g->cells);
            for (int j = 0; j < KERX_SYMS;
                 j++) { /* closure: k after j is one of the 12 */
                bool found = false;
                for (int l = 0; l < KERX_SYMS && !found; l++) {
                    bool same = true;
                    for (int c = 0; c < g->cells && same; c++)
                        same = s->cell[k][s->cell[j][c]] == s->cell[l][c];
                    found = same;
                }
                assert_true(found);
            }
        }
    }
    assert_null(kerx_sym_of(6));
}

static void random_position(const struct kerx_geom *g, int m, int o, uint64_t *a,
                            uint64_t *b) {
    *a = *b = 0;
    for (int side = 0; side < 2; side++)
        for (int placed = 0; placed < (side ? o : m);) {
            int c = (int)(rnd() % (uint64_t)g->cells);
            if (((*a | *b) >> c) & 1) continue;
            *(side ? b : a) |= UINT64_C(1) << c;
            placed++;
        }
}

static int cmp_pair(const void *x, const void *y) {
    const uint64_t *p = x, *q = y;
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    return p[1] < q[1] ? -1 : p[1] > q[1];
}

/* The children of s as sorted (white, black) set pairs, each mapped by k. */
static int children(const struct kerx_geom *g, const struct kerx_sym *sym, int k,
                    const struct kerx_state *s, uint64_t (*out)[2]) {
    move_t moves[KERX_MAX_MOVES];
    int n = kerx_moves(g, s, moves);
    for (int i = 0; i < n; i++) {
        struct kerx_state c = *s;
        kerx_play(g, &c, moves[i]);
        out[i][0] = kerx_sym_map(sym, k, c.pieces[0][0]);
        out[i][1] = kerx_sym_map(sym, k, c.pieces[1][0]);
    }
    qsort(out, (size_t)n, sizeof out[0], cmp_pair);
    return n;
}

static void test_moves_commute(void **unused) {
    (void)unused;
    static uint64_t want[KERX_MAX_MOVES][2], got[KERX_MAX_MOVES][2];
    int captures = 0;
    for (int n = 3; n <= 5; n++) {
        const struct kerx_geom *g = &kerx_geoms[n - KERX_MIN_SIZE];
        const struct kerx_sym *sym = kerx_sym_of(n);
        for (int trial = 0; trial < 300; trial++) {
            int m = 1 + (int)(rnd() % 8), o = 1 + (int)(rnd() % 8);
            struct kerx_state s;
            memset(&s, 0, sizeof s);
            random_position(g, m, o, &s.pieces[0][0], &s.pieces[1][0]);
            for (int k = 0; k < KERX_SYMS; k++) {
                struct kerx_state t = s;
                t.pieces[0][0] = kerx_sym_map(sym, k, s.pieces[0][0]);
                t.pieces[1][0] = kerx_sym_map(sym, k, s.pieces[1][0]);
                int a = children(g, sym, k, &s, want), b = children(g, sym, 0, &t, got);
                assert_int_equal(a, b);
                assert_memory_equal(want, got, (size_t)a * sizeof want[0]);
            }
            move_t moves[KERX_MAX_MOVES];
            if (kerx_moves(g, &s, moves) > 0 && kerx_move_jumps(moves[0]) > 0) captures++;
        }
    }
    assert_true(captures > 50);
}

static void test_canonical_form(void **unused) {
    (void)unused;
    for (int n = 3; n <= 5; n++) {
        const struct kerx_sym *sym = kerx_sym_of(n);
        const struct kerx_geom *g = &kerx_geoms[n - KERX_MIN_SIZE];
        for (int trial = 0; trial < 2000; trial++) {
            uint64_t a, b;
            /* Few pieces often make symmetric positions. */
            random_position(g, 1 + (int)(rnd() % 4), 1 + (int)(rnd() % 4), &a, &b);
            uint64_t ca = a, cb = b;
            int stab = kerx_sym_canon(sym, &ca, &cb);
            int fixed = 0;
            for (int k = 0; k < KERX_SYMS; k++) {
                uint64_t ia = kerx_sym_map(sym, k, a), ib = kerx_sym_map(sym, k, b);
                if (ia == a && ib == b) fixed++;
                uint64_t xa = ia, xb = ib;
                assert_int_equal(kerx_sym_canon(sym, &xa, &xb), stab);
                assert_true(xa == ca && xb == cb);
                /* Nothing smaller among the images. */
                assert_true(ia > ca || (ia == ca && ib >= cb));
            }
            assert_int_equal(fixed, stab);
        }
    }
}

static void test_rank_roundtrip(void **unused) {
    (void)unused;
    char err[GAME_ERROR_BYTES];
    const int tiers[][3] = {{4, 4, 3}, {4, 3, 4}, {4, 1, 6}, {4, 6, 1},
                            {4, 2, 2}, {3, 3, 3}, {5, 3, 2}, {3, 1, 1}};
    for (size_t t = 0; t < sizeof tiers / sizeof tiers[0]; t++) {
        struct kerx_tier_index ix;
        if (kerx_tier_index_init(&ix, tiers[t][0], tiers[t][1], tiers[t][2], err) != 0)
            fail_msg("%s", err);
        const struct kerx_geom *g = &kerx_geoms[tiers[t][0] - KERX_MIN_SIZE];
        for (int trial = 0; trial < 3000; trial++) {
            uint64_t i = rnd() % ix.size, a, b;
            kerx_index_unrank(&ix, i, &a, &b);
            assert_int_equal(__builtin_popcountll(a), ix.m);
            assert_int_equal(__builtin_popcountll(b), ix.o);
            assert_int_equal(a & b, 0);
            uint64_t ca = a, cb = b;
            int stab = kerx_sym_canon(ix.sym, &ca, &cb);
            int here = kerx_index_stab(&ix, (uint32_t)(i / ix.width), b);
            if (here) {
                assert_true(ca == a && cb == b);
                assert_int_equal(here, stab);
                assert_int_equal(kerx_index_rank(&ix, a, b), i);
            } else {
                assert_false(ca == a && cb == b); /* a hole */
            }
            random_position(g, ix.m, ix.o, &a, &b);
            kerx_sym_canon(ix.sym, &a, &b);
            uint64_t r = kerx_index_rank(&ix, a, b), ra, rb;
            assert_true(r < ix.size);
            kerx_index_unrank(&ix, r, &ra, &rb);
            assert_true(ra == a && rb == b);
        }
    }
}

/* The next set of as many cells in increasing order (Gosper). */
static uint64_t next_set(uint64_t x) {
    uint64_t low = x & -x, ripple = x + low;
    return (((ripple ^ x) >> 2) / low) | ripple;
}

/* Orbits of a small tier by brute force = its non-hole entries. */
static void test_orbits_counted(void **unused) {
    (void)unused;
    char err[GAME_ERROR_BYTES];
    const int tiers[][3] = {{3, 2, 2}, {3, 3, 1}, {4, 2, 1}, {4, 1, 2}};
    for (size_t t = 0; t < sizeof tiers / sizeof tiers[0]; t++) {
        struct kerx_tier_index ix;
        if (kerx_tier_index_init(&ix, tiers[t][0], tiers[t][1], tiers[t][2], err) != 0)
            fail_msg("%s", err);
        int cells = ix.cells;
        uint64_t orbits = 0, stored = 0;
        /* Every (a, b): a is an m-set, b an o-set apart from it; an orbit is
         * counted once, at its canonical member. */
        uint64_t a = (UINT64_C(1) << ix.m) - 1;
        for (uint64_t ca_count = kerx_binom(cells, ix.m); ca_count--; a = next_set(a)) {
            uint64_t b = (UINT64_C(1) << ix.o) - 1;
            for (uint64_t cb_count = kerx_binom(cells, ix.o); cb_count--;
                 b = next_set(b)) {
                if (a & b) continue;
                uint64_t ca = a, cb = b;
                kerx_sym_canon(ix.sym, &ca, &cb);
                if (ca == a && cb == b) orbits++;
            }
        }
        for (uint64_t i = 0; i < ix.size; i++) {
            uint64_t x, y;
            kerx_index_unrank(&ix, i, &x, &y);
            if (kerx_index_stab(&ix, (uint32_t)(i / ix.width), y)) stored++;
        }
        assert_int_equal(orbits, stored);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maps),           cmocka_unit_test(test_moves_commute),
        cmocka_unit_test(test_canonical_form), cmocka_unit_test(test_rank_roundtrip),
        cmocka_unit_test(test_orbits_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
