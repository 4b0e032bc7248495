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

/* True and `*out` filled when `key` is in the table. */
bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out);
void tt_store(struct tt *t, uint64_t key, int score, int depth, int bound, int move);

/* Per-mille of the first 1000 buckets' entries used in the current search. */
int tt_hashfull(const struct tt *t);

#endif
