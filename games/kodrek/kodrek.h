/*
 * kodrek.h - Kodrek: three players race craft with vectors on a triangular
 * board, secretly splitting coins (toleks) into thrust (heads) and pull
 * (tails). Rules as ../shared/RULINGS.md D1-D8 and games/kodrek/RULES.md.
 *
 * Players, clockwise: 0 green (top corner), 1 blue (bottom right), 2 red
 * (bottom left). Geometry in kodrek_lattice.h.
 *
 * One turn of the rules is several nodes of the game tree:
 *   SECRET  a simultaneous node: every player picks how many coins of the
 *           hand go heads up (the rest go tails up onto the table);
 *   THRUST  one node per player with heads, most heads first (ties clockwise
 *           from green): the destination of the stack;
 *   PULL    per player with tails on the table, most tails first: first how
 *           far to pull the next opponent clockwise, then the other one, out
 *           of what budget is left (a pull is split in these two steps so no
 *           node has more than 10 options);
 * after the last decision `apply` plays the move and the end checks itself.
 * Nodes where the only option would be "nothing" are skipped.
 *
 * Coins: the hand at a turn is always turn + 1 - tails on the table, and the
 * heads revealed this turn are that same number once the choice is made, so
 * the state keeps only the tails.
 */
#ifndef KIBITZ_KODREK_H
#define KIBITZ_KODREK_H

#include "engine/game.h"
#include "games/kodrek/kodrek_lattice.h"

#include <stdint.h>

enum {
    KODREK_PLAYERS = 3,
    KODREK_GREEN = 0,
    KODREK_BLUE = 1,
    KODREK_RED = 2,
    KODREK_MAX_TOLEKS = 9,
    KODREK_MIN_INNER = 3,
    KODREK_MAX_INNER = 40,
    KODREK_MIN_MARGIN = 1,
    KODREK_MAX_MARGIN = 12,
    /* Joint moves at the secret node (listed by `moves` for the command
     * line): (hand + 1)^3 <= 10^3; thrusts 1 + 3h(h+1) <= 271; pulls <= 10. */
    KODREK_MAX_MOVES = 1000,
    /* Parsed positions keep every coordinate within this (pieces thrown far
     * off the board still fit, arithmetic on them cannot overflow). */
    KODREK_COORD_LIMIT = 2000,
};

enum kodrek_phase {
    KODREK_SECRET = 0,
    KODREK_THRUST = 1,
    KODREK_PULL = 2,
    KODREK_OVER = 3,
};

enum kodrek_payoff { KODREK_PAYOFF_COINS = 0, KODREK_PAYOFF_WINLOSS = 1 };

struct kodrek_variant {
    uint8_t inner;    /* junctures on a side of the inner (yellow) triangle */
    uint8_t margin;   /* rows of board beyond each side of it */
    uint8_t toleks;   /* coins per player */
    uint8_t payoff;   /* enum kodrek_payoff */
    uint8_t newcomer; /* bit p: player p may use the newcomer rule */
    uint8_t order;    /* enum kodrek_order_reading */
};

/* How "starting with the player with the most heads (tails) and moving
 * clockwise from the green player" orders the thrusts and pulls (D6;
 * RULES.md, "Order of play"). */
enum kodrek_order_reading {
    KODREK_ORDER_SORTED = 0, /* by count, ties clockwise from green */
    KODREK_ORDER_ROUND = 1,  /* the top player, then on round clockwise */
};

struct kodrek_state {
    struct kodrek_point craft[KODREK_PLAYERS];
    struct kodrek_point stack[KODREK_PLAYERS]; /* both speakers (D3) */
    uint8_t tails[KODREK_PLAYERS];             /* coins tails up on the table */
    uint8_t turn;                              /* 1, 2, ... */
    uint8_t phase;                             /* enum kodrek_phase */
    uint8_t cursor;    /* THRUST/PULL: index into the phase's order */
    uint8_t sub;       /* PULL: 0 the next opponent clockwise, 1 the other */
    uint8_t left;      /* PULL: tails of the budget not yet used */
    uint8_t lost;      /* bit p: player p lost (OVER only) */
    uint8_t returning; /* bit p: saved by the newcomer rule, may not pull */
};

/* Move packing: kind in bits 0-3, then
 *   HEADS  heads in bits 8-11 (one player's secret choice)
 *   JOINT  heads of green, blue, red in bits 8-11, 12-15, 16-19
 *   THRUST destination row in bits 8-23, position in bits 24-39
 *   PULL   target player in bits 8-9, tails used in bits 12-17 */
enum kodrek_move_kind {
    KODREK_MOVE_HEADS = 1,
    KODREK_MOVE_JOINT = 2,
    KODREK_MOVE_THRUST = 3,
    KODREK_MOVE_PULL = 4,
};

static inline move_t kodrek_heads_move(int heads) {
    return KODREK_MOVE_HEADS | ((move_t)heads << 8);
}
static inline move_t kodrek_joint_move(int g, int b, int r) {
    return KODREK_MOVE_JOINT | ((move_t)g << 8) | ((move_t)b << 12) | ((move_t)r << 16);
}
static inline move_t kodrek_thrust_move(struct kodrek_point to) {
    return KODREK_MOVE_THRUST | ((move_t)(uint16_t)to.r << 8) |
           ((move_t)(uint16_t)to.k << 24);
}
static inline move_t kodrek_pull_move(int target, int tails) {
    return KODREK_MOVE_PULL | ((move_t)target << 8) | ((move_t)tails << 12);
}
static inline int kodrek_move_kind(move_t m) {
    return (int)(m & 15);
}
/* Heads of one player in a HEADS (player ignored) or JOINT move. */
static inline int kodrek_move_heads(move_t m, int player) {
    int shift = kodrek_move_kind(m) == KODREK_MOVE_JOINT ? 8 + 4 * player : 8;
    return (int)((m >> shift) & 15);
}
static inline struct kodrek_point kodrek_move_point(move_t m) {
    return kodrek_point((int16_t)(uint16_t)(m >> 8), (int16_t)(uint16_t)(m >> 24));
}
static inline int kodrek_move_target(move_t m) {
    return (int)((m >> 8) & 3);
}
static inline int kodrek_move_tails(move_t m) {
    return (int)((m >> 12) & 63);
}

static inline const struct kodrek_variant *kodrek_options(const struct variant *v) {
    return (const struct kodrek_variant *)v->bytes;
}
/* Junctures on a side of the whole board: inner + 3 * margin (D1). */
static inline int kodrek_side(const struct kodrek_variant *o) {
    return o->inner + 3 * o->margin;
}

extern const struct game kodrek_game;

/* ---- rules (kodrek_rules.c) ---- */

/* Start points of a player's craft and stack (D2). */
struct kodrek_point kodrek_start_craft(const struct kodrek_variant *o, int player);
struct kodrek_point kodrek_start_stack(const struct kodrek_variant *o, int player);

/* Coins in hand this turn (during SECRET), or heads shown (after it). */
static inline int kodrek_hand(const struct kodrek_state *s, int player) {
    return s->turn + 1 - s->tails[player];
}

/* The players in the order they act in `phase` (THRUST or PULL): most heads
 * (tails on the table) first, ties clockwise from green (D6); then, by the
 * variant's reading, the others by count (ties clockwise from green) or
 * round the table clockwise from the first. */
void kodrek_order(const struct kodrek_variant *o, const struct kodrek_state *s, int phase,
                  int order[KODREK_PLAYERS]);

/* Does the puller's tail count double against `target` (their craft within
 * three junctures)? */
bool kodrek_pull_doubled(const struct kodrek_state *s, int puller, int target);

/* Coins each player wins (+) or pays (-) in a finished game and the coins
 * left to the house; the sum of all four is zero (D8). */
void kodrek_payout(const struct variant *v, const struct kodrek_state *s,
                   int coins[KODREK_PLAYERS], int *house);

/* Heuristic value for `player` (kodrek_eval.c): its expected return times
 * GAME_EVAL_MAX, after finishing the current turn by simple rules. */
int kodrek_evaluate(const struct variant *v, const void *state, int player);
/* Spread of the returns for MCTS's exploration (kodrek_eval.c). */
double kodrek_return_scale(const struct variant *v);

/* The game contract's callbacks (kodrek_rules.c), joined to the rest in
 * kodrek_game.c's table. */
void kodrek_start(const struct variant *v, void *state);
int kodrek_turn(const struct variant *v, const void *state);
unsigned kodrek_acting(const struct variant *v, const void *state);
int kodrek_moves(const struct variant *v, const void *state, move_t *out);
int kodrek_joint_moves(const struct variant *v, const void *state, int player,
                       move_t *out);
void kodrek_apply(const struct variant *v, void *state, move_t move);
void kodrek_apply_joint(const struct variant *v, void *state,
                        const move_t choice[GAME_MAX_PLAYERS]);
void kodrek_returns(const struct variant *v, const void *state,
                    double out[GAME_MAX_PLAYERS]);
/* Player names green, blue, red (kodrek_rules.c). */
const char *kodrek_player_name(const struct variant *v, int player);

/* ---- text (kodrek_text.c) and variants (kodrek_variant.c) ---- */
extern const struct variant_param kodrek_variant_params[];
int kodrek_parse_position(const struct variant *v, const char *text, void *state,
                          char *err);
void kodrek_format_position(const struct variant *v, const void *state, char *buf,
                            size_t n);
int kodrek_parse_move(const struct variant *v, const void *state, const char *text,
                      move_t *move, char *err);
void kodrek_format_move(const struct variant *v, const void *state, move_t move,
                        char *buf, size_t n);
void kodrek_draw(const struct variant *v, const void *state, FILE *out);

/* Moves of the state (also used by the parsers to check legality). */
int kodrek_list_moves(const struct variant *v, const struct kodrek_state *s, move_t *out);
int kodrek_list_joint(const struct variant *v, const struct kodrek_state *s, int player,
                      move_t *out);

/* Whether a parsed state is one the rules can reach in its phase; 0, or -1
 * with a message. */
int kodrek_check_state(const struct variant *v, const struct kodrek_state *s, char *err);

/* The web board (kodrek_web.c; engine/board.h). */
struct board;
void kodrek_describe(const struct variant *v, const void *state, struct board *b);
int kodrek_move_cells(const struct variant *v, const void *state, move_t move,
                      int *cells);

#endif
