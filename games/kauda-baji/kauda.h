/*
 * kauda.h - Kauda-Baji, the cowrie race game (a 7x7 Chowka Bhara): 2 to 4
 * players race six pieces each along a 49-square spiral path into the centre,
 * moving them singly or as tuples by throws of six cowries, and kill each
 * other's tuples. Rules as ../shared/RULINGS.md B1-B7 and
 * games/kauda-baji/RULES.md (which also documents notation and move packing).
 *
 * Squares are numbered row * 7 + column, row 0 nearest the south seat, column
 * 0 at its left. Each seat walks its own path of 49 steps (kauda_square); the
 * rings are cycles, so a piece that does not turn in at steps 23, 39 or 47
 * goes on to 0, 24 or 40.
 *
 * State: every player's pieces as a list of tuples (path step, size), sorted
 * by (step, size), unused entries zero. On a cross square all of a player's
 * pieces form one heap (one entry with their count), since they may split and
 * join freely there; at home the heap is made of single pieces.
 */
#ifndef KIBITZ_KAUDA_H
#define KIBITZ_KAUDA_H

#include "engine/game.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    KAUDA_SIDE = 7,
    KAUDA_SQUARES = 49,
    KAUDA_PIECES = 6, /* per player */
    KAUDA_SEATS = 4,  /* south, east, north, west (anticlockwise) */
    KAUDA_HOME = 0,   /* path step of the home square */
    KAUDA_OUTER_END = 23,
    KAUDA_MIDDLE = 24, /* first step of the middle ring */
    KAUDA_MIDDLE_END = 39,
    KAUDA_INNER = 40, /* first step of the inner ring */
    KAUDA_INNER_END = 47,
    KAUDA_CENTRE = 48,
    KAUDA_MAX_PENDING = 3, /* 6/12, 6/12, other: a third 6/12 cancels */
    KAUDA_MAX_BONUS = 15,  /* bonus throws owed, at most (a choice) */
    KAUDA_OUTCOMES = 7,    /* throw values 1..6 and 12 */
    /* Decisions: at most 7 sets of pending throws (3 single throws, 3 pairs
     * and all three added together, combine=1) x 9 tuple selections (a
     * non-cross square holding 1+1+1+1+2) x 5 destinations (a walk of up to
     * 29 steps can end on at most 5 squares); see RULES.md. */
    KAUDA_MAX_MOVES = 315,
};

enum kauda_phase {
    KAUDA_ROLL = 0, /* chance: the next throw of the player to act */
    KAUDA_USE = 1,  /* the player assigns a pending throw (or passes) */
    KAUDA_OVER = 2,
};

struct kauda_tuple {
    uint8_t step; /* path step of the owner, 0..48 */
    uint8_t size; /* pieces; 0 marks an unused entry */
};

struct kauda_state {
    struct kauda_tuple tuples[GAME_MAX_PLAYERS][KAUDA_PIECES];
    uint8_t pending[KAUDA_MAX_PENDING]; /* throw values, descending, 0 = none */
    uint8_t player;                     /* player to act (0 when over) */
    uint8_t phase;                      /* enum kauda_phase */
    uint8_t bonus;                      /* bonus throws owed (bonus=1 variant only) */
    uint8_t killed;                 /* bit p: player p has killed (killfirst=1 only) */
    uint8_t finished;               /* players ranked so far */
    uint8_t rank[GAME_MAX_PLAYERS]; /* finishing place 1..n, 0 = racing */
    uint8_t zero[4];                /* always 0 */
};

struct kauda_variant {
    uint8_t players;       /* 2..4 */
    uint8_t killfirst;     /* a player must kill before entering the middle ring */
    uint8_t bonus;         /* a kill earns another throw */
    uint8_t combine;       /* several pending throws may be added for one move */
    uint32_t p_millionths; /* P(a cowrie falls open side up), in millionths */
};

static inline const struct kauda_variant *kauda_options(const struct variant *v) {
    return (const struct kauda_variant *)v->bytes;
}

/* Move packing: kind in bits 0-3; throw value in bits 4-7; for decisions the
 * from step in bits 8-13, the destination step in bits 14-19, the tuple
 * selection as counts of chosen tuples by size in bits 20-29 (size 1: 3 bits,
 * sizes 2 and 3: 2 bits, sizes 4-6: 1 bit) and, for a move that adds several
 * throws (combine=1), the second and third throw values in bits 30-33 and
 * 34-37 (the values in descending order, so each set of throws has one
 * packing; bits 30-37 are zero for a single throw). Pass is GAME_MOVE_PASS. */
enum kauda_move_kind { KAUDA_THROW = 1, KAUDA_DECIDE = 2 };

static inline move_t kauda_throw_move(int value) {
    return (move_t)KAUDA_THROW | ((move_t)value << 4);
}
static inline int kauda_move_kind(move_t m) {
    return (int)(m & 15);
}
static inline int kauda_move_value(move_t m) {
    return (int)((m >> 4) & 15);
}
static inline int kauda_move_from(move_t m) {
    return (int)((m >> 8) & 63);
}
static inline int kauda_move_to(move_t m) {
    return (int)((m >> 14) & 63);
}

/* Selection: how many tuples of each size 1..6 move together. */
struct kauda_pick {
    uint8_t count[KAUDA_PIECES + 1]; /* count[s]: tuples of size s; [0] unused */
};

move_t kauda_decide_move(int value, int from, int to, const struct kauda_pick *pick);
/* A decision using the throws values[0..count-1] (descending) added together. */
move_t kauda_combined_move(const uint8_t *values, int count, int from, int to,
                           const struct kauda_pick *pick);
/* The throws a decision uses, descending, into values[]; returns how many. */
int kauda_move_throws(move_t m, uint8_t values[KAUDA_MAX_PENDING]);
void kauda_move_pick(move_t m, struct kauda_pick *pick);
int kauda_pick_size(const struct kauda_pick *pick);

/* Board geometry (kauda_board.c). */
int kauda_seat(const struct variant *v, int player);
int kauda_square(int seat, int step); /* board square of a seat's path step */
int kauda_step(int seat, int square); /* inverse of kauda_square */
bool kauda_is_cross(int square);

/* Probability of each throw value (index 1..6 and 12; other entries 0). */
void kauda_throw_odds(const struct variant *v, double odds[13]);

/* Pieces of player p in the centre. */
int kauda_in_centre(const struct kauda_state *s, int p);

/* Sorts a player's tuples into canonical order. */
void kauda_sort(struct kauda_state *s, int p);

extern const struct game kauda_baji_game;

#endif
