/* Listing and ordering the tiers below a root (retro_plan.h). */
#include "solve/retro_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(tier_t t) {
    t ^= t >> 33;
    t *= UINT64_C(0xff51afd7ed558ccd);
    t ^= t >> 33;
    return t;
}

static int plan_find(const struct retro_plan *p, tier_t t) {
    for (uint64_t h = mix(t);; h++) {
        int i = p->slot[h & (uint64_t)p->slot_mask];
        if (i < 0 || p->nodes[i].id == t) return i;
    }
}

static int plan_add(struct retro_plan *p, tier_t t) {
    if (2 * (p->count + 1) > p->slot_mask + 1) {
        int size = 2 * (p->slot_mask + 1);
        int *slot = malloc((size_t)size * sizeof *slot);
        if (!slot) return -1;
        for (int i = 0; i < size; i++) slot[i] = -1;
        for (int i = 0; i < p->count; i++) {
            uint64_t h = mix(p->nodes[i].id);
            while (slot[h & (uint64_t)(size - 1)] >= 0) h++;
            slot[h & (uint64_t)(size - 1)] = i;
        }
        free(p->slot);
        p->slot = slot;
        p->slot_mask = size - 1;
    }
    if (p->count == p->capacity) {
        int cap = p->capacity ? 2 * p->capacity : 64;
        struct retro_node *nodes = realloc(p->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) return -1;
        p->nodes = nodes;
        p->capacity = cap;
    }
    uint64_t h = mix(t);
    while (p->slot[h & (uint64_t)p->slot_mask] >= 0) h++;
    p->slot[h & (uint64_t)p->slot_mask] = p->count;
    struct retro_node *nd = &p->nodes[p->count];
    memset(nd, 0, sizeof *nd);
    nd->id = t;
    nd->depth = -2;
    return p->count++;
}

/* Depth-first: a tier's depth is one more than its deepest child. */
static int plan_visit(struct retro_plan *p, const struct game *g, const struct variant *v,
                      int i, char *err) {
    p->nodes[i].depth = -1;
    tier_t kids[RETRO_MAX_SLOTS];
    int n = g->tier_children(v, p->nodes[i].id, kids);
    if (n < 0 || n > RETRO_MAX_SLOTS) {
        snprintf(err, GAME_ERROR_BYTES, "tier_children returned %d tiers", n);
        return -1;
    }
    int depth = 0;
    for (int k = 0; k < n; k++) {
        int j = plan_find(p, kids[k]);
        if (j < 0 && (j = plan_add(p, kids[k])) < 0) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory listing tiers");
            return -1;
        }
        if (p->nodes[j].depth == -1) {
            snprintf(err, GAME_ERROR_BYTES, "tier %#llx is its own descendant",
                     (unsigned long long)kids[k]);
            return -1;
        }
        if (p->nodes[j].depth == -2 && plan_visit(p, g, v, j, err) != 0) return -1;
        if (p->nodes[j].depth + 1 > depth) depth = p->nodes[j].depth + 1;
        p->nodes[i].kids[k] = j;
        p->nodes[j].parents_left++;
    }
    p->nodes[i].nkids = n;
    p->nodes[i].depth = depth;
    p->nodes[i].size = g->tier_size(v, p->nodes[i].id);
    return 0;
}

struct order_key {
    int depth;
    tier_t id;
    int index;
};

static int by_depth(const void *a, const void *b) {
    const struct order_key *x = a, *y = b;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

void retro_plan_free(struct retro_plan *p) {
    for (int i = 0; i < p->count; i++) free(p->nodes[i].values);
    free(p->nodes);
    free(p->slot);
}

/* Build the plan and its solve order (malloc'd indices into p->nodes). */
int retro_plan_build(struct retro_plan *p, const struct game *g, const struct variant *v,
                     tier_t root, int **order, char *err) {
    memset(p, 0, sizeof *p);
    p->slot_mask = 63;
    p->slot = malloc(64 * sizeof *p->slot);
    if (!p->slot) return -1;
    for (int i = 0; i < 64; i++) p->slot[i] = -1;
    int r = plan_add(p, root);
    if (r < 0 || plan_visit(p, g, v, r, err) != 0) return -1;
    *order = malloc((size_t)p->count * sizeof **order);
    if (!*order) return -1;
    struct order_key *keys = malloc((size_t)p->count * sizeof *keys);
    if (!keys) return -1;
    for (int i = 0; i < p->count; i++)
        keys[i] = (struct order_key){p->nodes[i].depth, p->nodes[i].id, i};
    qsort(keys, (size_t)p->count, sizeof *keys, by_depth);
    for (int i = 0; i < p->count; i++) (*order)[i] = keys[i].index;
    free(keys);
    return 0;
}
