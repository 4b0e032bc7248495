/*
 * engine_common.h - small helpers shared by the engines of search/engine_*.c
 * (internal to them): the failure they report, the report of a Monte Carlo
 * tree search.
 */
#ifndef KIBITZ_ENGINE_COMMON_H
#define KIBITZ_ENGINE_COMMON_H

#include "engine/game.h"
#include "search/engine.h"
#include "search/mcts.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* -1 with `message` in `err`, *runtime set to `is_runtime`. */
static inline int engine_fail(bool *runtime, bool is_runtime, char *err,
                              const char *message) {
    *runtime = is_runtime;
    snprintf(err, GAME_ERROR_BYTES, "%s", message);
    return -1;
}

/* The neutral part of a Monte Carlo tree search's report; `player` >= 0:
 * that player's option at a simultaneous root. */
static inline void engine_report_mcts(struct engine_report *out,
                                      const struct mcts_result *res, int player) {
    out->mcts = (struct mcts_result *)res;
    if (player >= 0)
        out->has_move = true, out->move = res->sim_choice[player];
    else
        out->has_move = res->has_move, out->move = res->move;
    out->nodes = res->nodes, out->seconds = res->seconds;
    if (res->proven || res->proven_draw)
        out->value = ENGINE_VALUE_PROVEN, out->outcome = res->proven, out->score = res->proven;
    else
        out->value = ENGINE_VALUE_ESTIMATE, out->score = res->value;
}

#endif
