/*
 * kjson_position.h - positions and move lists as JSON (docs/JSON.md,
 * "position").
 */
#ifndef KIBITZ_KJSON_POSITION_H
#define KIBITZ_KJSON_POSITION_H

#include "json/kjson.h"

/* Add "position" (the one-line text) and "turn" (kjson_turn) of `state` to
 * the object `doc`. Every document about one position has these two. */
void kjson_add_position(json_t *doc, const struct game *g, const struct variant *v,
                        const void *state);

/* The legal moves of `state` as texts (chance outcomes at a chance node). */
json_t *kjson_legal_moves(const struct game *g, const struct variant *v,
                          const void *state);

/* The "position" document (`kibitz show --json`, GET /position): game,
 * variant, position, turn, players, moves, and "chance" (probability of each
 * outcome, in the order of "moves") at a chance node, "returns" (one number
 * per player) when the game is over. */
json_t *kjson_position(const struct game *g, const struct variant *v, const void *state);

#endif
