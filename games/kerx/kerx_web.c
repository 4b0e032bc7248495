/* Kerx's web board (engine/board.h): the hexagon of hexagonal cells, the
 * pieces, and every landing of a capture as a cell of its move. */
#include "engine/board.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_text.h"

#include <stdio.h>

static const float hex_r = 0.57735f; /* circumradius of a cell one unit wide */

static void cell_name(const struct kerx_geom *g, int cell, char name[8]) {
    snprintf(name, 8, "%c%d", 'a' + g->cell_file[cell], g->cell_row[cell] + 1);
}

void kerx_describe(const struct variant *v, const void *state, struct board *b) {
    const struct kerx_geom *g = kerx_geom_of(v);
    const struct kerx_state *s = state;
    /* Row r is drawn (rows-1-r) rows from the top; each row up shifts half a
     * cell to the left, so file f of row r sits at f - r/2, which runs from
     * -(n-1)/2 (a on the middle row) to 3(n-1)/2; plus a margin. */
    float left = (float)(g->n - 1) / 2 + 1;
    b->width = (float)g->rows + 1;
    b->height = (float)g->rows * 1.5f * hex_r + 1;
    for (int c = 0; c < g->cells; c++) {
        int f = g->cell_file[c], r = g->cell_row[c];
        char name[8];
        cell_name(g, c, name);
        float x = left + (float)f - (float)r / 2;
        float y = 0.5f + hex_r + (float)(g->rows - 1 - r) * 1.5f * hex_r;
        board_hexagon(b, c, x, y, hex_r, name, "", -1);
        for (int p = 0; p < 2; p++)
            if (s->pieces[p][c >> 6] >> (c & 63) & 1) board_piece(b, c, p, "", false);
    }
    for (int p = 0; p < 2; p++)
        board_note(b, p, "%s: %d pieces", p == KERX_WHITE ? "white" : "black",
                   kerx_count(s, p));
}

int kerx_move_cells(const struct variant *v, const void *state, move_t move, int *cells) {
    const struct kerx_geom *g = kerx_geom_of(v);
    int from = kerx_move_from(move);
    if (from >= g->cells || kerx_move_to(move) >= g->cells) return 0;
    uint8_t dirs[KERX_MAX_JUMPS];
    uint64_t captured[2];
    int jumps = kerx_capture_path(g, state, move, dirs, captured);
    int n = 0;
    cells[n++] = from;
    if (jumps == 0) {
        cells[n++] = kerx_move_to(move);
        return n;
    }
    for (int k = 0, at = from; k < jumps && n < BOARD_MAX_PATH; k++) {
        at = g->jump[at][dirs[k]];
        cells[n++] = at;
    }
    return n;
}
