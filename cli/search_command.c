/* The shared body of `kibitz bestmove` and `kibitz analyse`: parse the
 * options, load the position, run alpha-beta, MCTS or expectimax, report. */
#include "cli/search_command.h"
#include "cli/db_advice.h"
#include "engine/variant.h"
#include "search/agent.h"
#include "search/alphabeta.h"
#include "search/expectimax_report.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/mcts_report.h"
#include "search/pimc.h"
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
    /* The database rule (SEARCH_COMMAND_HELP): an explicit --db is read; else
     * the default folder is, unless an engine or a budget was asked for. */
    bool budget = o.given & (OPT_DEPTH | OPT_TIME | OPT_ITERATIONS);
    if (o.db ? !cli_no_database(&o) : !o.algo && !budget) {
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
    bool budget_given =
        agent.budget_given || o.depth > 0 || o.time > 0 || o.iterations > 0;

    if (is_expectimax) {
        struct expecti_limits limits = agent.ex;
        limits.analyse = analyse;
        if (o.depth > 0 || o.time > 0) {
            limits.depth = o.depth > 0 ? o.depth : 0;
            limits.time = o.time > 0 ? o.time : 0;
        }
        struct expecti_result *res = malloc(sizeof *res);
        status = expecti_search(g, &o.variant, state, &limits, res, err);
        if (status == 0 && o.json)
            kjson_print(kjson_search_expectimax(g, &o.variant, state, res, analyse),
                        stdout);
        else if (status == 0)
            report_expectimax(g, &o.variant, state, res, analyse, stdout);
        free(res);
        return status ? cli_fail("%s", err) : EXIT_OK;
    }
    if (is_alphabeta) {
        struct ab_limits limits = agent.ab;
        limits.analyse = analyse;
        if (o.depth > 0 || o.time > 0) {
            limits.depth = o.depth > 0 ? o.depth : 0;
            limits.time = o.time > 0 ? o.time : 0;
        } else if (!budget_given) {
            limits.depth = AGENT_ANALYSIS_AB_DEPTH;
        }
        if (o.given & OPT_THREADS) limits.threads = o.threads;
        int hash_mib =
            cli_hash_mib(&o, agent.hash_given ? agent.hash_mib : TT_DEFAULT_MIB);
        struct tt tt;
        if (tt_init(&tt, (size_t)hash_mib))
            return cli_fail_runtime("not enough memory for --hash");
        struct ab_result *res = malloc(sizeof *res);
        status = ab_search(g, &o.variant, state, &limits, &tt, res, err);
        if (status == 0 && o.json)
            kjson_print(kjson_search_alphabeta(g, &o.variant, state, res, analyse),
                        stdout);
        else if (status == 0)
            report_alphabeta(g, &o.variant, state, res, analyse, stdout);
        free(res);
        tt_free(&tt);
        return status ? cli_fail("%s", err) : EXIT_OK;
    }
    int player = -1;
    if ((status = search_command_side(&o, &player))) return status;
    struct mcts_limits limits = agent.mcts;
    limits.seed = o.seed;
    if (o.given & OPT_THREADS) limits.threads = o.threads;
    if (o.iterations > 0 || o.time > 0) {
        limits.iterations = o.iterations > 0 ? o.iterations : 0;
        limits.time = o.time > 0 ? o.time : 0;
    } else if (!budget_given) {
        limits.iterations =
            is_pimc ? AGENT_ANALYSIS_PIMC_ITERATIONS : AGENT_ANALYSIS_MCTS_ITERATIONS;
    }
    struct mcts_result *res = malloc(sizeof *res);
    if (is_pimc) {
        /* The command line's budget is the whole search: split over worlds. */
        struct pimc_limits pl = {.worlds = agent.worlds, .world = limits};
        if (pl.world.iterations > 0) {
            pl.world.iterations /= agent.worlds;
            if (pl.world.iterations < 1) pl.world.iterations = 1;
        }
        status = pimc_search(g, &o.variant, state, &pl, res, err);
    } else if (g->flags & GAME_HAS_HIDDEN) {
        status = ismcts_search(g, &o.variant, state, &limits, res, err);
    } else {
        status = mcts_search(g, &o.variant, state, &limits, res, err);
    }
    const char *engine = is_pimc                        ? "pimc"
                         : (g->flags & GAME_HAS_HIDDEN) ? "ismcts"
                                                        : "mcts";
    if (status == 0 && o.json)
        kjson_print(kjson_search_mcts(g, &o.variant, state, engine, res, player, analyse),
                    stdout);
    else if (status == 0 && res->simultaneous)
        report_mcts_joint(g, &o.variant, state, res, player, analyse, stdout);
    else if (status == 0)
        report_mcts(g, &o.variant, state, res, analyse, stdout);
    free(res);
    return status ? cli_fail("%s", err) : EXIT_OK;
}
