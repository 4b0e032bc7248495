/* The body of `kibitz bestmove` and `kibitz analyse` (cli/backend/kz_cli.h): the
 * database rule, a forced move, or one search run (lib/kz_run.h, as
 * kz_search), its engine's report printed as the command line's text or the
 * search document. */
#include "engine/variant.h"
#include "cli/backend/kz_cli.h"
#include "lib/kz_db.h"
#include "lib/kz_internal.h"
#include "lib/kz_run.h"
#include "search/agent.h"
#include "solve/db_player.h"
#include "search/engine.h"
#include "search/search_probe.h"
#include "search/search_report.h"
#include "solve/solver_db_move.h"
#include "json/kjson_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

int kz_cli_side(const kz_game *game, const char *side, int *player, char *err) {
    *player = -1;
    if (!side) return KZ_OK;
    const struct game *g = game->g;
    for (int p = 0; p < game->players; p++) {
        char number[16];
        snprintf(number, sizeof number, "%d", p + 1);
        if (strcmp(side, g->player_name(&game->v, p)) == 0 || strcmp(side, number) == 0) {
            *player = p;
            return KZ_OK;
        }
    }
    return FAIL(KZ_EINVAL,
                "--side must name a player of %s (e.g. '%s') or a number from 1 to %d",
                g->name, g->player_name(&game->v, 0), game->players);
}

/* The database rule: a solver database answering the variant gives the
 * value and nothing is searched. KZ_OK and *answered when it did. */
static int answer_from_database(const struct kz_cli_args *a, const void *state,
                                bool analyse, FILE *out, bool *answered, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    bool none = a->db && strcmp(a->db, "none") == 0;
    char path[SOLVER_DB_PATH_BYTES], gerr[GAME_ERROR_BYTES];
    *answered = false;
    struct solver_db *db = solver_db_for_engine(g, v, a->db, path, sizeof path, gerr);
    if (!db && gerr[0])
        return FAIL(g->tier_of && kz_cli_database_missing(a->game, a->db) ? KZ_CLI_MISSING
                                                                          : KZ_ERUNTIME,
                    "%s", gerr);
    int status = -1;
    if (db && a->json) {
        move_t moves[g->max_moves];
        retro_cell values[g->max_moves];
        int n = solver_db_move_values(db, state, moves, values);
        if (n > 0)
            status = kjson_print(
                kjson_search_database(g, v, state, path, moves, values, n, analyse), out);
    } else if (db) {
        status = solver_db_report(db, state, path, analyse, out);
    }
    if (db && status != 0 && solver_db_failed(db, gerr)) {
        solver_db_close(db);
        return FAIL(KZ_ERUNTIME, "%s", gerr);
    }
    solver_db_close(db);
    *answered = status == 0;
    if (!*answered && a->db && !none)
        return FAIL(KZ_ERUNTIME, "database %s does not hold this position", path);
    return KZ_OK;
}

/* --algo db[:fallback=SPEC]: the databases' best move (solve/db_player.h).
 * KZ_OK and *answered when they answered; else *fallback is the engine to
 * search with. */
static int answer_as_db(const struct kz_cli_args *a, const void *state, bool analyse,
                        FILE *out, bool *answered, const char **fallback, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    struct kz_db_answer ans;
    *answered = false;
    int status =
        kz_db_answer(a->game, a->algo, a->db, state, &ans, err, KZ_CLI_ERROR_BYTES);
    if (status) return status;
    *fallback = ans.fallback;
    if (ans.n && a->json)
        status = kjson_print(kjson_search_database(g, v, state, ans.where, ans.moves,
                                                   ans.values, ans.n, analyse),
                             out)
                     ? KZ_CLI_QUIET_ERUNTIME
                     : KZ_OK;
    else if (ans.n)
        db_player_print(g, v, state, ans.moves, ans.values, ans.n, ans.where, analyse,
                        out);
    *answered = ans.n > 0;
    kz_db_answer_free(&ans);
    return status;
}

/* The engine named by the spec, if it reports a searched value; else a
 * usage failure naming those that do. */
static int reporting_engine(const char *algo, const struct engine **e, char *err) {
    *e = engine_find(algo, strcspn(algo, ":"));
    if (*e && (*e)->reports) return KZ_OK;
    char names[GAME_ERROR_BYTES];
    engine_reporting_names(names, sizeof names, true, true, " or ");
    return FAIL(KZ_EINVAL, "unknown --algo '%s' (%s)", algo, names);
}

/* The command-line rules of an engine with the options given: --side only
 * where one player's option can be asked for, the budget in the engine's
 * unit. */
static int check_options(const struct kz_cli_args *a, const struct engine *e, char *err) {
    if (a->side && !(e->plays & (ENGINE_PLAYS_CHANCE | ENGINE_PLAYS_SIMULTANEOUS |
                                 ENGINE_PLAYS_HIDDEN)))
        return FAIL(KZ_EINVAL, "--side is for searches from a simultaneous node (mcts)");
    char gerr[GAME_ERROR_BYTES];
    if (engine_budget_refused(e, a->depth >= 0, a->iterations >= 0, true, gerr))
        return FAIL(KZ_EINVAL, "%s", gerr);
    return KZ_OK;
}

/* A player's only legal move, printed without search. */
static int print_forced(const struct kz_cli_args *a, const void *state, move_t move,
                        FILE *out) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    if (a->json)
        return kjson_print(kjson_search_forced(g, v, state, move), out)
                   ? KZ_CLI_QUIET_ERUNTIME
                   : KZ_OK;
    char text[128];
    g->format_move(v, state, move, text, sizeof text);
    fprintf(out, "bestmove %s\nscore forced (the only legal move; not searched)\n", text);
    return KZ_OK;
}

/* Search with the parsed agent (probing --db where the database rule says
 * so) and print its report. */
static int search_and_report(const struct kz_cli_args *a, const void *state,
                             struct agent *agent, bool probing, bool analyse, FILE *out,
                             char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    int player = -1, status;
    if ((agent->engine->plays & (ENGINE_PLAYS_SIMULTANEOUS | ENGINE_PLAYS_HIDDEN)) &&
        (status = kz_cli_side(a->game, a->side, &player, err)))
        return status;
    struct kz_run_request req = {
        .time = a->time > 0 ? a->time : 0,
        .iterations = a->iterations > 0 ? a->iterations : 0,
        .depth = a->depth > 0 ? a->depth : 0,
        .threads = a->threads_given ? a->threads : 0,
        .hash_mib = a->hash_mib,
        .seed = a->seed,
        .analyse = analyse,
    };
    /* --db probed by the search (search/search_probe.h). */
    struct search_probe dbs = {0};
    if (probing && search_probe_open(&dbs, g, v, a->db, gerr)) {
        if (a->db) return FAIL(KZ_ERUNTIME, "%s", gerr);
        kz_db_advise_missing(a->game); /* the default folders: go on without */
    }
    req.probe = dbs.probe;
    req.probe_ctx = dbs.ctx;
    struct engine_report report;
    bool runtime;
    int failed = kz_run_search(g, v, state, agent, &req, &report, &runtime, gerr);
    /* A damaged database block met by the search: reported after the
     * answer, which did not use it (search/search_probe.h). */
    char damage[GAME_ERROR_BYTES];
    bool damaged = search_probe_failed(&dbs, damage) != 0;
    search_probe_close(&dbs);
    if (failed) return FAIL(runtime ? KZ_ERUNTIME : KZ_EINVAL, "%s", gerr);
    if (a->json)
        kjson_print(kjson_search_report(g, v, state, &report, player, analyse), out);
    else
        report_search(g, v, state, &report, player, analyse, out);
    engine_report_free(&report);
    if (damaged)
        return FAIL(KZ_ERUNTIME, "%s; the search went on without that file", damage);
    return KZ_OK;
}

int kz_cli_search(const struct kz_cli_args *a, const kz_state *s, bool analyse, FILE *out,
                  char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, s->bytes, g->state_size);
    const char *algo = a->algo ? a->algo : kz_run_default_spec(g);
    if (g->turn(v, state) == TURN_OVER)
        return FAIL(KZ_EINVAL, "the game is over in this position: no move to search");
    if (g->turn(v, state) == TURN_CHANCE)
        return FAIL(KZ_EINVAL,
                    "chance decides here (nothing to choose): give the outcome "
                    "with --moves");
    agent_restrict_to_view(g, v, state); /* hidden information: the mover's */
    int status;
    if (kz_is_db_spec(algo)) { /* the perfect player, else its fallback */
        bool answered;
        status = answer_as_db(a, state, analyse, out, &answered, &algo, err);
        if (status || answered) return status;
        struct kz_cli_args rest = *a; /* the fallback engine searches */
        rest.algo = algo;
        return kz_cli_search(&rest, s, analyse, out, err);
    }
    /* Every search takes agent options after its name (search/agent.h), e.g.
     * alphabeta:depth=4 or mcts:sim=exp3. */
    const struct engine *e;
    if ((status = reporting_engine(algo, &e, err)) || (status = check_options(a, e, err)))
        return status;
    /* The database rule (bestmove --help): with a game's own databases
     * (Kerx) or a chosen search, --db is probed by the search
     * (search/search_probe.h); else an explicit --db is read; else the
     * default folder is, unless an engine or a budget was asked for. A
     * game's own databases are probed from the default folders too. */
    bool none = a->db && strcmp(a->db, "none") == 0;
    const bool probing = !none && (g->database ? true : a->db && a->algo) && e->probes;
    const bool by_rule =
        !probing && !g->database && (a->db ? !none : !a->algo && !a->budget_given);
    if ((by_rule || probing) && !a->db) kz_db_make_default(a->game, NULL);
    if (by_rule) {
        bool answered;
        status = answer_from_database(a, state, analyse, out, &answered, err);
        if (status || answered) return status;
        if (!a->db) kz_db_advise_missing(a->game);
    }
    /* The one parse of the spec (search/engine.h); the command line's
     * --depth, --time, --iterations, --threads and --hash, where given, are
     * laid over what it says. */
    struct agent agent; /* its settings: the search takes a table of its own */
    if (agent_read_spec(&agent, algo, g, gerr))
        return FAIL(KZ_EINVAL, "--algo %s: %s", algo, gerr);
    /* A forced move needs no search (analyse still scores it). */
    move_t moves[g->max_moves];
    if (!analyse && g->turn(v, state) >= 0 && g->moves(v, state, moves) == 1)
        status = print_forced(a, state, moves[0], out);
    else
        status = search_and_report(a, state, &agent, probing, analyse, out, err);
    agent_free(&agent);
    return status;
}
