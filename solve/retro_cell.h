/*
 * retro_cell.h - the value of one solved position (retro_cell: win, loss or
 * draw for the player to move, with remoteness, and the markers) and the
 * counts of a run over such values (retro_count). Everything that reads or
 * writes solved values (the solver, the databases, the searches that probe
 * them, the games' own databases) needs this and nothing more of the
 * solver (solve/retro.h).
 */
#ifndef KIBITZ_RETRO_CELL_H
#define KIBITZ_RETRO_CELL_H

#include <stdbool.h>
#include <stdint.h>

/* One solved position, 16 bits: 0 draw; odd 1+2r: win in r; even 2+2r: loss
 * in r (r <= RETRO_MAX_REMOTENESS); the top values are markers. */
typedef uint16_t retro_cell;

enum {
    RETRO_DRAW = 0,
    RETRO_MAX_REMOTENESS = 32000,
    /* A win or loss whose distance is not known (read from a file that
     * keeps none: Kerx's win/draw/loss files) has remoteness
     * RETRO_NO_DISTANCE, plus the moves above it: see retro_distance_known. */
    RETRO_NO_DISTANCE = 30000,
    RETRO_HOLE = 0xFFFD,     /* rank names no position (unrank said false) */
    RETRO_UNKNOWN = 0xFFFE,  /* working value while solving; never stored */
    RETRO_TERMINAL = 0xFFFF, /* game over here: read `returns` */
};

/* What a cell means for the player to move (retro_outcome), apart from the
 * cell values above (RETRO_DRAW is a cell, RETRO_OUTCOME_DRAW an outcome). */
enum retro_outcome { RETRO_OUTCOME_LOSS = -1, RETRO_OUTCOME_DRAW = 0, RETRO_OUTCOME_WIN = 1 };

static inline retro_cell retro_win(int remoteness) {
    return (retro_cell)(1 + 2 * remoteness);
}
static inline retro_cell retro_loss(int remoteness) {
    return (retro_cell)(2 + 2 * remoteness);
}
static inline bool retro_is_value(retro_cell c) {
    return c < RETRO_HOLE;
}
/* RETRO_OUTCOME_WIN, RETRO_OUTCOME_LOSS or RETRO_OUTCOME_DRAW (for markers: RETRO_OUTCOME_DRAW). */
static inline int retro_outcome(retro_cell c) {
    if (c == RETRO_DRAW || !retro_is_value(c)) return RETRO_OUTCOME_DRAW;
    return (c & 1) ? RETRO_OUTCOME_WIN : RETRO_OUTCOME_LOSS;
}
static inline int retro_remoteness(retro_cell c) {
    return (c == RETRO_DRAW || !retro_is_value(c)) ? 0 : (c - 1) / 2;
}
/* False for a win or loss of unknown distance (RETRO_NO_DISTANCE). */
static inline bool retro_distance_known(retro_cell c) {
    return retro_remoteness(c) < RETRO_NO_DISTANCE;
}
/* The cell seen from the other player (a win becomes a loss, same distance). */
static inline retro_cell retro_negate(retro_cell c) {
    if (c == RETRO_DRAW || !retro_is_value(c)) return c;
    return (c & 1) ? (retro_cell)(c + 1) : (retro_cell)(c - 1);
}
/* The value of a move for its mover, from the value `child` of the position
 * it leads to: negated when the player to move changes, one move further
 * unless the move is a pass. */
static inline retro_cell retro_through(retro_cell child, bool flip, bool pass) {
    if (child == RETRO_DRAW || !retro_is_value(child)) return child;
    retro_cell c = flip ? retro_negate(child) : child;
    return pass ? c : (retro_cell)(c + 2);
}
/* True when `a` is better than `b` for the player choosing between them:
 * wins first (sooner is better), then draws, then losses (later is better). */
static inline bool retro_better(retro_cell a, retro_cell b) {
    int oa = retro_outcome(a), ob = retro_outcome(b);
    if (oa != ob) return oa > ob;
    if (oa == RETRO_OUTCOME_WIN) return retro_remoteness(a) < retro_remoteness(b);
    if (oa == RETRO_OUTCOME_LOSS) return retro_remoteness(a) > retro_remoteness(b);
    return false;
}

/* Counts over solved positions. */
struct retro_counts {
    uint64_t positions, won, lost, drawn, terminal, holes;
    int max_remoteness;
};

/* Add one tier's cells to `counts`. */
void retro_count(struct retro_counts *counts, const retro_cell *values, uint64_t size);

#endif
