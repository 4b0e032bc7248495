/*
 * pimc.h - perfect-information Monte Carlo, the baseline for games with
 * hidden information: draw `worlds` full states consistent with the mover's
 * view (`g->determinize`), search each as if everything were known (MCTS
 * with `assume_perfect`), and play the move most worlds chose (ties: the
 * most visits summed over worlds). Like ismcts it reads only the view.
 * Known weaknesses of the method (strategy fusion: it assumes it will know
 * the hidden ranks after this move) are why it is the baseline.
 */
#ifndef KIBITZ_PIMC_H
#define KIBITZ_PIMC_H

#include "engine/game.h"
#include "search/mcts.h"

struct pimc_limits {
    int worlds;               /* <= 0: 10 */
    struct mcts_limits world; /* per world: iterations each; a time budget is
                                 the total, split evenly over the worlds;
                                 max_playout <= 0: as IS-MCTS's default
                                 (ISMCTS_CUT_PLAYOUT for a game with an
                                 evaluation) */
};

/* Fills `out` like mcts_search; root_visits are summed over the worlds and
 * root_values averaged. 0, or -1 with a message in `err`. */
int pimc_search(const struct game *g, const struct variant *v, const void *state,
                const struct pimc_limits *limits, struct mcts_result *out, char *err);

#endif
