/* Kulibrat solver hooks: tiers by points still needed, dense board ranks.
 * The board index is combinatorial (no tables to build): black's set, then
 * red's set among the squares black leaves free, each ranked first by size
 * and then in colex order. */
#include "games/kulibrat/kulibrat_tiers.h"

#include <stdio.h>
#include <string.h>

/* C(n, k) for n < 13, k <= 4. */
static const uint16_t BINOM[13][5] = {
    {1, 0, 0, 0, 0},       {1, 1, 0, 0, 0},       {1, 2, 1, 0, 0},
    {1, 3, 3, 1, 0},       {1, 4, 6, 4, 1},       {1, 5, 10, 10, 5},
    {1, 6, 15, 20, 15},    {1, 7, 21, 35, 35},    {1, 8, 28, 56, 70},
    {1, 9, 36, 84, 126},   {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
    {1, 12, 66, 220, 495},
};
/* Sets of at most 4 among n squares; index by n (8..12 are used). */
static const uint16_t UPTO4[13] = {1, 2, 4, 8, 16, 31, 57, 99, 163, 256, 386, 562, 794};
/* First board index with exactly k black pieces. */
static const uint32_t BLACK_START[6] = {0, 794, 7538, 33014, 89334, KULIBRAT_BOARDS};

/* Colex rank of a set given as sorted positions. */
static uint32_t colex_rank(const int *pos, int k) {
    uint32_t r = 0;
    for (int i = 0; i < k; i++) r += BINOM[pos[i]][i + 1];
    return r;
}

/* Positions (ascending) of the k-set with colex rank r. */
static void colex_unrank(uint32_t r, int k, int *pos) {
    for (int i = k; i >= 1; i--) {
        int p = i - 1;
        while (p + 1 < 13 && BINOM[p + 1][i] <= r) p++;
        pos[i - 1] = p;
        r -= BINOM[p][i];
    }
}

/* Index among sets of at most 4 of n squares: by size, then colex. */
static uint32_t small_set_rank(const int *pos, int k, int n) {
    uint32_t before = 0;
    for (int j = 0; j < k; j++) before += BINOM[n][j];
    return before + colex_rank(pos, k);
}

static int small_set_unrank(uint32_t r, int n, int *pos) {
    int k = 0;
    while (k < 4 && r >= BINOM[n][k]) r -= BINOM[n][k++];
    colex_unrank(r, k, pos);
    return k;
}

/* Portable builds have no popcount instruction; this beats the libgcc call. */
static inline int bits12(unsigned x) {
    x = x - ((x >> 1) & 0x555u);
    x = (x & 0x333u) + ((x >> 2) & 0x333u);
    return (int)(((x + (x >> 4)) & 0x0F0Fu) * 0x0101u >> 8 & 0xFFu);
}

uint32_t kulibrat_board_index(unsigned black, unsigned red) {
    int bpos[4], rpos[4], kb = 0, kr = 0;
    for (unsigned b = black; b; b &= b - 1) bpos[kb++] = __builtin_ctz(b);
    unsigned free_squares = ~black & 0xFFFu;
    for (unsigned r = red; r; r &= r - 1) {
        unsigned below = (1u << __builtin_ctz(r)) - 1;
        rpos[kr++] = bits12(free_squares & below);
    }
    int n = KULIBRAT_SQUARES - kb;
    return BLACK_START[kb] + colex_rank(bpos, kb) * UPTO4[n] +
           small_set_rank(rpos, kr, n);
}

void kulibrat_board_from_index(uint32_t index, uint16_t *black, uint16_t *red) {
    int kb = 0;
    while (index >= BLACK_START[kb + 1]) kb++;
    uint32_t rest = index - BLACK_START[kb];
    int n = KULIBRAT_SQUARES - kb;
    int bpos[4], rpos[4];
    colex_unrank(rest / UPTO4[n], kb, bpos);
    int kr = small_set_unrank(rest % UPTO4[n], n, rpos);
    unsigned b = 0, r = 0;
    for (int i = 0; i < kb; i++) b |= 1u << bpos[i];
    /* The i-th free square, for each red position i. */
    int at = 0, free_index = 0;
    for (int sq = 0; sq < KULIBRAT_SQUARES && at < kr; sq++) {
        if (b & (1u << sq)) continue;
        if (free_index++ == rpos[at]) {
            r |= 1u << sq;
            at++;
        }
    }
    *black = (uint16_t)b;
    *red = (uint16_t)r;
}

static int target_of(const struct variant *v) {
    return kulibrat_options(v)->target;
}

tier_t kulibrat_tier_of(const struct variant *v, const void *state) {
    const struct kulibrat_state *s = state;
    int t = target_of(v);
    return (tier_t)(t - s->score[0]) << 8 | (tier_t)(t - s->score[1]);
}

uint64_t kulibrat_tier_size(const struct variant *v, tier_t tier) {
    return 2 * (uint64_t)KULIBRAT_BOARDS;
}

int kulibrat_tier_children(const struct variant *v, tier_t tier, tier_t *out) {
    int n = 0;
    tier_t black = tier >> 8, red = tier & 255;
    if (black > 1) out[n++] = (black - 1) << 8 | red;
    if (red > 1) out[n++] = black << 8 | (red - 1);
    return n;
}

uint64_t kulibrat_rank(const struct variant *v, const void *state) {
    const struct kulibrat_state *s = state;
    return 2 * (uint64_t)kulibrat_board_index(s->pieces[0], s->pieces[1]) + s->side;
}

bool kulibrat_unrank(const struct variant *v, tier_t tier, uint64_t index, void *state) {
    struct kulibrat_state *s = state;
    memset(s, 0, sizeof *s);
    int t = target_of(v);
    s->score[0] = (uint8_t)(t - (int)(tier >> 8));
    s->score[1] = (uint8_t)(t - (int)(tier & 255));
    s->side = (uint8_t)(index & 1);
    kulibrat_board_from_index((uint32_t)(index >> 1), &s->pieces[0], &s->pieces[1]);
    return true;
}

void kulibrat_tier_name(const struct variant *v, tier_t tier, char *buf, size_t n) {
    snprintf(buf, n, "black needs %d, red needs %d", (int)(tier >> 8), (int)(tier & 255));
}

/* A scoring move ends the game only when the scorer needed one point, so
 * every tier with both needs >= 2 has the same moves. */
uint64_t kulibrat_tier_shape(const struct variant *v, tier_t tier) {
    tier_t black = tier >> 8, red = tier & 255;
    return (black < 2 ? black : 2) << 8 | (red < 2 ? red : 2);
}

int kulibrat_solved_variants(const struct variant *v, struct variant *out, int max) {
    int n = 0;
    for (int t = 1; t <= target_of(v) && n < max; t++, n++) {
        out[n] = *v;
        ((struct kulibrat_variant *)out[n].bytes)->target = (uint8_t)t;
    }
    return n;
}
