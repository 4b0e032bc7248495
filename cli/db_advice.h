/*
 * db_advice.h - the message for a database that does not exist yet, with a
 * command that makes it, complete enough to be copied and run: the game,
 * the variant spelt out and the --db given (a game with a builder of its
 * own gets --pieces too).
 */
#ifndef KIBITZ_DB_ADVICE_H
#define KIBITZ_DB_ADVICE_H

#include "cli/cli.h"

/* Print "kibitz: <problem>; make it with: kibitz solve ..." and return
 * EXIT_RUNTIME_FAILURE. */
int cli_fail_missing_database(const struct cli_options *o, const char *problem);

/* True when no database file for o->kz (its variant) exists where --db (or
 * the default folder) points: the problem is a missing database, not a
 * damaged or foreign one. Games with their own databases say so through
 * their `open` (1 = none found) instead. */
bool cli_database_missing(const struct cli_options *o);

#endif
