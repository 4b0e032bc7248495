/*
 * kauda_text.h - Kauda-Baji's variants, notation and board drawing (the
 * callbacks kauda_baji_game takes from kauda_text.c, kauda_draw.c and
 * kauda_variant.c). The notation is documented in games/kauda-baji/RULES.md.
 */
#ifndef KIBITZ_KAUDA_TEXT_H
#define KIBITZ_KAUDA_TEXT_H

#include "engine/game.h"

#include <stddef.h>

extern const struct variant_param kauda_variant_params[];

int kauda_parse_position(const struct variant *v, const char *text, void *state,
                         char *err);
void kauda_format_position(const struct variant *v, const void *state, char *buf,
                           size_t n);
int kauda_parse_move(const struct variant *v, const void *state, const char *text,
                     move_t *move, char *err);
void kauda_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                       size_t n);
void kauda_draw(const struct variant *v, const void *state, FILE *out);
const char *kauda_player_name(const struct variant *v, int player);

/* One-letter name of a player (s, e, n, w by seat). */
char kauda_player_letter(const struct variant *v, int player);
/* Square name such as "d1" into `buf` (>= 3 bytes). */
void kauda_square_name(int square, char *buf);

/* The web board (kauda_web.c; engine/board.h). */
struct board;
void kauda_describe(const struct variant *v, const void *state, struct board *b);
int kauda_move_cells(const struct variant *v, const void *state, move_t move, int *cells);

#endif
