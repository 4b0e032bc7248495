#include "search/tt.h"

#include <stdlib.h>
#include <string.h>

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

int tt_init(struct tt *t, size_t mib) {
    size_t bytes = mib << 20;
    size_t count = 1;
    while (count * 2 * sizeof(struct tt_bucket) <= bytes) count *= 2;
    t->buckets = aligned_alloc(64, count * sizeof(struct tt_bucket));
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

static inline struct tt_bucket *tt_bucket_of(const struct tt *t, uint64_t key) {
    return &t->buckets[key & t->mask];
}

bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out) {
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

void tt_store(struct tt *t, uint64_t key, int score, int depth, int bound, int move) {
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
