/* Kotra's observation tensor (docs/OBSERVATIONS.md), computed from the
 * observing player's view only (enemy ranks not revealed are "unknown"):
 * shape (40, 51) over the 51 spaces. Planes 0-10: the pieces of gold by rank
 * 0-10 (plane r: rank r; plane 0 unused), 11-21 silver's by rank, 22 gold's
 * pieces of unknown rank, 23 silver's; 24 moved, 25 revealed, 26 shield
 * turns, 27 stuck turns, 28 promotions; broadcast scalars: 29-30 the bonus
 * points of gold and silver, 31 completed turns, 32 the dark die, 33 the
 * light die, 34 the pieces still allowed, 35 the player to decide, 36 the
 * phase, 37-38 pieces in gold's and silver's reserve (known ranks), 39 the
 * observing player. */
#include "games/kotra/kotra.h"

enum { PLANES = 40 };

int kotra_observe(const struct variant *v, const void *view, int player, float *out,
                  int dims[3]) {
    dims[0] = PLANES;
    dims[1] = KOTRA_SPACES;
    if (!out) return 2;
    const struct kotra_state *s = view;
    int reserve[2] = {0, 0};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < KOTRA_RESERVE; i++) reserve[p] += s->reserve[p][i] != 0;
    for (int q = 0; q < KOTRA_SPACES; q++) {
        float *at = out + q;
        uint8_t cell = s->cell[q];
        if (cell) {
            int owner = kotra_owner(cell), rank = kotra_rank_of(cell);
            if (rank == RANK_UNKNOWN)
                at[(22 + owner) * KOTRA_SPACES] = 1;
            else if (rank < RANK_KINDS)
                at[(owner * RANK_KINDS + rank) * KOTRA_SPACES] = 1;
        }
        at[24 * KOTRA_SPACES] = (s->flags[q] & KF_MOVED) != 0;
        at[25 * KOTRA_SPACES] = (s->flags[q] & KF_REVEALED) != 0;
        at[26 * KOTRA_SPACES] = kotra_shield(s->flags[q]);
        at[27 * KOTRA_SPACES] = kotra_stuck(s->flags[q]);
        at[28 * KOTRA_SPACES] = s->extra[q] & KX_PROMO;
        at[29 * KOTRA_SPACES] = s->bonus[0];
        at[30 * KOTRA_SPACES] = s->bonus[1];
        at[31 * KOTRA_SPACES] = s->turns;
        at[32 * KOTRA_SPACES] = s->dark;
        at[33 * KOTRA_SPACES] = s->light;
        at[34 * KOTRA_SPACES] = s->left;
        at[35 * KOTRA_SPACES] = s->side;
        at[36 * KOTRA_SPACES] = s->phase;
        at[37 * KOTRA_SPACES] = reserve[0];
        at[38 * KOTRA_SPACES] = reserve[1];
        at[39 * KOTRA_SPACES] = player;
    }
    return 2;
}
