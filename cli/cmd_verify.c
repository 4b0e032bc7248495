/* kibitz verify: check every tier and block of the databases (and the
 * proof files) at a path now, and say what is damaged. */
#include "cli/cli.h"

#include <stdio.h>

static const struct cli_spec verify_spec = {
    .usage = "kibitz verify PATH [--json]",
    .help = "Checks a database whole, now, instead of when a query first reads a\n"
            "damaged part: PATH is a solver database (a .kdb file of 'kibitz solve':\n"
            "its header, sizes, tier index, the padding before it, and every tier's\n"
            "checksum and cells), a game's own database file (Kerx: a .keg or .kwdl\n"
            "pair file or a .kmv mover table of 'kibitz solve kerx --pieces': its\n"
            "header, length, block table and every block's checksum), a proof file\n"
            "of 'kibitz prove --proof' (its checksum line), or a folder, whose\n"
            "database and proof files (also in its folders, such as\n"
            "egdb-kerx-<variant>/) are all checked; other files and the temporary\n"
            "files of running or killed writers are skipped.\n"
            "Prints one line per file and one per damaged part (the tier or block,\n"
            "or the header); --json prints the verify document (path, files: path,\n"
            "kind, game, variant, checked, damaged: the list; damaged: the count).\n"
            "Exit status 0 when nothing is damaged, 1 when anything is (or nothing\n"
            "there is a database).",
    .allowed = OPT_JSON,
    .needs_game = false,
    .max_args = 1,
};

int cmd_verify(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&verify_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.arg_count != 1)
        return cli_fail("verify needs one PATH (a database or a folder)");
    char err[KZ_CLI_ERROR_BYTES];
    return cli_status(&o, kz_cli_verify(o.args[0], o.json, stdout, err), err);
}
