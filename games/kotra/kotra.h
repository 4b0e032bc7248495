/*
 * kotra.h - Kotra (after the fan-made rules text "Kotra - A Cardassian Board
 * Game" and rulings T1-T3, restated in RULES.md): two players, two ten-sided
 * dice, hidden ranks, a 51-space board of squares and triangles with
 * terrain. Rules, notation and every
 * choice the text left open: games/kotra/RULES.md.
 *
 * Player 0 is gold (territory at the bottom, ranks 1-4), player 1 silver.
 * A turn is a sequence of small decisions so move lists stay short:
 *   setup  : one decision per territory space (a rank or "empty"), gold then
 *            silver; hidden from the opponent;
 *   roll   : chance node, 100 outcomes (dark, light) of 1/100 each;
 *   enter  : after doubles, which reserve rank comes onto the base (or none);
 *   pick   : which piece moves next (or relocate the capital, or done);
 *   dest   : where the picked piece goes (a step path is implied: any open
 *            space within reach, or an attack on an adjacent enemy);
 *   rescue : after landing on the enemy loyalty space, which piece to rescue.
 * The whole state is a fixed struct of bytes, canonical byte for byte.
 */
#ifndef KIBITZ_KOTRA_H
#define KIBITZ_KOTRA_H

#include "engine/game.h"
#include "games/kotra/kotra_board.h"

#include <stdint.h>

enum kotra_rank {
    RANK_NONE = 0,
    RANK_AGENT = 1,
    RANK_GARRESH = 2,
    RANK_GIL = 3,
    RANK_GLINN = 4,
    RANK_DALIN = 5,
    RANK_DAL = 6,
    RANK_GUL = 7,
    RANK_LEGATE = 8,
    RANK_MINE = 9,
    RANK_CAPITAL = 10,
    RANK_KINDS = 11,
    RANK_UNKNOWN = 15, /* in a player's view: an enemy rank not revealed */
};

enum {
    KOTRA_PIECES = 21,       /* per player */
    KOTRA_ON_BOARD = 17,     /* placed at setup */
    KOTRA_RESERVE = 4,       /* left in reserve at setup */
    KOTRA_TERRITORY = 24,    /* spaces of one player's territory */
    KOTRA_MAX_MOVES = 100,   /* the roll: 10 x 10 outcomes */
    KOTRA_TEXT_BYTES = 1024, /* room for any position text */
    KOTRA_NO_SPACE = 0xFF,
};

enum kotra_phase {
    PHASE_SETUP,
    PHASE_ROLL,
    PHASE_ENTER,
    PHASE_PICK,
    PHASE_DEST,
    PHASE_RESCUE,
    PHASE_OVER,
};

enum kotra_over { OVER_NO, OVER_CAPITAL, OVER_SURRENDER, OVER_LIMIT };

/* cell[]: 0 empty, else owner << 4 | rank. */
static inline int kotra_owner(uint8_t cell) {
    return (cell >> 4) & 1;
}
static inline int kotra_rank_of(uint8_t cell) {
    return cell & 15;
}
static inline uint8_t kotra_cell(int owner, int rank) {
    return (uint8_t)(owner << 4 | rank);
}
static inline int kotra_mobile(int rank) {
    return rank != RANK_MINE && rank != RANK_CAPITAL && rank != RANK_NONE;
}

/* flags[]: public facts about the piece on a space. */
enum {
    KF_MOVED = 1,    /* has moved since setup (so is no mine, no capital) */
    KF_REVEALED = 2, /* rank shown to the opponent (attack, rescue, relocation) */
    KF_RESCUER = 4,  /* has made its one rescue */
    KF_CROSSED = 8,  /* has earned its boundary bonus */
    KF_SHIELD1 = 16, /* shield (2 bits): safety turns left */
    KF_STUCK1 = 64,  /* stuck (2 bits): bog, own turns to sit out */
};
static inline int kotra_shield(uint8_t f) {
    return (f >> 4) & 3;
}
static inline int kotra_stuck(uint8_t f) {
    return (f >> 6) & 3;
}

/* extra[]: promotions (bits 0-2) and per-turn facts. */
enum {
    KX_PROMO = 7,    /* times promoted: rank = rank at setup + promotions (a
                        piece is promoted at most once: 0 or 1) */
    KX_TURN = 8,     /* moved (or arrived) this turn */
    KX_ENTERED = 16, /* came onto the board from the reserve */
    KX_JUMPS1 = 32,  /* door jumps (2 bits): the piece's last moves in a row
                        that used a door jump, 0..2 */
};
static inline int kotra_jumps(uint8_t x) {
    return (x >> 5) & 3;
}
/* Most consecutive moves of a piece that may use a door jump. */
enum { KOTRA_MAX_JUMPS = 2 };

/* status[]: per player. */
enum { KS_UNLOCKED = 1, KS_RELOCATED = 2, KS_RESCUED = 4 };

struct kotra_state {
    int16_t bonus[2]; /* points not from captured pieces: terrain, boundary,
                         the relocation cost */
    uint16_t turns;   /* completed turns since setup */
    uint8_t cell[KOTRA_SPACES];
    uint8_t flags[KOTRA_SPACES];
    uint8_t extra[KOTRA_SPACES];
    /* tray[p]: the enemy pieces p captured, rank | promotions << 4, sorted
     * descending, 0 padded. */
    uint8_t tray[2][KOTRA_PIECES];
    uint8_t reserve[2][KOTRA_RESERVE]; /* ranks, sorted descending, 0 padded */
    uint8_t destroyed[2];              /* mines of p detonated */
    uint8_t status[2];
    uint8_t side;              /* player to decide (setup: who places) */
    uint8_t phase;             /* enum kotra_phase */
    uint8_t dark, light, left; /* dice of this turn; pieces still allowed */
    uint8_t picked;            /* space of the piece being moved or rescuing */
    uint8_t cursor;            /* setup: index of the territory space to decide */
    uint8_t over;              /* enum kotra_over */
};

struct kotra_variant {
    uint16_t max_turns;       /* turns before the game ends on points */
    uint8_t surrender_points; /* 1: a surrender is scored on points (the old
                                 reading); 0: the side that surrenders loses */
};

static inline const struct kotra_variant *kotra_options(const struct variant *v) {
    return (const struct kotra_variant *)v->bytes;
}

/* Move packing: kind in bits 0-3, a in bits 8-15, b in bits 16-23. */
enum kotra_move_kind {
    MV_SETUP = 1,  /* a space, b rank (0: leave empty) */
    MV_ROLL = 2,   /* a dark, b light */
    MV_ENTER = 3,  /* b rank from the reserve (0: none) */
    MV_PICK = 4,   /* a space of the piece to move */
    MV_RELOC = 5,  /* a space of the capital to relocate */
    MV_STEP = 6,   /* a from, b to (an open space) */
    MV_ATTACK = 7, /* a from, b to (an enemy piece) */
    MV_PLACE = 8,  /* relocation: a from, b to */
    MV_RESCUE = 9, /* b tray byte of the piece (0: none) */
    MV_DONE = 10,  /* end the turn */
};
/* A step (or attack) whose destination only a door jump reaches carries this
 * bit: the piece's count of consecutive jump moves goes up. */
#define KOTRA_MOVE_JUMP ((move_t)1 << 24)
static inline move_t kotra_move(int kind, int a, int b) {
    return (move_t)kind | (move_t)a << 8 | (move_t)b << 16;
}
static inline int kotra_move_kind(move_t m) {
    return m == GAME_MOVE_PASS ? 0 : (int)(m & 15);
}
static inline int kotra_move_a(move_t m) {
    return (int)((m >> 8) & 255);
}
static inline int kotra_move_b(move_t m) {
    return (int)((m >> 16) & 255);
}

extern const struct game kotra_game;

/* Pieces of each rank at the start (from the text), and their points. */
extern const uint8_t kotra_rank_count[RANK_KINDS];
extern const uint8_t kotra_rank_value[RANK_KINDS];

/* The i-th space (0..KOTRA_TERRITORY-1) of `player`'s territory. */
int kotra_territory_space(int player, int i);

/* Score of `player`: captured pieces' values plus bonuses. */
int kotra_score(const struct kotra_state *s, int player);

/* The winner of a finished game (KOTRA_GOLD or KOTRA_SILVER), or -1 for a
 * draw (kotra_count.c): the side that surrendered loses (unless the variant scores
 * surrenders on points); otherwise the most points win. */
int kotra_winner(const struct variant *v, const struct kotra_state *s);

/* Move list of a state (the `moves` callback, without the variant). */
int kotra_moves_of(const struct kotra_state *s, move_t *out);

/* Whether `player` could still move at all (with the best roll): no means
 * he surrenders at the start of his turn. */
int kotra_can_move(const struct kotra_state *s, int player);

/* State queries (kotra_count.c) shared by move generation (kotra_moves.c)
 * and applying moves (kotra_rules.c). Pieces of `player` on the board; */
int kotra_count_on_board(const struct kotra_state *s, int player);
/* pieces of each rank `player` has still to place in his setup; */
void kotra_setup_remaining(const struct kotra_state *s, int player, int left[RANK_KINDS]);
/* pieces in `player`'s reserve; whether his base is free; */
int kotra_reserve_count(const struct kotra_state *s, int player);
int kotra_base_free(const struct kotra_state *s, int player);
/* the rescue choices of `me` (pieces in the enemy tray, distinct, no mines
 * or capital) written to `out` if not NULL, and their number. */
int kotra_rescue_options(const struct kotra_state *s, int me, move_t *out);

/* Insert a byte into a sorted descending list of n bytes (0 padded). */
void kotra_list_insert(uint8_t *list, int n, uint8_t value);
/* Remove one occurrence of value; returns 0, or -1 if absent. */
int kotra_list_remove(uint8_t *list, int n, uint8_t value);

/* Setup plans (kotra_setup.c): the rank for each of `player`'s territory
 * spaces (0: empty), 17 pieces with capital, legate and >= 1 mine. The
 * sensible one: capital at the back guarded by mines, the base kept free,
 * garresh toward the front. */
void kotra_setup_sensible(int player, uint64_t (*next_random)(void *ctx), void *ctx,
                          uint8_t plan[KOTRA_TERRITORY]);

/* The setup move for the current setup decision of `s` according to plan. */
move_t kotra_setup_move(const struct kotra_state *s, const uint8_t plan[KOTRA_TERRITORY]);

/* Setup presets for people (`setup NAME` when typing moves). */
enum {
    KOTRA_SETUP_SENSIBLE,
    KOTRA_SETUP_DEFENSIVE,
    KOTRA_SETUP_OFFENSIVE,
    KOTRA_SETUP_RANDOM,
    KOTRA_SETUP_STYLES
};
/* The style named `name` (sensible, defensive, offensive, random), or -1. */
int kotra_setup_style_find(const char *name);
/* The setup decisions the player placing in `s` still has to make, by
 * `style` (a whole plan from the first decision; random legal decisions
 * for "random" or a setup begun by hand) into `out` (room for
 * KOTRA_TERRITORY); returns their number. */
int kotra_setup_preset(const struct variant *v, const struct kotra_state *s, int style,
                       uint64_t (*next_random)(void *ctx), void *ctx, move_t *out);

/* Callbacks implemented in kotra_hidden.c, kotra_position.c, kotra_text.c,
 * kotra_variant.c. */
void kotra_view(const struct variant *v, void *state, int player);
/* game.h's seen_move: an enemy's setup placement or entry without its rank. */
bool kotra_seen_move(const struct variant *v, const void *state, move_t move, int player,
                     move_t *seen);
void kotra_determinize(const struct variant *v, const void *view, int player,
                       uint64_t (*next_random)(void *ctx), void *ctx, void *state_out);
extern const struct variant_param kotra_variant_params[];
int kotra_parse_position(const struct variant *v, const char *text, void *state,
                         char *err);
void kotra_format_position(const struct variant *v, const void *state, char *buf,
                           size_t n);
int kotra_parse_move(const struct variant *v, const void *state, const char *text,
                     move_t *move, char *err);
void kotra_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                       size_t n);
void kotra_draw(const struct variant *v, const void *state, FILE *out);
int kotra_parse_line(const struct variant *v, const void *state, const char *line,
                     uint64_t seed, move_t *out, int max, char *err);
const char *kotra_player_name(const struct variant *v, int player);
/* A piece's two public state marks, as the drawing prints them after its
 * letter (kotra_draw.c): + promoted, $ came from the reserve, ' has moved (or
 * a space); @ shielded by safety, % stuck in a bog, ! rank revealed (or a
 * space). Empty spaces give two spaces. */
void kotra_piece_marks(const struct kotra_state *s, int sp, char marks[3]);

/* The drawing's symbol of a terrain kind (kotra_draw.c). */
char kotra_terrain_symbol(int terrain);
/* Letter of a rank ('L' legate ... 'C' capital, 'X' unknown), upper case. */
char kotra_rank_letter(int rank);
/* The letter of a piece: its rank's letter, lower case for silver. */
char kotra_piece_letter(int owner, int rank);
/* Rank of an upper-case letter (X: unknown), or -1. */
int kotra_letter_rank(char c);

/* The web board (kotra_web.c; engine/board.h). */
struct board;
void kotra_describe(const struct variant *v, const void *state, struct board *b);
int kotra_move_cells(const struct variant *v, const void *state, move_t move, int *cells);

#endif
