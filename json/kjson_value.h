/*
 * kjson_value.h - the value object: what a position or a move is worth to
 * the player to move, whoever computed it (docs/JSON.md, "value").
 *
 *   {"result": "win"|"loss"|"draw"|"unknown",
 *    "distance": N,         only when proven: moves to the end with best play
 *    "score": X,            in [-1, 1] for the player to move: 1 / -1 / 0 for
 *                           a proven win / loss / draw, else the estimate
 *    "values": [X, ...]}    optional: the estimate for every player in
 *                           seating order (games of more than two players)
 *
 * "result" is "unknown" whenever the value is an estimate (search that did
 * not prove anything); it is never guessed from the score.
 */
#ifndef KIBITZ_KJSON_VALUE_H
#define KIBITZ_KJSON_VALUE_H

#include "search/agent.h"
#include "engine/game.h"
#include "solve/retro_cell.h"
#include "json/kjson.h"

/* A proven value: outcome +1 win, 0 draw, -1 loss for the player to move;
 * distance < 0 leaves "distance" out (a proof without a length). */
json_t *kjson_value_proven(int outcome, int distance);

/* An estimate in [-1, 1] for the player to move (clamped). */
json_t *kjson_value_estimate(double score);

/* An alpha-beta score (search/alphabeta.h): a proven draw when `draw`
 * (the databases hold it so), proven when ab_score_proven says so, else
 * score / GAME_EVAL_MAX. */
json_t *kjson_value_alphabeta(int score, bool draw);

/* A database cell (solve/retro.h) for the player to move; NULL for a
 * marker (hole, unknown, terminal), which is no value. */
json_t *kjson_value_cell(retro_cell cell);

/* What an agent's search found (search/agent.h); JSON null for none. */
json_t *kjson_value_eval(const struct agent_eval *e);

#endif
