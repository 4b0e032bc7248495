/* Kotra's counts: the rank tables, the territory order, the sorted piece
 * lists, and what a position holds (score, pieces on the board, setup and
 * reserve left, a free base) and the winner by score. The move generator
 * (kotra_moves.c), the rules (kotra_rules.c) and the drawings read these;
 * they call none of them. */
#include "games/kotra/kotra.h"

#include <string.h>

/* agent garresh gil glinn dalin dal gul legate mine capital (from the text) */
const uint8_t kotra_rank_count[RANK_KINDS] = {0, 1, 5, 3, 3, 2, 1, 1, 1, 3, 1};
/* Points rise with rank (T1); mines are worth nothing; the capital 10. */
const uint8_t kotra_rank_value[RANK_KINDS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 10};

int kotra_territory_space(int player, int i) {
    /* Gold's territory is the last 24 spaces of the table, front row first
     * (checked by the board tests). Silver decides the mirror images in the
     * same order, so that each side places its own front row first: with
     * the table order silver would fill its back row first, and random or
     * engine setups would favour one seat. */
    const int gold = KOTRA_SPACES - KOTRA_TERRITORY + i;
    return player == KOTRA_SILVER ? kotra_board[gold].mirror : gold;
}

void kotra_list_insert(uint8_t *list, int n, uint8_t value) {
    int i = 0;
    while (i < n - 1 && list[i] >= value) i++; /* 0 padding is below any value */
    memmove(list + i + 1, list + i, (size_t)(n - 1 - i));
    list[i] = value;
}

int kotra_list_remove(uint8_t *list, int n, uint8_t value) {
    for (int i = 0; i < n; i++) {
        if (list[i] != value) continue;
        memmove(list + i, list + i + 1, (size_t)(n - i - 1));
        list[n - 1] = 0;
        return 0;
    }
    return -1;
}

int kotra_score(const struct kotra_state *s, int player) {
    int score = s->bonus[player];
    for (int i = 0; i < KOTRA_PIECES && s->tray[player][i]; i++) {
        int rank = s->tray[player][i] & 15;
        if (rank < RANK_KINDS) score += kotra_rank_value[rank];
    }
    return score;
}

int kotra_count_on_board(const struct kotra_state *s, int player) {
    int n = 0;
    for (int i = 0; i < KOTRA_SPACES; i++)
        if (s->cell[i] && kotra_owner(s->cell[i]) == player) n++;
    return n;
}

/* Remaining pieces of each rank for a player placing his setup. */
void kotra_setup_remaining(const struct kotra_state *s, int player,
                           int left[RANK_KINDS]) {
    for (int r = 0; r < RANK_KINDS; r++) left[r] = kotra_rank_count[r];
    for (int i = 0; i < KOTRA_SPACES; i++) {
        uint8_t c = s->cell[i];
        if (c && kotra_owner(c) == player && kotra_rank_of(c) < RANK_KINDS)
            left[kotra_rank_of(c)]--;
    }
}

int kotra_reserve_count(const struct kotra_state *s, int player) {
    int n = 0;
    while (n < KOTRA_RESERVE && s->reserve[player][n]) n++;
    return n;
}

int kotra_base_free(const struct kotra_state *s, int player) {
    int base = kotra_space_of(player, TERRAIN_BASE);
    return base >= 0 && !s->cell[base];
}

int kotra_winner(const struct variant *v, const struct kotra_state *s) {
    /* The text: forcing the opponent to surrender is a way to win. The side
     * to act when the game ended is the one that could not move. */
    if (s->over == OVER_SURRENDER && !kotra_options(v)->surrender_points)
        return 1 - s->side;
    int diff = kotra_score(s, KOTRA_GOLD) - kotra_score(s, KOTRA_SILVER);
    return diff > 0 ? KOTRA_GOLD : diff < 0 ? KOTRA_SILVER : -1;
}
