/* kibitz query: a position's solved value and every move's value, read from
 * the memory-mapped database `kibitz solve` wrote; with --positions, many
 * positions in one process, one JSON line each. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

/* --positions FILE|-: one position per line (blank lines and lines starting
 * with '#' skipped), one JSON document per line out. A bad line gets an
 * error document and the stream goes on; the exit status is the worst. */
static int answer_stream(const struct cli_options *o, const kz_db *db) {
    FILE *in = strcmp(o->positions, "-") == 0 ? stdin : fopen(o->positions, "r");
    if (!in) return cli_fail_runtime("cannot read %s", o->positions);
    char text[4096], err[KZ_CLI_ERROR_BYTES];
    int status = 0, line = 0;
    kz_state *s = kz_state_new(o->kz);
    if (!s) {
        if (in != stdin) fclose(in);
        return cli_fail_runtime("out of memory");
    }
    while (fgets(text, sizeof text, in)) {
        line++;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '\0' || text[0] == '#') continue;
        int one;
        if (kz_cli_parse_position(s, text, err) != KZ_OK) {
            char message[KZ_CLI_ERROR_BYTES + 80];
            snprintf(message, sizeof message, "bad position '%.60s': %s", text, err);
            kz_cli_error_document(line, message, stdout);
            one = EXIT_BAD_INPUT;
        } else {
            one = cli_status(o, kz_cli_query(db, s, true, line, stdout, err), err);
        }
        if (one > status) status = one;
    }
    kz_state_free(s);
    if (in != stdin) fclose(in);
    return status;
}

int cmd_query(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz query <game> [--variant key=value] [--position P] [--moves M]\n"
                 "       [--record FILE] [--positions FILE|-] [--db PATH] [--json]",
        .help =
            "Reads the solved value of a position (win, loss or draw for the player\n"
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
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
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
