/*
 * rng.h - small, fast, seedable random numbers (xoshiro256**), one generator
 * per thread or per search, never global. Same seed, same sequence on every
 * machine.
 */
#ifndef KIBITZ_RNG_H
#define KIBITZ_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

static inline uint64_t rng_splitmix(uint64_t *x) {
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Seed from one 64-bit number (splitmix spreads it over the 256-bit state). */
static inline void rng_seed(struct rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform integer in [0, n), n >= 1 (Lemire's multiply-shift; the tiny bias
 * for n far below 2^64 does not matter for game play). */
static inline uint32_t rng_below(struct rng *r, uint32_t n) {
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform double in [0, 1). */
static inline double rng_unit(struct rng *r) {
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* Adapter for game.h's determinize(next_random, ctx). */
static inline uint64_t rng_next_ctx(void *ctx) {
    return rng_next((struct rng *)ctx);
}

#endif
