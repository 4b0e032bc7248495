/*
 * dfpn_table.h - the df-pn transposition table: exact keys (the whole state
 * bytes are stored and compared, the 64-bit hash only picks the slot), proof
 * and disproof numbers, and nothing is ever evicted, so a proof or disproof
 * read back later is the one that was stored. When the table is nearly full
 * it refuses new entries and says so (the search then stops, unfinished).
 *
 * Single-threaded: one table per search.
 */
#ifndef KIBITZ_DFPN_TABLE_H
#define KIBITZ_DFPN_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { DFPN_INF = 0xFFFFFFFFu };

/* A disproof may rest on a repetition of a position higher on the search
 * line (graph-history interaction): `dep` is then that ancestor's key hash
 * and `dep_depth` its depth, and the disproof holds only while that very
 * position is still on the line at that depth. dep 0: no such dependency. */
struct dfpn_slot {
    uint64_t hash; /* 0: empty (hashes of 0 are stored as 1) */
    uint32_t pn, dn;
    uint64_t dep;
    int32_t dep_depth;
};

struct dfpn_table {
    struct dfpn_slot *slots;
    unsigned char *states; /* state_size bytes per slot */
    size_t state_size;
    uint64_t mask;  /* slots - 1 */
    uint64_t count; /* used slots */
    uint64_t limit; /* most entries accepted (load factor) */
    bool full;      /* a store was refused */
};

/* About `mib` MiB (power-of-two slots). 0, or -1 when memory is short. */
int dfpn_table_init(struct dfpn_table *t, size_t mib, size_t state_size);
void dfpn_table_free(struct dfpn_table *t);
void dfpn_table_clear(struct dfpn_table *t);

/* The entry of `state` (with hash `h`), or NULL. */
struct dfpn_slot *dfpn_table_find(struct dfpn_table *t, uint64_t h, const void *state);
/* Store (insert or overwrite). False when the table is full (t->full set). */
bool dfpn_table_store(struct dfpn_table *t, uint64_t h, const void *state, uint32_t pn,
                      uint32_t dn, uint64_t dep, int dep_depth);

#endif
