/* libkibitz: the seeded random stream of play and arena and chance draws
 * (include/kibitz.h). */
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
    return rng_next(&r->r);
}

void kz_rng_free(kz_rng *r) {
    free(r);
}

int kz_rng_chance(kz_rng *r, const kz_state *s, kz_action *out) {
    const struct game *g = s->game->g;
    if (g->turn(&s->game->v, s->bytes) != TURN_CHANCE) return KZ_EINVAL;
    const move_t *moves;
    int count = kz_state_moves(s, &moves);
    double prob[count > 0 ? count : 1];
    g->chance(&s->game->v, s->bytes, moves, count, prob);
    *out = kz_action_of(moves[playout_sample(prob, count, &r->r)]);
    return KZ_OK;
}
