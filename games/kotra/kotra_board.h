/*
 * kotra_board.h - the Kotra board as data: 51 spaces (squares and triangles)
 * laid out on a 9 x 7 grid of cells, adjacency by shared sides, territory and
 * terrain of each space, and the mirror map between the two halves.
 *
 * The layout is the project's design (the original figure is lost); see
 * games/kotra/RULES.md for the drawing. Another layout can be dropped in by
 * replacing the table in kotra_board.c: the rules only read this interface,
 * and tests/test_kotra_board.c checks any table against its invariants
 * (adjacency recomputed from the cell geometry, symmetry, connectivity, the
 * mirror, every terrain kind present).
 */
#ifndef KIBITZ_KOTRA_BOARD_H
#define KIBITZ_KOTRA_BOARD_H

#include <stdint.h>

enum {
    KOTRA_SPACES = 51,
    KOTRA_ROWS = 9, /* grid rows, 0 = top (silver's back row, rank 9) */
    KOTRA_COLS = 7, /* grid columns, 0 = file a */
    KOTRA_MAX_NEIGHBOURS = 4,
    KOTRA_NONE = -1,
};

/* Who owns a space's territory: a player index, or neutral (the straight). */
enum kotra_zone { KOTRA_GOLD = 0, KOTRA_SILVER = 1, KOTRA_NEUTRAL = 2 };

/* Which part of its grid cell a space fills: the whole square, or one of the
 * four right triangles cut by a diagonal (UL/LR by '/', UR/LL by '\'). */
enum kotra_part { PART_F, PART_UL, PART_UR, PART_LL, PART_LR };

/* The fifteen terrain kinds of the text, and plain (unmarked). */
enum kotra_terrain {
    TERRAIN_PLAIN,
    TERRAIN_LOYALTY,   /* core value; rescue space for the opponent */
    TERRAIN_BOUNDARY,  /* front row of a territory */
    TERRAIN_DOOR,      /* free jumps between the two doors of a pair */
    TERRAIN_BONUS1,    /* +1 to a capture made here */
    TERRAIN_ATTACK,    /* +3 movement when leaving */
    TERRAIN_BOG,       /* the piece loses its owner's next turn */
    TERRAIN_ADVANCE,   /* +1 movement when leaving */
    TERRAIN_PROMOTION, /* an enemy piece landing here goes up one rank */
    TERRAIN_BONUS2,    /* +2 to a capture made here */
    TERRAIN_FAMILY,    /* core value */
    TERRAIN_RETREAT,   /* -1 movement when leaving */
    TERRAIN_SAFETY,    /* a piece here cannot be captured for two turns */
    TERRAIN_DUTY,      /* core value */
    TERRAIN_DEFENSE,   /* defense of home: +5 to the home side's capture here */
    TERRAIN_BASE,      /* reserve and rescued pieces enter here */
    TERRAIN_KINDS
};

struct kotra_space {
    const char *name; /* file a-g, rank 1-9 (gold's back row is rank 1), and
                         'n'/'s' for the upper/lower triangle of a split cell */
    int8_t row, col;
    uint8_t part;                      /* enum kotra_part */
    uint8_t terrain;                   /* enum kotra_terrain */
    uint8_t zone;                      /* enum kotra_zone */
    uint8_t degree;                    /* number of neighbours */
    int8_t next[KOTRA_MAX_NEIGHBOURS]; /* neighbours, KOTRA_NONE padded */
    int8_t mirror; /* the space reflected across the horizontal centre line */
};

extern const struct kotra_space kotra_board[KOTRA_SPACES];

/* Name of a terrain kind, e.g. "loyalty". */
const char *kotra_terrain_name(int terrain);

/* The table as sets of spaces (bit i: space i; 51 spaces fit one word), for
 * move generation, which asks about whole neighbourhoods at once. Derived
 * from kotra_board on first use. */
struct kotra_masks {
    uint64_t next[KOTRA_SPACES]; /* the neighbours of each space */
    uint64_t door;               /* the door spaces */
    uint64_t link[KOTRA_SPACES]; /* a door: the door it jumps to (the two
                                    doors of a pair); other spaces: none */
};
const struct kotra_masks *kotra_masks(void);

/* The space with `name`, or KOTRA_NONE. */
int kotra_space_find(const char *name);

/* The space of `player`'s territory with `terrain` (the first in table
 * order), or KOTRA_NONE. */
int kotra_space_of(int player, int terrain);

#endif
