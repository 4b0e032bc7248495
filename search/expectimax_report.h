/*
 * expectimax_report.h - printing an expectimax result for `bestmove` and
 * `analyse`: readable lines (the JSON form is json/kjson_search.h).
 */
#ifndef KIBITZ_EXPECTIMAX_REPORT_H
#define KIBITZ_EXPECTIMAX_REPORT_H

#include "search/expectimax.h"

#include <stdbool.h>
#include <stdio.h>

/* Best move, expected score (evaluation units / GAME_EVAL_MAX, for the
 * mover), depth, nodes, cuts, time; `all_moves` lists every root move. */
void report_expectimax(const struct game *g, const struct variant *v, const void *state,
                       const struct expecti_result *res, bool all_moves, FILE *out);

#endif
