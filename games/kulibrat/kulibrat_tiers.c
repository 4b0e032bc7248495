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

/* Sizes ranked before size k among sets of at most 4 of n squares. */
static uint32_t sizes_before(int n, int k) {
    uint32_t before = 0;
    for (int j = 0; j < k; j++) before += BINOM[n][j];
    return before;
}

/* Colex rank of a set of squares (bit mask). */
static uint32_t colex_rank(unsigned set) {
    uint32_t r = 0;
    for (int i = 1; set; set &= set - 1, i++) r += BINOM[__builtin_ctz(set)][i];
    return r;
}

/* The k-set with colex rank r, as a mask. Elements come out largest first,
 * each below the last, so the scan is one pass down the squares. */
static unsigned colex_unrank(uint32_t r, int k) {
    unsigned set = 0;
    int p = 12;
    for (int i = k; i >= 1; i--) {
        do p--;
        while (BINOM[p][i] > r);
        set |= 1u << p;
        r -= BINOM[p][i];
    }
    return set;
}

/* Remove the squares of `holes` from `set`, closing the gaps (a software
 * pext over the free squares), and the inverse. */
static unsigned squeeze(unsigned set, unsigned holes) {
    while (holes) { /* highest hole first: the lower ones stay in place */
        int b = 31 - __builtin_clz(holes);
        set = (set & ((1u << b) - 1)) | (set >> (b + 1) << b);
        holes &= ~(1u << b);
    }
    return set;
}

static unsigned spread(unsigned set, unsigned holes) {
    for (unsigned h = holes; h; h &= h - 1) {
        int b = __builtin_ctz(h); /* lowest hole first */
        set = (set & ((1u << b) - 1)) | (set >> b << (b + 1));
    }
    return set;
}

/* Portable builds have no popcount instruction; this beats the libgcc call. */
static inline int bits12(unsigned x) {
    x = x - ((x >> 1) & 0x555u);
    x = (x & 0x333u) + ((x >> 2) & 0x333u);
    return (int)(((x + (x >> 4)) & 0x0F0Fu) * 0x0101u >> 8 & 0xFFu);
}

uint32_t kulibrat_board_index(unsigned black, unsigned red) {
    int kb = bits12(black), kr = bits12(red);
    int n = KULIBRAT_SQUARES - kb;
    return BLACK_START[kb] + colex_rank(black) * UPTO4[n] + sizes_before(n, kr) +
           colex_rank(squeeze(red, black));
}

void kulibrat_board_from_index(uint32_t index, uint16_t *black, uint16_t *red) {
    int kb = (index >= BLACK_START[1]) + (index >= BLACK_START[2]) +
             (index >= BLACK_START[3]) + (index >= BLACK_START[4]);
    uint32_t rest = index - BLACK_START[kb], q, m;
    switch (kb) { /* constant divisors: UPTO4[12 - kb] */
    case 0: q = rest / 794, m = rest % 794; break;
    case 1: q = rest / 562, m = rest % 562; break;
    case 2: q = rest / 386, m = rest % 386; break;
    case 3: q = rest / 256, m = rest % 256; break;
    default: q = rest / 163, m = rest % 163; break;
    }
    int n = KULIBRAT_SQUARES - kb, kr = 0;
    while (kr < 4 && m >= BINOM[n][kr]) m -= BINOM[n][kr++];
    unsigned b = colex_unrank(q, kb);
    *black = (uint16_t)b;
    *red = (uint16_t)spread(colex_unrank(m, kr), b);
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

/* Squares are row * 3 + column: the columns' masks. */
enum { COLUMN_A = 0x249, COLUMN_B = 0x492, COLUMN_C = 0x924 };

static unsigned mirror(unsigned set) {
    return (set & COLUMN_B) | (set & COLUMN_A) << 2 | (set & COLUMN_C) >> 2;
}

/* The rules treat the three columns alike (RULES.md: red's moves are
 * black's mirrored, and a diagonal's left and right are alike), so a board
 * and its left-right mirror image have one value: of the two, the one with
 * the smaller (black, red) piece masks stands for both. */
void kulibrat_canonicalize(const struct variant *v, void *state) {
    (void)v;
    struct kulibrat_state *s = state;
    unsigned b = mirror(s->pieces[0]), r = mirror(s->pieces[1]);
    if (b < s->pieces[0] || (b == s->pieces[0] && r < s->pieces[1])) {
        s->pieces[0] = (uint16_t)b;
        s->pieces[1] = (uint16_t)r;
    }
}

/* A scoring move ends the game only when the scorer needed one point, so
 * every tier with both needs >= 2 has the same moves. */
uint64_t kulibrat_tier_shape(const struct variant *v, tier_t tier) {
    tier_t black = tier >> 8, red = tier & 255;
    return (black < 2 ? black : 2) << 8 | (red < 2 ? red : 2);
}

/* Smaller targets lie in the tiers of a larger one; and `first` only sets
 * who moves at the start: the tiers hold both sides to move (the rank's
 * lowest bit), so a database solved with black first answers the games
 * with red first too, and the other way round. */
int kulibrat_solved_variants(const struct variant *v, struct variant *out, int max) {
    int n = 0;
    for (int first = 0; first < 2; first++) {
        int own =
            first == 0 ? kulibrat_options(v)->first : 1 - kulibrat_options(v)->first;
        for (int t = 1; t <= target_of(v) && n < max; t++, n++) {
            out[n] = *v;
            ((struct kulibrat_variant *)out[n].bytes)->target = (uint8_t)t;
            ((struct kulibrat_variant *)out[n].bytes)->first = (uint8_t)own;
        }
    }
    return n;
}
