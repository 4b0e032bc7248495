/* The df-pn table: linear probing over exact keys; replacement by
 * collecting the open entries of least work (see dfpn_table.h). */
#include "solve/dfpn_table.h"

#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 dfpn_u128;

int dfpn_table_init(struct dfpn_table *t, size_t mib, size_t state_size) {
    memset(t, 0, sizeof *t);
    size_t per = sizeof(struct dfpn_slot) + state_size;
    uint64_t n = (mib ? mib : 1) * (uint64_t)1048576 / per;
    if (n < 1024) n = 1024;
    t->slots = calloc(n, sizeof *t->slots);
    t->states = malloc(n * state_size);
    if (!t->slots || !t->states) {
        dfpn_table_free(t);
        return -1;
    }
    t->state_size = state_size;
    t->size = n;
    t->limit = n / 10 * 9; /* linear probing stays short below 90% */
    return 0;
}

void dfpn_table_free(struct dfpn_table *t) {
    free(t->slots);
    free(t->states);
    memset(t, 0, sizeof *t);
}

/* The first slot a hash probes: the high bits of h * size, so the table
 * can have any number of slots. */
static uint64_t home(const struct dfpn_table *t, uint64_t h) {
    return (uint64_t)(((dfpn_u128)h * t->size) >> 64);
}

static uint64_t next(const struct dfpn_table *t, uint64_t i) {
    return i + 1 == t->size ? 0 : i + 1;
}

/* The slot holding `state`, or the empty slot where it would go. */
static uint64_t probe(const struct dfpn_table *t, uint64_t h, const void *state) {
    for (uint64_t i = home(t, h);; i = next(t, i)) {
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

static bool is_open(const struct dfpn_slot *s) {
    return s->hash && s->pn != 0 && s->dn != 0;
}

/* Work buckets for choosing what to remove: exact below 1024, then one per
 * power of two. */
enum { EXACT_WORK = 1024, WORK_BUCKETS = EXACT_WORK + 33 };

static unsigned work_bucket(uint32_t w) {
    if (w < EXACT_WORK) return w;
    unsigned b = 0;
    while (w >> (b + 1)) b++;
    return EXACT_WORK + b - 9; /* 2^10 -> EXACT_WORK + 1 */
}

/* After entries were emptied: put every remaining one back where a probe
 * from its home finds it. The sweep starts after a slot that was empty
 * before the removal, so no probe sequence wraps past the start; each entry
 * moves to the first empty slot from its home, which is never after its
 * old place, and the entries swept before it stay reachable. */
static void rehash_after(struct dfpn_table *t, uint64_t start) {
    for (uint64_t k = 1, i = next(t, start); k < t->size; k++, i = next(t, i)) {
        struct dfpn_slot *s = &t->slots[i];
        if (!s->hash) continue;
        uint64_t j = home(t, s->hash);
        if (j == i) continue;
        while (t->slots[j].hash && j != i) j = next(t, j);
        if (j == i) continue; /* no empty slot before it: it stays */
        t->slots[j] = *s;
        memcpy(t->states + j * t->state_size, t->states + i * t->state_size,
               t->state_size);
        memset(s, 0, sizeof *s);
    }
}

uint64_t dfpn_table_collect(struct dfpn_table *t, uint64_t target) {
    uint64_t *hist = calloc(WORK_BUCKETS, sizeof *hist);
    if (!hist) return 0;
    uint64_t start = t->size;
    for (uint64_t i = 0; i < t->size; i++) {
        const struct dfpn_slot *s = &t->slots[i];
        if (!s->hash && start == t->size) start = i;
        if (is_open(s)) hist[work_bucket(s->work)]++;
    }
    /* The bucket where the cumulative count reaches the target: everything
     * below it goes, and of it only as many as still needed, spread evenly
     * over the table (taking the first ones in slot order would leave the
     * end of the table as full as before, and the entries stored next
     * would pile up there into one long probe run). */
    unsigned cut = 0;
    uint64_t below = 0;
    while (cut < WORK_BUCKETS && below + hist[cut] < target) below += hist[cut++];
    uint64_t in_cut = cut < WORK_BUCKETS ? hist[cut] : 0;
    free(hist);
    uint64_t from_cut = target - below, removed = 0, spread = 0;
    for (uint64_t i = 0; i < t->size; i++) {
        struct dfpn_slot *s = &t->slots[i];
        if (!is_open(s)) continue;
        unsigned b = work_bucket(s->work);
        if (b > cut) continue;
        if (b == cut) { /* every (in_cut / from_cut)-th of the bucket */
            spread += from_cut;
            if (spread < in_cut) continue;
            spread -= in_cut;
        }
        memset(s, 0, sizeof *s);
        removed++;
    }
    if (removed && start < t->size) rehash_after(t, start);
    t->count -= removed;
    t->collections++;
    t->removed += removed;
    return removed;
}

bool dfpn_table_store(struct dfpn_table *t, uint64_t h, const void *state, uint32_t pn,
                      uint32_t dn, uint64_t dep, int dep_depth, uint64_t work) {
    if (h == 0) h = 1;
    uint64_t i = probe(t, h, state);
    struct dfpn_slot *s = &t->slots[i];
    if (!s->hash) {
        if (t->count >= t->limit) {
            /* Collect a third of the table; when under a twentieth of it is
             * open, collecting would only repeat itself: full. */
            if (!t->replace || t->full ||
                dfpn_table_collect(t, t->limit / 3) < t->limit / 20) {
                t->full = true;
                return false;
            }
            i = probe(t, h, state);
            s = &t->slots[i];
        }
        s->hash = h;
        s->work = 0;
        memcpy(t->states + i * t->state_size, state, t->state_size);
        t->count++;
    }
    s->pn = pn;
    s->dn = dn;
    s->dep = dep;
    s->dep_depth = dep_depth;
    uint64_t w = (uint64_t)s->work + work;
    s->work = w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
    return true;
}
