/*
 * search_report.h - printing search results for `bestmove` and `analyse`:
 * readable lines (the JSON form is json/kjson_search.h).
 */
#ifndef KIBITZ_SEARCH_REPORT_H
#define KIBITZ_SEARCH_REPORT_H

#include "engine/game.h"
#include "search/alphabeta.h"
#include "search/engine.h"
#include "search/mcts.h"

#include <stdbool.h>
#include <stdio.h>

/* "win in 7", "loss in 3", "draw" (a proven one: `draw`) or "+0.35"
 * (evaluation units / GAME_EVAL_MAX). */
void report_score_text(int score, bool draw, char *buf, size_t n);

/* Best move, score, PV, nodes, time, rate; `all_moves` adds the score of
 * every root move (from a search with limits.analyse). */
void report_alphabeta(const struct game *g, const struct variant *v, const void *state,
                      const struct ab_result *res, bool all_moves, FILE *out);

/* Best move, value or proof, iterations, time, rate; `all_moves` lists every
 * root move with its visits and value. */
void report_mcts(const struct game *g, const struct variant *v, const void *state,
                 const struct mcts_result *res, bool all_moves, FILE *out);

/* An engine's neutral report (search/engine.h) as text: its engine's
 * detail where it has one (the reports above, report_expectimax,
 * report_mcts_joint for `player` at a simultaneous root), else best move,
 * value, nodes and time. */
void report_search(const struct game *g, const struct variant *v, const void *state,
                   const struct engine_report *r, int player, bool all_moves, FILE *out);

#endif
