/* kibitz bestmove: the best move of a position by alpha-beta or MCTS. */
#include "cli/search_command.h"

static const struct cli_spec bestmove_spec = {
    .usage = "kibitz bestmove <game> " SEARCH_COMMAND_USAGE,
    .help = "Searches the position and prints the best move, its score (or a proven\n"
            "win or loss in N moves, passes not counted), the principal variation,\n"
            "nodes, time and nodes per second. " SEARCH_COMMAND_ENGINES,
    .allowed = SEARCH_COMMAND_OPTIONS,
    .needs_game = true,
};

int cmd_bestmove(int argc, char **argv) {
    return search_command_run(&bestmove_spec, argc, argv, false);
}
