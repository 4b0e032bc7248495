/*
 * kulibrat_cycles_report.h - the `kibitz solve kulibrat --report NAME`
 * analyses, printed as text:
 *
 *   cycles      every winning-cycle board (kulibrat_cycles.h), mirror images
 *               grouped, each with the cycle its winner's play enters, points
 *               per lap and distance from the start; checked against the
 *               solution of the variant's target (every pair of points still
 *               needed).
 *   remoteness  how many positions of the solution are won and lost at each
 *               remoteness (for the distribution plot).
 *   start       the start position's value and remoteness for every pair of
 *               points still needed (black's, red's).
 *
 * The solution is read from the database `db_option` names (see
 * solver_db_find) when one answers the variant, else solved in memory.
 */
#ifndef KIBITZ_KULIBRAT_CYCLES_REPORT_H
#define KIBITZ_KULIBRAT_CYCLES_REPORT_H

#include "engine/game.h"

#include <stdio.h>

/* True when `name` is a report this file makes. */
int kulibrat_report_known(const char *name);

/* Print report `name` for variant `v` to `out`. 0 (the winning cycles agree
 * with the solution, or another report was printed), 1 when the check found
 * a disagreement, or -1 with `err` (GAME_ERROR_BYTES). */
int kulibrat_report(const char *name, const struct variant *v, const char *db_option,
                    int threads, FILE *out, char *err);

#endif
