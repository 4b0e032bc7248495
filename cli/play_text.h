/*
 * play_text.h - what `kibitz play` prints besides the board and the moves:
 * the list of commands at its prompt (an engine's evaluation in words is
 * libkibitz's kz_eval_text).
 */
#ifndef KIBITZ_PLAY_TEXT_H
#define KIBITZ_PLAY_TEXT_H

/* The commands at play's prompt, one a line, on standard output. */
void play_print_help(void);

#endif
