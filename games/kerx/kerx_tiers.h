/*
 * kerx_tiers.h - solver hooks of Kerx (engine/game.h, "solving") for endgame
 * databases by material, sizes 3..5 (one 64-bit word per side).
 *
 * Moves treat both colours alike in every direction, so a position's value
 * depends only on (pieces of the side to move, pieces of the other side):
 * canonicalize swaps colours so that white is to move, and the stored
 * positions are those (colour swap is the symmetry used; the board's
 * rotations and reflections are not, which keeps ranks dense).
 *
 * A tier is an unordered material {hi, lo} (hi >= lo): steps swap who moves,
 * so (hi to move, lo) and (lo to move, hi) reach each other and share a
 * tier; id = hi << 8 | lo. Captures lower material: the child tiers are the
 * smaller materials, except the finished ones (a side without pieces, or
 * both at or under drawat: X6, X7), which the solver sees as terminal.
 * Rank = orientation (mover has hi: 0, lo: 1) * C(n, hi) * C(n - hi, lo)
 * + colex rank of the mover's set * C(n - m, o) + colex rank of the other
 * set among the cells the mover leaves empty.
 *
 * The solver's move graph reserves `max_moves` per position, and Kerx's
 * 512 is far too many for that: kerx_solver_game gives a copy of the game
 * with these hooks and a bound fitting `pieces` in total (moves beyond it
 * stop the program with a message rather than overflow).
 */
#ifndef KIBITZ_KERX_TIERS_H
#define KIBITZ_KERX_TIERS_H

#include "games/kerx/kerx.h"

enum { KERX_TIER_MAX_SIZE = 5, KERX_TIER_MAX_PIECES = 16 };

static inline tier_t kerx_tier_id(int hi, int lo) {
    return (tier_t)(hi > lo ? hi : lo) << 8 | (tier_t)(hi > lo ? lo : hi);
}
static inline int kerx_tier_hi(tier_t t) {
    return (int)(t >> 8);
}
static inline int kerx_tier_lo(tier_t t) {
    return (int)(t & 255);
}

/* True when a material {a, b} is over by rule (X6, X7) for this variant. */
bool kerx_material_over(const struct variant *v, int a, int b);

tier_t kerx_tier_of(const struct variant *v, const void *state);
uint64_t kerx_tier_size(const struct variant *v, tier_t tier);
int kerx_tier_children(const struct variant *v, tier_t tier, tier_t *out);
uint64_t kerx_rank(const struct variant *v, const void *state);
bool kerx_unrank(const struct variant *v, tier_t tier, uint64_t index, void *state);
void kerx_canonicalize(const struct variant *v, void *state);
void kerx_tier_name(const struct variant *v, tier_t tier, char *buf, size_t n);

/* The most moves a position with at most `pieces` pieces in total can have
 * (a bound used for the solver's move graph). */
int kerx_solver_max_moves(int pieces);

/* Kerx with the solver hooks and max_moves = kerx_solver_max_moves(pieces). */
void kerx_solver_game(struct game *out, int pieces);

#endif
