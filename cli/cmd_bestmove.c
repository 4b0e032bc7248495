/* kibitz bestmove: the best move of a position by alpha-beta or MCTS. */
#include "cli/search_command.h"

int cmd_bestmove(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz bestmove <game> [--position P] [--algo "
                 "alphabeta|mcts|expectimax] [--depth N "
                 "| --time S | --iterations N] [--threads N] [--hash MiB] [--seed N] "
                 "[--json]",
        .help =
            "Searches the position and prints the best move, its score (or a proven\n"
            "win or loss in N moves, passes not counted), the principal variation,\n"
            "nodes, time and nodes per second. alphabeta (the default for two-player\n"
            "zero-sum games without chance) takes --depth (default 8) or --time;\n"
            "mcts takes --iterations (default 10000) or --time. --threads runs Lazy\n"
            "SMP (alphabeta) or tree parallelism (mcts). expectimax (two-player games\n"
            "with chance, Star1/Star2 pruning) takes --depth (decisions, default 3) or\n"
            "--time. At a chance node there is nothing to choose: give the outcome.\n"
            "--algo also takes an engine spec as arena does (kibitz arena --help),\n"
            "e.g. mcts:root=1 (one tree per thread: no shared cache lines, for cores\n"
            "far apart) or mcts:c=0.7:playout=40.",
        .allowed = SEARCH_COMMAND_OPTIONS,
        .needs_game = true,
    };
    return search_command_run(&spec, argc, argv, false);
}
