#include "engine/repetition.h"
#include "engine/hash.h"

#include <stdlib.h>

void repetition_init(struct repetition *r) {
    r->keys = NULL;
    r->count = r->capacity = 0;
}

void repetition_free(struct repetition *r) {
    free(r->keys);
    repetition_init(r);
}

void repetition_clear(struct repetition *r) {
    r->count = 0;
}

int repetition_record(struct repetition *r, const struct game *g, const struct variant *v,
                      const void *state) {
    if (r->count == r->capacity) {
        int capacity = r->capacity ? 2 * r->capacity : 256;
        uint64_t *keys = realloc(r->keys, sizeof *keys * (size_t)capacity);
        if (!keys) return -1;
        r->keys = keys;
        r->capacity = capacity;
    }
    uint64_t key = game_hash(g, v, state);
    int seen = 1;
    for (int i = 0; i < r->count; i++) seen += r->keys[i] == key;
    r->keys[r->count++] = key;
    return seen;
}
