/* kibitz analyse: every root move of a position with its score. */
#include "cli/search_command.h"

int cmd_analyse(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz analyse <game> " SEARCH_COMMAND_USAGE,
        .help =
            "Searches every root move with a full window and prints each with its\n"
            "score (or proven win or loss in N moves, passes not counted), then the\n"
            "best move and principal variation. With mcts, each root move's visits\n"
            "and mean value. alphabeta (the default for two-player\n"
            "zero-sum games without chance) takes --depth (default 8) or --time;\n"
            "mcts takes --iterations (default 10000) or --time. --threads runs Lazy\n"
            "SMP (alphabeta) or tree parallelism (mcts). expectimax (two-player games\n"
            "with chance, Star1/Star2 pruning) takes --depth (decisions, default 3) or\n"
            "--time. At a chance node there is nothing to choose: give the outcome.\n"
            "mcts:root=1 is one tree per thread (no shared cache lines, for cores far\n"
            "apart)." SEARCH_COMMAND_HELP,
        .allowed = SEARCH_COMMAND_OPTIONS,
        .needs_game = true,
    };
    return search_command_run(&spec, argc, argv, true);
}
