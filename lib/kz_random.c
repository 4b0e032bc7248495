/* libkibitz: the seeded random stream of play and arena, chance draws, and
 * the positions of one game for threefold repetition (include/kibitz.h). */
#include "engine/repetition.h"
#include "engine/rng.h"
#include "lib/kz_internal.h"
#include "search/playout.h"

#include <stdlib.h>

struct kz_rng {
    struct rng r;
};

kz_rng *kz_rng_new(uint64_t seed) {
    kz_rng *r = malloc(sizeof *r);
    if (r) rng_seed(&r->r, seed);
    return r;
}

uint64_t kz_rng_next(kz_rng *r) {
    if (!r) return 0;
    return rng_next(&r->r);
}

void kz_rng_free(kz_rng *r) {
    free(r);
}

int kz_rng_chance(kz_rng *r, const kz_state *s, kz_action *out) {
    if (!r || !s || !out) return KZ_EINVAL;
    const struct game *g = s->game->g;
    if (g->turn(&s->game->v, s->bytes) != TURN_CHANCE) return KZ_EINVAL;
    const move_t *moves;
    int count = kz_state_moves(s, &moves);
    double prob[count > 0 ? count : 1];
    g->chance(&s->game->v, s->bytes, moves, count, prob);
    *out = kz_action_of(moves[playout_sample(prob, count, &r->r)]);
    return KZ_OK;
}

struct kz_repetition {
    struct repetition seen;
};

kz_repetition *kz_repetition_new(void) {
    kz_repetition *r = malloc(sizeof *r);
    if (r) repetition_init(&r->seen);
    return r;
}

int kz_repetition_add(kz_repetition *r, const kz_state *s) {
    if (!r || !s) return KZ_EINVAL;
    int n = repetition_record(&r->seen, s->game->g, &s->game->v, s->bytes);
    return n < 0 ? KZ_ERUNTIME : n;
}

void kz_repetition_clear(kz_repetition *r) {
    if (!r) return;
    repetition_clear(&r->seen);
}

void kz_repetition_free(kz_repetition *r) {
    if (!r) return;
    repetition_free(&r->seen);
    free(r);
}
