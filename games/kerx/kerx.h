/*
 * kerx.h - Kerx: two-player draughts on a hexagon (rules: ../shared/RULINGS.md
 * X1-X7 and games/kerx/RULES.md). Sizes 3..6 (cells on a side).
 *
 * Coordinates: a cell is (file, row), both 0-based: row 0 is the bottom edge
 * (player 0's side), file 0 is the lower-left edge; a cell exists when file
 * and row lie in 0..2n-2 and |file - row| <= n-1. Notation writes the file as
 * a letter and the row as a number from 1: size 4 runs a1-d1 along the bottom
 * edge, a4-g4 through the middle (centre d4) and d7-g7 along the top.
 *
 *   row 7        d7  e7  f7  g7
 *   row 6      c6  d6  e6  f6  g6
 *   row 5    b5  c5  d5  e5  f5  g5
 *   row 4  a4  b4  c4  d4  e4  f4  g4
 *   row 3    a3  b3  c3  d3  e3  f3
 *   row 2      a2  b2  c2  d2  e2
 *   row 1        a1  b1  c1  d1
 *
 * Cells are numbered row by row from the bottom, left to right (a1 = 0). Sizes
 * up to 5 (61 cells) keep each side's pieces in one 64-bit word; size 6 (91
 * cells) spills into a second word, and its move generator runs on 128-bit
 * integers (the slower, wider path).
 *
 * Player 0 ("white") starts at the bottom and moves first; player 1
 * ("black") starts at the top.
 */
#ifndef KIBITZ_KERX_H
#define KIBITZ_KERX_H

#include "engine/game.h"

#include <stdint.h>

enum {
    KERX_MIN_SIZE = 3,
    KERX_MAX_SIZE = 6,
    KERX_DEFAULT_SIZE = 4,
    KERX_DEFAULT_DRAWAT = 3,
    KERX_MAX_DRAWAT = 99,
    KERX_MAX_CELLS = 91,
    KERX_MAX_ROWS = 11,
    KERX_DIRS = 6, /* E, NE, NW, W, SW, SE; d and (d + 3) % 6 are opposite */
    /* Steps are at most 6 * min(own, empty) <= 270 on 91 cells. Captures in
     * real play are far fewer; a contrived position with more distinct
     * longest captures than this is cut off (see RULES.md, choices). */
    KERX_MAX_MOVES = 512,
    /* Jumps stored in the move itself; longer chains are stored by index. */
    KERX_PATH_MAX = 14,
    /* Longest chain possible: one jump per enemy piece (<= 45 at size 6). */
    KERX_MAX_JUMPS = 48,
    /* Capture chains are listed by a search whose time can grow
     * exponentially with the pieces on dense boards (RULES.md, "Limits").
     * A position is refused at input when listing either side's captures
     * takes more than KERX_CHASE_CHECK_STEPS chain steps (a few
     * milliseconds); a move list never searches more than
     * KERX_CHASE_MAX_STEPS (then it holds the captures found so far), which
     * only positions grown from refused ones could reach. */
    KERX_CHASE_CHECK_STEPS = 200000,
    KERX_CHASE_MAX_STEPS = 4000000,
    /* Alpha-beta's capture extension (engine/game.h): the most extra
     * plies one line may search where a capture is due (results/kerx.md,
     * "Capture extension"). */
    KERX_CAPTURE_EXTENSION = 4,
    KERX_WHITE = 0,
    KERX_BLACK = 1,
};

/* Constant tables of one board size (generated: kerx_geom_gen.py). */
struct kerx_geom {
    int n, cells, rows;
    int16_t row_start[KERX_MAX_ROWS]; /* index of the row's leftmost cell */
    int8_t row_first[KERX_MAX_ROWS];  /* file of the row's leftmost cell */
    int8_t row_len[KERX_MAX_ROWS];
    int8_t cell_file[KERX_MAX_CELLS];
    int8_t cell_row[KERX_MAX_CELLS];
    int8_t centre_dist[KERX_MAX_CELLS];     /* hex distance from the centre */
    int8_t nb[KERX_MAX_CELLS][KERX_DIRS];   /* neighbour, -1 off the board */
    int8_t jump[KERX_MAX_CELLS][KERX_DIRS]; /* cell two steps away, or -1 */
    uint64_t adj[KERX_MAX_CELLS][2];        /* neighbours as a bit set */
    uint64_t start[2][2];                   /* each side's start pieces */
};

extern const struct kerx_geom kerx_geoms[KERX_MAX_SIZE - KERX_MIN_SIZE + 1];

enum { KERX_HUFF_BYTES = 6 }; /* 48 bits >= 45 pieces, the most at size 6 */

/* The whole position: 40 bytes, canonical (unused bits and pad are zero). */
struct kerx_state {
    uint64_t pieces[2][2]; /* [player][word]: bit i of the 91-bit set = cell i */
    uint8_t side;          /* player to move */
    /* huff=1 only (X5): a huff is due when this is not all zero. The side to
     * move must first remove one of the opponent's pieces marked here: bit
     * i (little-endian over the bytes) marks the opponent's i-th piece
     * counted in cell order from a1. Counting pieces, not cells, keeps the
     * set in the state's spare bytes at every size (at most 45 pieces). */
    uint8_t huffable[KERX_HUFF_BYTES];
    uint8_t pad[1];
};

struct kerx_variant {
    uint8_t size;   /* 3..6 */
    uint8_t drawat; /* 0 disables the small-material draw */
    uint8_t huff;   /* 1: a missed longest capture is punished by huffing (X5) */
};

/* What the endgame databases (kerx_egdb*, kerx_tiers_db) answer to huff=1. */
#define KERX_DB_HUFF_REFUSAL                                                             \
    "Kerx endgame databases are for huff=0 only (a huff=1 position may carry a due "     \
    "huff, which they do not index)"

static inline bool kerx_huff_due(const struct kerx_state *s) {
    for (int i = 0; i < KERX_HUFF_BYTES; i++)
        if (s->huffable[i]) return true;
    return false;
}

static inline const struct kerx_variant *kerx_options(const struct variant *v) {
    return (const struct kerx_variant *)v->bytes;
}

static inline const struct kerx_geom *kerx_geom_of(const struct variant *v) {
    return &kerx_geoms[kerx_options(v)->size - KERX_MIN_SIZE];
}

/* Cell index of (file, row), or -1 off the board. */
static inline int kerx_cell(const struct kerx_geom *g, int file, int row) {
    if (row < 0 || row >= g->rows) return -1;
    int f = file - g->row_first[row];
    if (f < 0 || f >= g->row_len[row]) return -1;
    return g->row_start[row] + f;
}

/*
 * Move packing: bits 0-6 from-cell, 7-13 to-cell, 14-19 jumps (0 = a step).
 * With 1..KERX_PATH_MAX jumps, bits 20+ hold the direction of each jump, 3
 * bits apiece, first jump lowest. A longer chain holds in bits 20+ its
 * position in the capture list the generator makes for this state (the
 * generator is deterministic, so kerx_capture_path finds it again).
 * The move of a chain is one representative of its (from, to, captured set).
 * Bit 62 marks a long chain indexed in the huff=1 list of every capture
 * (kerx_moves_any) rather than the list of longest ones. Bit 63 marks a huff
 * (huff=1): the removal of the opponent's piece on the from-cell.
 */
#define KERX_MOVE_ANY_LIST (UINT64_C(1) << 62)
#define KERX_MOVE_HUFF (UINT64_C(1) << 63)
static inline move_t kerx_move_pack(int from, int to, int jumps) {
    return (move_t)from | ((move_t)to << 7) | ((move_t)jumps << 14);
}
static inline int kerx_move_from(move_t m) {
    return (int)(m & 127);
}
static inline int kerx_move_to(move_t m) {
    return (int)((m >> 7) & 127);
}
static inline int kerx_move_jumps(move_t m) {
    return (int)((m >> 14) & 63);
}
static inline int kerx_move_dir(move_t m, int k) {
    return (int)((m >> (20 + 3 * k)) & 7);
}

/* The moves of the side to move (captures per X3/X4, else steps); no terminal
 * test. Returns the count (<= KERX_MAX_MOVES). */
int kerx_moves(const struct kerx_geom *g, const struct kerx_state *s, move_t *out);

/* huff=1 (X5): every step and every capture, stopping after any jump (each
 * distinct (from, to, captured set) once), captures first. */
int kerx_moves_any(const struct kerx_geom *g, const struct kerx_state *s, move_t *out);

/* huff=1: the moves of `s` (the removals when a huff is due, else
 * kerx_moves_any), and playing one: a move that misses a longest capture
 * leaves a huff due for the opponent (kerx_huff.c). */
int kerx_huff_moves(const struct kerx_geom *g, const struct kerx_state *s, move_t *out);
void kerx_huff_play(const struct kerx_geom *g, struct kerx_state *s, move_t m);
/* The cells of the pieces a due huff may remove, as a cell set. */
void kerx_huff_cells(const struct kerx_state *s, uint64_t cells[2]);
/* Marks the pieces on `cells` (all the opponent's) as the ones to huff. */
void kerx_huff_set(struct kerx_state *s, const uint64_t cells[2]);

/* Can both sides' capture chains in `s` be listed within
 * KERX_CHASE_CHECK_STEPS steps each (every capture when `any`, huff=1)? */
bool kerx_chains_bounded(const struct kerx_geom *g, const struct kerx_state *s, bool any);

/* True when the side to move has any legal move. */
bool kerx_has_move(const struct kerx_geom *g, const struct kerx_state *s);

/* True when a piece of the side to move can jump (with huff=0 it must then
 * capture, X4). */
bool kerx_can_capture(const struct kerx_geom *g, const struct kerx_state *s);

/* The jump directions of capture `m` (legal in `s`) into `dirs` (room for
 * KERX_MAX_JUMPS) and the captured cells into `captured`; returns the number
 * of jumps (0 for a step). */
int kerx_capture_path(const struct kerx_geom *g, const struct kerx_state *s, move_t m,
                      uint8_t *dirs, uint64_t captured[2]);

/* Play a legal move in place. */
void kerx_play(const struct kerx_geom *g, struct kerx_state *s, move_t m);

/* Game status for the side to move: 2 still playing, else +1 win, 0 draw,
 * -1 loss for the side to move (X6, X7; see RULES.md for the order). */
int kerx_status(const struct kerx_geom *g, int drawat, const struct kerx_state *s);

static inline int kerx_count(const struct kerx_state *s, int player) {
    return __builtin_popcountll(s->pieces[player][0]) +
           __builtin_popcountll(s->pieces[player][1]);
}

extern const struct game kerx_game;

#endif
