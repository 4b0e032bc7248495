/*
 * retro_check.h - check solved values against the game itself: a position's
 * stored value must be exactly the best its moves give (a win in r has a
 * child lost for the opponent at r-1 and none sooner; a loss in r has only
 * children won for the opponent, the longest at r-1; a draw has no child
 * lost for the opponent and at least one drawn). Checked everywhere, this
 * proves a solution right: wins and losses are grounded by remoteness.
 */
#ifndef KIBITZ_RETRO_CHECK_H
#define KIBITZ_RETRO_CHECK_H

#include "engine/game.h"
#include "solve/retro_cell.h"

/* The stored value of a (non-terminal) state; the callee canonicalizes. */
typedef retro_cell (*retro_lookup_fn)(void *ctx, const void *state);

/* What the moves of `state` are worth to its mover, best first in `best`
 * (RETRO_TERMINAL for a terminal state); optionally each move's value into
 * `each` (room for g->max_moves). Returns the number of moves. */
int retro_move_values(const struct game *g, const struct variant *v, const void *state,
                      retro_lookup_fn lookup, void *ctx, retro_cell *best,
                      retro_cell *each);

/* 0 when `cell` agrees with the children, else -1 with a message in `err`. */
int retro_check_position(const struct game *g, const struct variant *v, const void *state,
                         retro_cell cell, retro_lookup_fn lookup, void *ctx, char *err);

/* Text of a cell: "win in 7", "loss in 0", "draw", "terminal". */
void retro_cell_text(retro_cell c, char *buf, size_t n);

#endif
