/*
 * arena_seating.h - who sits where in game number k of an arena match: the
 * command line's name for libkibitz's kz_arena_seating (include/kibitz.h),
 * which kz_arena_run uses.
 *
 * Contract: arena_seating(game, n, order) fills order[seat] = spec index for
 * n players (1 <= n <= KZ_MAX_PLAYERS), going through the n! seatings in
 * turn (lexicographic order, by the factorial number system): games
 * k*n! .. k*n!+n!-1 hold every seating exactly once. With three or more
 * players each player thereby also sits both before and after each other one
 * (turn order and "next player clockwise" matter, e.g. Kodrek's pulls); for
 * two players it alternates. Returns n!, the games one opening is shared by.
 */
#ifndef KIBITZ_ARENA_SEATING_H
#define KIBITZ_ARENA_SEATING_H

#include "include/kibitz.h"

long arena_seating(long game, int n, int order[KZ_MAX_PLAYERS]);

#endif
