/* libkibitz: searches with a budget, threads and a stop flag; perft; random
 * rollouts (include/kibitz.h). The engines are those of the command line,
 * chosen and configured through the one engine-spec parser, agent_parse. */
#include "engine/rng.h"
#include "lib/kz_internal.h"
#include "search/agent.h"
#include "search/alphabeta.h"
#include "search/expectimax.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/perft.h"
#include "search/pimc.h"
#include "search/playout.h"
#include "search/tt.h"
#include "json/kjson_search.h"

#include <stdlib.h>
#include <string.h>

kz_stop *kz_stop_new(void) {
    kz_stop *f = malloc(sizeof *f);
    if (f) atomic_init(&f->raised, false);
    return f;
}

void kz_stop_request(kz_stop *f) {
    atomic_store(&f->raised, true);
}

void kz_stop_reset(kz_stop *f) {
    atomic_store(&f->raised, false);
}

void kz_stop_free(kz_stop *f) {
    free(f);
}

/* Hand a document to the caller's buffer and release it. */
static void give_json(json_t *doc, char *json, size_t json_n, size_t *json_len) {
    char *text = doc ? kjson_text(doc) : NULL;
    size_t need = (size_t)snprintf(json, json_n, "%s", text ? text : "");
    if (json_len) *json_len = need;
    free(text);
    json_decref(doc);
}

/* The alpha-beta run of kz_search. */
static int run_alphabeta(const struct game *g, const struct variant *v, const void *state,
                         const struct agent *agent, const struct ab_limits *limits,
                         bool analyse, kz_action *best, json_t **doc, char *gerr) {
    struct tt tt;
    if (tt_init(&tt, (size_t)(agent->hash_given ? agent->hash_mib : TT_DEFAULT_MIB)))
        return snprintf(gerr, GAME_ERROR_BYTES, "not enough memory for the table"),
               KZ_ERUNTIME;
    struct ab_result *res = malloc(sizeof *res);
    int status = res ? ab_search(g, v, state, limits, &tt, res, gerr) : -1;
    if (!res) snprintf(gerr, GAME_ERROR_BYTES, "out of memory");
    if (status == 0) {
        *best = res->has_move ? kz_action_of(res->move) : KZ_ACTION_PASS;
        *doc = kjson_search_alphabeta(g, v, state, res, analyse);
    }
    free(res);
    tt_free(&tt);
    return status ? KZ_EINVAL : KZ_OK;
}

int kz_search(const kz_state *s, const char *algo, double time, long iterations,
              int depth, int threads, uint64_t seed, int analyse, kz_stop *stop,
              kz_action *best, char *json, size_t json_n, size_t *json_len, char *err,
              size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    const void *state = s->bytes;
    char gerr[GAME_ERROR_BYTES] = "";
    kz_action best_actions[KZ_MAX_PLAYERS];
    if (!best) best = best_actions;
    if (json && json_n) json[0] = '\0';
    int turn = g->turn(v, state);
    if (turn == TURN_OVER)
        return kz_fail(err, err_n, KZ_EINVAL, "the game is over: no move to search");
    if (turn == TURN_CHANCE)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "chance decides here (nothing to choose): apply an outcome");
    if (!algo || !algo[0]) algo = ab_supports(g, gerr) ? "alphabeta" : "mcts";
    struct agent agent;
    if (agent_parse(&agent, algo, g, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", algo, gerr);
    agent_free(&agent);
    bool is_ab = agent.kind == AGENT_ALPHABETA, is_ex = agent.kind == AGENT_EXPECTIMAX;
    bool is_mcts = agent.kind == AGENT_MCTS, is_pimc = agent.kind == AGENT_PIMC;
    if (!is_ab && !is_ex && !is_mcts && !is_pimc)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "engine '%s' does not search (alphabeta, mcts, pimc, expectimax)",
                       algo);
    if ((is_ab || is_ex) && iterations > 0)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "%s takes a depth or a time, not iterations",
                       is_ab ? "alphabeta" : "expectimax");
    if ((is_mcts || is_pimc) && depth > 0)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "%s takes iterations or a time, not a depth",
                       is_mcts ? "mcts" : "pimc");
    if (time < 0 || iterations < 0 || depth < 0)
        return kz_fail(err, err_n, KZ_EINVAL, "a negative budget");
    bool budget = agent.budget_given || time > 0 || iterations > 0 || depth > 0;
    json_t *doc = NULL;
    int status = KZ_OK;

    /* A player's only move needs no search (analyse still scores it). */
    if (!analyse && turn >= 0) {
        const move_t *moves;
        if (kz_state_moves(s, &moves) == 1) {
            *best = kz_action_of(moves[0]);
            give_json(kjson_search_forced(g, v, state, moves[0]), json, json_n, json_len);
            return KZ_OK;
        }
    }
    if (is_ab) {
        struct ab_limits limits = agent.ab;
        limits.analyse = analyse;
        if (depth > 0 || time > 0) {
            limits.depth = depth;
            limits.time = time;
        } else if (!budget) {
            limits.depth = AGENT_ANALYSIS_AB_DEPTH;
        }
        if (threads > 0) limits.threads = threads;
        limits.interrupt = stop ? &stop->raised : NULL;
        status = run_alphabeta(g, v, state, &agent, &limits, analyse, best, &doc, gerr);
    } else if (is_ex) {
        struct expecti_limits limits = agent.ex;
        limits.analyse = analyse;
        if (depth > 0 || time > 0) {
            limits.depth = depth;
            limits.time = time;
        }
        limits.interrupt = stop ? &stop->raised : NULL;
        struct expecti_result *res = malloc(sizeof *res);
        status = res && expecti_search(g, v, state, &limits, res, gerr) == 0 ? KZ_OK
                                                                             : KZ_EINVAL;
        if (status == KZ_OK) {
            *best = res->has_move ? kz_action_of(res->move) : KZ_ACTION_PASS;
            doc = kjson_search_expectimax(g, v, state, res, analyse);
        }
        free(res);
    } else {
        struct mcts_limits limits = agent.mcts;
        limits.seed = seed;
        if (threads > 0) limits.threads = threads;
        if (iterations > 0 || time > 0) {
            limits.iterations = iterations;
            limits.time = time;
        } else if (!budget) {
            limits.iterations =
                is_pimc ? AGENT_ANALYSIS_PIMC_ITERATIONS : AGENT_ANALYSIS_MCTS_ITERATIONS;
        }
        limits.interrupt = stop ? &stop->raised : NULL;
        struct mcts_result *res = malloc(sizeof *res);
        const char *engine = is_pimc                        ? "pimc"
                             : (g->flags & GAME_HAS_HIDDEN) ? "ismcts"
                                                            : "mcts";
        int rc = -1;
        if (!res) {
            snprintf(gerr, GAME_ERROR_BYTES, "out of memory");
        } else if (is_pimc) {
            struct pimc_limits pl = {.worlds = agent.worlds, .world = limits};
            if (pl.world.iterations > 0) {
                pl.world.iterations /= agent.worlds;
                if (pl.world.iterations < 1) pl.world.iterations = 1;
            }
            rc = pimc_search(g, v, state, &pl, res, gerr);
        } else if (g->flags & GAME_HAS_HIDDEN) {
            rc = ismcts_search(g, v, state, &limits, res, gerr);
        } else {
            rc = mcts_search(g, v, state, &limits, res, gerr);
        }
        status = rc == 0 ? KZ_OK : KZ_EINVAL;
        if (status == KZ_OK) {
            if (res->simultaneous) {
                /* Every acting player's recommended option (kibitz.h). */
                for (int p = 0; p < KZ_MAX_PLAYERS; p++)
                    best[p] = (res->acting >> p) & 1 ? kz_action_of(res->sim_choice[p])
                                                     : KZ_ACTION_PASS;
            } else {
                *best = res->has_move ? kz_action_of(res->move) : KZ_ACTION_PASS;
            }
            doc = kjson_search_mcts(g, v, state, engine, res, -1, analyse);
        }
        free(res);
    }
    if (status != KZ_OK) return kz_fail(err, err_n, status, "%s", gerr);
    give_json(doc, json, json_n, json_len);
    return KZ_OK;
}

uint64_t kz_perft(const kz_state *s, int depth, int threads) {
    if (depth < 0) return 0;
    if (threads == 1) return perft_count(s->game->g, &s->game->v, s->bytes, depth);
    return perft_parallel(s->game->g, &s->game->v, s->bytes, depth, threads, NULL, NULL,
                          NULL);
}

long kz_random_rollouts(const kz_state *s, long n, uint64_t seed, int max_plies,
                        double sum_returns[KZ_MAX_PLAYERS]) {
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
