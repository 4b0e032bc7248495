/*
 * play_text.h - what `kibitz play` prints besides the board: an engine's
 * evaluation, the moves so far as --moves text, and the list of commands at
 * its prompt.
 */
#ifndef KIBITZ_PLAY_TEXT_H
#define KIBITZ_PLAY_TEXT_H

#include "engine/record.h"
#include "search/agent.h"

#include <stdbool.h>
#include <stddef.h>

/* "win in 7", "draw", "loss", "+0.35" or "not searched", for the player who
 * moved. */
void play_eval_text(const struct agent_eval *e, char *buf, size_t n);

/* The first `steps` steps of the record as --moves text into `buf` (a
 * simultaneous step as the one move the game lists for its joint choice);
 * false when a step cannot be written so (only --record replays it) or
 * `buf` is too small. */
bool play_moves_text(const struct game_record *rec, int steps, char *buf, size_t n);

/* The commands at play's prompt, one a line, on standard output. */
void play_print_help(void);

#endif
