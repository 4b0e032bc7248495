/*
 * search_command.h - what `kibitz bestmove` and `kibitz analyse` share: one
 * search run from the command line, reported as text or JSON. With `analyse`
 * every root move is scored.
 */
#ifndef KIBITZ_SEARCH_COMMAND_H
#define KIBITZ_SEARCH_COMMAND_H

#include "cli/cli.h"

#include <stdbool.h>

/* Options the search commands accept. */
#define SEARCH_COMMAND_OPTIONS                                                           \
    (OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_ALGO | OPT_DEPTH | OPT_TIME |          \
     OPT_ITERATIONS | OPT_THREADS | OPT_HASH | OPT_SEED | OPT_JSON | OPT_DB | OPT_SIDE)

/* Exit status as cli.h describes. */
int search_command_run(const struct cli_spec *spec, int argc, char **argv, bool analyse);

#endif
