/* Kodrek rules: the players' names, start, the turn's decision nodes, the
 * move, the end checks, the payoff (games/kodrek/RULES.md) and whether a
 * parsed position is reachable. The game record that joins these to the
 * notation is kodrek_game.c. */
#include "games/kodrek/kodrek.h"

#include <stdio.h>
#include <string.h>

static const struct kodrek_variant *opts(const struct variant *v) {
    return kodrek_options(v);
}

static const char *const names[KODREK_PLAYERS] = {"green", "blue", "red"};

const char *kodrek_player_name(const struct variant *v, int player) {
    (void)v;
    return player >= 0 && player < KODREK_PLAYERS ? names[player] : "?";
}

struct kodrek_point kodrek_start_stack(const struct kodrek_variant *o, int player) {
    /* The inner triangle's corner nearest the player's board corner. */
    const int s = kodrek_side(o), m = o->margin;
    switch (player) {
    case KODREK_GREEN: return kodrek_point(2 * m, m);
    case KODREK_BLUE: return kodrek_point(s - 1 - m, s - 1 - 2 * m);
    default: return kodrek_point(s - 1 - m, m);
    }
}

struct kodrek_point kodrek_start_craft(const struct kodrek_variant *o, int player) {
    /* Two junctures out from the inner corner along the bisector: one step
     * back along the bisector is the lattice point at distance 2 (D2). */
    const int s = kodrek_side(o), m = o->margin;
    switch (player) {
    case KODREK_GREEN: return kodrek_point(2 * m - 2, m - 1);
    case KODREK_BLUE: return kodrek_point(s - m, s - 2 * m + 1);
    default: return kodrek_point(s - m, m - 1);
    }
}

static void place_pieces(const struct kodrek_variant *o, struct kodrek_state *s) {
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        s->craft[p] = kodrek_start_craft(o, p);
        s->stack[p] = kodrek_start_stack(o, p);
    }
}

void kodrek_start(const struct variant *v, void *state) {
    struct kodrek_state *s = state;
    memset(s, 0, sizeof *s);
    place_pieces(opts(v), s);
    s->turn = 1;
    s->phase = KODREK_SECRET;
}

void kodrek_order(const struct kodrek_variant *o, const struct kodrek_state *s, int phase,
                  int order[KODREK_PLAYERS]) {
    int key[KODREK_PLAYERS];
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        order[p] = p;
        key[p] = phase == KODREK_THRUST ? kodrek_hand(s, p) : s->tails[p];
    }
    /* Insertion sort, stable: equal keys keep clockwise order from green. */
    for (int i = 1; i < KODREK_PLAYERS; i++)
        for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (o->order == KODREK_ORDER_ROUND)
        for (int i = 1; i < KODREK_PLAYERS; i++)
            order[i] = (order[0] + i) % KODREK_PLAYERS;
}

bool kodrek_pull_doubled(const struct kodrek_state *s, int puller, int target) {
    return kodrek_distance(s->craft[puller], s->craft[target]) <= 3;
}

/* The opponent a puller deals with in pull step `sub`: the next player
 * clockwise first, then the other. */
static int pull_target(int puller, int sub) {
    return (puller + 1 + sub) % KODREK_PLAYERS;
}

static bool may_pull(const struct kodrek_state *s, int p) {
    return s->tails[p] > 0 && !(s->returning & (1u << p));
}

/* A stack sitting on the puller's own stack has no direction to be pulled. */
static bool pull_step_open(const struct kodrek_state *s, int p) {
    int target = pull_target(p, s->sub);
    return s->left > 0 && !kodrek_point_equal(s->stack[target], s->stack[p]);
}

static void end_turn(const struct variant *v, struct kodrek_state *s);

/* Move the cursor to the next real decision (a node whose only option would
 * be "nothing" is skipped), or finish the turn. */
static void advance(const struct variant *v, struct kodrek_state *s) {
    int order[KODREK_PLAYERS];
    if (s->phase == KODREK_THRUST) {
        kodrek_order(opts(v), s, KODREK_THRUST, order);
        while (s->cursor < KODREK_PLAYERS && kodrek_hand(s, order[s->cursor]) == 0)
            s->cursor++;
        if (s->cursor < KODREK_PLAYERS) return;
        s->phase = KODREK_PULL;
        s->cursor = 0;
        s->sub = 0;
        s->left = 0;
        kodrek_order(opts(v), s, KODREK_PULL, order);
        s->left = s->tails[order[0]];
    }
    kodrek_order(opts(v), s, KODREK_PULL, order);
    while (s->cursor < KODREK_PLAYERS) {
        int p = order[s->cursor];
        if (may_pull(s, p))
            for (; s->sub < 2; s->sub++)
                if (pull_step_open(s, p)) return;
        s->cursor++;
        s->sub = 0;
        s->left = s->cursor < KODREK_PLAYERS ? s->tails[order[s->cursor]] : 0;
    }
    end_turn(v, s);
}

/* Newcomer rule: a player whose stack went past the outer edge stays in if
 * next turn's hand, all heads, can walk the stack back onto the edge. */
static bool newcomer_saves(const struct variant *v, const struct kodrek_state *s, int p) {
    const struct kodrek_variant *o = opts(v);
    const int side = kodrek_side(o);
    if (!(o->newcomer & (1u << p))) return false;
    if (!kodrek_in_inner(s->craft[p], side, o->margin)) return false;
    if (s->turn + 1 >= o->toleks) return false; /* no next turn */
    int next_hand = s->turn + 2 - s->tails[p];
    if (next_hand <= 0) return false;
    struct kodrek_point spots[1 + 3 * KODREK_MAX_TOLEKS * (KODREK_MAX_TOLEKS + 1)];
    return kodrek_walk_targets(s->stack[p], next_hand, side, true, spots) > 0;
}

/* The move (the text's three steps) for everyone, then D7's end checks. */
static void end_turn(const struct variant *v, struct kodrek_state *s) {
    const struct kodrek_variant *o = opts(v);
    const int side = kodrek_side(o);
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        /* Count craft -> bottom speaker, put the top speaker as far again,
         * craft onto the bottom speaker, bottom speaker onto the top one. */
        struct kodrek_point craft = s->craft[p], stack = s->stack[p];
        s->craft[p] = stack;
        s->stack[p] = kodrek_point(2 * stack.r - craft.r, 2 * stack.k - craft.k);
    }
    unsigned lost = 0;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        const unsigned bit = 1u << p;
        if (!kodrek_in_inner(s->craft[p], side, o->margin))
            lost |= bit;
        else if (!kodrek_on_board(s->stack[p], side)) {
            if (newcomer_saves(v, s, p))
                s->returning |= bit;
            else
                lost |= bit;
        } else if (kodrek_in_inner(s->stack[p], side, o->margin))
            s->returning &= ~bit;
    }
    s->cursor = s->sub = s->left = 0;
    if (lost == 7) {
        /* Nobody can win: the tiebreaker puts the pieces back, coins stay. */
        place_pieces(o, s);
        s->returning = 0;
        lost = 0;
    }
    if (!lost && s->turn + 1 >= o->toleks) lost = 7; /* last tolek used: all lose */
    if (lost) {
        s->phase = KODREK_OVER;
        s->lost = (uint8_t)lost;
        s->returning = 0;
        return;
    }
    s->turn++;
    s->phase = KODREK_SECRET;
}

int kodrek_turn(const struct variant *v, const void *state) {
    (void)v;
    const struct kodrek_state *s = state;
    int order[KODREK_PLAYERS];
    switch (s->phase) {
    case KODREK_SECRET: return TURN_SIMULTANEOUS;
    case KODREK_THRUST:
    case KODREK_PULL: kodrek_order(opts(v), s, s->phase, order); return order[s->cursor];
    default: return TURN_OVER;
    }
}

unsigned kodrek_acting(const struct variant *v, const void *state) {
    (void)v;
    const struct kodrek_state *s = state;
    return s->phase == KODREK_SECRET ? 7u : 0u;
}

int kodrek_list_joint(const struct variant *v, const struct kodrek_state *s, int player,
                      move_t *out) {
    if (s->phase != KODREK_SECRET) return 0;
    const int hand = kodrek_hand(s, player);
    /* Thrown past the edge (newcomer rule): every coin must go heads up. */
    if (!kodrek_on_board(s->stack[player], kodrek_side(opts(v)))) {
        out[0] = kodrek_heads_move(hand);
        return 1;
    }
    for (int h = 0; h <= hand; h++) out[h] = kodrek_heads_move(h);
    return hand + 1;
}

int kodrek_joint_moves(const struct variant *v, const void *state, int player,
                       move_t *out) {
    return kodrek_list_joint(v, state, player, out);
}

int kodrek_list_moves(const struct variant *v, const struct kodrek_state *s,
                      move_t *out) {
    const struct kodrek_variant *o = opts(v);
    const int side = kodrek_side(o);
    int order[KODREK_PLAYERS], n = 0;
    switch (s->phase) {
    case KODREK_SECRET: {
        /* Every joint choice, for tools that play one move at a time (the
         * command line); search uses joint_moves and apply_joint. */
        move_t each[KODREK_PLAYERS][KODREK_MAX_TOLEKS + 1];
        int count[KODREK_PLAYERS];
        for (int p = 0; p < KODREK_PLAYERS; p++)
            count[p] = kodrek_list_joint(v, s, p, each[p]);
        for (int g = 0; g < count[0]; g++)
            for (int b = 0; b < count[1]; b++)
                for (int r = 0; r < count[2]; r++)
                    out[n++] = kodrek_joint_move(kodrek_move_heads(each[0][g], 0),
                                                 kodrek_move_heads(each[1][b], 0),
                                                 kodrek_move_heads(each[2][r], 0));
        return n;
    }
    case KODREK_THRUST: {
        kodrek_order(opts(v), s, KODREK_THRUST, order);
        const int p = order[s->cursor];
        struct kodrek_point to[1 + 3 * KODREK_MAX_TOLEKS * (KODREK_MAX_TOLEKS + 1)];
        /* A stack thrown off the board (newcomer rule) comes back onto it:
         * destinations are board points only, the edge or further in. */
        int count = kodrek_walk_targets(s->stack[p], kodrek_hand(s, p), side, false, to);
        for (int i = 0; i < count; i++) out[n++] = kodrek_thrust_move(to[i]);
        return n;
    }
    case KODREK_PULL: {
        kodrek_order(opts(v), s, KODREK_PULL, order);
        const int target = pull_target(order[s->cursor], s->sub);
        for (int t = 0; t <= s->left; t++) out[n++] = kodrek_pull_move(target, t);
        return n;
    }
    default: return 0;
    }
}

int kodrek_moves(const struct variant *v, const void *state, move_t *out) {
    return kodrek_list_moves(v, state, out);
}

void kodrek_apply_joint(const struct variant *v, void *state,
                        const move_t choice[GAME_MAX_PLAYERS]) {
    struct kodrek_state *s = state;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        int heads = kodrek_move_heads(choice[p], p);
        /* Tails stay on the table; heads come back to the hand next turn. */
        s->tails[p] = (uint8_t)(s->tails[p] + kodrek_hand(s, p) - heads);
    }
    s->phase = KODREK_THRUST;
    s->cursor = 0;
    advance(v, s);
}

void kodrek_apply(const struct variant *v, void *state, move_t move) {
    struct kodrek_state *s = state;
    int order[KODREK_PLAYERS];
    switch (kodrek_move_kind(move)) {
    case KODREK_MOVE_JOINT: {
        move_t choice[GAME_MAX_PLAYERS] = {move, move, move, 0};
        kodrek_apply_joint(v, s, choice);
        return;
    }
    case KODREK_MOVE_THRUST:
        kodrek_order(opts(v), s, KODREK_THRUST, order);
        s->stack[order[s->cursor]] = kodrek_move_point(move);
        s->cursor++;
        advance(v, s);
        return;
    case KODREK_MOVE_PULL: {
        kodrek_order(opts(v), s, KODREK_PULL, order);
        const int p = order[s->cursor], target = kodrek_move_target(move);
        const int tails = kodrek_move_tails(move);
        const int steps = tails * (kodrek_pull_doubled(s, p, target) ? 2 : 1);
        s->stack[target] = kodrek_toward(s->stack[target], s->stack[p], steps);
        s->left = (uint8_t)(s->left - tails);
        s->sub++;
        advance(v, s);
        return;
    }
    default: return;
    }
}

void kodrek_payout(const struct variant *v, const struct kodrek_state *s,
                   int coins[KODREK_PLAYERS], int *house) {
    (void)v;
    /* Every coin taken into the hand has been played (slapped down heads or
     * tails at least once): turn + 1 coins each by the end of `turn`. */
    const int played = s->turn + 1;
    const int losers = __builtin_popcount(s->lost);
    *house = 0;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        if (s->lost & (1u << p))
            coins[p] = -played;
        else if (losers == 1)
            coins[p] = played / 2;
        else
            coins[p] = 2 * played;
    }
    if (losers == 1) *house = played % 2; /* the odd coin */
    if (losers == 3) *house = 3 * played; /* drinks */
}

void kodrek_returns(const struct variant *v, const void *state,
                    double out[GAME_MAX_PLAYERS]) {
    const struct kodrek_state *s = state;
    const struct kodrek_variant *o = opts(v);
    int coins[KODREK_PLAYERS], house;
    kodrek_payout(v, s, coins, &house);
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        if (o->payoff == KODREK_PAYOFF_WINLOSS)
            out[p] = (s->lost & (1u << p)) ? -1.0 : 1.0;
        else /* the most anyone can win is both others' whole stakes */
            out[p] = coins[p] / (2.0 * o->toleks);
    }
}

/* The parts of kodrek_check_state: each returns 0, or -1 with a message. */

/* Turn, phase, pieces within reach, tails, the returning and lost marks and
 * the pull progress and cursor of the phase. */
static int check_counts(const struct variant *v, const struct kodrek_state *s,
                        char *err) {
    const struct kodrek_variant *o = opts(v);
    if (s->turn < 1 || s->turn >= o->toleks) {
        snprintf(err, GAME_ERROR_BYTES, "turn %d is outside 1..%d", s->turn,
                 o->toleks - 1);
        return -1;
    }
    if (s->phase > KODREK_OVER) {
        snprintf(err, GAME_ERROR_BYTES, "unknown phase");
        return -1;
    }
    const bool over = s->phase == KODREK_OVER, secret = s->phase == KODREK_SECRET;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        const struct kodrek_point pts[2] = {s->craft[p], s->stack[p]};
        for (int i = 0; i < 2; i++)
            if (pts[i].r < -KODREK_COORD_LIMIT || pts[i].r > KODREK_COORD_LIMIT ||
                pts[i].k < -KODREK_COORD_LIMIT || pts[i].k > KODREK_COORD_LIMIT) {
                snprintf(err, GAME_ERROR_BYTES, "%s's pieces are impossibly far away",
                         kodrek_player_name(v, p));
                return -1;
            }
        /* At the secret choice the coins of earlier turns are out and at least
         * this turn's new coin is in hand. */
        if (s->tails[p] > s->turn + (secret ? 0 : 1)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "%s has %d tails, more than the %d coins played",
                     kodrek_player_name(v, p), s->tails[p], s->turn + (secret ? 0 : 1));
            return -1;
        }
    }
    if ((s->returning & ~o->newcomer) || (over && s->returning)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "a player is marked returning without the newcomer rule");
        return -1;
    }
    if (over != (s->lost != 0) || s->lost > 7) {
        snprintf(err, GAME_ERROR_BYTES,
                 over ? "a finished game needs a loser"
                      : "a player has lost but the game goes on");
        return -1;
    }
    if (over && s->lost == 7 && s->turn != o->toleks - 1) {
        snprintf(err, GAME_ERROR_BYTES, "all three lose only after the last tolek");
        return -1;
    }
    if (s->phase != KODREK_PULL && (s->sub || s->left)) {
        snprintf(err, GAME_ERROR_BYTES, "pull progress outside the pull phase");
        return -1;
    }
    if ((secret || over) && s->cursor) {
        snprintf(err, GAME_ERROR_BYTES, "a cursor outside the thrust and pull phases");
        return -1;
    }
    return 0;
}

/* Crafts do not move during a turn: all on their start points (first turn
 * or after a tiebreak) or all inside the inner triangle. */
static int check_crafts(const struct variant *v, const struct kodrek_state *s,
                        char *err) {
    const struct kodrek_variant *o = opts(v);
    bool at_start = true, inside = true;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        at_start &= kodrek_point_equal(s->craft[p], kodrek_start_craft(o, p));
        inside &= kodrek_in_inner(s->craft[p], kodrek_side(o), o->margin);
    }
    if (!at_start && !inside) {
        snprintf(err, GAME_ERROR_BYTES, "a craft in play is outside the inner triangle");
        return -1;
    }
    return 0;
}

/* At the secret choice a stack is off the board only for a returning player
 * who can come back. */
static int check_secret_stacks(const struct variant *v, const struct kodrek_state *s,
                               char *err) {
    const int side = kodrek_side(opts(v));
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        if (kodrek_on_board(s->stack[p], side)) continue;
        struct kodrek_point spots[1 + 3 * KODREK_MAX_TOLEKS * (KODREK_MAX_TOLEKS + 1)];
        if (!(s->returning & (1u << p)) ||
            kodrek_walk_targets(s->stack[p], kodrek_hand(s, p), side, true, spots) == 0) {
            snprintf(err, GAME_ERROR_BYTES, "%s's stack is off the board",
                     kodrek_player_name(v, p));
            return -1;
        }
    }
    return 0;
}

/* The thruster `p` has heads; thrusts land on the board, and only a
 * returning player who can come back starts the turn off it: during the
 * thrusts a stack is off the board only for such a player, and the thruster
 * always has somewhere to go (a state that is not over has a move). */
static int check_thrust(const struct variant *v, const struct kodrek_state *s, int p,
                        char *err) {
    const int side = kodrek_side(opts(v));
    if (kodrek_hand(s, p) <= 0) {
        snprintf(err, GAME_ERROR_BYTES, "%s has no heads to thrust with",
                 kodrek_player_name(v, p));
        return -1;
    }
    struct kodrek_point spots[1 + 3 * KODREK_MAX_TOLEKS * (KODREK_MAX_TOLEKS + 1)];
    for (int q = 0; q < KODREK_PLAYERS; q++) {
        if (kodrek_on_board(s->stack[q], side)) continue;
        if (!(s->returning & (1u << q)) || kodrek_hand(s, q) <= 0 ||
            kodrek_walk_targets(s->stack[q], kodrek_hand(s, q), side, false, spots) ==
                0) {
            snprintf(err, GAME_ERROR_BYTES,
                     "%s's stack is off the board and cannot come back",
                     kodrek_player_name(v, q));
            return -1;
        }
    }
    return 0;
}

int kodrek_check_state(const struct variant *v, const struct kodrek_state *s, char *err) {
    if (check_counts(v, s, err) < 0) return -1;
    if (s->phase == KODREK_OVER) return 0;
    if (check_crafts(v, s, err) < 0) return -1;
    if (s->phase == KODREK_SECRET) return check_secret_stacks(v, s, err);
    int order[KODREK_PLAYERS];
    kodrek_order(opts(v), s, s->phase, order);
    if (s->cursor >= KODREK_PLAYERS) {
        snprintf(err, GAME_ERROR_BYTES, "cursor %d past the third player", s->cursor);
        return -1;
    }
    const int p = order[s->cursor];
    if (s->phase == KODREK_THRUST) return check_thrust(v, s, p, err);
    if (!may_pull(s, p) || s->sub > 1 || s->left > s->tails[p] ||
        (s->sub == 0 && s->left != s->tails[p]) || !pull_step_open(s, p)) {
        snprintf(err, GAME_ERROR_BYTES, "%s has no such pull to make",
                 kodrek_player_name(v, p));
        return -1;
    }
    return 0;
}
