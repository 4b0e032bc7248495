/* kibitz solvebench: df-pn measured on a set of positions whose values a
 * game's own databases know (in the spirit of Pascal Pons' Connect 4 test
 * sets): accuracy, mean time and mean nodes per group (for Kerx: material
 * and stage). With --games N the game's database provider makes such a set
 * instead (solve/game_database.h). */
#include "cli/cli.h"

#include <stdio.h>

static const struct cli_spec solvebench_spec = {
    .usage =
        "kibitz solvebench <game> [--variant key=value] SET [--time S]\n"
        "       [--iterations NODES] [--hash MiB] [--pn-init NAME] [--json]\n"
        "       kibitz solvebench <game> [--variant key=value] --games N [--seed S]\n"
        "       [--db DIR] > SET",
    .help = "Runs df-pn (no database probes) on every position of SET, lines\n"
            "'group<TAB>position<TAB>value[<TAB>remoteness]', and reports per group\n"
            "the share of right values, of finished proofs, and the mean time and\n"
            "nodes (--time bounds each proof, default 10 s; --pn-init as for solve\n"
            "--position, default mobility). Exit 1 if a finished\n"
            "proof disagrees. With --games N it prints a new set instead, drawn\n"
            "from the databases of a game that builds its own (Kerx: N random\n"
            "positions per material and stage - short: won or lost within 6 moves,\n"
            "long, draw - from 'kibitz solve kerx --pieces K').\n"
            "Sets: bench/kerx_size3_solve.txt.",
    .allowed = OPT_VARIANT | OPT_TIME | OPT_ITERATIONS | OPT_HASH | OPT_JSON | OPT_DB |
               OPT_GAMES | OPT_SEED | OPT_PN_INIT,
    .needs_game = true,
    .max_args = 1,
};

int cmd_solvebench(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&solvebench_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    struct kz_cli_args a;
    cli_args(&o, &a);
    char err[KZ_CLI_ERROR_BYTES];
    if (o.games > 0) return cli_status(&o, kz_cli_solvebench_set(&a, stdout, err), err);
    if (o.arg_count != 1) return cli_fail("solvebench needs a SET file (or --games N)");
    return cli_status(&o, kz_cli_solvebench(&a, o.args[0], stdout, err), err);
}
