/* The shared body of `kibitz bestmove` and `kibitz analyse`: parse the
 * options, load the position, run alpha-beta, MCTS or expectimax, report. */
#include "cli/search_command.h"
#include "cli/db_advice.h"
#include "engine/variant.h"
#include "lib/kz_run.h"
#include "search/agent.h"
#include "search/alphabeta.h"
#include "search/expectimax_report.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/mcts_report.h"
#include "search/pimc.h"
#include "search/search_probe.h"
#include "search/search_report.h"
#include "search/solver_db_move.h"
#include "search/tt.h"
#include "json/kjson_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --side: the player whose choice a simultaneous root reports (-1: all). */
static int search_command_side(const struct cli_options *o, int *player) {
    *player = -1;
    if (!o->side) return 0;
    const struct game *g = o->game;
    int players = variant_players(g, &o->variant);
    for (int p = 0; p < players; p++) {
        char number[16];
        snprintf(number, sizeof number, "%d", p + 1);
        if (strcmp(o->side, g->player_name(&o->variant, p)) == 0 ||
            strcmp(o->side, number) == 0) {
            *player = p;
            return 0;
        }
    }
    return cli_fail(
        "--side must name a player of %s (e.g. '%s') or a number from 1 to %d", g->name,
        g->player_name(&o->variant, 0), players);
}

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
    agent_restrict_to_view(g, &o.variant, state); /* hidden information: the mover's */
    /* Every search takes agent options after its name (search/agent.h), e.g.
     * alphabeta:depth=4 or mcts:sim=exp3. */
    size_t name_length = strcspn(algo, ":");
    bool is_alphabeta = name_length == 9 && strncmp(algo, "alphabeta", 9) == 0;
    bool is_mcts = name_length == 4 && strncmp(algo, "mcts", 4) == 0;
    bool is_pimc = name_length == 4 && strncmp(algo, "pimc", 4) == 0;
    bool is_expectimax = name_length == 10 && strncmp(algo, "expectimax", 10) == 0;
    if (!is_alphabeta && !is_mcts && !is_pimc && !is_expectimax)
        return cli_fail("unknown --algo '%s' (alphabeta[:OPTION=VALUE...], "
                        "mcts[:OPTION=VALUE...], pimc[:OPTION=VALUE...] or "
                        "expectimax[:OPTION=VALUE...])",
                        algo);
    if (o.side && is_alphabeta)
        return cli_fail("--side is for searches from a simultaneous node (mcts)");
    if (is_expectimax && o.iterations >= 0)
        return cli_fail("expectimax takes --depth or --time, not --iterations");
    if (is_alphabeta && o.iterations >= 0)
        return cli_fail("alphabeta takes --depth or --time, not --iterations");
    if (!is_alphabeta && !is_expectimax && o.depth >= 0)
        return cli_fail("%.4s takes --iterations or --time, not --depth", algo);
    /* The database rule (SEARCH_COMMAND_HELP): with a game's own databases
     * (Kerx) or a chosen search, --db is probed by the search
     * (search/search_probe.h); else an explicit --db is read; else the
     * default folder is, unless an engine or a budget was asked for. */
    bool budget = o.given & (OPT_DEPTH | OPT_TIME | OPT_ITERATIONS);
    const bool probing =
        o.db && !cli_no_database(&o) && (g->database || o.algo) && !is_expectimax;
    if (!probing && !g->database && (o.db ? !cli_no_database(&o) : !o.algo && !budget)) {
        char path[SOLVER_DB_PATH_BYTES];
        struct solver_db *db =
            solver_db_for_engine(g, &o.variant, o.db, path, sizeof path, err);
        if (!db && err[0])
            return g->tier_of && cli_database_missing(&o)
                       ? cli_fail_missing_database(&o, err)
                       : cli_fail_runtime("%s", err);
        int answered = -1;
        if (db && o.json) {
            move_t moves[g->max_moves];
            retro_cell values[g->max_moves];
            int n = solver_db_move_values(db, state, moves, values);
            if (n > 0)
                answered = kjson_print(kjson_search_database(g, &o.variant, state, path,
                                                             moves, values, n, analyse),
                                       stdout);
        } else if (db) {
            answered = solver_db_report(db, state, path, analyse, stdout);
        }
        if (db && answered != 0 && solver_db_failed(db, err)) {
            solver_db_close(db);
            return cli_fail_runtime("%s", err);
        }
        solver_db_close(db);
        if (answered == 0) return EXIT_OK;
        if (o.db && !cli_no_database(&o))
            return cli_fail_runtime("database %s does not hold this position", path);
    }

    /* A forced move needs no search (analyse still scores it). */
    if (!analyse && g->turn(&o.variant, state) >= 0) {
        move_t moves[g->max_moves];
        if (g->moves(&o.variant, state, moves) == 1) {
            struct agent check;
            if (agent_parse(&check, algo, g, err))
                return cli_fail("--algo %s: %s", algo, err);
            agent_free(&check);
            if (o.json)
                return kjson_print(kjson_search_forced(g, &o.variant, state, moves[0]),
                                   stdout)
                           ? EXIT_RUNTIME_FAILURE
                           : EXIT_OK;
            char text[128];
            g->format_move(&o.variant, state, moves[0], text, sizeof text);
            printf("bestmove %s\nscore forced (the only legal move; not searched)\n",
                   text);
            return EXIT_OK;
        }
    }

    /* One parser for engine specs (search/agent.h); the command line's
     * --depth, --time, --iterations, --threads and --hash, where given, are
     * laid over what the spec says. */
    struct agent agent;
    if (agent_parse(&agent, algo, g, err)) return cli_fail("--algo %s: %s", algo, err);
    agent_free(&agent);
    int player = -1;
    if (!is_alphabeta && !is_expectimax && (status = search_command_side(&o, &player)))
        return status;
    /* The engine runs through libkibitz (lib/kz_run.h), as kz_search does. */
    struct kz_run_request req = {
        .algo = algo,
        .time = o.time > 0 ? o.time : 0,
        .iterations = o.iterations > 0 ? o.iterations : 0,
        .depth = o.depth > 0 ? o.depth : 0,
        .threads = (o.given & OPT_THREADS) ? o.threads : 0,
        .hash_mib = cli_hash_mib(&o, 0),
        .seed = o.seed,
        .analyse = analyse,
    };
    /* --db probed by the search (search/search_probe.h). */
    struct search_probe dbs = {0};
    if (probing && search_probe_open(&dbs, g, &o.variant, o.db, err))
        return cli_fail_runtime("%s", err);
    req.probe = dbs.probe;
    req.probe_ctx = dbs.ctx;
    struct kz_run run;
    bool runtime;
    int failed = kz_run_search(g, &o.variant, state, &req, &run, &runtime, err);
    /* A damaged database block met by the search: reported after the
     * answer, which did not use it (search/search_probe.h). */
    char damage[GAME_ERROR_BYTES];
    bool damaged = search_probe_failed(&dbs, damage) != 0;
    search_probe_close(&dbs);
    if (failed) return runtime ? cli_fail_runtime("%s", err) : cli_fail("%s", err);
    if (o.json)
        kjson_print(kz_run_json(g, &o.variant, state, &run, player, analyse), stdout);
    else if (run.ab)
        report_alphabeta(g, &o.variant, state, run.ab, analyse, stdout);
    else if (run.ex)
        report_expectimax(g, &o.variant, state, run.ex, analyse, stdout);
    else if (run.mcts->simultaneous)
        report_mcts_joint(g, &o.variant, state, run.mcts, player, analyse, stdout);
    else
        report_mcts(g, &o.variant, state, run.mcts, analyse, stdout);
    kz_run_free(&run);
    if (damaged)
        return cli_fail_runtime("%s; the search went on without that file", damage);
    return EXIT_OK;
}
