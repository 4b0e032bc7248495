/*
 * dfpn_table.h - the df-pn transposition table: exact keys (the whole state
 * bytes are stored and compared, the 64-bit hash only picks the slot), proof
 * and disproof numbers, and the work (expansions) spent below each entry.
 *
 * A proved or disproved entry is never evicted, so a proof or disproof read
 * back later is the one that was stored (the proof walk and the disproof
 * check after the search rely on that). When the table is nearly full:
 * - without replacement it refuses new entries and says so (t->full; the
 *   search then stops, unfinished);
 * - with replacement (t->replace) it first removes the open entries (proof
 *   and disproof number both non-zero) that took the least work (ranked
 *   exactly below 1024 expansions, by powers of two above), about a
 *   third of the table, and goes on (df-pn+'s "smallest subtree first"
 *   collection). Of the work bucket where the third is reached it takes
 *   every k-th entry in slot order, so the removal is spread evenly over
 *   the table (taking the first ones left the table's end full, and new
 *   entries piled up there into probe runs of tens of thousands of slots).
 *   An open entry lost this way is searched again from its initial
 *   numbers if it is met again, which costs time but never changes a value. Only
 *   when too few open entries are left does it refuse, as above.
 *
 * Single-threaded: one table per search. A pointer from dfpn_table_find is
 * valid until the next store (a collection moves entries).
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
    uint32_t work; /* expansions spent below this entry (saturating) */
};

struct dfpn_table {
    struct dfpn_slot *slots;
    unsigned char *states; /* state_size bytes per slot */
    size_t state_size;
    uint64_t size;  /* slots (any count: the hash picks one by multiplication) */
    uint64_t count; /* used slots */
    uint64_t limit; /* most entries accepted (load factor) */
    bool full;      /* a store was refused */
    bool replace;   /* collect the least-worked open entries when full */
    uint64_t collections, removed; /* what replacement did */
};

/* About `mib` MiB. 0, or -1 when memory is short. Replacement is off. */
int dfpn_table_init(struct dfpn_table *t, size_t mib, size_t state_size);
void dfpn_table_free(struct dfpn_table *t);

/* The entry of `state` (with hash `h`), or NULL. */
struct dfpn_slot *dfpn_table_find(struct dfpn_table *t, uint64_t h, const void *state);
/* Store (insert or overwrite), adding `work` to the entry's work. False when
 * the table is full (t->full set). */
bool dfpn_table_store(struct dfpn_table *t, uint64_t h, const void *state, uint32_t pn,
                      uint32_t dn, uint64_t dep, int dep_depth, uint64_t work);

/* Remove open entries of least work until about `target` are gone (fewer
 * when fewer are open); how many were removed. Called by a store into a
 * full table with replacement on; public for tests. */
uint64_t dfpn_table_collect(struct dfpn_table *t, uint64_t target);

#endif
