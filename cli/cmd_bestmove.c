/* kibitz bestmove: the best move of a position by alpha-beta or MCTS. */
#include "cli/search_command.h"

int cmd_bestmove(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz bestmove <game> " SEARCH_COMMAND_USAGE,
        .help =
            "Searches the position and prints the best move, its score (or a proven\n"
            "win or loss in N moves, passes not counted), the principal variation,\n"
            "nodes, time and nodes per second. alphabeta (the default for two-player\n"
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
    return search_command_run(&spec, argc, argv, false);
}
