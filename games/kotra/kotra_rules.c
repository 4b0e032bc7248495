/* Kotra rules: setup decisions, dice, movement, attacks, terrain, rescue,
 * promotion, relocation, scoring and the end (see RULES.md). */
#include "games/kotra/kotra.h"

#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* agent garresh gil glinn dalin dal gul legate mine capital (from the text) */
const uint8_t kotra_rank_count[RANK_KINDS] = {0, 1, 5, 3, 3, 2, 1, 1, 1, 3, 1};
/* Points rise with rank (T1); mines are worth nothing; the capital 10. */
const uint8_t kotra_rank_value[RANK_KINDS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 10};

enum { MAX_DOOR_JUMPS = 2 };

int kotra_territory_space(int player, int i) {
    /* Silver's territory is the first 24 spaces of the table, gold's the last
     * 24 (checked by the board tests). */
    return player == KOTRA_SILVER ? i : KOTRA_SPACES - KOTRA_TERRITORY + i;
}

void kotra_list_insert(uint8_t *list, int n, uint8_t value) {
    int i = 0;
    while (i < n - 1 && list[i] >= value) i++; /* 0 padding is below any value */
    memmove(list + i + 1, list + i, (size_t)(n - 1 - i));
    list[i] = value;
}

int kotra_list_remove(uint8_t *list, int n, uint8_t value) {
    for (int i = 0; i < n; i++) {
        if (list[i] != value) continue;
        memmove(list + i, list + i + 1, (size_t)(n - i - 1));
        list[n - 1] = 0;
        return 0;
    }
    return -1;
}

int kotra_score(const struct kotra_state *s, int player) {
    int score = s->bonus[player];
    for (int i = 0; i < KOTRA_PIECES && s->tray[player][i]; i++) {
        int rank = s->tray[player][i] & 15;
        if (rank < RANK_KINDS) score += kotra_rank_value[rank];
    }
    return score;
}

static int count_on_board(const struct kotra_state *s, int player) {
    int n = 0;
    for (int i = 0; i < KOTRA_SPACES; i++)
        if (s->cell[i] && kotra_owner(s->cell[i]) == player) n++;
    return n;
}

/* Movement allowance of a piece leaving `from` with the light die (T2). */
static int allowance(const struct kotra_state *s, int from) {
    int n = s->light;
    switch (kotra_board[from].terrain) {
    case TERRAIN_ATTACK: n += 3; break;
    case TERRAIN_ADVANCE: n += 1; break;
    case TERRAIN_RETREAT: n -= 1; break;
    default: break;
    }
    return n < 0 ? 0 : n;
}

static uint64_t neighbours_of(const struct kotra_masks *m, uint64_t set) {
    uint64_t out = 0;
    for (; set; set &= set - 1) out |= m->next[__builtin_ctzll(set)];
    return out;
}

/* Spaces as sets: bit i set where the i-th of 64 bytes from `bytes` (a
 * per-space array of the state; the bytes past space 50 belong to other
 * fields and are masked off) has (byte & `mask`) == `value`. Sixteen bytes a
 * step with SSE2 (every x86-64): move generation asks this of whole arrays
 * at every decision. */
static const uint64_t ALL_SPACES = (UINT64_C(1) << KOTRA_SPACES) - 1;

static uint64_t spaces_where(const uint8_t *bytes, uint8_t mask, uint8_t value) {
    uint64_t set = 0;
#ifdef __SSE2__
    const __m128i m = _mm_set1_epi8((char)mask), x = _mm_set1_epi8((char)value);
    for (int i = 0; i < 64; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(bytes + i));
        v = _mm_cmpeq_epi8(_mm_and_si128(v, m), x);
        set |= (uint64_t)(uint16_t)_mm_movemask_epi8(v) << i;
    }
#else
    for (int i = 0; i < 64; i++) set |= (uint64_t)((bytes[i] & mask) == value) << i;
#endif
    return set & ALL_SPACES;
}

/* The per-space arrays are read 64 bytes at a time from the state's start,
 * so the state must go on for that long after each of them. */
_Static_assert(offsetof(struct kotra_state, flags) + 64 <= sizeof(struct kotra_state) &&
                   offsetof(struct kotra_state, extra) + 64 <= sizeof(struct kotra_state),
               "kotra_state: 64 bytes readable from every per-space array");

static const uint8_t *state_bytes(const struct kotra_state *s, size_t offset) {
    return (const uint8_t *)s + offset;
}

/* The open spaces. */
static uint64_t open_spaces(const struct kotra_state *s) {
    return spaces_where(state_bytes(s, offsetof(struct kotra_state, cell)), 0xFF, 0);
}

/* The spaces `me` may attack: enemy pieces without a shield. */
static uint64_t attackable_spaces(const struct kotra_state *s, int me, uint64_t open) {
    const uint8_t *cell = state_bytes(s, offsetof(struct kotra_state, cell));
    const uint8_t *flags = state_bytes(s, offsetof(struct kotra_state, flags));
    return ~open & spaces_where(cell, 0x10, (uint8_t)((1 - me) << 4)) &
           spaces_where(flags, (uint8_t)(3 * KF_SHIELD1), 0);
}

/* The spaces of `me`'s pieces that may be picked: mobile (no mine, no
 * capital), not moved this turn, not stuck in a bog. */
static uint64_t pickable_spaces(const struct kotra_state *s, int me, uint64_t open) {
    const uint8_t *cell = state_bytes(s, offsetof(struct kotra_state, cell));
    const uint8_t *flags = state_bytes(s, offsetof(struct kotra_state, flags));
    const uint8_t *extra = state_bytes(s, offsetof(struct kotra_state, extra));
    return ~open & spaces_where(cell, 0x10, (uint8_t)(me << 4)) &
           ~spaces_where(cell, 15, RANK_MINE) & ~spaces_where(cell, 15, RANK_CAPITAL) &
           ~spaces_where(cell, 15, RANK_NONE) & spaces_where(extra, KX_TURN, 0) &
           spaces_where(flags, (uint8_t)(3 * KF_STUCK1), 0);
}

/* Destinations of the piece on `from` with `budget` steps: open spaces within
 * reach (steps across shared sides over open spaces; door to door jumps are
 * free, at most two in a row), and attacks on enemy pieces one step beyond.
 * Writes moves into out (by space), returns the count.
 *
 * Breadth-first over sets of spaces (51 spaces fit one 64-bit word): the
 * playouts spend most of their time here. Door jumps cost nothing and reach
 * every open door at once, so a level that holds a door holds every open
 * door; the limit of two jumps in a row never binds (a chain of jumps can be
 * replaced by its last jump). */
static int destinations(const struct kotra_state *s, int from, int budget, move_t *out) {
    const struct kotra_masks *m = kotra_masks();
    const uint64_t open = open_spaces(s);
    const uint64_t enemy = attackable_spaces(s, kotra_owner(s->cell[from]), open);
    const uint64_t open_doors = open & m->door;
    uint64_t frontier = UINT64_C(1) << from, reach = frontier, inner = 0;
    for (int d = 0;; d++) {
        if (frontier & m->door) { /* door jumps: same level */
            uint64_t jumped = open_doors & ~reach;
            frontier |= jumped, reach |= jumped;
        }
        if (d >= budget) break;
        inner |= frontier; /* attacks reach one step beyond these */
        frontier = neighbours_of(m, frontier) & open & ~reach;
        if (!frontier) break;
        reach |= frontier;
    }
    uint64_t steps = reach & ~(UINT64_C(1) << from),
             attacks = neighbours_of(m, inner) & enemy;
    int n = 0;
    for (uint64_t all = steps | attacks; all; all &= all - 1) {
        int sp = __builtin_ctzll(all);
        out[n++] = kotra_move((attacks >> sp) & 1 ? MV_ATTACK : MV_STEP, from, sp);
    }
    return n;
}

/* Whether destinations(s, from, budget, ...) would list anything, without the
 * search: a door jump to an open door (free, even with no steps), or with a
 * step to spend an open neighbour or an enemy to attack beside the start.
 * `open` and `enemy` as open_spaces and attackable_spaces give them for the
 * piece's owner. The pick list asks this of every piece each decision. */
static int has_destination(const struct kotra_masks *m, int from, int budget,
                           uint64_t open, uint64_t enemy) {
    const uint64_t at = UINT64_C(1) << from;
    if ((m->door & at) && (m->door & open & ~at)) return 1;
    return budget >= 1 && (m->next[from] & (open | enemy)) != 0;
}

static int capital_space(const struct kotra_state *s, int player) {
    for (int i = 0; i < KOTRA_SPACES; i++)
        if (s->cell[i] == kotra_cell(player, RANK_CAPITAL)) return i;
    return KOTRA_NONE;
}

static int can_relocate(const struct kotra_state *s, int me) {
    if ((s->status[me] & (KS_UNLOCKED | KS_RELOCATED)) != KS_UNLOCKED) return 0;
    int cap = capital_space(s, me);
    if (cap < 0 || (s->extra[cap] & KX_TURN)) return 0;
    for (int i = 0; i < KOTRA_TERRITORY; i++)
        if (!s->cell[kotra_territory_space(me, i)]) return 1;
    return 0;
}

/* Remaining pieces of each rank for a player placing his setup. */
static void setup_remaining(const struct kotra_state *s, int player,
                            int left[RANK_KINDS]) {
    for (int r = 0; r < RANK_KINDS; r++) left[r] = kotra_rank_count[r];
    for (int i = 0; i < KOTRA_SPACES; i++) {
        uint8_t c = s->cell[i];
        if (c && kotra_owner(c) == player && kotra_rank_of(c) < RANK_KINDS)
            left[kotra_rank_of(c)]--;
    }
}

static int setup_moves(const struct kotra_state *s, move_t *out) {
    const int me = s->side;
    int left[RANK_KINDS];
    setup_remaining(s, me, left);
    const int placed = count_on_board(s, me);
    const int to_place = KOTRA_ON_BOARD - placed;
    const int spaces_left = KOTRA_TERRITORY - s->cursor;
    const int sp = kotra_territory_space(me, s->cursor);
    int n = 0;
    if (spaces_left - 1 >= to_place) out[n++] = kotra_move(MV_SETUP, sp, 0);
    if (to_place <= 0) return n;
    for (int r = RANK_CAPITAL; r >= RANK_AGENT; r--) {
        if (left[r] <= 0) continue;
        /* Capital, legate and one mine must still fit after this piece. */
        int need = (left[RANK_CAPITAL] > 0 && r != RANK_CAPITAL) +
                   (left[RANK_LEGATE] > 0 && r != RANK_LEGATE) +
                   (left[RANK_MINE] == kotra_rank_count[RANK_MINE] && r != RANK_MINE);
        if (need <= to_place - 1) out[n++] = kotra_move(MV_SETUP, sp, r);
    }
    return n;
}

static int reserve_count(const struct kotra_state *s, int player) {
    int n = 0;
    while (n < KOTRA_RESERVE && s->reserve[player][n]) n++;
    return n;
}

static int base_free(const struct kotra_state *s, int player) {
    int base = kotra_space_of(player, TERRAIN_BASE);
    return base >= 0 && !s->cell[base];
}

/* Rescuable pieces of `me` in the enemy tray (distinct bytes, no mines). */
static int rescue_options(const struct kotra_state *s, int me, move_t *out) {
    const uint8_t *tray = s->tray[1 - me];
    int n = 0;
    for (int i = 0; i < KOTRA_PIECES && tray[i]; i++) {
        if ((tray[i] & 15) == RANK_MINE || (tray[i] & 15) == RANK_CAPITAL) continue;
        if (i > 0 && tray[i] == tray[i - 1]) continue;
        if (out) out[n] = kotra_move(MV_RESCUE, 0, tray[i]);
        n++;
    }
    return n;
}

int kotra_moves_of(const struct kotra_state *s, move_t *out) {
    const int me = s->side;
    int n = 0;
    switch (s->phase) {
    case PHASE_SETUP: n = setup_moves(s, out); break;
    case PHASE_ROLL:
        for (int dark = 1; dark <= 10; dark++)
            for (int light = 1; light <= 10; light++)
                out[n++] = kotra_move(MV_ROLL, dark, light);
        return n;
    case PHASE_ENTER:
        for (int i = 0; i < KOTRA_RESERVE && s->reserve[me][i]; i++)
            if (i == 0 || s->reserve[me][i] != s->reserve[me][i - 1])
                out[n++] = kotra_move(MV_ENTER, 0, s->reserve[me][i]);
        out[n++] = kotra_move(MV_ENTER, 0, 0);
        break;
    case PHASE_PICK: {
        const struct kotra_masks *m = kotra_masks();
        const uint64_t open = open_spaces(s), enemy = attackable_spaces(s, me, open);
        for (uint64_t left = pickable_spaces(s, me, open); left; left &= left - 1) {
            int sp = __builtin_ctzll(left);
            if (has_destination(m, sp, allowance(s, sp), open, enemy))
                out[n++] = kotra_move(MV_PICK, sp, 0);
        }
        if (can_relocate(s, me)) out[n++] = kotra_move(MV_RELOC, capital_space(s, me), 0);
        if (n > 0) out[n++] = kotra_move(MV_DONE, 0, 0);
        break;
    }
    case PHASE_DEST: {
        int from = s->picked;
        if (from >= KOTRA_SPACES || !s->cell[from]) break;
        if (kotra_rank_of(s->cell[from]) == RANK_CAPITAL) {
            for (int i = 0; i < KOTRA_TERRITORY; i++) {
                int sp = kotra_territory_space(me, i);
                if (!s->cell[sp]) out[n++] = kotra_move(MV_PLACE, from, sp);
            }
        } else {
            n = destinations(s, from, allowance(s, from), out);
        }
        break;
    }
    case PHASE_RESCUE:
        n = rescue_options(s, me, out);
        out[n++] = kotra_move(MV_RESCUE, 0, 0);
        break;
    default: return 0;
    }
    /* A decision with nothing to choose passes (ends the turn). */
    if (n == 0) out[n++] = GAME_MOVE_PASS;
    return n;
}

int kotra_can_move(const struct kotra_state *s, int player) {
    if (reserve_count(s, player) > 0 && base_free(s, player)) return 1;
    int doors_free = 0;
    for (int sp = 0; sp < KOTRA_SPACES; sp++)
        if (kotra_board[sp].terrain == TERRAIN_DOOR && !s->cell[sp]) doors_free++;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (!c || kotra_owner(c) != player || !kotra_mobile(kotra_rank_of(c))) continue;
        if (kotra_board[sp].terrain == TERRAIN_DOOR && doors_free > 0) return 1;
        for (int k = 0; k < kotra_board[sp].degree; k++) {
            uint8_t other = s->cell[kotra_board[sp].next[k]];
            if (!other || kotra_owner(other) != player) return 1;
        }
    }
    return 0;
}

/* ---- applying moves ---- */

static void clear_space(struct kotra_state *s, int sp) {
    s->cell[sp] = s->flags[sp] = s->extra[sp] = 0;
}

static void tray_add(struct kotra_state *s, int capturer, int sp) {
    uint8_t piece =
        (uint8_t)(kotra_rank_of(s->cell[sp]) | (s->extra[sp] & KX_PROMO) << 4);
    kotra_list_insert(s->tray[capturer], KOTRA_PIECES, piece);
}

/* Terrain bonus for a capture made on `sp` by `capturer`. */
static int capture_bonus(int sp, int capturer) {
    switch (kotra_board[sp].terrain) {
    case TERRAIN_BONUS1: return 1;
    case TERRAIN_BONUS2: return 2;
    case TERRAIN_DEFENSE: return kotra_board[sp].zone == capturer ? 5 : 0;
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

/* Effects of a piece of `me` arriving on `sp` (a step or a won attack).
 * Returns 1 when a rescue decision follows. */
static int land(struct kotra_state *s, int sp, int me) {
    const struct kotra_space *b = &kotra_board[sp];
    uint8_t *f = &s->flags[sp];
    *f = (uint8_t)(*f & ~(3 * KF_SHIELD1));
    if (b->terrain == TERRAIN_SAFETY) *f = (uint8_t)(*f | 2 * KF_SHIELD1);
    if (b->terrain == TERRAIN_BOG)
        *f = (uint8_t)((*f & ~(3 * KF_STUCK1)) | 2 * KF_STUCK1);
    if (b->zone == 1 - me && !(*f & KF_CROSSED)) {
        *f |= KF_CROSSED;
        s->bonus[me] += 2;
    }
    int rank = kotra_rank_of(s->cell[sp]);
    if (b->terrain == TERRAIN_PROMOTION && b->zone == 1 - me && rank < RANK_LEGATE &&
        (s->extra[sp] & KX_PROMO) < KX_PROMO) {
        s->cell[sp]++;
        s->extra[sp]++;
        rank++;
    }
    return b->terrain == TERRAIN_LOYALTY && b->zone == 1 - me && rank != RANK_GARRESH &&
           rank != RANK_UNKNOWN && !(*f & KF_RESCUER) && base_free(s, me) &&
           rescue_options(s, me, NULL) > 0;
}

/* Attack from `from` on `to`; returns 1 if a rescue decision follows. */
static int attack(struct kotra_state *s, int from, int to) {
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
    s->extra[to] = (uint8_t)(s->extra[from] | KX_TURN);
    clear_space(s, from);
    if (d == RANK_CAPITAL) return 0;
    return land(s, to, me);
}

static void setup_apply(const struct variant *v, struct kotra_state *s, move_t m) {
    const int me = s->side;
    if (kotra_move_b(m)) s->cell[kotra_move_a(m)] = kotra_cell(me, kotra_move_b(m));
    s->cursor++;
    if (count_on_board(s, me) < KOTRA_ON_BOARD && s->cursor < KOTRA_TERRITORY) return;
    int left[RANK_KINDS];
    setup_remaining(s, me, left);
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
        s->phase = a == b && reserve_count(s, me) > 0 && base_free(s, me) ? PHASE_ENTER
                                                                          : PHASE_PICK;
        return;
    case MV_ENTER:
        if (b) {
            int base = kotra_space_of(me, TERRAIN_BASE);
            kotra_list_remove(s->reserve[me], KOTRA_RESERVE, (uint8_t)b);
            s->cell[base] = kotra_cell(me, b);
            s->flags[base] = 0;
            s->extra[base] = KX_ENTERED | KX_TURN;
        }
        s->phase = PHASE_PICK;
        return;
    case MV_PICK:
    case MV_RELOC:
        s->picked = (uint8_t)a;
        s->phase = PHASE_DEST;
        return;
    case MV_DONE: end_turn(v, s); return;
    case MV_PLACE:
        s->cell[b] = s->cell[a];
        s->flags[b] = KF_REVEALED; /* relocation shows where the capital is */
        s->extra[b] = KX_TURN;
        clear_space(s, a);
        s->status[me] |= KS_RELOCATED;
        s->left--;
        piece_done(v, s);
        return;
    case MV_STEP: {
        s->cell[b] = s->cell[a];
        s->flags[b] = (uint8_t)(s->flags[a] | KF_MOVED);
        s->extra[b] = (uint8_t)(s->extra[a] | KX_TURN);
        clear_space(s, a);
        s->left--;
        if (land(s, b, me)) {
            s->picked = (uint8_t)b;
            s->phase = PHASE_RESCUE;
            return;
        }
        piece_done(v, s);
        return;
    }
    case MV_ATTACK: {
        int captured_capital = s->cell[b] == kotra_cell(1 - me, RANK_CAPITAL);
        int rescue = attack(s, a, b);
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
        return;
    }
    case MV_RESCUE:
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
        return;
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
    int diff = kotra_score(s, KOTRA_GOLD) - kotra_score(s, KOTRA_SILVER);
    out[KOTRA_GOLD] = diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0;
    out[KOTRA_SILVER] = -out[KOTRA_GOLD];
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

const struct game kotra_game = {
    .name = "kotra",
    .summary = "two players, dice, hidden ranks and terrain",
    .players = 2,
    .flags = GAME_HAS_CHANCE | GAME_HAS_HIDDEN | GAME_ZERO_SUM_2P,
    .state_size = sizeof(struct kotra_state),
    .max_moves = KOTRA_MAX_MOVES,
    .variant_keys = kotra_variant_keys,
    .variant_default = kotra_variant_default,
    .variant_set = kotra_variant_set,
    .variant_format = kotra_variant_format,
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
};

_Static_assert(sizeof(struct kotra_state) <= GAME_MAX_STATE_BYTES, "state too large");
