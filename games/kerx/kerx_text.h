/*
 * kerx_text.h - Kerx notation (games/kerx/RULES.md): cells "d4", moves
 * "c3-d4" (step) and "b2xd4xf4" (capture, every landing cell), positions as
 * one line "rows top to bottom, '/' between them, then the side to move",
 * e.g. the size-4 start "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w".
 * With huff=1 a position may end with " huff:c3,e4" (the pieces the side to
 * move must choose one of to remove first) and the removal is "huff:c3".
 * Parsers check everything and explain what is wrong.
 */
#ifndef KIBITZ_KERX_TEXT_H
#define KIBITZ_KERX_TEXT_H

#include "engine/game.h"

int kerx_parse_position(const struct variant *v, const char *text, void *state,
                        char *err);
void kerx_format_position(const struct variant *v, const void *state, char *buf,
                          size_t n);
int kerx_parse_move(const struct variant *v, const void *state, const char *text,
                    move_t *move, char *err);
void kerx_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                      size_t n);
void kerx_draw(const struct variant *v, const void *state, FILE *out);

#endif
