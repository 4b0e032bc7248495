/* Canonical mover-set tables and the dense index of kerx_egdb_index.h. */
#include "games/kerx/kerx_egdb_index.h"
#include "engine/game.h"
#include "games/kerx/kerx.h"
#include "search/big_alloc.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

/* Largest C(cells, m) given a slot_of table (4 bytes an entry); larger
 * ones are searched in the sorted masks instead. */
#define MAX_SUBSETS (UINT64_C(1) << 26)
/* Largest C(cells, m) made at all: the canonical sets are found by visiting
 * every set (C(37, 12) = 1.85 G on size 4 takes about a minute). */
#define MAX_VISITED (UINT64_C(1) << 33)

uint64_t kerx_binom_table[65][KERX_EGDB_MAX_SIDE + 1];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void binom_build(void) {
    for (int n = 0; n <= 64; n++) {
        kerx_binom_table[n][0] = 1;
        for (int k = 1; k <= KERX_EGDB_MAX_SIDE; k++)
            kerx_binom_table[n][k] =
                n == 0 ? 0 : kerx_binom_table[n - 1][k - 1] + kerx_binom_table[n - 1][k];
    }
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kerx_movers *cache[KERX_SYM_MAX_SIZE + 1][KERX_EGDB_MAX_SIDE + 1];

static struct kerx_movers *build(int size, int m, char *err) {
    const struct kerx_sym *sym = kerx_sym_of(size);
    uint64_t total = kerx_binom(sym->cells, m);
    if (total > MAX_VISITED) {
        snprintf(err, GAME_ERROR_BYTES,
                 "%d pieces on one side of size %d is beyond the database index "
                 "(%llu sets)",
                 m, size, (unsigned long long)total);
        return NULL;
    }
    struct kerx_movers *mv = calloc(1, sizeof *mv);
    /* At most total/12 orbits plus the symmetric sets: total / 4 is a safe
     * cap (the arrays are trimmed to the count at the end). */
    uint64_t cap = total / 4 + 64;
    bool direct = total <= MAX_SUBSETS;
    if (mv) {
        /* Read at random by every un-move of the builder: huge pages save
         * a TLB miss on most of them (the table of 8 pieces is 154 MB). */
        mv->slot_of = direct ? big_alloc(total * sizeof *mv->slot_of) : NULL;
        mv->mask = malloc(cap * sizeof *mv->mask);
        mv->fix = malloc(cap * sizeof *mv->fix);
    }
    if (!mv || (direct && !mv->slot_of) || !mv->mask || !mv->fix) {
        if (mv) {
            free(mv->slot_of);
            free(mv->mask);
            free(mv->fix);
        }
        free(mv);
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the database index");
        return NULL;
    }
    mv->size = size;
    mv->m = m;
    mv->cells = sym->cells;
    /* Gosper's hack visits m-sets in increasing order, which is colex order:
     * the i-th set visited has colex rank i. Consecutive sets differ in a
     * few cells, so the 12 images are updated by those cells only (a map is
     * a bijection of cells: an image is the XOR of its cells' images); this
     * makes the table of 8 pieces on size 4 (38.6 M sets), which the first
     * query of such a material waits for, about twice as fast. */
    uint64_t set = m == 0 ? 0 : (UINT64_C(1) << m) - 1;
    uint64_t img[KERX_SYMS];
    kerx_sym_all(sym, set, img);
    for (uint64_t rank = 0; rank < total; rank++) {
        bool canonical = true;
        unsigned fix = 0;
        for (int k = 0; k < KERX_SYMS; k++) {
            if (img[k] < set) canonical = false;
            if (img[k] == set) fix |= 1u << k;
        }
        if (canonical && mv->count == cap) canonical = false; /* cannot happen */
        if (canonical) {
            mv->mask[mv->count] = set;
            mv->fix[mv->count] = (uint16_t)fix;
            if (direct) mv->slot_of[rank] = (int32_t)mv->count;
            mv->count++;
        } else if (direct) {
            mv->slot_of[rank] = -1;
        }
        if (set == 0 || rank + 1 == total) break;
        uint64_t low = set & -set, ripple = set + low;
        uint64_t next = (((ripple ^ set) >> 2) / low) | ripple;
        for (uint64_t d = set ^ next; d; d &= d - 1) {
            const uint64_t *b = sym->bit[__builtin_ctzll(d)];
            for (int k = 0; k < KERX_SYMS; k++) img[k] ^= b[k];
        }
        set = next;
    }
    /* Colex order of equal-size sets is numeric order: mask is sorted. */
    uint64_t *m2 = realloc(mv->mask, (mv->count ? mv->count : 1) * sizeof *m2);
    uint16_t *f2 = realloc(mv->fix, (mv->count ? mv->count : 1) * sizeof *f2);
    if (m2) mv->mask = m2;
    if (f2) mv->fix = f2;
    return mv;
}

void kerx_binom_init(void) {
    pthread_once(&binom_once, binom_build);
}

const struct kerx_movers *kerx_movers_get(int size, int m, char *err) {
    kerx_binom_init();
    if (!kerx_sym_of(size) || m < 0 || m > KERX_EGDB_MAX_SIDE) {
        snprintf(err, GAME_ERROR_BYTES, "no database index for size %d with %d pieces",
                 size, m);
        return NULL;
    }
    pthread_mutex_lock(&lock);
    struct kerx_movers *mv = cache[size][m];
    if (!mv) mv = cache[size][m] = build(size, m, err);
    pthread_mutex_unlock(&lock);
    return mv;
}

bool kerx_movers_check(const struct kerx_movers *mv, uint64_t block) {
    /* Shared by the probing threads: only the atomic states change. */
    _Atomic unsigned char *state = &mv->state[block];
    unsigned char seen = KERX_BLOCK_NEW;
    if (!atomic_compare_exchange_strong(state, &seen, KERX_BLOCK_CHECKING)) {
        /* Another thread checks it (or has): wait for its verdict. */
        while (seen == KERX_BLOCK_CHECKING) {
            sched_yield();
            seen = atomic_load_explicit(state, memory_order_acquire);
        }
        return seen == KERX_BLOCK_GOOD;
    }
    if (!mv->check_block(mv, block)) return false;
    unsigned char checking = KERX_BLOCK_CHECKING;
    /* Fails only when another block was found bad meanwhile. */
    return atomic_compare_exchange_strong(state, &checking, KERX_BLOCK_GOOD);
}

int kerx_tier_index_init(struct kerx_tier_index *t, int size, int m, int o, char *err) {
    const struct kerx_movers *mv = kerx_movers_get(size, m, err);
    return mv ? kerx_tier_index_on(t, mv, o, err) : -1;
}

int kerx_tier_index_on(struct kerx_tier_index *t, const struct kerx_movers *mv, int o,
                       char *err) {
    kerx_binom_init();
    int m = mv->m, size = mv->size;
    if (o < 0 || o > KERX_EGDB_MAX_SIDE || m + o > mv->cells) {
        snprintf(err, GAME_ERROR_BYTES, "no tier %d+%d on size %d", m, o, size);
        return -1;
    }
    t->m = m;
    t->o = o;
    t->cells = mv->cells;
    t->sym = kerx_sym_of(size);
    t->mv = mv;
    t->width = kerx_binom(mv->cells - m, o);
    t->size = (uint64_t)mv->count * t->width;
    return 0;
}

uint64_t kerx_packed_unrank(const struct kerx_tier_index *t, uint64_t r) {
    /* Colex unrank, largest element first. */
    uint64_t packed = 0;
    int c = t->cells - t->m;
    for (int i = t->o; i >= 1; i--) {
        do c--;
        while (kerx_binom(c, i) > r);
        r -= kerx_binom(c, i);
        packed |= UINT64_C(1) << c;
    }
    return packed;
}

void kerx_index_unrank(const struct kerx_tier_index *t, uint64_t index, uint64_t *mover,
                       uint64_t *other) {
    uint64_t slot = index / t->width;
    if (!kerx_movers_ready(t->mv, slot)) {
        *mover = *other = 0;
        return;
    }
    uint64_t m = t->mv->mask[slot];
    uint64_t packed = kerx_packed_unrank(t, index % t->width);
    /* Unpack: the j-th empty cell for each packed j. */
    uint64_t o = 0;
    for (int cell = 0; packed && cell < t->cells; cell++) {
        if ((m >> cell) & 1) continue;
        if (packed & 1) o |= UINT64_C(1) << cell;
        packed >>= 1;
    }
    *mover = m;
    *other = o;
}
