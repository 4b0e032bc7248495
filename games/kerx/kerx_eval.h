/*
 * kerx_eval.h - the Kerx evaluation alpha-beta and greedy use: material
 * first, a pull toward the centre, and in the endgame what makes progress
 * for the side ahead (results/kerx.md, "Conversion"): coming close to the
 * opponent's pieces, taking their room to step, and not leaving a piece
 * where it can be jumped (with `drawat` pieces or fewer each the game is a
 * draw, so the side ahead must win without losing pieces it cannot spare).
 *
 * Contract: a pure function of the position, from `player`'s side, in
 * [-GAME_EVAL_MAX, GAME_EVAL_MAX], antisymmetric (player and opponent
 * swapped give the negated value).
 */
#ifndef KIBITZ_KERX_EVAL_H
#define KIBITZ_KERX_EVAL_H

#include "games/kerx/kerx.h"

int kerx_eval(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
              int player);

#endif
