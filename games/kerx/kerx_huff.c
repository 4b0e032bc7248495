/* Kerx huffing, the huff=1 variant (ruling X5; games/kerx/RULES.md): any
 * step or capture is legal, but a mover who had a capture and did not make a
 * longest one leaves a huff due: before his own move the opponent removes
 * one of the pieces that could have made a longest capture. */
#include "games/kerx/kerx.h"

#include <string.h>

static bool has_cell(const uint64_t w[2], int cell) {
    return (w[cell >> 6] >> (cell & 63)) & 1;
}

static void flip_cell(uint64_t w[2], int cell) {
    w[cell >> 6] ^= UINT64_C(1) << (cell & 63);
}

/* The opponent's pieces in cell order: index i is his i-th piece. */
static int opponent_cells(const struct kerx_state *s, int cells[KERX_MAX_CELLS]) {
    int count = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t t = s->pieces[s->side ^ 1][word]; t; t &= t - 1)
            cells[count++] = 64 * word + __builtin_ctzll(t);
    return count;
}

void kerx_huff_cells(const struct kerx_state *s, uint64_t cells[2]) {
    int list[KERX_MAX_CELLS];
    int count = opponent_cells(s, list);
    cells[0] = cells[1] = 0;
    for (int i = 0; i < count && i < 8 * KERX_HUFF_BYTES; i++)
        if (s->huffable[i / 8] >> (i % 8) & 1) flip_cell(cells, list[i]);
}

void kerx_huff_set(struct kerx_state *s, const uint64_t cells[2]) {
    int list[KERX_MAX_CELLS];
    int count = opponent_cells(s, list);
    memset(s->huffable, 0, sizeof s->huffable);
    for (int i = 0; i < count && i < 8 * KERX_HUFF_BYTES; i++)
        if (has_cell(cells, list[i])) s->huffable[i / 8] |= (uint8_t)(1u << (i % 8));
}

int kerx_huff_moves(const struct kerx_geom *g, const struct kerx_state *s, move_t *out) {
    if (!kerx_huff_due(s)) return kerx_moves_any(g, s, out);
    uint64_t cells[2];
    kerx_huff_cells(s, cells);
    int count = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t t = cells[word]; t; t &= t - 1)
            out[count++] =
                KERX_MOVE_HUFF | kerx_move_pack(64 * word + __builtin_ctzll(t), 0, 0);
    return count;
}

void kerx_huff_play(const struct kerx_geom *g, struct kerx_state *s, move_t m) {
    if (m & KERX_MOVE_HUFF) {
        /* The removal; the same side then moves as normal. */
        flip_cell(s->pieces[s->side ^ 1], kerx_move_from(m));
        memset(s->huffable, 0, sizeof s->huffable);
        return;
    }
    /* The longest captures of the default rules say whether this move
     * missed one, and which pieces could have made one. */
    move_t longest[KERX_MAX_MOVES];
    int n = kerx_moves(g, s, longest);
    int most = n > 0 ? kerx_move_jumps(longest[0]) : 0;
    bool due = most > 0 && kerx_move_jumps(m) < most;
    uint64_t able[2] = {0, 0};
    for (int i = 0; due && i < n; i++)
        if (!has_cell(able, kerx_move_from(longest[i])))
            flip_cell(able, kerx_move_from(longest[i]));
    if (due && has_cell(able, kerx_move_from(m))) {
        /* the piece that should have captured moved: it is huffed where it
         * stands now (a chain may end where it began) */
        flip_cell(able, kerx_move_from(m));
        if (!has_cell(able, kerx_move_to(m))) flip_cell(able, kerx_move_to(m));
    }
    kerx_play(g, s, m);
    if (due) kerx_huff_set(s, able);
}
