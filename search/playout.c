#include "search/playout.h"

#include "search/kernels.h"

int playout_sample(const double *prob, int count, struct rng *rng) {
    double x = rng_unit(rng);
    for (int i = 0; i < count - 1; i++) {
        if (x < prob[i]) return i;
        x -= prob[i];
    }
    return count - 1;
}

int playout_run(const struct game *g, const struct variant *v, void *state,
                struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]) {
    return search_kernels_for(g)->playout(g, v, state, rng, max_plies, returns);
}
