/* Kotra move generation: what the player to move may choose in each phase
 * (setup, dice, entry, pick, destination, rescue), and whether a player can
 * move at all (see RULES.md). Movement works on 64-bit sets of spaces,
 * since random playouts spend most of their time here. */
#include "games/kotra/kotra.h"

#include <stddef.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/* The spaces of `me`'s pieces. */
static uint64_t own_spaces(const struct kotra_state *s, int me, uint64_t open) {
    const uint8_t *cell = state_bytes(s, offsetof(struct kotra_state, cell));
    return ~open & spaces_where(cell, 0x10, (uint8_t)(me << 4));
}

/* The spaces of `me`'s mobile pieces (kotra_mobile: no mine, no capital). */
static uint64_t mobile_spaces(const struct kotra_state *s, int me, uint64_t open) {
    const uint8_t *cell = state_bytes(s, offsetof(struct kotra_state, cell));
    return own_spaces(s, me, open) & ~spaces_where(cell, 15, RANK_MINE) &
           ~spaces_where(cell, 15, RANK_CAPITAL) & ~spaces_where(cell, 15, RANK_NONE);
}

/* The spaces of `me`'s pieces that may be picked: mobile, not moved this
 * turn, not stuck in a bog. */
static uint64_t pickable_spaces(const struct kotra_state *s, int me, uint64_t open) {
    const uint8_t *flags = state_bytes(s, offsetof(struct kotra_state, flags));
    const uint8_t *extra = state_bytes(s, offsetof(struct kotra_state, extra));
    return mobile_spaces(s, me, open) & spaces_where(extra, KX_TURN, 0) &
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

static int setup_moves(const struct kotra_state *s, move_t *out) {
    const int me = s->side;
    int left[RANK_KINDS];
    kotra_setup_remaining(s, me, left);
    const int placed = kotra_count_on_board(s, me);
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

/* Rescuable pieces of `me` in the enemy tray (distinct bytes, no mines). */
int kotra_rescue_options(const struct kotra_state *s, int me, move_t *out) {
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
        n = kotra_rescue_options(s, me, out);
        out[n++] = kotra_move(MV_RESCUE, 0, 0);
        break;
    default: return 0;
    }
    /* A decision with nothing to choose passes (ends the turn). */
    if (n == 0) out[n++] = GAME_MOVE_PASS;
    return n;
}

int kotra_can_move(const struct kotra_state *s, int player) {
    if (kotra_reserve_count(s, player) > 0 && kotra_base_free(s, player)) return 1;
    /* With the best roll a mobile piece goes anywhere beside it that is not
     * its own side's (open, or an enemy to attack, shielded or not: the
     * shield wears off), or jumps from a door to a free door. Asked at the
     * start of every turn, so on sets like the pick list. */
    const struct kotra_masks *m = kotra_masks();
    const uint64_t open = open_spaces(s), mobile = mobile_spaces(s, player, open);
    if ((mobile & m->door) && (open & m->door)) return 1;
    return (neighbours_of(m, mobile) & ~own_spaces(s, player, open)) != 0;
}
