/*
 * mcts_report.h - printing an MCTS result whose root is a simultaneous node
 * (`bestmove kodrek` at the secret split): for the player asked about (or
 * every acting player) the recommended option with the statistics of each
 * option, then the plan: the most visited line after the recommended
 * tuple, up to the next simultaneous node (Kodrek: the thrusts and pulls).
 */
#ifndef KIBITZ_MCTS_REPORT_H
#define KIBITZ_MCTS_REPORT_H

#include "engine/game.h"
#include "search/mcts.h"

#include <stdbool.h>
#include <stdio.h>

/* `player` < 0: every acting player. `all_options` lists every option. */
void report_mcts_joint(const struct game *g, const struct variant *v, const void *state,
                       const struct mcts_result *res, int player, bool all_options,
                       FILE *out);

#endif
