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
    (OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_ALGO | OPT_DEPTH |        \
     OPT_TIME | OPT_ITERATIONS | OPT_THREADS | OPT_HASH | OPT_SEED | OPT_JSON | OPT_DB | \
     OPT_SIDE)

/* The usage line's tail and the help paragraph on databases, engine specs
 * and forced moves, the same for both commands. */
#define SEARCH_COMMAND_USAGE                                                             \
    "[--position P] [--moves M | --record FILE]\n"                                       \
    "       [--algo SPEC] [--depth N | --time S | --iterations N] [--threads N]\n"       \
    "       [--hash MiB] [--seed N] [--side PLAYER] [--db PATH|none] [--json]"
#define SEARCH_COMMAND_HELP                                                              \
    "\n\nThe database rule: without --algo and without a budget (--depth, --time,\n"     \
    "--iterations), a solver database that answers the variant (--db PATH, else\n"       \
    "the data folder) gives the exact value and best move and nothing\n"                 \
    "is searched; an explicit --db PATH is always read (with --algo, or a game's\n"      \
    "own endgame databases, the search probes it: see below). To search anyway give\n"   \
    "--algo (e.g. --algo alphabeta), a budget, or --db none (no database, as on\n"       \
    "every command). --algo takes an engine spec as arena does (kibitz arena\n"          \
    "--help), e.g. alphabeta:depth=4, mcts:root=1 or mcts:c=0.7:playout=40.\n"           \
    "A player's only legal move is printed without search ('score forced');\n"           \
    "analyse still scores it. --json prints the search document of docs/JSON.md."

/* The engines paragraph of both commands' help, after their first lines. */
#define SEARCH_COMMAND_ENGINES                                                           \
    "alphabeta (the default for two-player\n"                                            \
    "zero-sum games without chance) takes --depth (default 8) or --time;\n"              \
    "mcts takes --iterations (default 10000) or --time. --threads runs Lazy\n"           \
    "SMP (alphabeta) or tree parallelism (mcts). expectimax (two-player games\n"         \
    "with chance, Star1/Star2 pruning) takes --depth (decisions, default 3) or\n"        \
    "--time. At a chance node there is nothing to choose: give the outcome.\n"           \
    "mcts:root=1 is one tree per thread (no shared cache lines, for cores far\n"         \
    "apart)." SEARCH_COMMAND_HELP "\n" SEARCH_COMMAND_DB_HELP

/* Exit status as cli.h describes. */
int search_command_run(const struct cli_spec *spec, int argc, char **argv, bool analyse);

/* The --db paragraph of bestmove's and analyse's help: how a search probes. */
#define SEARCH_COMMAND_DB_HELP                                                           \
    "--db PATH: without --algo, a solver database answering the variant gives\n"         \
    "the exact value (Kulibrat); a game's own endgame databases (Kerx: 'kibitz\n"        \
    "solve kerx --pieces K') and, with --algo, a solver database are probed by\n"        \
    "the search instead: alpha-beta scores every position they hold exactly (win\n"      \
    "or loss in N) and, at a held root, searches only the moves that keep its\n"         \
    "value (default depth 14 then); MCTS takes held positions as proven. Agent\n"        \
    "specs take db=0 to leave them out."

#endif
