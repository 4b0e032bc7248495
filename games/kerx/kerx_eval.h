/*
 * kerx_eval.h - the Kerx evaluation alpha-beta and greedy use: material
 * and a pull toward the centre, and in the endgame what makes progress for
 * the side ahead (results/kerx.md, "Conversion" and "Texel tuning"): its
 * distance to the opponent's pieces, the opponent's room to step, pieces
 * either side leaves where they can be jumped (with `drawat` pieces or
 * fewer each the game is a draw, so the side ahead must win without losing
 * pieces it cannot spare), and the centre; the weights of these terms are
 * fitted to the endgame databases.
 *
 * Contract: a pure function of the position, from `player`'s side, in
 * [-GAME_EVAL_MAX, GAME_EVAL_MAX], antisymmetric (player and opponent
 * swapped give the negated value) and the same under the board's 12
 * symmetries and the swap of colours (tests/test_kerx_eval.c).
 */
#ifndef KIBITZ_KERX_EVAL_H
#define KIBITZ_KERX_EVAL_H

#include "games/kerx/kerx.h"

int kerx_eval(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
              int player);

/* The evaluation is material and centre, except from KERX_ENDGAME_PIECES
 * pieces down when one side is ahead: then material plus a weighted sum of
 * endgame terms seen from the side ahead (added for it, subtracted for the
 * other), in evaluation points per unit. The weights were fitted by
 * logistic regression against the endgame databases (scripts/kerx_texel.py,
 * results/kerx.md "Texel tuning"). */
enum {
    KERX_ENDGAME_PIECES = 10,
    KERX_NEAR_EIGHTHS = 8, /* the distance term counts eighths of a step */
};
enum kerx_endgame_term {
    KERX_TERM_NEAR,          /* minus the side ahead's mean distance to the enemy, x8 */
    KERX_TERM_ROOM,          /* minus the side behind's empty neighbouring cells */
    KERX_TERM_THEIR_EXPOSED, /* pieces of the side behind that can be jumped now */
    KERX_TERM_OUR_EXPOSED,   /* minus the side ahead's, when it can spare one */
    KERX_TERM_SPARE_EXPOSED, /* minus the side ahead's, when it cannot (drawat) */
    KERX_TERM_CENTRE, /* the side ahead's closeness to the centre minus the other's */
    KERX_ENDGAME_TERMS
};
extern const int kerx_endgame_weights[KERX_ENDGAME_TERMS];

/* The part of the evaluation that is not the weighted endgame terms, from
 * `player`'s side: material and centre, or in the endgame material alone
 * (kerx_eval_material). */
int kerx_eval_base(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
                   int player);
int kerx_eval_material(const struct kerx_state *s, int player);
/* The endgame terms of `s` into `terms`; returns the side ahead, or -1 when
 * the endgame terms do not apply (more pieces, or equal material). */
int kerx_endgame_terms(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
                       int terms[KERX_ENDGAME_TERMS]);

#endif
