#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "search/tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

int tt_init(struct tt *t, size_t mib) {
    size_t bytes = mib << 20;
    size_t count = 1;
    while (count * 2 * sizeof(struct tt_bucket) <= bytes) count *= 2;
    size_t size = count * sizeof(struct tt_bucket);
    /* Probes land anywhere in the table: with 4 KiB pages nearly every one
     * misses the TLB too. Ask for huge pages where the system allows it. */
    t->buckets = aligned_alloc(size >= HUGE_PAGE ? HUGE_PAGE : 64, size);
    if (!t->buckets) return -1;
#ifdef MADV_HUGEPAGE
    if (size >= HUGE_PAGE) madvise(t->buckets, size, MADV_HUGEPAGE);
#endif
    t->mask = count - 1;
    atomic_init(&t->age, 0);
    tt_clear(t);
    return 0;
}

void tt_free(struct tt *t) {
    free(t->buckets);
    t->buckets = NULL;
}

void tt_clear(struct tt *t) {
    memset(t->buckets, 0, (t->mask + 1) * sizeof(struct tt_bucket));
}

void tt_new_search(struct tt *t) {
    atomic_store_explicit(&t->age, (atomic_load(&t->age) + 1) & 63, memory_order_relaxed);
}

int tt_hashfull(const struct tt *t) {
    unsigned age = atomic_load_explicit(&t->age, memory_order_relaxed);
    uint64_t buckets = t->mask + 1 < 250 ? t->mask + 1 : 250;
    int used = 0;
    for (uint64_t i = 0; i < buckets; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES; j++) {
            uint64_t d =
                atomic_load_explicit(&t->buckets[i].slot[j].data, memory_order_relaxed);
            if (d && tt_age_of(d) == age) used++;
        }
    return (int)(used * 1000 / (buckets * TT_BUCKET_ENTRIES));
}
