/* Kulibrat's observation tensor (docs/OBSERVATIONS.md): 6 planes over the 12
 * squares (row * 3 + column): black's pieces, red's pieces, black's score and
 * red's score as a share of the target, black to move, red to move. Nothing
 * is hidden, so every player observes the same. */
#include "games/kulibrat/kulibrat.h"

int kulibrat_observe(const struct variant *v, const void *view, int player, float *out,
                     int dims[3]) {
    dims[0] = 6;
    dims[1] = KULIBRAT_SQUARES;
    if (!out) return 2;
    const struct kulibrat_state *s = view;
    const struct kulibrat_variant *o = (const struct kulibrat_variant *)v->bytes;
    for (int q = 0; q < KULIBRAT_SQUARES; q++) {
        float *at = out + q;
        for (int p = 0; p < 2; p++) {
            at[p * KULIBRAT_SQUARES] = (s->pieces[p] >> q) & 1;
            at[(2 + p) * KULIBRAT_SQUARES] = (float)s->score[p] / o->target;
            at[(4 + p) * KULIBRAT_SQUARES] = s->side == p;
        }
    }
    return 2;
}
