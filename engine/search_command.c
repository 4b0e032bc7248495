/* The shared body of `kibitz bestmove` and `kibitz analyse`: parse the
 * options, load the position, run alpha-beta, MCTS or expectimax, report. */
#include "engine/search_command.h"
#include "search/alphabeta.h"
#include "search/expectimax_report.h"
#include "search/mcts.h"
#include "search/search_report.h"
#include "search/solver_db_move.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int search_command_run(const struct cli_spec *spec, int argc, char **argv, bool analyse) {
    struct cli_options o;
    int status = cli_parse(spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.depth == 0) return cli_fail("--depth must be at least 1 for a search");
    const struct game *g = o.game;
    unsigned char state[GAME_MAX_STATE_BYTES];
    if ((status = cli_load_position(&o, state))) return status;
    char err[GAME_ERROR_BYTES];
    const char *algo = o.algo ? o.algo : ab_supports(g, err) ? "alphabeta" : "mcts";
    if (g->turn(&o.variant, state) == TURN_OVER)
        return cli_fail("the game is over in this position: no move to search");
    if (g->turn(&o.variant, state) == TURN_CHANCE)
        return cli_fail("chance decides here (nothing to choose): give the outcome "
                        "with --moves");
    bool is_alphabeta = strcmp(algo, "alphabeta") == 0,
         is_mcts = strcmp(algo, "mcts") == 0,
         is_expectimax = strcmp(algo, "expectimax") == 0;
    if (!is_alphabeta && !is_mcts && !is_expectimax)
        return cli_fail("unknown --algo '%s' (alphabeta, mcts or expectimax)", algo);
    if (is_expectimax && o.iterations >= 0)
        return cli_fail("expectimax takes --depth or --time, not --iterations");
    if (is_alphabeta && o.iterations >= 0)
        return cli_fail("alphabeta takes --depth or --time, not --iterations");
    if (is_mcts && o.depth >= 0)
        return cli_fail("mcts takes --iterations or --time, not --depth");
    if (!o.algo) { /* a solver database answers exactly, when there is one */
        char path[SOLVER_DB_PATH_BYTES];
        struct solver_db *db =
            solver_db_for_engine(g, &o.variant, o.db, path, sizeof path, err);
        if (!db && err[0]) return cli_fail("%s", err);
        int answered =
            db ? solver_db_report(db, state, path, o.json, analyse, stdout) : -1;
        solver_db_close(db);
        if (answered == 0) return EXIT_OK;
        if (o.db) return cli_fail("database %s does not hold this position", path);
    }

    if (is_expectimax) {
        struct expecti_limits limits = {.depth = o.depth > 0 ? o.depth : 0,
                                        .time = o.time > 0 ? o.time : 0,
                                        .analyse = analyse};
        if (limits.depth == 0 && limits.time == 0) limits.depth = 3;
        struct expecti_result *res = malloc(sizeof *res);
        status = expecti_search(g, &o.variant, state, &limits, res, err);
        if (status == 0)
            report_expectimax(g, &o.variant, state, res, o.json, analyse, stdout);
        free(res);
        return status ? cli_fail("%s", err) : EXIT_OK;
    }
    if (is_alphabeta) {
        struct ab_limits limits = {.depth = o.depth > 0 ? o.depth : 0,
                                   .time = o.time > 0 ? o.time : 0,
                                   .threads = o.threads,
                                   .analyse = analyse};
        if (limits.depth == 0 && limits.time == 0) limits.depth = 8;
        struct tt tt;
        if (tt_init(&tt, (size_t)o.hash_mb))
            return cli_fail("not enough memory for --hash");
        struct ab_result *res = malloc(sizeof *res);
        status = ab_search(g, &o.variant, state, &limits, &tt, res, err);
        if (status == 0)
            report_alphabeta(g, &o.variant, state, res, o.json, analyse, stdout);
        free(res);
        tt_free(&tt);
        return status ? cli_fail("%s", err) : EXIT_OK;
    }
    struct mcts_limits limits = {.iterations = o.iterations > 0 ? o.iterations : 0,
                                 .time = o.time > 0 ? o.time : 0,
                                 .threads = o.threads,
                                 .seed = o.seed};
    if (limits.iterations == 0 && limits.time == 0) limits.iterations = 10000;
    struct mcts_result *res = malloc(sizeof *res);
    status = mcts_search(g, &o.variant, state, &limits, res, err);
    if (status == 0) report_mcts(g, &o.variant, state, res, o.json, analyse, stdout);
    free(res);
    return status ? cli_fail("%s", err) : EXIT_OK;
}
