/* kibitz analyse: every root move of a position with its score. */
#include "cli/search_command.h"

static const struct cli_spec analyse_spec = {
    .usage = "kibitz analyse <game> " SEARCH_COMMAND_USAGE,
    .help = "Searches every root move with a full window and prints each with its\n"
            "score (or proven win or loss in N moves, passes not counted), then the\n"
            "best move and principal variation. With mcts, each root move's visits\n"
            "and mean value. " SEARCH_COMMAND_ENGINES,
    .allowed = SEARCH_COMMAND_OPTIONS,
    .needs_game = true,
};

int cmd_analyse(int argc, char **argv) {
    return search_command_run(&analyse_spec, argc, argv, true);
}
