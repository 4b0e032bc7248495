/* kibitz query: a position's solved value and every move's value, read from
 * the memory-mapped database `kibitz solve` wrote; with --positions, many
 * positions in one process, one JSON line each. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

/* --positions FILE|-: one position per line, one JSON document per line out
 * (cli/backend/kz_cli.h); the exit status is the worst line's. */
static int answer_stream(const struct cli_options *o, const kz_db *db) {
    char err[KZ_CLI_ERROR_BYTES];
    FILE *in = strcmp(o->positions, "-") == 0
                   ? stdin
                   : kz_cli_open_input("--positions", o->positions, err);
    if (!in) return cli_fail_runtime("%s", err);
    int status = kz_cli_query_stream(o->kz, db, in, stdout, err);
    if (in != stdin) fclose(in);
    return cli_status(o, status, err);
}

static const struct cli_spec query_spec = {
    .usage = "kibitz query <game> [--variant key=value] [--position P] [--moves M]\n"
             "       [--record FILE] [--positions FILE|-] [--db PATH] [--json]",
    .help = "Reads the solved value of a position (win, loss or draw for the player\n"
            "to move, with remoteness: moves to the end under best play, passes not\n"
            "counted) and the value of every legal move for the player making it,\n"
            "best first. The database is the one 'kibitz solve' wrote: --db names\n"
            "the file or its folder (default: the data folder, see kibitz solve\n"
            "--help; a quick one is made there on first use); a database\n"
            "answers every variant its game lists as held in its tiers (Kulibrat:\n"
            "every smaller target, and the same game with the other colour first).\n"
            "Kerx reads the databases by material of 'kibitz solve kerx --pieces K'.\n"
            "The file is memory-mapped: a query reads only the tiers it needs, and\n"
            "checks each tier's checksum when it first reads it.\n"
            "--positions FILE (or - for standard input) answers one position per\n"
            "line in one process, printing one JSON document per line (a query\n"
            "document, or an error document for a bad line; the exit status is\n"
            "the worst).",
    .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_POSITIONS |
               OPT_DB | OPT_JSON,
    .needs_game = true,
};

int cmd_query(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&query_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.positions && (o.position || o.moves || o.record))
        return cli_fail("--positions reads its positions from the file: leave out "
                        "--position, --moves and --record");
    kz_state *s = NULL;
    if (!o.positions && (status = cli_state(&o, &s))) return status;
    char err[KZ_CLI_ERROR_BYTES];
    kz_db *db = NULL;
    if (cli_no_database(&o))
        status = cli_fail("query reads a database: --db none leaves it none to read");
    else if ((status = kz_cli_db_open(o.kz, o.db, &db, err)))
        status = cli_status(&o, status, err);
    else if (o.positions)
        status = answer_stream(&o, db);
    else
        status = cli_status(&o, kz_cli_query(db, s, o.json, 0, stdout, err), err);
    kz_db_close(db);
    kz_state_free(s);
    return status;
}
