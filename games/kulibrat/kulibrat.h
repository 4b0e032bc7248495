/*
 * kulibrat.h - Kulibrat (Thomas Bolander): two players, 3x4 board, four
 * pieces each; move pieces across the board and off the far edge to score.
 * Rules as ../shared/RULINGS.md K1-K8 and games/kulibrat/RULES.md.
 *
 * Board squares are numbered row * 3 + column: row 0 is the top row (black's
 * start row), row 3 the bottom row (red's start row); column 0 is the left.
 *
 *      col 0 1 2
 *   row 0  0 1 2    <- black enters here, moves down
 *   row 1  3 4 5
 *   row 2  6 7 8
 *   row 3  9 10 11  <- red enters here, moves up
 *
 * Player 0 is black, player 1 is red. The whole state is 8 bytes.
 */
#ifndef KIBITZ_KULIBRAT_H
#define KIBITZ_KULIBRAT_H

#include "engine/game.h"

#include <stdint.h>

enum {
    KULIBRAT_COLS = 3,
    KULIBRAT_ROWS = 4,
    KULIBRAT_SQUARES = 12,
    KULIBRAT_PIECES = 4, /* per player */
    KULIBRAT_BLACK = 0,
    KULIBRAT_RED = 1,
    KULIBRAT_MAX_TARGET = 250,
    /* 3 inserts + 4 pieces x (2 diagonals + attack + jump) = 19 at most. */
    KULIBRAT_MAX_MOVES = 20,
    KULIBRAT_OFF = 15, /* "to" square of a move that leaves the board */
};

struct kulibrat_state {
    uint16_t pieces[2]; /* bit s set: that player's piece on square s */
    uint8_t score[2];
    uint8_t side; /* player to move */
    uint8_t zero; /* always 0 (keeps the state canonical byte for byte) */
};

struct kulibrat_variant {
    uint8_t target; /* points to win, 1..KULIBRAT_MAX_TARGET */
    uint8_t first;  /* player who moves first */
};

/* Move packing: kind in bits 0-2, from square in bits 4-7, to square in bits
 * 8-11 (KULIBRAT_OFF when the piece leaves the board and scores). */
enum kulibrat_move_kind {
    KULIBRAT_INSERT = 1,
    KULIBRAT_DIAGONAL = 2,
    KULIBRAT_ATTACK = 3,
    KULIBRAT_JUMP = 4,
};

static inline move_t kulibrat_move(int kind, int from, int to) {
    return (move_t)kind | ((move_t)from << 4) | ((move_t)to << 8);
}
static inline int kulibrat_move_kind(move_t m) {
    return (int)(m & 7);
}
static inline int kulibrat_move_from(move_t m) {
    return (int)((m >> 4) & 15);
}
static inline int kulibrat_move_to(move_t m) {
    return (int)((m >> 8) & 15);
}

static inline const struct kulibrat_variant *kulibrat_options(const struct variant *v) {
    return (const struct kulibrat_variant *)v->bytes;
}

extern const struct game kulibrat_game;

/* Moves of `player` on this board, ignoring whose turn it is and without the
 * pass rule (used to decide passes and locks). Returns the count. */
int kulibrat_player_moves(const struct kulibrat_state *s, int player, move_t *out);

#endif
