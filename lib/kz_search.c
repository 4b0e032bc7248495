/* libkibitz: searches with a budget, threads and a stop flag; perft; random
 * rollouts (include/kibitz.h). The engines are those of the command line,
 * chosen and configured through the one engine-spec parser, agent_parse. */
#include "engine/rng.h"
#include "lib/kz_db.h"
#include "lib/kz_internal.h"
#include "lib/kz_json.h"
#include "lib/kz_run.h"
#include "search/agent.h"
#include "search/perft.h"
#include "search/playout.h"
#include "json/kjson_search.h"

#include <stdlib.h>
#include <string.h>

kz_stop *kz_stop_new(void) {
    kz_stop *f = malloc(sizeof *f);
    if (f) atomic_init(&f->raised, false);
    return f;
}

void kz_stop_request(kz_stop *f) {
    if (!f) return;
    atomic_store(&f->raised, true);
}

void kz_stop_reset(kz_stop *f) {
    if (!f) return;
    atomic_store(&f->raised, false);
}

void kz_stop_free(kz_stop *f) {
    free(f);
}

/* Hand a document to the caller's buffer and release it. */
static void give_json(json_t *doc, char *json, size_t json_n, size_t *json_len) {
    long need = kz_json_give(doc, json, json_n);
    if (json_len) *json_len = need < 0 ? 0 : (size_t)need;
}

/* The engine spec the search runs: the caller's, else the game's default. */
static const char *spec_of(const kz_game *game, const char *algo) {
    return algo && algo[0] ? algo : kz_game_default_engine(game);
}

int kz_search_check(const kz_game *game, const char *algo, char *err, size_t err_n) {
    if (!game) return kz_fail(err, err_n, KZ_EINVAL, "kz_search_check: no game");
    const char *spec = spec_of(game, algo);
    struct agent a;
    char gerr[GAME_ERROR_BYTES] = "";
    if (agent_read_spec(&a, spec, game->g, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", spec, gerr);
    if (!a.engine->reports && !a.engine->bestmove) {
        char names[64];
        engine_reporting_names(names, sizeof names, true, false, ", ");
        return kz_fail(err, err_n, KZ_EINVAL, "engine '%s' does not search (%s)", spec,
                       names);
    }
    return KZ_OK;
}

/* The options' counts in range, or KZ_EINVAL naming the first that is not. */
static int check_options(const struct kz_search_options *o, char *err, size_t err_n) {
    if (!(o->time >= 0 && o->time <= KZ_MAX_SECONDS))
        return kz_fail(err, err_n, KZ_EINVAL, "time %g s: from 0 to %g seconds", o->time,
                       KZ_MAX_SECONDS);
    if (o->iterations < 0 || o->iterations > KZ_MAX_ITERATIONS)
        return kz_fail(err, err_n, KZ_EINVAL, "iterations %ld: from 0 to %ld",
                       o->iterations, (long)KZ_MAX_ITERATIONS);
    if (o->depth < 0 || o->depth > KZ_MAX_DEPTH)
        return kz_fail(err, err_n, KZ_EINVAL, "depth %d: from 0 to %d plies", o->depth,
                       KZ_MAX_DEPTH);
    if (o->threads < 0 || o->threads > KZ_MAX_THREADS)
        return kz_fail(err, err_n, KZ_EINVAL, "threads %d: from 0 to %d", o->threads,
                       KZ_MAX_THREADS);
    return KZ_OK;
}

/* Where kz_search_with's answer goes: the best action (every acting
 * player's at a simultaneous node) and the JSON report. */
struct search_answer {
    kz_action *best;
    char *json;
    size_t json_n, *json_len;
};

/* The perfect player (an engine that needs a database): its answer when
 * the databases hold the position (*answered), else `agent` becomes its
 * fallback engine (*spec: the fallback's spec). KZ_OK, or an error. */
static int database_answer(const kz_state *s, const void *state,
                           const struct kz_search_options *o, const char **spec,
                           struct agent *agent, const struct search_answer *out,
                           bool *answered, char *err, size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    char gerr[GAME_ERROR_BYTES] = "";
    struct kz_db_answer ans;
    *answered = false;
    int status = kz_db_answer(s->game, *spec, NULL, state, &ans, err, err_n);
    if (status) return status;
    if (ans.n) {
        out->best[0] = kz_action_of(ans.moves[0]);
        give_json(kjson_search_database(g, v, state, ans.where, ans.moves, ans.values,
                                        ans.n, o->analyse),
                  out->json, out->json_n, out->json_len);
        kz_db_answer_free(&ans);
        *answered = true;
        return KZ_OK;
    }
    *spec = ans.fallback; /* inside the caller's spec */
    kz_db_answer_free(&ans);
    if (agent_read_spec(agent, *spec, g, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", *spec, gerr);
    return KZ_OK;
}

/* Search with the engine, within the options' budget. */
static int engine_answer(const kz_state *s, const void *state,
                         const struct kz_search_options *o, struct agent *agent,
                         const struct search_answer *out, char *err, size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    char gerr[GAME_ERROR_BYTES] = "";
    struct kz_run_request req = {.time = o->time,
                                 .iterations = o->iterations,
                                 .depth = o->depth,
                                 .threads = o->threads,
                                 .seed = o->seed,
                                 .analyse = o->analyse,
                                 .table = kz_table_tt(o->table),
                                 .interrupt = o->stop ? &o->stop->raised : NULL};
    struct engine_report run;
    bool runtime;
    if (kz_run_search(g, v, state, agent, &req, &run, &runtime, gerr))
        return kz_fail(err, err_n, runtime ? KZ_ERUNTIME : KZ_EINVAL, "%s", gerr);
    if (run.mcts && run.mcts->simultaneous) {
        /* Every acting player's recommended option (kibitz.h). */
        for (int p = 0; p < KZ_MAX_PLAYERS; p++)
            out->best[p] = (run.mcts->acting >> p) & 1
                               ? kz_action_of(run.mcts->sim_choice[p])
                               : KZ_ACTION_PASS;
    } else {
        out->best[0] = run.has_move ? kz_action_of(run.move) : KZ_ACTION_PASS;
    }
    give_json(kjson_search_report(g, v, state, &run, -1, o->analyse), out->json,
              out->json_n, out->json_len);
    engine_report_free(&run);
    return KZ_OK;
}

int kz_search_with(const kz_state *s, const struct kz_search_options *options,
                   kz_action *best, char *json, size_t json_n, size_t *json_len,
                   char *err, size_t err_n) {
    if (json && json_n) json[0] = '\0';
    if (json_len) *json_len = 0;
    if (!s) return kz_fail(err, err_n, KZ_EINVAL, "kz_search: no state");
    const struct kz_search_options none = {0};
    const struct kz_search_options *o = options ? options : &none;
    int bad = check_options(o, err, err_n);
    if (bad) return bad;
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    /* Hidden information: the search sees the mover's view only, as the
     * command line's and the agents' do, so that what a seat is told
     * depends on what it may know (include/kibitz.h). */
    _Alignas(16) unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, s->bytes, g->state_size);
    agent_restrict_to_view(g, v, seen);
    const void *state = seen;
    const char *algo = o->algo;
    char gerr[GAME_ERROR_BYTES] = "";
    kz_action best_actions[KZ_MAX_PLAYERS];
    const struct search_answer out = {best ? best : best_actions, json, json_n, json_len};
    int turn = g->turn(v, state);
    if (turn == TURN_OVER)
        return kz_fail(err, err_n, KZ_EINVAL, "the game is over: no move to search");
    if (turn == TURN_CHANCE)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "chance decides here (nothing to choose): apply an outcome");
    /* The one parse of the spec (search/engine.h). */
    const char *spec = spec_of(s->game, algo);
    const move_t *moves;
    const bool forced = !o->analyse && turn >= 0 && kz_state_moves(s, &moves) == 1;
    struct agent agent;
    if (agent_read_spec(&agent, forced && !(algo && algo[0]) ? "random" : spec, g, gerr))
        return forced ? kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", algo, gerr)
                      : kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", spec, gerr);
    /* A player's only move needs no search (analyse still scores it). */
    if (forced) {
        out.best[0] = kz_action_of(moves[0]);
        give_json(kjson_search_forced(g, v, state, moves[0]), json, json_n, json_len);
        return KZ_OK;
    }
    if (agent.engine->plays & ENGINE_NEEDS_DATABASE) {
        /* the perfect player, else its fallback */
        bool answered;
        int status =
            database_answer(s, state, o, &spec, &agent, &out, &answered, err, err_n);
        if (status || answered) return status;
    }
    return engine_answer(s, state, o, &agent, &out, err, err_n);
}

int kz_search(const kz_state *s, const char *algo, double time, long iterations,
              int depth, int threads, uint64_t seed, int analyse, kz_stop *stop,
              kz_action *best, char *json, size_t json_n, size_t *json_len, char *err,
              size_t err_n) {
    const struct kz_search_options o = {.algo = algo,
                                        .time = time,
                                        .iterations = iterations,
                                        .depth = depth,
                                        .threads = threads,
                                        .seed = seed,
                                        .analyse = analyse,
                                        .stop = stop};
    return kz_search_with(s, &o, best, json, json_n, json_len, err, err_n);
}

uint64_t kz_perft(const kz_state *s, int depth, int threads) {
    if (!s || depth < 0 || depth > KZ_MAX_DEPTH || threads > KZ_MAX_THREADS) return 0;
    if (threads == 1) return perft_count(s->game->g, &s->game->v, s->bytes, depth);
    return perft_parallel(s->game->g, &s->game->v, s->bytes, depth, threads, NULL, NULL,
                          NULL);
}

long kz_random_rollouts(const kz_state *s, long n, uint64_t seed, int max_plies,
                        double sum_returns[KZ_MAX_PLAYERS]) {
    if (!s || !sum_returns || n < 0) return 0;
    const struct game *g = s->game->g;
    struct rng rng;
    rng_seed(&rng, seed);
    unsigned char work[GAME_MAX_STATE_BYTES];
    long plies = 0;
    for (long i = 0; i < n; i++) {
        double ret[GAME_MAX_PLAYERS] = {0};
        memcpy(work, s->bytes, g->state_size);
        plies += playout_run(g, &s->game->v, work, &rng, max_plies > 0 ? max_plies : 1000,
                             ret);
        for (int p = 0; p < s->game->players; p++) sum_returns[p] += ret[p];
    }
    return plies;
}
