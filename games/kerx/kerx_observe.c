/* Kerx's observation tensor (docs/OBSERVATIONS.md): 4 planes over the board's
 * cells in index order (row by row, kerx_geom): the first player's stones,
 * the second's, first to move, second to move. Nothing is hidden. */
#include "games/kerx/kerx.h"

int kerx_observe(const struct variant *v, const void *view, int player, float *out,
                 int dims[3]) {
    const int cells = kerx_geom_of(v)->cells;
    dims[0] = 4;
    dims[1] = cells;
    if (!out) return 2;
    const struct kerx_state *s = view;
    for (int c = 0; c < cells; c++)
        for (int p = 0; p < 2; p++) {
            out[p * cells + c] = (s->pieces[p][c >> 6] >> (c & 63)) & 1;
            out[(2 + p) * cells + c] = s->side == p;
        }
    return 2;
}
