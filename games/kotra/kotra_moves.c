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

/* The doors the doors in `set` jump to. */
static uint64_t linked_doors(const struct kotra_masks *m, uint64_t set) {
    uint64_t out = 0;
    for (set &= m->door; set; set &= set - 1) out |= m->link[__builtin_ctzll(set)];
    return out;
}

/* Whether the piece on `sp` may use a door jump in this move: fewer than
 * KOTRA_MAX_JUMPS of its last moves in a row used one. */
static int may_jump(const struct kotra_state *s, int sp) {
    return kotra_jumps(s->extra[sp]) < KOTRA_MAX_JUMPS;
}

/* Where a piece on `from` with `budget` steps gets to: into *reach the open
 * spaces (steps across shared sides over open spaces, and with `jumps` free
 * jumps from a door to the other door of its pair when that one is open),
 * into *inner the spaces it may attack from (one step beyond them).
 * Breadth-first over sets of spaces (51 spaces fit one 64-bit word): the
 * playouts spend most of their time here. A jump costs nothing, so it stays
 * on the level it starts from; jumping straight back would only return. */
static void reach_from(const struct kotra_masks *m, int from, int budget, uint64_t open,
                       int jumps, uint64_t *reach_out, uint64_t *inner_out) {
    uint64_t frontier = UINT64_C(1) << from, reach = frontier, inner = 0;
    for (int d = 0;; d++) {
        if (jumps && (frontier & m->door)) {
            uint64_t jumped = linked_doors(m, frontier) & open & ~reach;
            frontier |= jumped, reach |= jumped;
        }
        if (d >= budget) break;
        inner |= frontier;
        frontier = neighbours_of(m, frontier) & open & ~reach;
        if (!frontier) break;
        reach |= frontier;
    }
    *reach_out = reach, *inner_out = inner;
}

/* Destinations of the piece on `from` with `budget` steps: open spaces within
 * reach and attacks on enemy pieces one step beyond (reach_from). A
 * destination that only a door jump reaches is a jump move
 * (KOTRA_MOVE_JUMP): it counts toward the piece's limit of consecutive jump
 * moves. Writes moves into out (by space), returns the count. */
static int destinations(const struct kotra_state *s, int from, int budget, move_t *out) {
    const struct kotra_masks *m = kotra_masks();
    const uint64_t open = open_spaces(s);
    const uint64_t enemy = attackable_spaces(s, kotra_owner(s->cell[from]), open);
    uint64_t reach, inner;
    reach_from(m, from, budget, open, 0, &reach, &inner);
    uint64_t steps = reach & ~(UINT64_C(1) << from),
             attacks = neighbours_of(m, inner) & enemy;
    uint64_t jump_steps = 0, jump_attacks = 0;
    if (may_jump(s, from) && ((reach & m->door) && (linked_doors(m, reach) & open))) {
        uint64_t reach_j, inner_j;
        reach_from(m, from, budget, open, 1, &reach_j, &inner_j);
        jump_steps = reach_j & ~reach & ~(UINT64_C(1) << from);
        jump_attacks = neighbours_of(m, inner_j) & enemy & ~attacks;
    }
    int n = 0;
    for (uint64_t all = steps | attacks | jump_steps | jump_attacks; all;
         all &= all - 1) {
        int sp = __builtin_ctzll(all);
        const uint64_t bit = UINT64_C(1) << sp;
        move_t mv =
            kotra_move((attacks | jump_attacks) & bit ? MV_ATTACK : MV_STEP, from, sp);
        if ((jump_steps | jump_attacks) & bit) mv |= KOTRA_MOVE_JUMP;
        out[n++] = mv;
    }
    return n;
}

/* Whether destinations(s, from, budget, ...) would list anything, without the
 * search: a door jump to the open other door of the pair (free, even with
 * no steps) if the piece may jump, or with a step to spend an open
 * neighbour or an enemy to attack beside the start. `open` and `enemy` as
 * open_spaces and attackable_spaces give them for the piece's owner. The
 * pick list asks this of every piece each decision. */
static int has_destination(const struct kotra_masks *m, int from, int budget,
                           uint64_t open, uint64_t enemy, int jumps) {
    if (jumps && (m->link[from] & open)) return 1;
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
            if (has_destination(m, sp, allowance(s, sp), open, enemy, may_jump(s, sp)))
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
        /* "Garresh cannot make rescues": a garresh only declines. */
        if (s->picked < KOTRA_SPACES && kotra_rank_of(s->cell[s->picked]) != RANK_GARRESH)
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
     * shield wears off), or jumps from a door to the free other door of its
     * pair if it may still jump. Asked at the start of every turn, so on
     * sets like the pick list. */
    const struct kotra_masks *m = kotra_masks();
    const uint64_t open = open_spaces(s), mobile = mobile_spaces(s, player, open);
    const uint8_t *extra = state_bytes(s, offsetof(struct kotra_state, extra));
    const uint64_t jumpers = mobile & m->door &
                             ~spaces_where(extra, (uint8_t)(3 * KX_JUMPS1),
                                           (uint8_t)(KOTRA_MAX_JUMPS * KX_JUMPS1));
    if (linked_doors(m, jumpers) & open) return 1;
    return (neighbours_of(m, mobile) & ~own_spaces(s, player, open)) != 0;
}
