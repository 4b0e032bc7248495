/* kibitz query: a position's solved value and every move's value, read from
 * the memory-mapped database `kibitz solve` wrote. */
#include "engine/cli.h"
#include "search/retro_check.h"
#include "search/solver_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *word(retro_cell c) {
    switch (retro_outcome(c)) {
    case RETRO_WIN: return "win";
    case RETRO_LOSS: return "loss";
    default: return retro_is_value(c) ? "draw" : "unknown";
    }
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
                "of a larger Kulibrat target answers smaller targets too.",
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
    struct solver_db *db;
    if (solver_db_find(&db, g, v, o.db, path, sizeof path, err) != 0)
        return cli_fail("%s", err);

    char ptext[512], mtext[64];
    g->format_position(v, state, ptext, sizeof ptext);
    int mover = g->turn(v, state);
    retro_cell cell = solver_db_probe(db, state);
    if (cell == RETRO_HOLE) {
        solver_db_close(db);
        return cli_fail("database %s does not hold this position's tier", path);
    }
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *values = malloc((size_t)g->max_moves * sizeof *values);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    retro_cell best;
    int n = retro_move_values(g, v, state, solver_db_lookup, db, &best, values);
    if (n > 0) g->moves(v, state, moves);
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && retro_better(values[order[j]], values[order[j - 1]]);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }

    double ret[GAME_MAX_PLAYERS] = {0};
    int winner = -1;
    if (cell == RETRO_TERMINAL) {
        g->returns(v, state, ret);
        for (int p = 0; p < g->players; p++)
            if (ret[p] > 0) winner = p;
    }
    if (o.json) {
        printf("{\"game\":\"%s\",\"position\":\"%s\",\"database\":\"%s\",", g->name,
               ptext, path);
        if (cell == RETRO_TERMINAL) {
            printf("\"over\":true,\"winner\":");
            if (winner >= 0)
                printf("\"%s\"", g->player_name(v, winner));
            else
                printf("null");
            printf(",\"moves\":[]}\n");
        } else {
            printf("\"over\":false,\"to_move\":\"%s\",\"value\":\"%s\",\"remoteness\":%d,"
                   "\"moves\":[",
                   g->player_name(v, mover), word(cell), retro_remoteness(cell));
            for (int k = 0; k < n; k++) {
                int i = order[k];
                g->format_move(v, state, moves[i], mtext, sizeof mtext);
                printf("%s{\"move\":\"%s\",\"value\":\"%s\",\"remoteness\":%d}",
                       k ? "," : "", mtext, word(values[i]), retro_remoteness(values[i]));
            }
            printf("]}\n");
        }
    } else {
        printf("position %s\n", ptext);
        if (cell == RETRO_TERMINAL) {
            if (winner >= 0)
                printf("game over: %s wins\n", g->player_name(v, winner));
            else
                printf("game over: a draw\n");
        } else {
            char ctext[32];
            retro_cell_text(cell, ctext, sizeof ctext);
            printf("%s to move: %s%s\n", g->player_name(v, mover), ctext,
                   retro_outcome(cell) == RETRO_DRAWN ? " (neither side can force a win)"
                                                      : "");
            printf("moves, best first (value for %s):\n", g->player_name(v, mover));
            for (int k = 0; k < n; k++) {
                int i = order[k];
                g->format_move(v, state, moves[i], mtext, sizeof mtext);
                retro_cell_text(values[i], ctext, sizeof ctext);
                printf("  %-10s %s\n", mtext, ctext);
            }
        }
    }
    if (cell != RETRO_TERMINAL && best != cell)
        fprintf(stderr, "kibitz: warning: the stored value disagrees with the moves\n");
    free(moves);
    free(values);
    free(order);
    solver_db_close(db);
    return EXIT_OK;
}
