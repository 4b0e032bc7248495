/*
 * hash.h - 64-bit position keys.
 *
 * game_hash() is the key every table uses: the game's own `hash` callback when
 * it has one, else XXH3-64 of the state bytes (states are canonical byte for
 * byte, see game.h, so equal positions get equal keys).
 */
#ifndef KIBITZ_HASH_H
#define KIBITZ_HASH_H

#include "engine/game.h"
#include <xxhash.h>

static inline uint64_t hash_bytes(const void *data, size_t n) {
    return XXH3_64bits(data, n);
}

static inline uint64_t game_hash(const struct game *g, const struct variant *v,
                                 const void *state) {
    return g->hash ? g->hash(v, state) : XXH3_64bits(state, g->state_size);
}

#endif
