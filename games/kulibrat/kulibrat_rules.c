/* Kulibrat rules: move generation, moves, turn, end (RULINGS K1-K8). */
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_text.h"
#include "games/kulibrat/kulibrat_tiers.h"

#include <string.h>

enum { ROW_MASK = 7 };

/* Row a player's pieces enter on, and the row they leave the board from. */
static inline int start_row(int player) {
    return player == KULIBRAT_BLACK ? 0 : KULIBRAT_ROWS - 1;
}
static inline int far_row(int player) {
    return player == KULIBRAT_BLACK ? KULIBRAT_ROWS - 1 : 0;
}
/* Row step "forward" for a player: black moves down, red up. */
static inline int forward(int player) {
    return player == KULIBRAT_BLACK ? 1 : -1;
}

static inline int popcount16(unsigned x) {
    return __builtin_popcount(x);
}

int kulibrat_player_moves(const struct kulibrat_state *s, int player, move_t *out) {
    const unsigned own = s->pieces[player];
    const unsigned enemy = s->pieces[1 - player];
    const unsigned occupied = own | enemy;
    const int dir = forward(player);
    const int goal_row = far_row(player);
    int n = 0;

    if (popcount16(own) < KULIBRAT_PIECES) {
        int first = start_row(player) * KULIBRAT_COLS;
        for (int sq = first; sq < first + KULIBRAT_COLS; sq++)
            if (!(occupied & (1u << sq)))
                out[n++] = kulibrat_move(KULIBRAT_INSERT, sq, sq);
    }

    for (unsigned rest = own; rest; rest &= rest - 1) {
        int from = __builtin_ctz(rest);
        int row = from / KULIBRAT_COLS, col = from % KULIBRAT_COLS;
        if (row == goal_row) {
            /* K3: from the opponent's start row the only diagonal is off the
             * board; nothing lies straight ahead, so no attack or jump. */
            out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, KULIBRAT_OFF);
            continue;
        }
        int next = row + dir;
        for (int dc = -1; dc <= 1; dc += 2) {
            int c = col + dc;
            if (c < 0 || c >= KULIBRAT_COLS) continue;
            int to = next * KULIBRAT_COLS + c;
            if (!(occupied & (1u << to)))
                out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, to);
        }
        int ahead = next * KULIBRAT_COLS + col;
        if (!(enemy & (1u << ahead))) continue;
        /* K4: attack the piece straight ahead. */
        out[n++] = kulibrat_move(KULIBRAT_ATTACK, from, ahead);
        /* K5: jump the unbroken enemy line that starts straight ahead. */
        int r = next;
        while (r >= 0 && r < KULIBRAT_ROWS && (enemy & (1u << (r * KULIBRAT_COLS + col))))
            r += dir;
        if (r < 0 || r >= KULIBRAT_ROWS) {
            out[n++] = kulibrat_move(KULIBRAT_JUMP, from, KULIBRAT_OFF);
        } else {
            int land = r * KULIBRAT_COLS + col;
            if (!(occupied & (1u << land)))
                out[n++] = kulibrat_move(KULIBRAT_JUMP, from, land);
        }
    }
    return n;
}

static bool target_reached(const struct variant *v, const struct kulibrat_state *s) {
    int target = kulibrat_options(v)->target;
    return s->score[0] >= target || s->score[1] >= target;
}

static int kulibrat_moves(const struct variant *v, const void *state, move_t *out) {
    const struct kulibrat_state *s = state;
    if (target_reached(v, s)) return 0;
    int n = kulibrat_player_moves(s, s->side, out);
    if (n > 0) return n;
    /* K6/K7: pass if the opponent can move, otherwise the game is locked. */
    move_t scratch[KULIBRAT_MAX_MOVES];
    if (kulibrat_player_moves(s, 1 - s->side, scratch) == 0) return 0;
    out[0] = GAME_MOVE_PASS;
    return 1;
}

static int kulibrat_turn(const struct variant *v, const void *state) {
    const struct kulibrat_state *s = state;
    if (target_reached(v, s)) return TURN_OVER;
    move_t scratch[KULIBRAT_MAX_MOVES];
    if (kulibrat_player_moves(s, s->side, scratch) > 0) return s->side;
    if (kulibrat_player_moves(s, 1 - s->side, scratch) > 0) return s->side;
    return TURN_OVER;
}

static void kulibrat_apply(const struct variant *v, void *state, move_t move) {
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

static void kulibrat_returns(const struct variant *v, const void *state,
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

static void kulibrat_start(const struct variant *v, void *state) {
    struct kulibrat_state *s = state;
    memset(s, 0, sizeof *s);
    s->side = kulibrat_options(v)->first;
}

/* Heuristic for depth-limited search: points first (scaled by how close the
 * target is), then how far pieces have advanced toward the far row. */
static int kulibrat_evaluate(const struct variant *v, const void *state, int player) {
    const struct kulibrat_state *s = state;
    const int target = kulibrat_options(v)->target;
    int value = 0;
    for (int p = 0; p < 2; p++) {
        int sign = p == player ? 1 : -1;
        int points = (s->score[p] * 6000) / target;
        int advance = 0;
        for (unsigned rest = s->pieces[p]; rest; rest &= rest - 1) {
            int row = __builtin_ctz(rest) / KULIBRAT_COLS;
            advance += 1 + (p == KULIBRAT_BLACK ? row : KULIBRAT_ROWS - 1 - row);
        }
        value += sign * (points + advance * 40);
    }
    if (value > GAME_EVAL_MAX) value = GAME_EVAL_MAX;
    if (value < -GAME_EVAL_MAX) value = -GAME_EVAL_MAX;
    return value;
}

const struct game kulibrat_game = {
    .name = "kulibrat",
    .summary = "two players, 3x4 board, race pieces across and score",
    .players = 2,
    .flags = GAME_ZERO_SUM_2P | GAME_CAN_CYCLE,
    .state_size = sizeof(struct kulibrat_state),
    .max_moves = KULIBRAT_MAX_MOVES,
    .variant_keys = kulibrat_variant_keys,
    .variant_default = kulibrat_variant_default,
    .variant_set = kulibrat_variant_set,
    .variant_format = kulibrat_variant_format,
    .start = kulibrat_start,
    .turn = kulibrat_turn,
    .moves = kulibrat_moves,
    .apply = kulibrat_apply,
    .returns = kulibrat_returns,
    .evaluate = kulibrat_evaluate,
    .parse_position = kulibrat_parse_position,
    .format_position = kulibrat_format_position,
    .parse_move = kulibrat_parse_move,
    .format_move = kulibrat_format_move,
    .draw = kulibrat_draw,
    .player_name = kulibrat_player_name,
    .tier_of = kulibrat_tier_of,
    .tier_size = kulibrat_tier_size,
    .tier_children = kulibrat_tier_children,
    .rank = kulibrat_rank,
    .unrank = kulibrat_unrank,
    .tier_name = kulibrat_tier_name,
    .tier_shape = kulibrat_tier_shape,
    .solved_variants = kulibrat_solved_variants,
};
