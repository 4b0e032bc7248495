/*
 * tt.h - the transposition table shared by all search threads without locks.
 *
 * Buckets are one 64-byte cache line of four entries. An entry is two 64-bit
 * words read and written with relaxed atomics: `data` and `check` = key ^ data.
 * A torn entry (two threads writing at once) fails the check and reads as a
 * miss, so the full 64-bit key is verified without locks and the table stays
 * clean under ThreadSanitizer.
 *
 * Replacement: within the bucket, an entry with the same key is overwritten
 * (keeping its move when the new store has none); otherwise the entry with
 * the lowest (depth - 4 * age distance) is replaced, so stale entries from
 * earlier searches go first. Callers store the index of the best move in the
 * game's move list (moves are 64-bit, the list order is deterministic).
 */
#ifndef KIBITZ_TT_H
#define KIBITZ_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tt_bound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

enum { TT_BUCKET_ENTRIES = 4, TT_NO_MOVE = 0xFFFF };

/* The table size of a search run from the command line (`bestmove`,
 * `analyse`, `bench`) when --hash is not given. Players of `play` and `arena`
 * keep their own, smaller table (AGENT_DEFAULT_HASH_MIB, search/agent.h). */
enum { TT_DEFAULT_MIB = 64 };

struct tt_entry_slot {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
};

struct tt_bucket {
    _Alignas(64) struct tt_entry_slot slot[TT_BUCKET_ENTRIES];
};

/* What a probe returns. */
struct tt_entry {
    int score; /* as stored (callers adjust proven scores by ply) */
    int depth; /* remaining depth the score was searched to */
    int bound; /* enum tt_bound */
    int move;  /* index into the move list, or TT_NO_MOVE */
};

struct tt {
    struct tt_bucket *buckets;
    uint64_t mask;        /* bucket count - 1 (a power of two) */
    _Atomic unsigned age; /* 6 bits, bumped by tt_new_search */
};

/* Allocate about `mib` MiB (rounded down to a power of two of buckets, at
 * least one bucket), zeroed. 0, or -1 when memory is short. */
int tt_init(struct tt *t, size_t mib);
void tt_free(struct tt *t);
/* Forget everything (single-threaded use only). */
void tt_clear(struct tt *t);
/* Start a new search: entries of earlier searches become cheap to replace. */
void tt_new_search(struct tt *t);

/* Probe and store are inline: alpha-beta calls them at every node. */
/* Data word: score 16 bits | move 16 | depth 8 | bound 2 | age 6 | 16 spare. */
static inline uint64_t tt_pack(int score, int depth, int bound, int move, unsigned age) {
    return (uint64_t)(uint16_t)(int16_t)score | (uint64_t)(uint16_t)move << 16 |
           (uint64_t)(uint8_t)depth << 32 | (uint64_t)(bound & 3) << 40 |
           (uint64_t)(age & 63) << 42;
}

static inline void tt_unpack(uint64_t d, struct tt_entry *e) {
    e->score = (int16_t)(uint16_t)(d & 0xFFFF);
    e->move = (int)((d >> 16) & 0xFFFF);
    e->depth = (int)((d >> 32) & 0xFF);
    e->bound = (int)((d >> 40) & 3);
}

static inline unsigned tt_age_of(uint64_t d) {
    return (unsigned)((d >> 42) & 63);
}

static inline struct tt_bucket *tt_bucket_of(const struct tt *t, uint64_t key) {
    return &t->buckets[key & t->mask];
}

/* Start loading the bucket of `key` into the cache (a probe follows soon). */
static inline void tt_prefetch(const struct tt *t, uint64_t key) {
    __builtin_prefetch(tt_bucket_of(t, key));
}

/* True and `*out` filled when `key` is in the table. */
static inline bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out) {
    struct tt_bucket *b = tt_bucket_of(t, key);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        uint64_t d = atomic_load_explicit(&b->slot[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->slot[i].check, memory_order_relaxed);
        if ((c ^ d) != key || d == 0) continue;
        tt_unpack(d, out);
        return true;
    }
    return false;
}

static inline void tt_store(struct tt *t, uint64_t key, int score, int depth, int bound,
                            int move) {
    struct tt_bucket *b = tt_bucket_of(t, key);
    unsigned age = atomic_load_explicit(&t->age, memory_order_relaxed);
    int victim = 0, worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        uint64_t d = atomic_load_explicit(&b->slot[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->slot[i].check, memory_order_relaxed);
        if (d != 0 && (c ^ d) == key) {
            struct tt_entry old;
            tt_unpack(d, &old);
            /* Keep a deeper result of this search unless the new one is exact. */
            if (tt_age_of(d) == age && old.depth > depth && bound != TT_EXACT) return;
            if (move == TT_NO_MOVE) move = old.move;
            victim = i;
            break;
        }
        int distance = (int)((age - tt_age_of(d)) & 63);
        int merit = d == 0 ? -(1 << 20) : (int)((d >> 32) & 0xFF) - 4 * distance;
        if (merit < worst) worst = merit, victim = i;
    }
    if (depth < 0) depth = 0;
    if (depth > 255) depth = 255;
    uint64_t d = tt_pack(score, depth, bound, move, age);
    atomic_store_explicit(&b->slot[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b->slot[victim].check, key ^ d, memory_order_relaxed);
}

/* Per-mille of the first 1000 buckets' entries used in the current search. */
int tt_hashfull(const struct tt *t);

#endif
