/*
 * kulibrat_inline.h - the Kulibrat rules (RULINGS K1-K8) as static inline
 * functions with the callback signatures of engine/game.h. kulibrat_rules.c
 * points kulibrat_game's callbacks at them, and search bodies instantiated
 * for Kulibrat (kulibrat_kernels.c) call them directly so that they
 * inline: one source of truth for the rules, no function pointers in the hot
 * loops.
 *
 * Boards are 12-bit masks (bit s = square s, see kulibrat.h):
 *
 *      bit  0  1  2    row 0: black's start row, red's goal row
 *           3  4  5    row 1
 *           6  7  8    row 2
 *           9 10 11    row 3: red's start row, black's goal row
 *
 * Black moves down (+3 per row), red up (-3). Moves are listed in a fixed
 * order that search results depend on: inserts by square, then for each
 * piece by square its diagonals (lower target first), attack, jump.
 */
#ifndef KIBITZ_KULIBRAT_INLINE_H
#define KIBITZ_KULIBRAT_INLINE_H

#include "engine/rng.h"
#include "games/kulibrat/kulibrat.h"

#include <stdbool.h>
#include <string.h>

enum {
    KULIBRAT_BOARD = 0xFFF,
    KULIBRAT_ROW0 = 0x007,
    KULIBRAT_ROW3 = 0xE00,
    KULIBRAT_COL0 = 0x249,                              /* squares 0 3 6 9 */
    KULIBRAT_COL2 = 0x924,                              /* squares 2 5 8 11 */
    KULIBRAT_FLAGS = GAME_ZERO_SUM_2P | GAME_CAN_CYCLE, /* kulibrat_game.flags */
};

/* Diagonal targets of a piece of each player on each square (0 on the goal
 * row, whose only diagonal leaves the board, K3). */
static const uint16_t kulibrat_diagonals[2][KULIBRAT_SQUARES] = {
    {0x010, 0x028, 0x010, 0x080, 0x140, 0x080, 0x400, 0xA00, 0x400, 0, 0, 0},
    {0, 0, 0, 0x002, 0x005, 0x002, 0x010, 0x028, 0x010, 0x080, 0x140, 0x080},
};

/* Start row (inserts) and goal row (scoring) of each player. */
static const uint16_t kulibrat_start_row[2] = {KULIBRAT_ROW0, KULIBRAT_ROW3};
static const uint16_t kulibrat_goal_row[2] = {KULIBRAT_ROW3, KULIBRAT_ROW0};

/* For the helpers that take the player as a parameter: callers below pass
 * it as a constant (one branch on the side to move, then a copy of the code
 * per side), so each side's shifts and table rows fold into the code. */
#define KULIBRAT_INLINE static inline __attribute__((always_inline))

/* Bits set in each 12-bit board: a 4 KiB table (no popcnt instruction in
 * portable builds, and a table load beats the shift-and-add sequence). */
#define KULIBRAT_B2(n) n, n + 1, n + 1, n + 2
#define KULIBRAT_B4(n)                                                                   \
    KULIBRAT_B2(n), KULIBRAT_B2(n + 1), KULIBRAT_B2(n + 1), KULIBRAT_B2(n + 2)
#define KULIBRAT_B6(n)                                                                   \
    KULIBRAT_B4(n), KULIBRAT_B4(n + 1), KULIBRAT_B4(n + 1), KULIBRAT_B4(n + 2)
#define KULIBRAT_B8(n)                                                                   \
    KULIBRAT_B6(n), KULIBRAT_B6(n + 1), KULIBRAT_B6(n + 1), KULIBRAT_B6(n + 2)
#define KULIBRAT_B10(n)                                                                  \
    KULIBRAT_B8(n), KULIBRAT_B8(n + 1), KULIBRAT_B8(n + 1), KULIBRAT_B8(n + 2)
static const uint8_t kulibrat_bits[1 << KULIBRAT_SQUARES] = {
    KULIBRAT_B10(0), KULIBRAT_B10(1), KULIBRAT_B10(1), KULIBRAT_B10(2)};

static inline int kulibrat_popcount(unsigned board) {
    return kulibrat_bits[board & KULIBRAT_BOARD];
}

/* All of `own` moved one row forward for `player` (off-board bits dropped). */
KULIBRAT_INLINE unsigned kulibrat_forward(unsigned own, int player) {
    return player == KULIBRAT_BLACK ? (own << 3) & KULIBRAT_BOARD : own >> 3;
}

/* Diagonal targets of all pieces in `mobile` (none on the goal row): the
 * toward-column-0 and toward-column-2 targets as two masks. */
KULIBRAT_INLINE void kulibrat_diagonal_masks(unsigned mobile, int player, unsigned *left,
                                             unsigned *right) {
    unsigned l = mobile & ~(unsigned)KULIBRAT_COL0, r = mobile & ~(unsigned)KULIBRAT_COL2;
    if (player == KULIBRAT_BLACK)
        *left = l << 2, *right = r << 4;
    else
        *left = l >> 4, *right = r >> 2;
}

/* At least four bits set: the player has no piece left in hand. */
static inline bool kulibrat_hand_empty(unsigned own) {
    own &= own - 1;
    own &= own - 1;
    own &= own - 1;
    return own != 0;
}

/* Whether `player` has a move on this board, ignoring whose turn it is and
 * the pass rule. A jump needs an attack, so attacks cover jumps. */
KULIBRAT_INLINE bool kulibrat_can_move(const struct kulibrat_state *s, int player) {
    const unsigned own = s->pieces[player], enemy = s->pieces[1 - player];
    const unsigned empty = ~(own | enemy) & KULIBRAT_BOARD;
    if (own & kulibrat_goal_row[player]) return true;
    if (!kulibrat_hand_empty(own) && (empty & kulibrat_start_row[player])) return true;
    const unsigned mobile = own & ~(unsigned)kulibrat_goal_row[player];
    unsigned left, right;
    kulibrat_diagonal_masks(mobile, player, &left, &right);
    return ((left | right) & empty) || (kulibrat_forward(mobile, player) & enemy);
}

/* Where a jump by `player` over the enemy piece on `over` lands: a square,
 * KULIBRAT_OFF, or -1 when the landing square is taken (K5). */
KULIBRAT_INLINE int kulibrat_jump_target(unsigned own, unsigned enemy, int player,
                                         int over) {
    const int step = player == KULIBRAT_BLACK ? KULIBRAT_COLS : -KULIBRAT_COLS;
    int sq = over;
    while (sq >= 0 && sq < KULIBRAT_SQUARES && (enemy & (1u << sq))) sq += step;
    if (sq < 0 || sq >= KULIBRAT_SQUARES) return KULIBRAT_OFF;
    return own & (1u << sq) ? -1 : sq;
}

/* Number of moves of `player` (what kulibrat_player_moves would list). */
KULIBRAT_INLINE int kulibrat_count_moves(const struct kulibrat_state *s, int player) {
    const unsigned own = s->pieces[player], enemy = s->pieces[1 - player];
    const unsigned empty = ~(own | enemy) & KULIBRAT_BOARD;
    const unsigned mobile = own & ~(unsigned)kulibrat_goal_row[player];
    const unsigned inserts =
        kulibrat_hand_empty(own) ? 0 : empty & kulibrat_start_row[player];
    unsigned left, right;
    kulibrat_diagonal_masks(mobile, player, &left, &right);
    const unsigned attacks = kulibrat_forward(mobile, player) & enemy;
    int n = kulibrat_popcount(own & kulibrat_goal_row[player]) +
            kulibrat_popcount(left & empty) + kulibrat_popcount(right & empty) +
            kulibrat_popcount(attacks) + kulibrat_popcount(inserts);
    for (unsigned rest = attacks; rest; rest &= rest - 1)
        n += kulibrat_jump_target(own, enemy, player, __builtin_ctz(rest)) >= 0;
    return n;
}

/* The moves of `player` into `out` (KULIBRAT_MAX_MOVES), ignoring whose turn
 * it is and the pass rule; returns the count. */
KULIBRAT_INLINE int kulibrat_generate(const struct kulibrat_state *s, int player,
                                      move_t *out) {
    const unsigned own = s->pieces[player], enemy = s->pieces[1 - player];
    const unsigned empty = ~(own | enemy) & KULIBRAT_BOARD;
    const unsigned goal = kulibrat_goal_row[player];
    const int step = player == KULIBRAT_BLACK ? KULIBRAT_COLS : -KULIBRAT_COLS;
    int n = 0;
    if (!kulibrat_hand_empty(own))
        for (unsigned t = empty & kulibrat_start_row[player]; t; t &= t - 1) {
            int sq = __builtin_ctz(t);
            out[n++] = kulibrat_move(KULIBRAT_INSERT, sq, sq);
        }
    for (unsigned rest = own; rest; rest &= rest - 1) {
        const int from = __builtin_ctz(rest);
        if (goal & (1u << from)) {
            /* K3: the only diagonal from the goal row leaves the board. */
            out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, KULIBRAT_OFF);
            continue;
        }
        for (unsigned t = kulibrat_diagonals[player][from] & empty; t; t &= t - 1)
            out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, __builtin_ctz(t));
        const int ahead = from + step;
        if (!(enemy & (1u << ahead))) continue;
        out[n++] = kulibrat_move(KULIBRAT_ATTACK, from, ahead); /* K4 */
        int land = kulibrat_jump_target(own, enemy, player, ahead);
        if (land >= 0) out[n++] = kulibrat_move(KULIBRAT_JUMP, from, land); /* K5 */
    }
    return n;
}

static inline bool kulibrat_target_reached(const struct variant *v,
                                           const struct kulibrat_state *s) {
    const int target = kulibrat_options(v)->target;
    return s->score[0] >= target || s->score[1] >= target;
}

static inline void kulibrat_returns(const struct variant *v, const void *state,
                                    double out[GAME_MAX_PLAYERS]);

/* A move's effect for random play: the bits of the mover's pieces that flip
 * (the square left and the square reached), the enemy pieces sent back to
 * the hand, and whether a point is scored. Applying it is branch-free. */
enum {
    KULIBRAT_FX_ENEMY = 12, /* bits 0-11: mover's squares to flip; 12-23: enemy
                               squares to clear */
    KULIBRAT_FX_SCORE = 24, /* bit 24: one point scored */
};

/* Random play numbers the moves of a position by a 64-bit mask in list order
 * (see kulibrat_generate): bits 0-2 the inserts by square of the start row,
 * then four bits per square of the mover's pieces, bit 4 + 4 * from + slot
 * with slot 0 the move off the board (goal row) or the diagonal toward
 * column 0 (the lower target), 1 the other diagonal, 2 the attack, 3 the
 * jump. The effect of each bit but the jumps' is a constant. */
/* (The shift count stays in range even where the test is false: compilers
 * check shifts in branches folded away.) */
#define KULIBRAT_FX_BIT(sq)                                                              \
    ((sq) >= 0 && (sq) < KULIBRAT_SQUARES ? 1u << ((unsigned)(sq) % 16u) : 0u)
#define KULIBRAT_FX_GOAL(me, f) ((me) == 0 ? (f) >= 9 : (f) < 3)
#define KULIBRAT_FX_PIECE(me, f, slot)                                                   \
    (KULIBRAT_FX_GOAL(me, f)                                                             \
         ? ((slot) == 0 ? KULIBRAT_FX_BIT(f) | 1u << KULIBRAT_FX_SCORE : 0u)             \
     : (slot) == 0 ? ((f) % 3 == 0 ? 0u                                                  \
                                   : KULIBRAT_FX_BIT(f) |                                \
                                         KULIBRAT_FX_BIT((f) + ((me) == 0 ? 2 : -4)))    \
     : (slot) == 1 ? ((f) % 3 == 2 ? 0u                                                  \
                                   : KULIBRAT_FX_BIT(f) |                                \
                                         KULIBRAT_FX_BIT((f) + ((me) == 0 ? 4 : -2)))    \
     : (slot) == 2                                                                       \
         ? KULIBRAT_FX_BIT(f) | KULIBRAT_FX_BIT((f) + ((me) == 0 ? 3 : -3)) |            \
               KULIBRAT_FX_BIT((f) + ((me) == 0 ? 3 : -3)) << KULIBRAT_FX_ENEMY          \
         : 0u)
#define KULIBRAT_FX_P(me, p)                                                             \
    ((p) < 3   ? KULIBRAT_FX_BIT(((me) == 0 ? 0 : 9) + (p))                              \
     : (p) < 4 ? 0u                                                                      \
               : KULIBRAT_FX_PIECE(me, (p) / 4 - 1, (p) % 4))
#define KULIBRAT_FX_4(me, p)                                                             \
    KULIBRAT_FX_P(me, p), KULIBRAT_FX_P(me, p + 1), KULIBRAT_FX_P(me, p + 2),            \
        KULIBRAT_FX_P(me, p + 3)
#define KULIBRAT_FX_ROW(me)                                                              \
    {                                                                                    \
        KULIBRAT_FX_4(me, 0), KULIBRAT_FX_4(me, 4), KULIBRAT_FX_4(me, 8),                \
            KULIBRAT_FX_4(me, 12), KULIBRAT_FX_4(me, 16), KULIBRAT_FX_4(me, 20),         \
            KULIBRAT_FX_4(me, 24), KULIBRAT_FX_4(me, 28), KULIBRAT_FX_4(me, 32),         \
            KULIBRAT_FX_4(me, 36), KULIBRAT_FX_4(me, 40), KULIBRAT_FX_4(me, 44),         \
            KULIBRAT_FX_4(me, 48)                                                        \
    }
static const uint32_t kulibrat_fx[2][52] = {KULIBRAT_FX_ROW(0), KULIBRAT_FX_ROW(1)};

/* Bit i of a 6-bit number moved to bit 4i (spreads a board mask to the
 * four-bit stride of the move numbering). */
#define KULIBRAT_SPREAD_2(n) (n), (n) + 1, (n) + 16, (n) + 17
#define KULIBRAT_SPREAD_4(n)                                                             \
    KULIBRAT_SPREAD_2(n), KULIBRAT_SPREAD_2((n) + 0x100),                                \
        KULIBRAT_SPREAD_2((n) + 0x1000), KULIBRAT_SPREAD_2((n) + 0x1100)
static const uint32_t kulibrat_spread6[64] = {
    KULIBRAT_SPREAD_4(0), KULIBRAT_SPREAD_4(0x10000), KULIBRAT_SPREAD_4(0x100000),
    KULIBRAT_SPREAD_4(0x110000)};

/* Square s of a board at bit 4s. */
static inline uint64_t kulibrat_spread(unsigned board) {
    return kulibrat_spread6[board & 63] | (uint64_t)kulibrat_spread6[board >> 6] << 24;
}

/* Where a jump by `me` from `from` over the enemy piece ahead lands, as the
 * effect of the move (kulibrat_jump_target without loops). */
static const uint16_t kulibrat_column_beyond[KULIBRAT_SQUARES] = {
    0x1249, 0x2492, 0x4924, 0x1249, 0x2492, 0x4924,
    0x1249, 0x2492, 0x4924, 0x1249, 0x2492, 0x4924};

KULIBRAT_INLINE uint32_t kulibrat_jump_fx(unsigned enemy, int me, int from) {
    /* The column with one square beyond each end (bits 12-14 past black's
     * goal row; below red's, everything is shifted up one row). */
    const unsigned column = kulibrat_column_beyond[from];
    unsigned land, off;
    if (me == KULIBRAT_BLACK) {
        /* The lowest non-enemy square of the column beyond `from`. */
        unsigned t = ~enemy & column & ~((2u << from) - 1);
        land = t & -t;
        off = land > KULIBRAT_BOARD;
        land &= KULIBRAT_BOARD;
    } else {
        /* The highest non-enemy square of the column below `from`. */
        unsigned t =
            ((~enemy & column & ((1u << from) - 1)) << KULIBRAT_COLS) | (column & 7);
        land = 1u << (31 - __builtin_clz(t));
        off = (land & 7) != 0;
        land = (land >> KULIBRAT_COLS) & KULIBRAT_BOARD;
    }
    return 1u << from | land | off << KULIBRAT_FX_SCORE;
}

/* One random move of the player `me`, in a game not over: the move that
 * `kulibrat_moves(v, s, out)[rng_below(rng, n)]` would pick, the same random
 * number drawn. Random play mispredicts most data-dependent branches, so
 * this has few: which pieces can make each kind of move comes from
 * whole-board operations, the moves are the bits of a mask in list order
 * (kulibrat_fx), and the k-th bit is the move. Passes when `me` has no move
 * (K6); false, with nothing drawn or changed, when neither player can move
 * (K7). */
KULIBRAT_INLINE bool kulibrat_random_move_as(struct kulibrat_state *s, struct rng *rng,
                                             const int me) {
    const unsigned own = s->pieces[me], enemy = s->pieces[1 - me];
    const unsigned empty = ~(own | enemy) & KULIBRAT_BOARD;
    const unsigned goal = kulibrat_goal_row[me];
    const unsigned mobile = own & ~goal;
    /* Inserts while pieces are in hand (fewer than 4 on the board). */
    const unsigned inserts =
        empty & kulibrat_start_row[me] & -(unsigned)!kulibrat_hand_empty(own);
    /* Pieces that can make each kind of move, by square. */
    unsigned low, high, attack, jump, first;
    if (me == KULIBRAT_BLACK) {
        low = (own & goal) | (mobile & ~(unsigned)KULIBRAT_COL0 & empty >> 2);
        high = mobile & ~(unsigned)KULIBRAT_COL2 & empty >> 4;
        attack = mobile & enemy >> 3;
        const unsigned e2 = enemy >> 6, e3 = enemy >> 9;
        jump = attack & ((~e2 & ~(own >> 6)) | (e2 & ~e3 & ~(own >> 9)) | (e2 & e3));
        first = inserts;
    } else {
        low = (own & goal) | (mobile & ~(unsigned)KULIBRAT_COL0 & empty << 4);
        high = mobile & ~(unsigned)KULIBRAT_COL2 & empty << 2;
        attack = mobile & enemy << 3;
        const unsigned e2 = enemy << 6, e3 = enemy << 9;
        jump = attack & ((~e2 & ~(own << 6)) | (e2 & ~e3 & ~(own << 9)) | (e2 & e3));
        first = inserts >> (KULIBRAT_SQUARES - KULIBRAT_COLS);
    }
    const int n = kulibrat_popcount(inserts) + kulibrat_popcount(low) +
                  kulibrat_popcount(high) + kulibrat_popcount(attack) +
                  kulibrat_popcount(jump);
    if (n == 0) {
        if (!kulibrat_can_move(s, 1 - me)) return false; /* K7: locked */
        rng_below(rng, 1); /* the draw among the single move, the pass (K6) */
        s->side = (uint8_t)(1 - me);
        return true;
    }
    uint64_t list = first | kulibrat_spread(low) << 4 | kulibrat_spread(high) << 5 |
                    kulibrat_spread(attack) << 6 | kulibrat_spread(jump) << 7;
    /* The k-th bit. (A branch-free broadword select measured slower: the
     * next ply waits on its longer chain, while the loop's mispredicted
     * exit is resolved off the critical path most of the time.) */
    for (uint32_t k = rng_below(rng, (uint32_t)n); k; k--) list &= list - 1;
    const int p = __builtin_ctzll(list);
    const uint32_t e =
        (p & 3) == 3 ? kulibrat_jump_fx(enemy, me, p / 4 - 1) : kulibrat_fx[me][p];
    s->pieces[me] = (uint16_t)(own ^ (e & KULIBRAT_BOARD));
    s->pieces[1 - me] = (uint16_t)(enemy & ~(e >> KULIBRAT_FX_ENEMY));
    s->score[me] = (uint8_t)(s->score[me] + (e >> KULIBRAT_FX_SCORE));
    s->side = (uint8_t)(1 - me);
    return true;
}

/* A random playout from `s` (search/playout.h, playout_run): random moves
 * until the game ends or `max_plies` were played, the same plies and random
 * draws as kulibrat_moves()[rng_below(rng, n)] at every ply. Returns the
 * plies played; `returns` gets the result of a finished game, zeros when
 * cut. Players alternate at every ply (a pass is a ply), so the loop is
 * unrolled by two with the mover a constant in each half, and only the last
 * mover's score can have reached the target. */
static inline int kulibrat_playout(const struct variant *v, struct kulibrat_state *state,
                                   struct rng *rng, int max_plies,
                                   double returns[GAME_MAX_PLAYERS]) {
    const int target = kulibrat_options(v)->target;
    struct kulibrat_state s = *state;
    int ply = 0;
    bool over = kulibrat_target_reached(v, &s);
    if (s.side == KULIBRAT_RED) goto red;
    for (;;) {
        if (ply == max_plies) goto cut;
        if (over || !kulibrat_random_move_as(&s, rng, KULIBRAT_BLACK)) goto end;
        over = s.score[KULIBRAT_BLACK] >= target;
        ply++;
    red:
        if (ply == max_plies) goto cut;
        if (over || !kulibrat_random_move_as(&s, rng, KULIBRAT_RED)) goto end;
        over = s.score[KULIBRAT_RED] >= target;
        ply++;
    }
end:
    *state = s;
    kulibrat_returns(v, state, returns);
    return ply;
cut:
    *state = s;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) returns[p] = 0;
    return max_plies;
}

/* ---- the callbacks of kulibrat_game ---- */

static inline int kulibrat_turn(const struct variant *v, const void *state) {
    const struct kulibrat_state *s = state;
    if (kulibrat_target_reached(v, s)) return TURN_OVER;
    /* K6: a player without a move passes; K7: nobody can move, game over. */
    bool any =
        s->side == KULIBRAT_BLACK
            ? kulibrat_can_move(s, KULIBRAT_BLACK) || kulibrat_can_move(s, KULIBRAT_RED)
            : kulibrat_can_move(s, KULIBRAT_RED) || kulibrat_can_move(s, KULIBRAT_BLACK);
    return any ? s->side : TURN_OVER;
}

KULIBRAT_INLINE int kulibrat_moves(const struct variant *v, const void *state,
                                   move_t *out) {
    const struct kulibrat_state *s = state;
    if (kulibrat_target_reached(v, s)) return 0;
    int n = s->side == KULIBRAT_BLACK ? kulibrat_generate(s, KULIBRAT_BLACK, out)
                                      : kulibrat_generate(s, KULIBRAT_RED, out);
    if (n > 0) return n;
    if (!kulibrat_can_move(s, 1 - s->side)) return 0; /* K7: locked */
    out[0] = GAME_MOVE_PASS;                          /* K6 */
    return 1;
}

/* Number of moves `kulibrat_moves` would list (perft's bulk count). */
static inline int kulibrat_count(const struct variant *v, const void *state) {
    const struct kulibrat_state *s = state;
    if (kulibrat_target_reached(v, s)) return 0;
    int n = s->side == KULIBRAT_BLACK ? kulibrat_count_moves(s, KULIBRAT_BLACK)
                                      : kulibrat_count_moves(s, KULIBRAT_RED);
    if (n > 0) return n;
    return kulibrat_can_move(s, 1 - s->side) ? 1 : 0;
}

static inline void kulibrat_apply(const struct variant *v, void *state, move_t move) {
    struct kulibrat_state *s = state;
    const int me = s->side;
    s->side = (uint8_t)(1 - me);
    if (move == GAME_MOVE_PASS) return;
    const int from = kulibrat_move_from(move), to = kulibrat_move_to(move);
    switch (kulibrat_move_kind(move)) {
    case KULIBRAT_INSERT: s->pieces[me] |= (uint16_t)(1u << to); return;
    case KULIBRAT_ATTACK:
        /* The attacked piece goes back to its owner's hand. */
        s->pieces[1 - me] &= (uint16_t) ~(1u << to);
        break;
    default: break;
    }
    s->pieces[me] &= (uint16_t) ~(1u << from);
    if (to == KULIBRAT_OFF)
        s->score[me]++; /* the piece returns to the hand (K2) */
    else
        s->pieces[me] |= (uint16_t)(1u << to);
}

static inline void kulibrat_returns(const struct variant *v, const void *state,
                                    double out[GAME_MAX_PLAYERS]) {
    const struct kulibrat_state *s = state;
    const int target = kulibrat_options(v)->target;
    int winner;
    if (s->score[KULIBRAT_BLACK] >= target)
        winner = KULIBRAT_BLACK;
    else if (s->score[KULIBRAT_RED] >= target)
        winner = KULIBRAT_RED;
    else
        winner = s->side; /* K7: locked board, the side to move wins */
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    out[winner] = 1.0;
    out[1 - winner] = -1.0;
}

/* Heuristic for depth-limited search: points first (scaled by how close the
 * target is), then how far pieces have advanced toward the goal row (1 for
 * the start row .. 4 for the goal row). */
/* 2^40 / d rounded up, for d = 0..255: n / d == (n * this) >> 40 for every
 * n < 2^21 (the error n / 2^40 stays below 1 / d), which is what the
 * evaluation divides (score * 6000), without a division at every leaf. */
#define KULIBRAT_RECIP(d) ((d) ? ((UINT64_C(1) << 40) + (d)-1) / ((d) ? (d) : 1) : 0)
#define KULIBRAT_RECIP4(d)                                                               \
    KULIBRAT_RECIP(d), KULIBRAT_RECIP((d) + 1), KULIBRAT_RECIP((d) + 2),                 \
        KULIBRAT_RECIP((d) + 3)
#define KULIBRAT_RECIP16(d)                                                              \
    KULIBRAT_RECIP4(d), KULIBRAT_RECIP4((d) + 4), KULIBRAT_RECIP4((d) + 8),              \
        KULIBRAT_RECIP4((d) + 12)
#define KULIBRAT_RECIP64(d)                                                              \
    KULIBRAT_RECIP16(d), KULIBRAT_RECIP16((d) + 16), KULIBRAT_RECIP16((d) + 32),         \
        KULIBRAT_RECIP16((d) + 48)
static const uint64_t kulibrat_recip40[256] = {KULIBRAT_RECIP64(0), KULIBRAT_RECIP64(64),
                                               KULIBRAT_RECIP64(128),
                                               KULIBRAT_RECIP64(192)};

static inline int kulibrat_evaluate(const struct variant *v, const void *state,
                                    int player) {
    static const uint16_t row[KULIBRAT_ROWS] = {0x007, 0x038, 0x1C0, 0xE00};
    const struct kulibrat_state *s = state;
    const uint64_t recip = kulibrat_recip40[kulibrat_options(v)->target];
    int value = 0;
    for (int p = 0; p < 2; p++) {
        const unsigned own = s->pieces[p];
        int advance = 0;
        for (int r = 0; r < KULIBRAT_ROWS; r++) {
            int steps = p == KULIBRAT_BLACK ? 1 + r : KULIBRAT_ROWS - r;
            advance += steps * kulibrat_popcount(own & row[r]);
        }
        /* score * 6000 / target */
        int points = (int)(((uint64_t)s->score[p] * 6000 * recip) >> 40);
        value += (p == player ? 1 : -1) * (points + advance * 40);
    }
    if (value > GAME_EVAL_MAX) value = GAME_EVAL_MAX;
    if (value < -GAME_EVAL_MAX) value = -GAME_EVAL_MAX;
    return value;
}

#endif
