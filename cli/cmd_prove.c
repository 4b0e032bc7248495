/* kibitz prove: the proof manager on one position; kibitz checkproof: the
 * checker of the proofs it writes. */
#include "cli/cli.h"

#include <stdio.h>

static const struct cli_spec prove_spec = {
    .usage = "kibitz prove <game> --store DIR [--position P] [--moves M] [--goal NAME]\n"
             "                    [--db DIR|none] [--iterations NODES] [--time S]\n"
             "                    [--hash MiB] [--depth PLIES] [--proof FILE]",
    .help = "Proves the value of a position (default the start) with a proof manager:\n"
            "it keeps the top of the proof tree, predicts each frontier position's\n"
            "value by alpha-beta probing the databases (--depth plies, default 4),\n"
            "picks the cheapest frontier hypotheses that would settle the root (the\n"
            "half matching the prediction first) and gives each a df-pn job with a\n"
            "node budget (--iterations, default 100000, times 4 after each failure;\n"
            "a position that failed twice is expanded instead). Every settled fact\n"
            "goes to the store (--store DIR, as for 'solve --store'), so a stopped\n"
            "run (Ctrl-C, SIGTERM, --time) resumes from it when run again; failures\n"
            "are kept in DIR/manager.txt. --goal: value (the exact value, default),\n"
            "notlose, notwin, win or loss, for the side to move. A line per job and\n"
            "per round goes to stderr (--quiet hides them). --proof FILE writes the\n"
            "proof once the goal is proved (the manager's tree, then fresh df-pn\n"
            "certificates that use no stored fact), for 'kibitz checkproof'.\n\n"
            "Under mpirun (a build with MPI) rank 0 manages and the other ranks run\n"
            "the jobs, all with the same --store folder (each rank appends to its own\n"
            "log in it, every rank reads all of them).",
    .allowed = OPT_VARIANT | OPT_DB | OPT_QUIET | OPT_POSITION | OPT_MOVES | OPT_RECORD |
               OPT_TIME | OPT_HASH | OPT_ITERATIONS | OPT_DEPTH | OPT_STORE | OPT_GOAL |
               OPT_PROOF,
    .needs_game = true,
};

int cmd_prove(int argc, char **argv) {
    struct cli_options o;
    struct kz_cli_args a;
    int status;
    if (!cli_begin(&prove_spec, argc, argv, &o, &a, &status)) return status;
    return cli_run_on_state(&o, &a, kz_cli_manage);
}

static const struct cli_spec checkproof_spec = {
    .usage = "kibitz checkproof <game> --proof FILE [--variant key=value] "
             "[--db DIR|none]",
    .help = "Checks a proof written by 'kibitz prove --proof' without trusting the\n"
            "store or the search: every node is replayed against the game's rules\n"
            "and the databases (--db): a node claiming a win or at least a draw\n"
            "must name a legal move to a child that holds, one claiming a loss or\n"
            "at most a draw must hold after every move; a child holds by its\n"
            "result, a database value or a node of the file; win and loss claims\n"
            "must not rest on themselves through a cycle. Prints 'proof accepted'\n"
            "(exit 0) or 'proof rejected' with the first failing line (exit 1).",
    .allowed = OPT_VARIANT | OPT_DB | OPT_PROOF,
    .needs_game = true,
};

int cmd_checkproof(int argc, char **argv) {
    struct cli_options o;
    struct kz_cli_args a;
    int status;
    if (!cli_begin(&checkproof_spec, argc, argv, &o, &a, &status)) return status;
    char err[KZ_CLI_ERROR_BYTES];
    return cli_status(&o, kz_cli_checkproof(&a, stdout, err), err);
}
