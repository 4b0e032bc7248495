/* kibitz query: a position's solved value and every move's value, read from
 * the memory-mapped database `kibitz solve` wrote. */
#include "cli/cli.h"
#include "cli/query_report.h"
#include "search/game_database.h"
#include "search/solver_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game with a database provider of its own (search/game_database.h). */
static int query_game_database(const struct cli_options *o, const void *state) {
    const struct game_database *gdb = o->game->database;
    char err[GAME_ERROR_BYTES], where[SOLVER_DB_PATH_BYTES];
    void *db;
    if (gdb->open(&o->variant, o->db, &db, where, sizeof where, err) != 0)
        return cli_fail("%s", err);
    int status;
    if (gdb->probe(db, state) == RETRO_HOLE)
        status = cli_fail("%s", gdb->hole_message);
    else
        status =
            query_report(o->game, &o->variant, state, gdb->probe, db, where, o->json);
    gdb->close(db);
    return status;
}

int cmd_query(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz query <game> [--variant key=value] [--position P] [--moves M]\n"
                 "       [--db PATH] [--json]",
        .help = "Reads the solved value of a position (win, loss or draw for the player\n"
                "to move, with remoteness: moves to the end under best play, passes not\n"
                "counted) and the value of every legal move for the player making it,\n"
                "best first. The database is the one 'kibitz solve' wrote: --db names\n"
                "the file or its folder (default $KIBITZ_DATA, else ./data); a database\n"
                "of a larger Kulibrat target answers smaller targets too. Kerx reads\n"
                "the databases by material of 'kibitz solve kerx --pieces K'.",
        .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_DB | OPT_JSON,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    const struct game *g = o.game;
    const struct variant *v = &o.variant;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    if ((status = cli_load_position(&o, state))) return status;

    char err[GAME_ERROR_BYTES], path[SOLVER_DB_PATH_BYTES];
    if (g->database) return query_game_database(&o, state);
    struct solver_db *db;
    if (solver_db_find(&db, g, v, o.db, path, sizeof path, err) != 0)
        return cli_fail("%s", err);

    if (solver_db_probe(db, state) == RETRO_HOLE) {
        solver_db_close(db);
        return cli_fail("database %s does not hold this position's tier", path);
    }
    status = query_report(g, v, state, solver_db_lookup, db, path, o.json);
    solver_db_close(db);
    return status;
}
