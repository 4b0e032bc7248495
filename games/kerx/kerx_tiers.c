/* Kerx solver hooks: material tiers, dense colex ranks, colour swap. */
#include "games/kerx/kerx_tiers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t binom(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* Colex rank of the set bits of `set` (positions p1 < p2 < ...): sum of
 * C(p_i, i). */
static uint64_t colex_rank(uint64_t set) {
    uint64_t r = 0;
    int i = 1;
    for (; set; set &= set - 1, i++) r += binom(__builtin_ctzll(set), i);
    return r;
}

/* The k-subset of 0..n-1 with colex rank r. */
static uint64_t colex_unrank(uint64_t r, int k, int n) {
    uint64_t set = 0;
    for (int i = k; i >= 1; i--) {
        int p = i - 1;
        while (p + 1 < n && binom(p + 1, i) <= r) p++;
        r -= binom(p, i);
        set |= UINT64_C(1) << p;
        n = p;
    }
    return set;
}

/* `set`'s cells renumbered among the cells not in `taken`. */
static uint64_t compress(uint64_t set, uint64_t taken) {
    uint64_t out = 0;
    for (; set; set &= set - 1) {
        int p = __builtin_ctzll(set);
        int q = p - __builtin_popcountll(taken & ((UINT64_C(1) << p) - 1));
        out |= UINT64_C(1) << q;
    }
    return out;
}

/* Inverse of compress: the i-th free cell for every bit i. */
static uint64_t expand(uint64_t set, uint64_t taken) {
    uint64_t out = 0;
    int free_index = 0;
    for (int p = 0; set >> free_index && p < 64; p++) {
        if (taken >> p & 1) continue;
        if (set >> free_index & 1) out |= UINT64_C(1) << p;
        free_index++;
    }
    return out;
}

bool kerx_material_over(const struct variant *v, int a, int b) {
    int d = kerx_options(v)->drawat;
    return a == 0 || b == 0 || (a <= d && b <= d);
}

void kerx_canonicalize(const struct variant *v, void *state) {
    (void)v;
    struct kerx_state *s = state;
    if (s->side == 0) return;
    uint64_t t0 = s->pieces[0][0], t1 = s->pieces[0][1];
    s->pieces[0][0] = s->pieces[1][0];
    s->pieces[0][1] = s->pieces[1][1];
    s->pieces[1][0] = t0;
    s->pieces[1][1] = t1;
    s->side = 0;
}

tier_t kerx_tier_of(const struct variant *v, const void *state) {
    (void)v;
    const struct kerx_state *s = state;
    return kerx_tier_id(kerx_count(s, 0), kerx_count(s, 1));
}

uint64_t kerx_tier_size(const struct variant *v, tier_t tier) {
    int n = kerx_geom_of(v)->cells, hi = kerx_tier_hi(tier), lo = kerx_tier_lo(tier);
    uint64_t one = binom(n, hi) * binom(n - hi, lo);
    return hi == lo ? one : 2 * one;
}

int kerx_tier_children(const struct variant *v, tier_t tier, tier_t *out) {
    int hi = kerx_tier_hi(tier), lo = kerx_tier_lo(tier), count = 0;
    /* Either side may capture from 1 to all of the other's pieces. */
    for (int side = 0; side < 2; side++) {
        int keep = side ? lo : hi, lose = side ? hi : lo;
        for (int k = 1; k <= lose; k++) {
            if (kerx_material_over(v, keep, lose - k)) continue;
            tier_t c = kerx_tier_id(keep, lose - k);
            bool seen = false;
            for (int i = 0; i < count; i++) seen |= out[i] == c;
            if (!seen && count < 16) out[count++] = c;
        }
    }
    return count;
}

uint64_t kerx_rank(const struct variant *v, const void *state) {
    _Alignas(8) struct kerx_state s;
    memcpy(&s, state, sizeof s);
    kerx_canonicalize(v, &s);
    int n = kerx_geom_of(v)->cells;
    uint64_t mine = s.pieces[0][0], theirs = s.pieces[1][0];
    int m = __builtin_popcountll(mine), o = __builtin_popcountll(theirs);
    int hi = m > o ? m : o, lo = m > o ? o : m;
    uint64_t base = (m == hi || hi == lo) ? 0 : binom(n, hi) * binom(n - hi, lo);
    return base + colex_rank(mine) * binom(n - m, o) + colex_rank(compress(theirs, mine));
}

bool kerx_unrank(const struct variant *v, tier_t tier, uint64_t index, void *state) {
    int n = kerx_geom_of(v)->cells, hi = kerx_tier_hi(tier), lo = kerx_tier_lo(tier);
    uint64_t one = binom(n, hi) * binom(n - hi, lo);
    int m = hi, o = lo;
    if (index >= one) {
        index -= one;
        m = lo;
        o = hi;
    }
    uint64_t per = binom(n - m, o);
    uint64_t mine = colex_unrank(index / per, m, n);
    uint64_t theirs = expand(colex_unrank(index % per, o, n - m), mine);
    struct kerx_state *s = state;
    memset(s, 0, sizeof *s);
    s->pieces[0][0] = mine;
    s->pieces[1][0] = theirs;
    s->side = 0;
    return true;
}

void kerx_tier_name(const struct variant *v, tier_t tier, char *buf, size_t n) {
    (void)v;
    snprintf(buf, n, "%d+%d", kerx_tier_hi(tier), kerx_tier_lo(tier));
}

int kerx_solver_max_moves(int pieces) {
    int steps = 6 * (pieces - 1);
    return steps > 48 ? steps : 48;
}

/* A position's moves within the bound of its own material, which is at most
 * the game copy's max_moves (its material is at most `pieces`). */
static int kerx_solver_moves(const struct variant *v, const void *state, move_t *out) {
    move_t all[KERX_MAX_MOVES];
    const struct kerx_state *s = state;
    int pieces = kerx_count(s, 0) + kerx_count(s, 1);
    int count = kerx_game.moves(v, state, all);
    int bound = kerx_solver_max_moves(pieces);
    if (count > bound) {
        fprintf(stderr,
                "kibitz: kerx solver: a position has %d moves, more than the "
                "bound %d of its material\n",
                count, bound);
        abort();
    }
    memcpy(out, all, (size_t)count * sizeof *out);
    return count;
}

void kerx_solver_game(struct game *out, int pieces) {
    *out = kerx_game;
    out->max_moves = kerx_solver_max_moves(pieces);
    out->moves = kerx_solver_moves;
    out->tier_of = kerx_tier_of;
    out->tier_size = kerx_tier_size;
    out->tier_children = kerx_tier_children;
    out->rank = kerx_rank;
    out->unrank = kerx_unrank;
    out->canonicalize = kerx_canonicalize;
    out->tier_name = kerx_tier_name;
}
