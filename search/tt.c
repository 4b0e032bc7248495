#include "search/tt.h"

#include "search/big_alloc.h"

#include <stdlib.h>
#include <string.h>

int tt_init(struct tt *t, size_t mib) {
    size_t bytes = mib << 20;
    size_t count = 1;
    while (count * 2 * sizeof(struct tt_bucket) <= bytes) count *= 2;
    t->buckets = big_alloc(count * sizeof(struct tt_bucket));
    if (!t->buckets) return -1;
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
