/* kibitz query: a position's solved value and every move's value, read from
 * the memory-mapped database `kibitz solve` wrote; with --positions, many
 * positions in one process, one JSON line each. */
#include "cli/cli.h"
#include "cli/db_advice.h"
#include "cli/query_report.h"
#include "search/game_database.h"
#include "search/solver_db.h"
#include "json/kjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The open database, whichever kind: a game's own provider or a solver file. */
struct query_source {
    const struct game_database *gdb; /* or NULL: `db` */
    void *own;
    struct solver_db *db;
    char where[SOLVER_DB_PATH_BYTES];
};

static int open_source(const struct cli_options *o, struct query_source *src) {
    const struct game *g = o->game;
    char err[GAME_ERROR_BYTES];
    memset(src, 0, sizeof *src);
    if (cli_no_database(o))
        return cli_fail("query reads a database: --db none leaves it none to read");
    if (g->database) {
        src->gdb = g->database;
        const char *why =
            src->gdb->unavailable ? src->gdb->unavailable(&o->variant) : NULL;
        if (why) return cli_fail("%s", why);
        int found = src->gdb->open(&o->variant, o->db, &src->own, src->where,
                                   sizeof src->where, err);
        if (found > 0) return cli_fail_missing_database(o, err);
        if (found < 0) return cli_fail_runtime("%s", err);
        return 0;
    }
    if (!g->tier_of)
        return cli_fail("%s cannot be solved, so it has no databases to query", g->name);
    if (solver_db_find(&src->db, g, &o->variant, o->db, src->where, sizeof src->where,
                       err) != 0)
        return cli_database_missing(o) ? cli_fail_missing_database(o, err)
                                       : cli_fail_runtime("%s", err);
    return 0;
}

/* 0, or -1 with err when a probe met damaged data (a RETRO_HOLE then meant
 * corruption, not a position the database lacks). */
static int source_failed(const struct query_source *src, char *err) {
    return src->db ? solver_db_failed(src->db, err)
                   : game_database_failed(src->gdb, src->own, err);
}

static void close_source(struct query_source *src) {
    if (src->gdb && src->own) src->gdb->close(src->own);
    solver_db_close(src->db);
}

/* Answer one position: 0, or an exit status after printing the problem
 * (`line` > 0: as an error document of a --positions stream). */
static int answer(const struct cli_options *o, struct query_source *src,
                  const void *state, bool json, int line) {
    const struct game *g = o->game;
    retro_lookup_fn lookup = src->gdb ? src->gdb->probe : solver_db_lookup;
    void *ctx = src->gdb ? src->own : (void *)src->db;
    char err[GAME_ERROR_BYTES];
    const char *problem = NULL;
    int status = EXIT_RUNTIME_FAILURE;
    if (lookup(ctx, state) == RETRO_HOLE) {
        if (source_failed(src, err))
            problem = err;
        else if (src->gdb)
            problem = src->gdb->hole_message;
        else
            snprintf(err, sizeof err,
                     "database %.100s does not hold this position's tier", src->where),
                problem = err;
    } else {
        status = query_report(g, &o->variant, state, lookup, ctx, src->where, json);
        /* A child's tier read for the first time may have been corrupt. */
        if (source_failed(src, err)) problem = err, status = 1;
    }
    if (!problem) return status;
    if (line > 0) {
        json_t *doc = kjson_document("error");
        json_object_set_new(doc, "line", json_integer(line));
        json_object_set_new(doc, "message", json_string(problem));
        kjson_print(doc, stdout);
        return EXIT_RUNTIME_FAILURE;
    }
    return cli_fail_runtime("%s", problem);
}

/* --positions FILE|-: one position per line (blank lines and lines starting
 * with '#' skipped), one JSON document per line out. A bad line gets an
 * error document and the stream goes on; the exit status is the worst. */
static int answer_stream(const struct cli_options *o, struct query_source *src) {
    FILE *in = strcmp(o->positions, "-") == 0 ? stdin : fopen(o->positions, "r");
    if (!in) return cli_fail_runtime("cannot read %s", o->positions);
    char text[4096], err[GAME_ERROR_BYTES];
    int status = 0, line = 0;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    while (fgets(text, sizeof text, in)) {
        line++;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '\0' || text[0] == '#') continue;
        int one;
        if (o->game->parse_position(&o->variant, text, state, err) != 0) {
            json_t *doc = kjson_document("error");
            char message[GAME_ERROR_BYTES + 80];
            snprintf(message, sizeof message, "bad position '%.60s': %s", text, err);
            json_object_set_new(doc, "line", json_integer(line));
            json_object_set_new(doc, "message", json_string(message));
            kjson_print(doc, stdout);
            one = EXIT_BAD_INPUT;
        } else {
            one = answer(o, src, state, true, line);
        }
        if (one > status) status = one;
    }
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
            "the file or its folder (default $KIBITZ_DATA, else ./data); a database\n"
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
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    if (!o.positions && (status = cli_load_position(&o, state))) return status;
    struct query_source src;
    if ((status = open_source(&o, &src))) return status;
    status = o.positions ? answer_stream(&o, &src) : answer(&o, &src, state, o.json, 0);
    close_source(&src);
    return status;
}
