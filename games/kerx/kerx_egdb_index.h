/*
 * kerx_egdb_index.h - dense indexes of Kerx positions up to symmetry, for the
 * Kerx endgame databases (kerx_egdb.h). Sizes 3..5.
 *
 * A position is stored side-relative: (mover's set, other's set), colours
 * forgotten. A tier is (m, o) = (pieces of the mover, of the other side).
 * Its positions are the canonical forms (kerx_symmetry.h) of all positions
 * with that material: the mover's set is the smallest of its 12 images (a
 * "slot" in the sorted list of such sets), and the other's set is any o of
 * the cells the mover leaves empty. Index = slot * C(cells - m, o) + colex
 * rank of the other's set among those empty cells. When the mover's set is
 * itself symmetric, some other-sets are not canonical (a smaller image
 * exists); their indices are holes, a few per cent of the tier.
 */
#ifndef KIBITZ_KERX_EGDB_INDEX_H
#define KIBITZ_KERX_EGDB_INDEX_H

#include "games/kerx/kerx_egdb_file.h"
#include "games/kerx/kerx_symmetry.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum { KERX_EGDB_MAX_SIDE = 12 };

/* The canonical mover sets of m pieces on one board, sorted. */
struct kerx_movers {
    int size, m, cells;
    uint32_t count;
    uint64_t *mask; /* ascending */
    uint16_t *fix;  /* bit k set: symmetry k maps the set onto itself */
    /* By colex rank of any m-set: its slot, or -1. Only while C(cells, m)
     * is at most 2^26 (4 bytes each); above that (9 or more pieces on one
     * side of size 4) NULL, and a slot is found by binary search in `mask`
     * (kerx_movers_slot), so the table grows with the orbits, not the sets. */
    int32_t *slot_of;
    /* A table read from a file (kerx_movers_file.h) has `mask` and `fix`
     * in the mapped file, checked block by block (2^shift sets a block) on
     * first touch: `state` holds each block's KERX_BLOCK_* (NULL for a
     * table made in memory). Read such a table only through
     * kerx_movers_slot, kerx_index_unrank and kerx_index_stab, which check
     * the block first (the builder, which reads mask and fix directly, makes
     * its tables in memory). */
    _Atomic unsigned char *state;
    int shift;
    /* A mapped table's check of one block (kerx_movers_file.c): true when
     * good; when not, it has given the table up (every block bad). */
    bool (*check_block)(const struct kerx_movers *mv, uint64_t block);
};

/* What kerx_movers_slot gives a set that is not in the table (or whose
 * block of a mapped table is damaged), and kerx_index_rank its position. */
#define KERX_NO_SLOT UINT64_MAX
#define KERX_NO_INDEX UINT64_MAX

/* The slot of a canonical mover set, or KERX_NO_SLOT. */
static inline uint64_t kerx_movers_slot(const struct kerx_movers *mv, uint64_t set);

/* Check block `block` of a mapped table (the slow path of
 * kerx_movers_ready: the first thread to get there calls check_block, the
 * others wait for its verdict): true when good. Thread-safe. */
bool kerx_movers_check(const struct kerx_movers *mv, uint64_t block);

/* True when the set at `slot` may be read: always for a table made in
 * memory; for a mapped one, when its block is good (checked now if new). */
static inline bool kerx_movers_ready(const struct kerx_movers *mv, uint64_t slot) {
    if (!mv->state) return true;
    uint64_t b = slot >> mv->shift;
    if (atomic_load_explicit(&mv->state[b], memory_order_acquire) == KERX_BLOCK_GOOD)
        return true;
    return kerx_movers_check(mv, b);
}

/* The shared (built once, thread-safe, never freed) table for (size, m),
 * or NULL with `err` (GAME_ERROR_BYTES) when it would be too large. */
const struct kerx_movers *kerx_movers_get(int size, int m, char *err);

struct kerx_tier_index {
    int m, o, cells;
    const struct kerx_sym *sym;
    const struct kerx_movers *mv;
    uint64_t width; /* C(cells - m, o): positions per slot */
    uint64_t size;  /* slots * width */
};

/* The index of tier (m, o) on the shared table of kerx_movers_get. 0, or
 * -1 with `err`. */
int kerx_tier_index_init(struct kerx_tier_index *t, int size, int m, int o, char *err);

/* The same on a given table (a mapped one: kerx_movers_file.h). */
int kerx_tier_index_on(struct kerx_tier_index *t, const struct kerx_movers *mv, int o,
                       char *err);

/* Fill kerx_binom_table (done by kerx_movers_get and kerx_tier_index_on). */
void kerx_binom_init(void);

/* C(n, k) for n <= 64, k <= KERX_EGDB_MAX_SIDE; filled by the first
 * kerx_movers_get (which every index needs first). */
extern uint64_t kerx_binom_table[65][KERX_EGDB_MAX_SIDE + 1];
static inline uint64_t kerx_binom(int n, int k) {
    return kerx_binom_table[n][k];
}

/* Colex rank of a set: sum of C(c_i, i + 1) over its cells c_0 < c_1 < ... */
static inline uint64_t kerx_colex(uint64_t set) {
    uint64_t r = 0;
    for (int i = 1; set; set &= set - 1, i++) r += kerx_binom(__builtin_ctzll(set), i);
    return r;
}

/* Colex rank of `other` among the cells `mover` leaves empty: a cell's
 * place there is the cell less the mover's cells below it, counted while
 * walking both sets upward (no popcount: portable builds lack the
 * instruction). */
static inline uint64_t kerx_packed_rank(uint64_t mover, uint64_t other) {
    uint64_t r = 0;
    int i = 1, below = 0;
    for (uint64_t s = other; s; s &= s - 1, i++) {
        int c = __builtin_ctzll(s);
        while (mover && __builtin_ctzll(mover) < c) {
            below++;
            mover &= mover - 1;
        }
        r += kerx_binom(c - below, i);
    }
    return r;
}

static inline uint64_t kerx_movers_slot(const struct kerx_movers *mv, uint64_t set) {
    if (mv->slot_of) {
        int32_t slot = mv->slot_of[kerx_colex(set)];
        return slot < 0 ? KERX_NO_SLOT : (uint64_t)slot;
    }
    uint64_t lo = 0, hi = mv->count; /* first mask >= set */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (!kerx_movers_ready(mv, mid)) return KERX_NO_SLOT;
        if (mv->mask[mid] < set)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* Checked, not assumed: a mapped file's sets are only as sorted as its
     * checksums can tell, and a wrong slot would index past the values. */
    return lo < mv->count && kerx_movers_ready(mv, lo) && mv->mask[lo] == set
               ? lo
               : KERX_NO_SLOT;
}

/* Index of a canonical position of the tier (kerx_sym_canon first), or
 * KERX_NO_INDEX when its mover set is not found (a damaged mapped table). */
static inline uint64_t kerx_index_rank(const struct kerx_tier_index *t, uint64_t mover,
                                       uint64_t other) {
    uint64_t slot = kerx_movers_slot(t->mv, mover);
    return slot == KERX_NO_SLOT ? KERX_NO_INDEX
                                : slot * t->width + kerx_packed_rank(mover, other);
}

/* The packed other-set (o cells among cells - m) of colex rank r. */
uint64_t kerx_packed_unrank(const struct kerx_tier_index *t, uint64_t r);

/* The position at `index` (which may be a hole: see kerx_index_stab); both
 * sets 0 when its block of a mapped table is damaged. */
void kerx_index_unrank(const struct kerx_tier_index *t, uint64_t index, uint64_t *mover,
                       uint64_t *other);

/* Whether (mover, other) at slot `slot` is canonical; if so the order of its
 * stabiliser, else 0 (also when its block of a mapped table is damaged). */
static inline int kerx_index_stab(const struct kerx_tier_index *t, uint32_t slot,
                                  uint64_t other) {
    if (!kerx_movers_ready(t->mv, slot)) return 0;
    unsigned fix = t->mv->fix[slot];
    int count = 1;
    for (int k = 1; k < KERX_SYMS; k++) {
        if (!((fix >> k) & 1)) continue;
        uint64_t o = kerx_sym_map(t->sym, k, other);
        if (o < other) return 0;
        if (o == other) count++;
    }
    return count;
}

#endif
