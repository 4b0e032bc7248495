/* Kotra setups for engines and people: plans that follow the text's hints
 * in a few styles (sensible, defensive, offensive) or a uniformly random
 * legal one, and the setup moves that carry a plan out (see RULES.md,
 * "Setup"). */
#include "games/kotra/kotra.h"

#include <string.h>

static uint32_t below(uint64_t (*next_random)(void *), void *ctx, uint32_t n) {
    return (uint32_t)(((next_random(ctx) >> 32) * (uint64_t)n) >> 32);
}

static void shuffle(int *a, int n, uint64_t (*next_random)(void *), void *ctx) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)below(next_random, ctx, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Distance of a space from the centre line: 0 front .. 3 back. */
static int depth_of(int sp) {
    int row = kotra_board[sp].row;
    return row > KOTRA_ROWS / 2 ? row - KOTRA_ROWS / 2 - 1 : KOTRA_ROWS / 2 - 1 - row;
}

/* How a style places its pieces: mines beside the capital (at least, at
 * most), which ranks may not go to the reserve, and each rank's place from
 * front (0) to back (7) before a little noise. */
struct setup_style {
    int guards_low, guards_high;
    unsigned keep_on_board; /* bit r: rank r never in the reserve */
    uint8_t place[RANK_KINDS];
};

static const struct setup_style styles[] = {
    /* sensible: garresh forward, glinn and gil next, high ranks behind
     * them, one or two mines by the capital and the third a decoy. */
    [KOTRA_SETUP_SENSIBLE] = {1, 2, 1u << RANK_LEGATE, {0, 4, 0, 2, 2, 4, 4, 4, 4, 6, 0}},
    /* defensive: every mine by the capital, the high ranks (and the agent,
     * beside the gul as the text suggests) at the back. */
    [KOTRA_SETUP_DEFENSIVE] = {3,
                               3,
                               1u << RANK_LEGATE | 1u << RANK_GUL | 1u << RANK_MINE,
                               {0, 5, 0, 1, 1, 3, 3, 6, 6, 7, 0}},
    /* offensive: the high ranks in front to take garresh and other low
     * pieces, one mine by the capital, garresh kept back for the capital. */
    [KOTRA_SETUP_OFFENSIVE] = {1,
                               1,
                               1u << RANK_LEGATE | 1u << RANK_GUL | 1u << RANK_DAL,
                               {0, 2, 3, 3, 2, 1, 0, 0, 0, 6, 0}},
};

/* The parts of setup_styled, in the order they draw random numbers (the
 * same seed gives the same setup). `index_of` maps a space to its place in
 * the player's territory (-1 outside). */
typedef uint64_t (*setup_random)(void *ctx);

/* The capital at the back (not the base, which must stay free); returns
 * its space. */
static int place_capital(int player, int base, const int *index_of,
                         setup_random next_random, void *ctx,
                         uint8_t plan[KOTRA_TERRITORY]) {
    int back[KOTRA_TERRITORY], nb = 0;
    for (int i = 0; i < KOTRA_TERRITORY; i++) {
        int sp = kotra_territory_space(player, i);
        if (sp != base && depth_of(sp) == 3) back[nb++] = sp;
    }
    int capital = back[below(next_random, ctx, (uint32_t)nb)];
    plan[index_of[capital]] = RANK_CAPITAL;
    return capital;
}

/* Mines guard the capital; the others are decoys elsewhere or stay in the
 * reserve. Returns the mines placed. */
static int place_guards(const struct setup_style *style, int capital, int base,
                        const int *index_of, setup_random next_random, void *ctx,
                        uint8_t plan[KOTRA_TERRITORY]) {
    int guards[KOTRA_MAX_NEIGHBOURS], ng = 0;
    for (int k = 0; k < kotra_board[capital].degree; k++) {
        int sp = kotra_board[capital].next[k];
        if (sp != base && index_of[sp] >= 0) guards[ng++] = sp;
    }
    shuffle(guards, ng, next_random, ctx);
    int mines = style->guards_low +
                (int)below(next_random, ctx,
                           (uint32_t)(style->guards_high - style->guards_low + 1));
    if (mines > ng) mines = ng;
    for (int i = 0; i < mines; i++) plan[index_of[guards[i]]] = RANK_MINE;
    return mines;
}

/* The pieces still to place (17 minus the capital and mines) into `rest`,
 * less the four the reserve keeps: never a rank the style keeps on the
 * board, a spare mine half the time. Returns their count. */
static int pieces_to_place(const struct setup_style *style, int mines,
                           int rest[KOTRA_PIECES], setup_random next_random, void *ctx) {
    int nr = 0;
    for (int r = RANK_AGENT; r <= RANK_LEGATE; r++)
        for (int c = 0; c < kotra_rank_count[r]; c++) rest[nr++] = r;
    for (int c = mines; c < kotra_rank_count[RANK_MINE]; c++) rest[nr++] = RANK_MINE;
    int reserve = 0;
    while (reserve < KOTRA_RESERVE) {
        int i = (int)below(next_random, ctx, (uint32_t)nr);
        if (style->keep_on_board & (1u << rest[i])) continue;
        if (rest[i] == RANK_MINE && below(next_random, ctx, 2)) continue;
        rest[i] = rest[--nr];
        reserve++;
    }
    return nr;
}

/* The remaining spaces, front first; each piece gets the style's place with
 * noise, and the pieces go to the spaces in that order, the spaces chosen
 * last left empty. */
static void place_rest(int player, int base, const int *index_of,
                       const struct setup_style *style, int *rest, int nr,
                       setup_random next_random, void *ctx,
                       uint8_t plan[KOTRA_TERRITORY]) {
    int spaces[KOTRA_TERRITORY], ns = 0;
    for (int i = 0; i < KOTRA_TERRITORY; i++) {
        int sp = kotra_territory_space(player, i);
        if (sp != base && !plan[i]) spaces[ns++] = sp;
    }
    shuffle(spaces, ns, next_random, ctx);
    for (int i = 1; i < ns; i++) /* stable sort by depth, front first */
        for (int j = i; j > 0 && depth_of(spaces[j]) < depth_of(spaces[j - 1]); j--) {
            int t = spaces[j];
            spaces[j] = spaces[j - 1];
            spaces[j - 1] = t;
        }
    int key[KOTRA_PIECES];
    for (int i = 0; i < nr; i++)
        key[i] = style->place[rest[i]] + (int)below(next_random, ctx, 4);
    for (int i = 1; i < nr; i++)
        for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
            int t = key[j];
            key[j] = key[j - 1];
            key[j - 1] = t;
            t = rest[j];
            rest[j] = rest[j - 1];
            rest[j - 1] = t;
        }
    /* nr pieces on ns spaces: leave the ns - nr spaces chosen last empty. */
    int skip = ns - nr;
    int order[KOTRA_TERRITORY];
    for (int i = 0; i < ns; i++) order[i] = i;
    shuffle(order, ns, next_random, ctx);
    uint8_t empty[KOTRA_TERRITORY] = {0};
    for (int i = 0; i < skip; i++) empty[order[i]] = 1;
    for (int i = 0, p = 0; i < ns && p < nr; i++)
        if (!empty[i]) plan[index_of[spaces[i]]] = (uint8_t)rest[p++];
}

static void setup_styled(int player, const struct setup_style *style,
                         uint64_t (*next_random)(void *ctx), void *ctx,
                         uint8_t plan[KOTRA_TERRITORY]) {
    memset(plan, 0, KOTRA_TERRITORY);
    int base = kotra_space_of(player, TERRAIN_BASE);
    int index_of[KOTRA_SPACES];
    for (int i = 0; i < KOTRA_SPACES; i++) index_of[i] = -1;
    for (int i = 0; i < KOTRA_TERRITORY; i++)
        index_of[kotra_territory_space(player, i)] = i;
    int capital = place_capital(player, base, index_of, next_random, ctx, plan);
    int mines = place_guards(style, capital, base, index_of, next_random, ctx, plan);
    int rest[KOTRA_PIECES];
    int nr = pieces_to_place(style, mines, rest, next_random, ctx);
    place_rest(player, base, index_of, style, rest, nr, next_random, ctx, plan);
}

void kotra_setup_sensible(int player, uint64_t (*next_random)(void *ctx), void *ctx,
                          uint8_t plan[KOTRA_TERRITORY]) {
    setup_styled(player, &styles[KOTRA_SETUP_SENSIBLE], next_random, ctx, plan);
}

static const char *const style_names[KOTRA_SETUP_STYLES] = {"sensible", "defensive",
                                                            "offensive", "random"};

int kotra_setup_style_find(const char *name) {
    for (int i = 0; i < KOTRA_SETUP_STYLES; i++)
        if (strcmp(name, style_names[i]) == 0) return i;
    return -1;
}

int kotra_setup_preset(const struct variant *v, const struct kotra_state *s, int style,
                       uint64_t (*next_random)(void *ctx), void *ctx, move_t *out) {
    struct kotra_state now = *s;
    const int me = s->side;
    /* A plan is for a whole territory; a setup begun by hand, or "random",
     * goes on with uniformly random legal decisions. */
    const int follow = style != KOTRA_SETUP_RANDOM && s->cursor == 0;
    uint8_t plan[KOTRA_TERRITORY];
    if (follow) setup_styled(me, &styles[style], next_random, ctx, plan);
    int n = 0;
    while (now.phase == PHASE_SETUP && now.side == me && n < KOTRA_TERRITORY) {
        move_t m;
        if (follow) {
            m = kotra_setup_move(&now, plan);
        } else {
            move_t legal[KOTRA_MAX_MOVES];
            int count = kotra_moves_of(&now, legal);
            m = legal[below(next_random, ctx, (uint32_t)count)];
        }
        kotra_game.apply(v, &now, m);
        out[n++] = m;
    }
    return n;
}

move_t kotra_setup_move(const struct kotra_state *s,
                        const uint8_t plan[KOTRA_TERRITORY]) {
    int sp = kotra_territory_space(s->side, s->cursor);
    return kotra_move(MV_SETUP, sp, plan[s->cursor]);
}
