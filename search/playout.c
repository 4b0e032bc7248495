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

void playout_score_cut(const struct game *g, const struct variant *v, const void *state,
                       double returns[GAME_MAX_PLAYERS]) {
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) returns[p] = 0;
    if (g->turn(v, state) == TURN_OVER) {
        g->returns(v, state, returns);
        return;
    }
    if (!g->evaluate) return;
    /* Rank the players by evaluation and score each place as a finishing
     * order is scored (first +1, last -1, evenly between; ties share): a
     * strong signal even where evaluations differ by little. */
    int players = g->player_count ? g->player_count(v) : g->players;
    int eval[GAME_MAX_PLAYERS];
    for (int p = 0; p < players; p++) eval[p] = g->evaluate(v, state, p);
    for (int p = 0; p < players; p++) {
        int above = 0, equal = 0;
        for (int q = 0; q < players; q++)
            above += eval[q] > eval[p], equal += q != p && eval[q] == eval[p];
        double place = above + equal / 2.0; /* 0 = first */
        returns[p] = 1.0 - 2.0 * place / (players - 1);
    }
}

int playout_run(const struct game *g, const struct variant *v, void *state,
                struct rng *rng, int max_plies, double returns[GAME_MAX_PLAYERS]) {
    int plies = search_kernels_for(g)->playout(g, v, state, rng, max_plies, returns);
    if (plies == max_plies) playout_score_cut(g, v, state, returns);
    return plies;
}
