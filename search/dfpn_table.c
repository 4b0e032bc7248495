#include "search/dfpn_table.h"

#include <stdlib.h>
#include <string.h>

int dfpn_table_init(struct dfpn_table *t, size_t mib, size_t state_size) {
    memset(t, 0, sizeof *t);
    size_t per = sizeof(struct dfpn_slot) + state_size;
    size_t want = (mib ? mib : 1) * (size_t)1048576 / per;
    uint64_t n = 1024;
    while (2 * n <= want) n *= 2;
    t->slots = calloc(n, sizeof *t->slots);
    t->states = malloc(n * state_size);
    if (!t->slots || !t->states) {
        dfpn_table_free(t);
        return -1;
    }
    t->state_size = state_size;
    t->mask = n - 1;
    t->limit = n / 10 * 9; /* linear probing stays short below 90% */
    return 0;
}

void dfpn_table_free(struct dfpn_table *t) {
    free(t->slots);
    free(t->states);
    memset(t, 0, sizeof *t);
}

void dfpn_table_clear(struct dfpn_table *t) {
    memset(t->slots, 0, (t->mask + 1) * sizeof *t->slots);
    t->count = 0;
    t->full = false;
}

/* The slot holding `state`, or the empty slot where it would go. */
static uint64_t probe(const struct dfpn_table *t, uint64_t h, const void *state) {
    for (uint64_t i = h & t->mask;; i = (i + 1) & t->mask) {
        const struct dfpn_slot *s = &t->slots[i];
        if (s->hash == 0) return i;
        if (s->hash == h &&
            memcmp(t->states + i * t->state_size, state, t->state_size) == 0)
            return i;
    }
}

struct dfpn_slot *dfpn_table_find(struct dfpn_table *t, uint64_t h, const void *state) {
    if (h == 0) h = 1;
    uint64_t i = probe(t, h, state);
    return t->slots[i].hash ? &t->slots[i] : NULL;
}

bool dfpn_table_store(struct dfpn_table *t, uint64_t h, const void *state, uint32_t pn,
                      uint32_t dn, uint64_t dep, int dep_depth) {
    if (h == 0) h = 1;
    uint64_t i = probe(t, h, state);
    struct dfpn_slot *s = &t->slots[i];
    if (!s->hash) {
        if (t->count >= t->limit) {
            t->full = true;
            return false;
        }
        s->hash = h;
        memcpy(t->states + i * t->state_size, state, t->state_size);
        t->count++;
    }
    s->pn = pn;
    s->dn = dn;
    s->dep = dep;
    s->dep_depth = dep_depth;
    return true;
}
