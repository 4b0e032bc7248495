/*
 * kulibrat_text.h - Kulibrat's variants, notation and board drawing (the
 * callbacks kulibrat_game takes from kulibrat_text.c and kulibrat_variant.c).
 * The notation is documented in games/kulibrat/RULES.md.
 */
#ifndef KIBITZ_KULIBRAT_TEXT_H
#define KIBITZ_KULIBRAT_TEXT_H

#include "engine/game.h"

extern const struct variant_param kulibrat_variant_params[];
/* The default variant with target=KULIBRAT_MAX_TARGET: no scoring move ends
 * the game from 0-0 (the cycle analysis' moves are the score-free ones). */
void kulibrat_variant_high_target(struct variant *v);

int kulibrat_parse_position(const struct variant *v, const char *text, void *state,
                            char *err);
void kulibrat_format_position(const struct variant *v, const void *state, char *buf,
                              size_t n);
int kulibrat_parse_move(const struct variant *v, const void *state, const char *text,
                        move_t *move, char *err);
void kulibrat_format_move(const struct variant *v, const void *state, move_t move,
                          char *buf, size_t n);
void kulibrat_draw(const struct variant *v, const void *state, FILE *out);
const char *kulibrat_player_name(const struct variant *v, int player);

/* Square name such as "b4" into `buf` (>= 4 bytes); "off" for KULIBRAT_OFF. */
void kulibrat_square_name(int square, char *buf);

/* The web board (kulibrat_web.c; engine/board.h). */
struct board;
void kulibrat_describe(const struct variant *v, const void *state, struct board *b);
int kulibrat_move_cells(const struct variant *v, const void *state, move_t move,
                        int *cells);

#endif
