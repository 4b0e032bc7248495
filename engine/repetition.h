/*
 * repetition.h - the positions of one game so far, to call a draw when a
 * position occurs for the third time (games flagged GAME_CAN_CYCLE, where
 * play that never ends is a draw; the match of play/match.h uses it).
 *
 * Positions are kept by their 64-bit hash (engine/hash.h); a false match
 * would need a 64-bit collision within one game.
 */
#ifndef KIBITZ_REPETITION_H
#define KIBITZ_REPETITION_H

#include "engine/game.h"

enum { REPETITION_DRAW_COUNT = 3 };

struct repetition {
    uint64_t *keys;
    int count, capacity;
};

void repetition_init(struct repetition *r);
void repetition_free(struct repetition *r);
/* Forget every position (a game taken back and replayed). */
void repetition_clear(struct repetition *r);

/* Record `state` and return how many times it has now occurred (>= 1), or
 * -1 if memory ran out. */
int repetition_record(struct repetition *r, const struct game *g, const struct variant *v,
                      const void *state);

#endif
