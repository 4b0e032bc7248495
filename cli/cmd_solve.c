/* kibitz solve: retrograde solution of a whole game variant into a database,
 * with the start position's value for every variant the solution answers and
 * the best opening move. */
#include "cli/cli.h"

#include <stdio.h>

static const struct cli_spec solve_spec = {
    .usage = "kibitz solve <game> [--variant key=value] [--threads N] [--db PATH|none]\n"
             "       kibitz solve <game> --position P [--moves M] [--time S] [--hash "
             "MiB]\n"
             "                    [--iterations NODES] [--algo dfpn] [--pn-init NAME]\n"
             "                    [--store DIR]\n"
             "       kibitz solve kerx --variant size=N --pieces K [--memory MiB] "
             "[--threads N]\n"
             "                    [--db DIR]\n"
             "       kibitz solve kulibrat --report cycles|remoteness|start\n"
             "                    [--variant target=N]"
             " [--db PATH|none] [--threads N]",
    .help = "Solves the variant by retrograde analysis (tiered backward induction):\n"
            "win, loss or draw for the player to move, with remoteness (moves to the\n"
            "end under best play; a pass is not a move). Prints the start position's\n"
            "value for every variant the solution answers (for Kulibrat: every target\n"
            "up to N), the counts of won, lost and drawn positions, the time, and the\n"
            "best opening move. The database goes to --db (a file when the path ends\n"
            "in .kdb or is an existing file, else a folder, made if missing; 'none'\n"
            "stores nothing), by default the data folder ($KIBITZ_DATA, else\n"
            "$XDG_DATA_HOME/kibitz, else ~/.local/share/kibitz), file\n"
            "<game>-<variant>.kdb: 2 bytes per position (Kulibrat target=N: 680 kB\n"
            "per tier, N*N tiers; 6.8 GB for target=100); a folder without room for it\n"
            "is refused before solving. A file already there must be a kibitz database\n"
            "of the same game (it is replaced when the solve ends); anything else is\n"
            "refused unless --force is given. Temporary files (<file>.tmp.<pid>) of\n"
            "killed solves are removed. Without --threads every core is used.\n\n"
            "With --position (or --moves, or --algo dfpn, or for a game without\n"
            "solver hooks) one position is proved instead, by df-pn: win, loss or\n"
            "draw for the player to move, the best move, the proof's size, nodes and\n"
            "time. --time and --iterations (nodes) bound it, --hash sizes its table\n"
            "(MiB, default 256); an unfinished proof says so and what it learned.\n"
            "A database answering the variant (--db, or the default folder) answers\n"
            "the leaves it holds. For a win or loss df-pn gives the shortest win\n"
            "inside its proof as the remoteness: an upper bound of the exact one\n"
            "(a database gives that). When the table (--hash) fills, df-pn makes room\n"
            "by removing the unproved entries that took the least work. --pn-init\n"
            "sets the numbers of positions df-pn has not searched yet: mobility (the\n"
            "default: the mover's move count on the side it must cover), uniform\n"
            "(1, 1: plain df-pn) or eval (from the game's evaluation for the proving\n"
            "side); only the search order changes, never a value. On a terminal a\n"
            "progress line (nodes, table entries, each proof's root numbers) is\n"
            "rewritten every second; --quiet hides it. Ctrl-C (SIGINT) or SIGTERM\n"
            "stops the proof: it prints what it learned, then ends by that signal\n"
            "(status 130 or 143).\n\n"
            "--store DIR keeps settled facts between runs (a folder of append-only,\n"
            "checksummed logs, made if missing): df-pn takes the facts it holds as\n"
            "leaves (positions keyed under the game's symmetries; Kerx: 12 board\n"
            "symmetries and the colour swap) and adds the root's settled halves and\n"
            "every proof below that took 256 nodes or more, so running the same\n"
            "command again starts from what the first run proved.\n\n"
            "Kerx (sizes 3-5): --pieces K builds endgame databases of every material\n"
            "of at most K pieces in all with the Kerx-specific symmetric builder (12\n"
            "board symmetries, 1 byte a position), one checksummed file per pair of\n"
            "tiers in <DIR>/egdb-kerx-<variant>/ (DIR: --db, else the data\n"
            "folder), solving each pair in 1 byte a position; an interrupted build\n"
            "resumes from the finished pairs, and a long pair from its checkpoint\n"
            "(<pair>.keg.ckpt, saved every 15 minutes, in its forward pass too).\n"
            "'kill -USR1 <pid>' pauses a build: each pair in progress saves its\n"
            "checkpoint at its next level (or forward-pass segment, 1/256 of the\n"
            "pass) and kibitz stops with status 1; the same command goes on from\n"
            "there. --memory refuses a build that needs more. '--algo retro' uses\n"
            "the generic tiered solver instead (tiers-kerx-<variant>/, small sets\n"
            "only). 'kibitz query kerx' and df-pn's leaf probes read them (the\n"
            "symmetric ones first).\n"
            "K goes up to every material of the board (size 3: 18, size 4: 36; the\n"
            "index and --memory refuse what does not fit). Kerx size 3 is solved\n"
            "whole this way by 'kibitz solve kerx --variant size=3' alone (every\n"
            "material, 84 M positions up to symmetry, 91 MB, about a minute of CPU;\n"
            "also 'make kerx3'), which then prints the start's value and every first\n"
            "move's with its exact distance; give --position or --algo dfpn (or\n"
            "--db none) to prove the start by df-pn instead.\n\n"
            "Ctrl-C (SIGINT) or SIGTERM removes the temporary file being written\n"
            "(<file>.tmp.<pid>) and ends kibitz by that signal (status 130 or 143);\n"
            "finished files stay, so a Kerx build resumes and a whole-game solve\n"
            "starts again cleanly.\n\n"
            "Kulibrat: --report cycles finds every winning-cycle board (one side\n"
            "scores again and again, the other cannot break out), mirror images\n"
            "grouped, with the cycle, the points a lap and the distance from the start,\n"
            "and checks it against the solution of target N (every pair of points still\n"
            "needed; from the database when one answers it, else solved in memory);\n"
            "exit 1 if they disagree. --report remoteness prints how many positions are\n"
            "won and lost at each remoteness, --report start the start position's value\n"
            "for every pair of points still needed.\n\n"
            "Under mpirun (a build with MPI) rank 0 hands each tier (Kerx: tier pair)\n"
            "whose children are solved to another rank, which solves it with its\n"
            "--threads; --db must be a folder every rank reaches. --memory (MiB) is\n"
            "then each rank's own budget, given to every rank alike: a tier (or Kerx\n"
            "pair) whose estimate fits no rank is split by index range over the\n"
            "fewest ranks whose share fits, which exchange their updates in batches;\n"
            "one that fits no rank even split over every worker is refused. The\n"
            "files are those of one process; run the same command again to resume\n"
            "(docs/MPI.md).",
    .allowed = OPT_VARIANT | OPT_THREADS | OPT_DB | OPT_QUIET | OPT_JSON | OPT_POSITION |
               OPT_MOVES | OPT_RECORD | OPT_TIME | OPT_HASH | OPT_ITERATIONS | OPT_ALGO |
               OPT_PIECES | OPT_MEMORY | OPT_REPORT | OPT_PN_INIT | OPT_FORCE | OPT_STORE,
    .needs_game = true,
};

int cmd_solve(int argc, char **argv) {
    struct cli_options o;
    struct kz_cli_args a;
    int status;
    if (!cli_begin(&solve_spec, argc, argv, &o, &a, &status)) return status;
    char err[KZ_CLI_ERROR_BYTES];
    status = kz_cli_solve(&a, stdout, err);
    if (status != KZ_CLI_PROVE) return cli_status(&o, status, err);
    /* One position, proved by df-pn. */
    return cli_run_on_state(&o, &a, kz_cli_prove);
}
