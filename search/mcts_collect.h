/*
 * mcts_collect.h - the result of an MCTS search read from its trees
 * (search/mcts_collect.c). Used by search/mcts_search.c only.
 */
#ifndef KIBITZ_MCTS_COLLECT_H
#define KIBITZ_MCTS_COLLECT_H

#include "search/mcts_tree.h"

/* Fill the root statistics, the recommended move (or options) and the plan
 * of `out` from the trees (summed over root-parallel trees). */
void mcts_collect(const struct game *g, const struct variant *v, const void *state,
                  struct tree *forest, int trees, const struct sim_policy *sim,
                  uint64_t seed, struct mcts_result *out);

#endif
