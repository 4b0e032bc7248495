/* Kodrek's observation vector (docs/OBSERVATIONS.md), 29 numbers: for each
 * player (green, blue, red) its craft's lattice point (r, k), its speaker
 * stack's point (r, k), its tails, lost (0/1), returning (0/1); then the
 * phase one-hot (secret, thrust, pull, over), the turn number, the cursor,
 * `sub` and `left` of the pull phase. Secret choices are never stored in a
 * state (they are applied together), so every player observes the same. */
#include "games/kodrek/kodrek.h"

enum { PER_PLAYER = 7 };

int kodrek_observe(const struct variant *v, const void *view, int player, float *out,
                   int dims[3]) {
    dims[0] = KODREK_PLAYERS * PER_PLAYER + 4 + 4;
    if (!out) return 1;
    const struct kodrek_state *s = view;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        float *at = out + p * PER_PLAYER;
        at[0] = s->craft[p].r;
        at[1] = s->craft[p].k;
        at[2] = s->stack[p].r;
        at[3] = s->stack[p].k;
        at[4] = s->tails[p];
        at[5] = (s->lost >> p) & 1;
        at[6] = (s->returning >> p) & 1;
    }
    float *tail = out + KODREK_PLAYERS * PER_PLAYER;
    if (s->phase < 4) tail[s->phase] = 1;
    tail[4] = s->turn;
    tail[5] = s->cursor;
    tail[6] = s->sub;
    tail[7] = s->left;
    return 1;
}
