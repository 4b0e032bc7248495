/* Kotra rules: applying a move (setup, dice, movement, attacks, terrain,
 * rescue, promotion, relocation), the end, and the game contract (see
 * RULES.md). What may be played is kotra_moves.c; the counts and the score
 * that both read are kotra_count.c. */
#include "games/kotra/kotra.h"

#include <string.h>

/* ---- applying moves ---- */

static void clear_space(struct kotra_state *s, int sp) {
    s->cell[sp] = s->flags[sp] = s->extra[sp] = 0;
}

static void tray_add(struct kotra_state *s, int capturer, int sp) {
    uint8_t piece =
        (uint8_t)(kotra_rank_of(s->cell[sp]) | (s->extra[sp] & KX_PROMO) << 4);
    kotra_list_insert(s->tray[capturer], KOTRA_PIECES, piece);
}

/* Terrain bonus for a capture made on `sp` by `capturer` (whoever he is:
 * the text pays "any piece captured" on a marked space). */
static int capture_bonus(int sp, int capturer) {
    switch (kotra_board[sp].terrain) {
    case TERRAIN_BONUS1: return 1;
    case TERRAIN_BONUS2: return 2;
    case TERRAIN_DEFENSE: return 5; /* "any piece captured on this space" */
    default: return 0;
    }
}

static void game_over(struct kotra_state *s, int why) {
    s->phase = PHASE_OVER;
    s->over = (uint8_t)why;
    s->dark = s->light = s->left = 0;
    s->picked = KOTRA_NO_SPACE;
    s->cursor = 0;
    for (int i = 0; i < KOTRA_SPACES; i++) s->extra[i] &= (uint8_t)~KX_TURN;
}

static int occupies_core(const struct kotra_state *s, int me) {
    static const int core[3] = {TERRAIN_LOYALTY, TERRAIN_FAMILY, TERRAIN_DUTY};
    for (int k = 0; k < 3; k++) {
        int sp = kotra_space_of(1 - me, core[k]);
        if (sp < 0 || !s->cell[sp] || kotra_owner(s->cell[sp]) != me) return 0;
    }
    return 1;
}

/* Start of `me`'s turn: relocation unlock, surrender, else wait for dice. */
static void begin_turn(const struct variant *v, struct kotra_state *s) {
    const int me = s->side;
    if (!(s->status[me] & KS_UNLOCKED) && (s->status[me] & KS_RESCUED) &&
        occupies_core(s, me)) {
        s->status[me] |= KS_UNLOCKED;
        s->bonus[me] -= 10;
    }
    if (!kotra_can_move(s, me)) {
        game_over(s, OVER_SURRENDER);
        return;
    }
    s->phase = PHASE_ROLL;
}

static void end_turn(const struct variant *v, struct kotra_state *s) {
    const int me = s->side;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (!s->cell[sp]) continue;
        s->extra[sp] &= (uint8_t)~KX_TURN;
        int owner = kotra_owner(s->cell[sp]);
        uint8_t f = s->flags[sp];
        if (owner == me && kotra_stuck(f)) f = (uint8_t)(f - KF_STUCK1);
        if (owner != me && kotra_shield(f)) f = (uint8_t)(f - KF_SHIELD1);
        s->flags[sp] = f;
    }
    s->dark = s->light = s->left = 0;
    s->picked = KOTRA_NO_SPACE;
    s->turns++;
    if (s->turns >= kotra_options(v)->max_turns) {
        game_over(s, OVER_LIMIT);
        return;
    }
    s->side = (uint8_t)(1 - me);
    begin_turn(v, s);
}

/* After a piece's move is complete: next pick, or the end of the turn. */
static void piece_done(const struct variant *v, struct kotra_state *s) {
    s->picked = KOTRA_NO_SPACE;
    if (s->left == 0)
        end_turn(v, s);
    else
        s->phase = PHASE_PICK;
}

/* The boundary bonus: +2 the first time a piece of `me`, now on `sp`, is in
 * the opponent's territory. Paid on every way in, a capital capture too:
 * there the points decide the winner. */
static void cross_boundary(struct kotra_state *s, int sp, int me) {
    uint8_t *f = &s->flags[sp];
    if (kotra_board[sp].zone == 1 - me && !(*f & KF_CROSSED)) {
        *f |= KF_CROSSED;
        s->bonus[me] += 2;
    }
}

/* Effects of a piece of `me` arriving on `sp` (a step or a won attack).
 * Returns 1 when a rescue decision follows. */
static int land(struct kotra_state *s, int sp, int me) {
    const struct kotra_space *b = &kotra_board[sp];
    uint8_t *f = &s->flags[sp];
    *f = (uint8_t)(*f & ~(3 * KF_SHIELD1));
    if (b->terrain == TERRAIN_SAFETY) *f = (uint8_t)(*f | 2 * KF_SHIELD1);
    if (b->terrain == TERRAIN_BOG)
        *f = (uint8_t)((*f & ~(3 * KF_STUCK1)) | 2 * KF_STUCK1);
    cross_boundary(s, sp, me);
    int rank = kotra_rank_of(s->cell[sp]);
    if (b->terrain == TERRAIN_PROMOTION && b->zone == 1 - me &&
        !(s->extra[sp] & KX_PROMO) && kotra_mobile(rank) && rank <= RANK_LEGATE) {
        /* Once per piece. A legate cannot go up: since promotions are public,
         * an unpromoted piece that stays unpromoted here is seen to be the
         * legate, so the rules reveal it. */
        if (rank == RANK_LEGATE) {
            *f |= KF_REVEALED;
        } else {
            s->cell[sp]++;
            s->extra[sp]++;
            rank++;
        }
    }
    /* A garresh gets the rescue decision too (with no choice but to
     * decline): whether a rescue decision follows is public, and must not
     * tell a garresh from the others. */
    return b->terrain == TERRAIN_LOYALTY && b->zone == 1 - me && !(*f & KF_RESCUER) &&
           kotra_base_free(s, me) && kotra_rescue_options(s, me, NULL) > 0;
}

/* The extra byte of a piece after move `m`: moved this turn, and its count
 * of consecutive moves with a door jump raised (capped) or reset. */
static uint8_t count_jump(uint8_t extra, move_t m) {
    int jumps = kotra_jumps(extra);
    jumps = (m & KOTRA_MOVE_JUMP) ? (jumps < KOTRA_MAX_JUMPS ? jumps + 1 : jumps) : 0;
    return (uint8_t)((extra & ~(3 * KX_JUMPS1)) | KX_TURN | jumps * KX_JUMPS1);
}

/* Attack from `from` on `to` by move `m`; returns 1 if a rescue decision
 * follows. */
static int attack(struct kotra_state *s, int from, int to, move_t m) {
    const int me = kotra_owner(s->cell[from]);
    const int enemy = 1 - me;
    const int a = kotra_rank_of(s->cell[from]), d = kotra_rank_of(s->cell[to]);
    int attacker_wins;
    if (d == RANK_MINE) {
        if (a != RANK_GARRESH) {
            /* Detonation: the attacker is captured by the mine's owner and the
             * mine leaves the game. */
            tray_add(s, enemy, from);
            s->bonus[enemy] += (int16_t)capture_bonus(to, enemy);
            clear_space(s, from);
            clear_space(s, to);
            s->destroyed[enemy]++;
            return 0;
        }
        attacker_wins = 1; /* defused */
    } else if (d == RANK_CAPITAL || d == RANK_AGENT) {
        attacker_wins = 1;
    } else if (a == RANK_AGENT && d == RANK_LEGATE) {
        attacker_wins = 1;
    } else {
        attacker_wins = a >= d; /* equal ranks: the attacker wins */
    }
    if (!attacker_wins) {
        tray_add(s, enemy, from);
        s->bonus[enemy] += (int16_t)capture_bonus(to, enemy);
        clear_space(s, from);
        s->flags[to] |= KF_REVEALED;
        return 0;
    }
    tray_add(s, me, to);
    s->bonus[me] += (int16_t)capture_bonus(to, me);
    s->cell[to] = s->cell[from];
    s->flags[to] = (uint8_t)(s->flags[from] | KF_REVEALED | KF_MOVED);
    s->extra[to] = count_jump(s->extra[from], m);
    clear_space(s, from);
    if (d == RANK_CAPITAL) {
        /* The game ends here: of the landing's effects only the points
         * count. */
        cross_boundary(s, to, me);
        return 0;
    }
    return land(s, to, me);
}

static void setup_apply(const struct variant *v, struct kotra_state *s, move_t m) {
    const int me = s->side;
    if (kotra_move_b(m)) s->cell[kotra_move_a(m)] = kotra_cell(me, kotra_move_b(m));
    s->cursor++;
    if (kotra_count_on_board(s, me) < KOTRA_ON_BOARD && s->cursor < KOTRA_TERRITORY)
        return;
    int left[RANK_KINDS];
    kotra_setup_remaining(s, me, left);
    for (int r = RANK_KINDS - 1; r > 0; r--)
        while (left[r]-- > 0)
            kotra_list_insert(s->reserve[me], KOTRA_RESERVE, (uint8_t)r);
    s->cursor = 0;
    if (me == KOTRA_GOLD) {
        s->side = KOTRA_SILVER;
        return;
    }
    s->side = KOTRA_GOLD;
    begin_turn(v, s);
}

/* The parts of kotra_apply, one a kind of move (a, b: the move's fields). */

/* A piece from the reserve onto the base (b: its rank; 0 enters none). */
static void apply_enter(struct kotra_state *s, int me, int b) {
    if (b) {
        int base = kotra_space_of(me, TERRAIN_BASE);
        kotra_list_remove(s->reserve[me], KOTRA_RESERVE, (uint8_t)b);
        s->cell[base] = kotra_cell(me, b);
        s->flags[base] = 0;
        s->extra[base] = KX_ENTERED | KX_TURN;
    }
    s->phase = PHASE_PICK;
}

/* The capital relocated from a to b. */
static void apply_place(const struct variant *v, struct kotra_state *s, int me, int a,
                        int b) {
    s->cell[b] = s->cell[a];
    s->flags[b] = KF_REVEALED; /* relocation shows where the capital is */
    s->extra[b] = KX_TURN;
    clear_space(s, a);
    s->status[me] |= KS_RELOCATED;
    s->left--;
    piece_done(v, s);
}

/* A step from a to b; landing on the enemy loyalty space may rescue. */
static void apply_step(const struct variant *v, struct kotra_state *s, int me, int a,
                       int b, move_t m) {
    s->cell[b] = s->cell[a];
    s->flags[b] = (uint8_t)(s->flags[a] | KF_MOVED);
    s->extra[b] = count_jump(s->extra[a], m);
    clear_space(s, a);
    s->left--;
    if (land(s, b, me)) {
        s->picked = (uint8_t)b;
        s->phase = PHASE_RESCUE;
        return;
    }
    piece_done(v, s);
}

/* An attack from a on b: the capital's capture ends the game. */
static void apply_attack(const struct variant *v, struct kotra_state *s, int me, int a,
                         int b, move_t m) {
    int captured_capital = s->cell[b] == kotra_cell(1 - me, RANK_CAPITAL);
    int rescue = attack(s, a, b, m);
    s->left--;
    if (captured_capital) {
        game_over(s, OVER_CAPITAL);
        return;
    }
    if (rescue) {
        s->picked = (uint8_t)b;
        s->phase = PHASE_RESCUE;
        return;
    }
    piece_done(v, s);
}

/* A captured piece back from the enemy tray onto the base (b: its tray
 * byte; 0 rescues none). */
static void apply_rescue(const struct variant *v, struct kotra_state *s, int me, int b) {
    if (b) {
        int base = kotra_space_of(me, TERRAIN_BASE);
        kotra_list_remove(s->tray[1 - me], KOTRA_PIECES, (uint8_t)b);
        s->cell[base] = kotra_cell(me, b & 15);
        s->flags[base] = KF_REVEALED;
        s->extra[base] = (uint8_t)(((b >> 4) & KX_PROMO) | KX_TURN);
        s->flags[s->picked] |= KF_RESCUER;
        s->status[me] |= KS_RESCUED;
    }
    piece_done(v, s);
}

static void kotra_apply(const struct variant *v, void *state, move_t m) {
    struct kotra_state *s = state;
    const int me = s->side;
    if (m == GAME_MOVE_PASS) {
        end_turn(v, s);
        return;
    }
    const int a = kotra_move_a(m), b = kotra_move_b(m);
    switch (kotra_move_kind(m)) {
    case MV_SETUP: setup_apply(v, s, m); return;
    case MV_ROLL:
        s->dark = (uint8_t)a;
        s->light = (uint8_t)b;
        s->left = (uint8_t)a;
        s->phase = a == b && kotra_reserve_count(s, me) > 0 && kotra_base_free(s, me)
                       ? PHASE_ENTER
                       : PHASE_PICK;
        return;
    case MV_ENTER: apply_enter(s, me, b); return;
    case MV_PICK:
    case MV_RELOC:
        s->picked = (uint8_t)a;
        s->phase = PHASE_DEST;
        return;
    case MV_DONE: end_turn(v, s); return;
    case MV_PLACE: apply_place(v, s, me, a, b); return;
    case MV_STEP: apply_step(v, s, me, a, b, m); return;
    case MV_ATTACK: apply_attack(v, s, me, a, b, m); return;
    case MV_RESCUE: apply_rescue(v, s, me, b); return;
    default: return;
    }
}

static int kotra_turn(const struct variant *v, const void *state) {
    const struct kotra_state *s = state;
    if (s->phase == PHASE_OVER) return TURN_OVER;
    if (s->phase == PHASE_ROLL) return TURN_CHANCE;
    return s->side;
}

static int kotra_moves(const struct variant *v, const void *state, move_t *out) {
    const struct kotra_state *s = state;
    if (s->phase == PHASE_OVER) return 0;
    return kotra_moves_of(s, out);
}

static void kotra_chance(const struct variant *v, const void *state,
                         const move_t *outcomes, int count, double *prob) {
    for (int i = 0; i < count; i++) prob[i] = 1.0 / count;
}

static void kotra_returns(const struct variant *v, const void *state,
                          double out[GAME_MAX_PLAYERS]) {
    const struct kotra_state *s = state;
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    int winner = kotra_winner(v, s);
    out[KOTRA_GOLD] = winner == KOTRA_GOLD ? 1.0 : winner == KOTRA_SILVER ? -1.0 : 0.0;
    out[KOTRA_SILVER] = -out[KOTRA_GOLD];
}

static const char *kotra_end_reason(const struct variant *v, const void *state) {
    static const char *const why[] = {"", "capital", "surrender", "turn limit"};
    const struct kotra_state *s = state;
    return s->phase == PHASE_OVER && s->over < 4 ? why[s->over] : NULL;
}

static void kotra_start(const struct variant *v, void *state) {
    struct kotra_state *s = state;
    memset(s, 0, sizeof *s);
    s->phase = PHASE_SETUP;
    s->picked = KOTRA_NO_SPACE;
}

/* Points difference, for depth-limited search. */
static int kotra_evaluate(const struct variant *v, const void *state, int player) {
    const struct kotra_state *s = state;
    int value = 200 * (kotra_score(s, player) - kotra_score(s, 1 - player));
    return value > GAME_EVAL_MAX    ? GAME_EVAL_MAX
           : value < -GAME_EVAL_MAX ? -GAME_EVAL_MAX
                                    : value;
}

extern const struct bench_suite kotra_bench; /* kotra_bench.c */
int kotra_observe(const struct variant *v, const void *view, int player, float *out,
                  int dims[3]); /* kotra_observe.c */

const struct game kotra_game = {
    .name = "kotra",
    .summary = "two players, dice, hidden ranks and terrain",
    .players = 2,
    .flags = GAME_HAS_CHANCE | GAME_HAS_HIDDEN | GAME_ZERO_SUM_2P,
    .state_size = sizeof(struct kotra_state),
    .max_moves = KOTRA_MAX_MOVES,
    /* The game's own turn limit (turns=, at most 10,000 turns of a few dozen
     * plies) ends it first; this only bounds a match in plies. */
    .play_limit = 1000000,
    .variant_params = kotra_variant_params,
    .start = kotra_start,
    .turn = kotra_turn,
    .moves = kotra_moves,
    .apply = kotra_apply,
    .returns = kotra_returns,
    .chance = kotra_chance,
    .evaluate = kotra_evaluate,
    .parse_position = kotra_parse_position,
    .format_position = kotra_format_position,
    .parse_move = kotra_parse_move,
    .format_move = kotra_format_move,
    .draw = kotra_draw,
    .player_name = kotra_player_name,
    .view = kotra_view,
    .determinize = kotra_determinize,
    .seen_move = kotra_seen_move,
    .describe = kotra_describe,
    .move_cells = kotra_move_cells,
    .bench = &kotra_bench,
    .end_reason = kotra_end_reason,
    .parse_line = kotra_parse_line,
    .observe = kotra_observe,
};

_Static_assert(sizeof(struct kotra_state) <= GAME_MAX_STATE_BYTES, "state too large");
