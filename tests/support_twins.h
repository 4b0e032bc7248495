/*
 * support_twins.h - twin games for the hidden-information property tests:
 * two matches of one game that a given seat cannot tell apart (the other
 * seats play different moves that leave that seat's view the same), walked
 * step by step so that a test can compare everything the seat is shown in
 * both (tests/test_match_views.c: the match's views and logs;
 * tests/test_ugi_views.c: a UGI engine's answers).
 */
#ifndef KIBITZ_TEST_SUPPORT_TWINS_H
#define KIBITZ_TEST_SUPPORT_TWINS_H

#include "play/match.h"

/* Called before each step while the twins are still twins for `seat`. */
typedef void (*twin_visit)(const struct match *a, const struct match *b, int seat,
                           void *ctx);

/* Play up to `plies` steps of a pair of twin matches of `game` (default
 * variant, chance seed `x`, moves drawn from `x`) for `seat`, calling
 * `visit` before every step; stops where no move of the twin keeps them
 * twins. Returns the steps where the twins' true moves differed. */
int twin_games(const char *game, int seat, unsigned x, int plies, twin_visit visit,
               void *ctx);

#endif
