/* Kotra hidden information (T3): a player's view and determinization
 * (sampling a full state consistent with a view). */
#include "games/kotra/kotra.h"

#include <string.h>

void kotra_view(const struct variant *v, void *state, int player) {
    struct kotra_state *s = state;
    const int enemy = 1 - player;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (c && kotra_owner(c) == enemy && !(s->flags[sp] & KF_REVEALED))
            s->cell[sp] = kotra_cell(enemy, RANK_UNKNOWN);
    }
    for (int i = 0; i < KOTRA_RESERVE; i++)
        if (s->reserve[enemy][i]) s->reserve[enemy][i] = RANK_UNKNOWN;
}

static uint32_t below(uint64_t (*next_random)(void *), void *ctx, uint32_t n) {
    return (uint32_t)(((next_random(ctx) >> 32) * (uint64_t)n) >> 32);
}

/* Does player p still have setup decisions to make in this state? */
static int setup_incomplete(const struct kotra_state *s, int p) {
    return s->phase == PHASE_SETUP && (s->side == p || p == KOTRA_SILVER);
}

/* The enemy is placing his setup: give his placed pieces ranks drawn from
 * his 21 pieces so that the rest of his setup stays possible. */
static void sample_partial_setup(struct kotra_state *s, int enemy,
                                 uint64_t (*next_random)(void *), void *ctx) {
    int slots[KOTRA_TERRITORY], k = 0;
    for (int sp = 0; sp < KOTRA_SPACES; sp++)
        if (s->cell[sp] && kotra_owner(s->cell[sp]) == enemy) slots[k++] = sp;
    const int spaces_left =
        s->side == enemy ? KOTRA_TERRITORY - s->cursor : KOTRA_TERRITORY;
    const int to_place = KOTRA_ON_BOARD - k;
    uint8_t pool[KOTRA_PIECES];
    int n = 0;
    for (int r = RANK_AGENT; r < RANK_KINDS; r++)
        for (int c = 0; c < kotra_rank_count[r]; c++) pool[n++] = (uint8_t)r;
    for (int attempt = 0;; attempt++) {
        for (int i = n - 1; i > 0; i--) { /* shuffle */
            int j = (int)below(next_random, ctx, (uint32_t)i + 1);
            uint8_t t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        int capital = 0, legate = 0, mine = 0;
        for (int i = 0; i < k; i++) {
            capital += pool[i] == RANK_CAPITAL;
            legate += pool[i] == RANK_LEGATE;
            mine += pool[i] == RANK_MINE;
        }
        int need = !capital + !legate + !mine;
        if ((need <= to_place && to_place <= spaces_left) || attempt > 200) break;
    }
    if (k > 0) { /* after many failures, fall back to a surely possible order */
        int capital = 0, legate = 0, mine = 0;
        for (int i = 0; i < k; i++) {
            capital += pool[i] == RANK_CAPITAL;
            legate += pool[i] == RANK_LEGATE;
            mine += pool[i] == RANK_MINE;
        }
        if (!capital + !legate + !mine > to_place) {
            n = 0;
            pool[n++] = RANK_CAPITAL;
            pool[n++] = RANK_LEGATE;
            pool[n++] = RANK_MINE;
            for (int r = RANK_AGENT; r < RANK_KINDS; r++)
                for (int c = 0;
                     c < kotra_rank_count[r] -
                             (r == RANK_CAPITAL || r == RANK_LEGATE || r == RANK_MINE);
                     c++)
                    pool[n++] = (uint8_t)r;
        }
    }
    for (int i = 0; i < k; i++) s->cell[slots[i]] = kotra_cell(enemy, pool[i]);
}

/* A rank from the pool, uniformly among its pieces of ranks agent..top
 * (without garresh if `no_garresh`), taken out of the pool; 0 if none is
 * left at all. An impossible view (nothing allowed left) takes any rank. */
static int draw_mobile_rank(int pool[RANK_KINDS], int top, int no_garresh,
                            uint64_t (*next_random)(void *), void *ctx) {
    for (int relax = 0; relax < 2; relax++) {
        int total = 0;
        for (int r = RANK_AGENT; r <= top; r++)
            total += no_garresh && r == RANK_GARRESH ? 0 : pool[r];
        if (total == 0) {
            top = RANK_LEGATE, no_garresh = 0;
            continue;
        }
        int pick = (int)below(next_random, ctx, (uint32_t)total), r = RANK_AGENT;
        for (;; r++) {
            int here = no_garresh && r == RANK_GARRESH ? 0 : pool[r];
            if (pick < here) break;
            pick -= here;
        }
        pool[r]--;
        return r;
    }
    return 0;
}

/* The enemy's pieces whose rank the view hides, and the ranks drawn. */
struct unknowns {
    int n;
    int slot[KOTRA_PIECES];  /* board space (>= 0) or reserve entry (-1 - index) */
    int promo[KOTRA_PIECES]; /* promotions it shows */
    /* Which immobile ranks it may have: bit 0 a mine, bit 1 the capital. */
    int fixed_ok[KOTRA_PIECES];
    int no_garresh[KOTRA_PIECES]; /* made a rescue unpromoted: no garresh */
    int rank_of[KOTRA_PIECES];    /* drawn; 0 not yet */
};

/* The enemy's unknown pieces on the board and in the reserve; the ranks of
 * the known ones on the board leave the pool. */
static void collect_unknowns(const struct kotra_state *s, int enemy, int pool[RANK_KINDS],
                             struct unknowns *u) {
    u->n = 0;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (!c || kotra_owner(c) != enemy) continue;
        int pr = s->extra[sp] & KX_PROMO;
        if (kotra_rank_of(c) != RANK_UNKNOWN) {
            int rank = kotra_rank_of(c);
            if (kotra_mobile(rank)) rank -= pr;
            if (rank > 0 && rank < RANK_KINDS) pool[rank]--;
            continue;
        }
        if (u->n == KOTRA_PIECES) continue;
        int n = u->n++;
        u->slot[n] = sp;
        u->promo[n] = pr;
        /* Moved or promoted pieces are neither mine nor capital; pieces from
         * the reserve are no capital; a piece picked to move is no mine, and
         * the capital only when it is being relocated. */
        int allow = (s->flags[sp] & KF_MOVED) || pr ? 0
                    : (s->extra[sp] & KX_ENTERED)   ? 1
                                                    : 3;
        if (s->phase == PHASE_DEST && s->picked == sp)
            allow = (s->status[enemy] & (KS_UNLOCKED | KS_RELOCATED)) == KS_UNLOCKED
                        ? allow & 2
                        : 0;
        u->fixed_ok[n] = allow;
        u->no_garresh[n] = (s->flags[sp] & KF_RESCUER) && !pr;
    }
    for (int i = 0; i < KOTRA_RESERVE && u->n < KOTRA_PIECES; i++) {
        if (s->reserve[enemy][i] != RANK_UNKNOWN) continue;
        int n = u->n++;
        u->slot[n] = -1 - i;
        u->promo[n] = 0;
        u->no_garresh[n] = 0;
        u->fixed_ok[n] = 1; /* the reserve may hold mines, never the capital */
    }
    for (int i = 0; i < u->n; i++) u->rank_of[i] = 0;
}

/* Capital first, then mines, each uniformly among the slots that may hold
 * it. The capital's slots are (nearly) a subset of the mines'. */
static void draw_immobile(struct unknowns *u, int pool[RANK_KINDS],
                          uint64_t (*next_random)(void *ctx), void *ctx) {
    for (int r = RANK_CAPITAL; r >= RANK_MINE; r--) {
        while (pool[r] > 0) {
            int candidates[KOTRA_PIECES], k = 0;
            for (int i = 0; i < u->n; i++)
                if (!u->rank_of[i] && (u->fixed_ok[i] & (r == RANK_CAPITAL ? 2 : 1)))
                    candidates[k++] = i;
            if (k == 0) break;
            u->rank_of[candidates[below(next_random, ctx, (uint32_t)k)]] = r;
            pool[r]--;
        }
    }
}

/* Mobile ranks: most promoted slots first (they need the lowest ranks at
 * setup: rank + promotions <= legate), and at each promotion count the
 * rescuers (no garresh) before the rest; the allowed sets are then (nearly)
 * nested, so choosing uniformly among the allowed ranks does not paint us
 * into a corner. */
static void draw_mobile(struct unknowns *u, int pool[RANK_KINDS],
                        uint64_t (*next_random)(void *ctx), void *ctx) {
    for (int want = 7; want >= 0; want--)
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < u->n; i++) {
                if (u->rank_of[i] || u->promo[i] != want ||
                    u->no_garresh[i] != (pass == 0))
                    continue;
                u->rank_of[i] = draw_mobile_rank(pool, RANK_LEGATE - want,
                                                 u->no_garresh[i], next_random, ctx);
            }
}

/* The drawn ranks (with their promotions) into the state; the reserve kept
 * sorted. */
static void write_ranks(struct kotra_state *s, int enemy, const struct unknowns *u) {
    for (int i = 0; i < u->n; i++) {
        int r = u->rank_of[i] ? u->rank_of[i] : RANK_GARRESH;
        if (kotra_mobile(r)) r += u->promo[i];
        if (r > RANK_LEGATE && kotra_mobile(u->rank_of[i] ? u->rank_of[i] : RANK_GARRESH))
            r = RANK_LEGATE;
        if (u->slot[i] >= 0)
            s->cell[u->slot[i]] = kotra_cell(enemy, r);
        else
            s->reserve[enemy][-1 - u->slot[i]] = (uint8_t)r;
    }
    uint8_t sorted[KOTRA_RESERVE] = {0};
    for (int i = 0; i < KOTRA_RESERVE; i++)
        if (s->reserve[enemy][i])
            kotra_list_insert(sorted, KOTRA_RESERVE, s->reserve[enemy][i]);
    memcpy(s->reserve[enemy], sorted, sizeof sorted);
}

void kotra_determinize(const struct variant *v, const void *view, int player,
                       uint64_t (*next_random)(void *ctx), void *ctx, void *state_out) {
    struct kotra_state *s = state_out;
    memcpy(s, view, sizeof *s);
    const int enemy = 1 - player;
    if (setup_incomplete(s, enemy)) {
        sample_partial_setup(s, enemy, next_random, ctx);
        return;
    }
    /* The ranks at setup of the enemy's unknown pieces: all his pieces minus
     * those known (revealed on the board, captured by us, detonated). */
    int pool[RANK_KINDS];
    for (int r = 0; r < RANK_KINDS; r++) pool[r] = kotra_rank_count[r];
    pool[RANK_MINE] -= s->destroyed[enemy];
    for (int i = 0; i < KOTRA_PIECES && s->tray[player][i]; i++) {
        int rank = (s->tray[player][i] & 15) - (s->tray[player][i] >> 4);
        if (rank > 0 && rank < RANK_KINDS) pool[rank]--;
    }
    struct unknowns u;
    collect_unknowns(s, enemy, pool, &u);
    for (int r = 0; r < RANK_KINDS; r++)
        if (pool[r] < 0) pool[r] = 0; /* an impossible view: do what we can */
    draw_immobile(&u, pool, next_random, ctx);
    draw_mobile(&u, pool, next_random, ctx);
    write_ranks(s, enemy, &u);
}

bool kotra_seen_move(const struct variant *v, const void *state, move_t move, int player,
                     move_t *seen) {
    const struct kotra_state *s = state;
    *seen = move;
    const int kind = kotra_move_kind(move);
    /* A piece placed at setup or entered from the reserve shows where it
     * went (or that nothing did), never its rank; every other move is
     * public (an attack or rescue reveals what it shows in the view). */
    if ((kind == MV_SETUP || kind == MV_ENTER) && kotra_move_b(move) && s->side != player)
        *seen = kotra_move(kind, kotra_move_a(move), RANK_UNKNOWN);
    return true;
}
