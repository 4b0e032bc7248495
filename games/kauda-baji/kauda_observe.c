/* Kauda-Baji's observation tensor (docs/OBSERVATIONS.md): shape (players + 1,
 * 49). Row p (a player in seating order) holds at column s the pieces of p
 * at step s of p's own path (0 the start, 48 the centre). The last row holds
 * scalars: columns 0-2 the pending throws (0 none), 3 the phase, 4 the bonus
 * throws owed, 5 the player to act, then for each player p: column 6 + p
 * whether p has killed, column 10 + p p's finishing place (0 racing).
 * Nothing is hidden. */
#include "games/kauda-baji/kauda.h"

enum { STEPS = KAUDA_CENTRE + 1 };

int kauda_observe(const struct variant *v, const void *view, int player, float *out,
                  int dims[3]) {
    const int players = kauda_options(v)->players;
    dims[0] = players + 1;
    dims[1] = STEPS;
    if (!out) return 2;
    const struct kauda_state *s = view;
    for (int p = 0; p < players; p++)
        for (int i = 0; i < KAUDA_PIECES; i++)
            if (s->tuples[p][i].size && s->tuples[p][i].step < STEPS)
                out[p * STEPS + s->tuples[p][i].step] += s->tuples[p][i].size;
    float *scalars = out + players * STEPS;
    for (int i = 0; i < KAUDA_MAX_PENDING; i++) scalars[i] = s->pending[i];
    scalars[3] = s->phase;
    scalars[4] = s->bonus;
    scalars[5] = s->player;
    for (int p = 0; p < players; p++) {
        scalars[6 + p] = (s->killed >> p) & 1;
        scalars[10 + p] = s->rank[p];
    }
    return 2;
}
