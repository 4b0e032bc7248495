/*
 * flatmc.h - flat Monte Carlo: the baseline MCTS is compared with at an equal
 * number of playouts. Every option of the deciding player at the root gets
 * the same share of the playouts (round robin), each playout is uniformly
 * random play to the end (search/playout.h, capped and scored like MCTS's),
 * and the option with the best mean return for the player wins. No tree:
 * nothing below the root is learnt.
 *
 * Works on any game without hidden information: at a player's node the
 * options are its moves; at a simultaneous node they are one acting player's
 * options and every other acting player's choice is drawn at random in each
 * playout (the root choice is secret too).
 */
#ifndef KIBITZ_FLATMC_H
#define KIBITZ_FLATMC_H

#include "engine/game.h"

#include <stdint.h>

enum { FLATMC_MAX_OPTIONS = 1024 };

struct flatmc_limits {
    long playouts;   /* in total over all options, >= 1 */
    int max_playout; /* plies before a playout is cut and scored; <= 0: 1000 */
    uint64_t seed;
};

struct flatmc_result {
    move_t move; /* the chosen option */
    int count;   /* options at the root (at most FLATMC_MAX_OPTIONS kept) */
    move_t options[FLATMC_MAX_OPTIONS];
    long visits[FLATMC_MAX_OPTIONS];
    double values[FLATMC_MAX_OPTIONS]; /* mean return for the decider */
};

/* Decide for `player` in `state`: the player to move at a player's node
 * (pass -1 or that player), or an acting player at a simultaneous node. 0, or
 * -1 with a message in `err` (no decision here, hidden information). */
int flatmc_search(const struct game *g, const struct variant *v, const void *state,
                  int player, const struct flatmc_limits *limits,
                  struct flatmc_result *out, char *err);

#endif
