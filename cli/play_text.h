/*
 * play_text.h - the list of commands at `kibitz play`'s prompt, and an
 * engine's evaluation as text for `kibitz review` (play itself takes that
 * from libkibitz's kz_eval_text, which this one calls).
 */
#ifndef KIBITZ_PLAY_TEXT_H
#define KIBITZ_PLAY_TEXT_H

#include <stddef.h>

struct agent_eval; /* search/agent.h */

/* "win in 7", "draw", "loss", "+0.35" or "not searched", for the player who
 * moved (kz_eval_text of the same evaluation). */
void play_eval_text(const struct agent_eval *e, char *buf, size_t n);

/* The commands at play's prompt, one a line, on standard output. */
void play_print_help(void);

#endif
