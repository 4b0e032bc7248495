/*
 * game_report.h - the optional solution reports of a game (the `reports`
 * hook of struct game, engine/game.h): named analyses of a whole solution
 * that only the game knows how to make, run by `kibitz solve <game>
 * --report NAME` without the command line knowing the game (Kulibrat: its
 * winning cycles, the remoteness histogram, the start's value per score;
 * games/kulibrat/kulibrat_cycles_report.c).
 */
#ifndef KIBITZ_GAME_REPORT_H
#define KIBITZ_GAME_REPORT_H

#include "engine/game.h"

#include <stdio.h>

struct game_reports {
    /* The report names, for messages: "kulibrat has: cycles, remoteness, ...". */
    const char *names;
    /* True when `name` is one of the game's reports. */
    int (*known)(const char *name);
    /* Print report `name` for variant `v` to `out`, reading the solution from
     * the database `db_option` names (solver_db_find) when one answers the
     * variant, else solving it in memory with `threads`. 0, 1 when a check
     * the report makes found a disagreement, or -1 with `err`
     * (GAME_ERROR_BYTES). */
    int (*run)(const char *name, const struct variant *v, const char *db_option,
               int threads, FILE *out, char *err);
};

#endif
