/*
 * match_setup.h - the game and the start position of `play` and `arena`
 * through libkibitz: the command line's game and --variant as a kz_game,
 * --position/--moves as a kz_state, --record FILE as a kz_record, with the
 * messages and exit statuses of cli_load_position / cli_load_record
 * (cli/cli.h).
 *
 * Each returns 0, or an exit status after printing "kibitz: <message>".
 */
#ifndef KIBITZ_MATCH_SETUP_H
#define KIBITZ_MATCH_SETUP_H

#include "cli/cli.h"
#include "include/kibitz.h"

/* The game named on the command line with every --variant (kz_game_free). */
int match_game(const struct cli_options *o, kz_game **out);

/* --position (or the start) with --moves played, as a new state of `g`. */
int match_start(const struct cli_options *o, const kz_game *g, kz_state **out);

/* --record FILE, of the command line's game (kz_record_free). */
int match_record(const struct cli_options *o, const kz_game *g, kz_record **out);

/* An exit status for a library status: 2 for bad input, 1 otherwise; after
 * printing "kibitz: <err>". */
int match_fail(int status, const char *err);

#endif
