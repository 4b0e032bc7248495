/* libkibitz: agents, players made from engine specs (include/kibitz.h):
 * choosing moves, with the mover's view enforced by search/agent.c, and
 * their searches as the "search" document for the web server. */
#include "lib/kz_agent.h"
#include "engine/threads.h"
#include "engine/timer.h"
#include "lib/kz_db.h"
#include "lib/kz_front.h"
#include "lib/kz_internal.h"
#include "lib/kz_run.h"
#include "search/agent.h"
#include "json/kjson_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *kz_game_default_engine(const kz_game *g) {
    return kz_run_default_spec(g->g);
}

int kz_agent_new(const kz_game *g, const char *spec, kz_agent **out, char *err,
                 size_t err_n) {
    *out = NULL;
    if (!spec) return kz_fail(err, err_n, KZ_EINVAL, "no engine spec given");
    kz_agent *k = calloc(1, sizeof *k);
    if (!k) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (agent_parse(&k->a, spec, g->g, gerr) != 0) {
        free(k);
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    /* threads=N is checked like --threads: the threads must be able to
     * start, or libgomp ends the process on the first move. */
    if (threads_reserve(kz_agent_threads(k), gerr) != 0) {
        agent_free(&k->a);
        free(k);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    }
    k->game = g;
    *out = k;
    return KZ_OK;
}

void kz_agent_free(kz_agent *k) {
    if (!k) return;
    agent_free(&k->a);
    free(k);
}

const char *kz_agent_spec(const kz_agent *k) {
    return k->a.spec;
}

int kz_agent_threads(const kz_agent *k) {
    return agent_threads(&k->a);
}

void kz_agent_new_game(kz_agent *k) {
    agent_new_game(&k->a);
}

void kz_agent_use_db(kz_agent *k, const kz_db *db) {
    if (db) agent_use_databases(&k->a, kz_db_lookup(db), kz_db_ctx(db));
}

static double cap_time(double t, double most) {
    return t <= 0 || t > most ? most : t;
}

void kz_agent_cap(kz_agent *k, const struct kz_caps *c) {
    struct agent *a = &k->a;
    double most = c->seconds > 0 ? c->seconds : 0;
    if (c->depth > 0 && a->ab.depth > c->depth) a->ab.depth = c->depth;
    if (most > 0) a->ab.time = cap_time(a->ab.time, most);
    if (c->threads > 0 && a->ab.threads > c->threads) a->ab.threads = c->threads;
    struct mcts_limits *m = &a->mcts;
    if (c->iterations > 0 && m->iterations > c->iterations) m->iterations = c->iterations;
    if (m->iterations <= 0) { /* a time budget: a bounded node pool */
        if (most > 0) m->time = cap_time(m->time, most);
        if (c->memory_mib > 0 &&
            (m->memory_mib == 0 || m->memory_mib > (size_t)c->memory_mib))
            m->memory_mib = (size_t)c->memory_mib;
    } else if (most > 0 && m->time > most) {
        m->time = most;
    }
    if (c->threads > 0 && m->threads > c->threads) m->threads = c->threads;
    if (c->worlds > 0 && a->worlds > c->worlds) a->worlds = c->worlds;
    /* PIMC runs its iterations in every world: its time is always capped. */
    if (a->worlds > 0 && most > 0) /* pimc: the only engine with worlds */ m->time = cap_time(m->time, most);
    if (c->depth > 0 && a->ex.depth > c->depth) a->ex.depth = c->depth;
    if (most > 0) a->ex.time = cap_time(a->ex.time, most);
    if (c->iterations > 0 && a->flat.playouts > c->iterations)
        a->flat.playouts = c->iterations;
}

void kz_agent_watch(kz_agent *k, kz_stop *stop) {
    const atomic_bool *flag = stop ? &stop->raised : NULL;
    k->a.ab.interrupt = flag;
    k->a.mcts.interrupt = flag;
    k->a.ex.interrupt = flag;
}

int kz_agent_choose(kz_agent *k, const kz_state *s, uint64_t seed, kz_action *out,
                    char *err, size_t err_n) {
    const struct game *g = s->game->g;
    int turn = g->turn(&s->game->v, s->bytes);
    if (turn < 0)
        return kz_fail(err, err_n, KZ_EINVAL, "no player to move here (%s)",
                       turn == TURN_OVER     ? "the game is over"
                       : turn == TURN_CHANCE ? "chance acts"
                                             : "a simultaneous choice");
    char gerr[GAME_ERROR_BYTES] = "";
    move_t m;
    if (agent_choose(&k->a, g, &s->game->v, s->bytes, seed, &m, gerr) != 0)
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    *out = kz_action_of(m);
    return KZ_OK;
}

int kz_agent_choose_joint(kz_agent *k, const kz_state *s, int player, uint64_t seed,
                          kz_action *out, char *err, size_t err_n) {
    if (player < 0 || player >= KZ_MAX_PLAYERS || !(kz_state_acting(s) >> player & 1u))
        return kz_fail(err, err_n, KZ_EINVAL, "player %d does not choose here", player);
    char gerr[GAME_ERROR_BYTES] = "";
    move_t m;
    if (agent_choose_joint(&k->a, s->game->g, &s->game->v, s->bytes, player, seed, &m,
                           gerr) != 0)
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    *out = kz_action_of(m);
    return KZ_OK;
}

void kz_agent_eval(const kz_agent *k, struct kz_eval *out) {
    const struct agent_eval *e = &k->a.last;
    out->kind = e->kind == AGENT_EVAL_PROVEN     ? KZ_EVAL_PROVEN
                : e->kind == AGENT_EVAL_ESTIMATE ? KZ_EVAL_ESTIMATE
                                                 : KZ_EVAL_NONE;
    out->outcome = e->outcome;
    out->distance = e->distance;
    out->score = e->score;
}

size_t kz_eval_text(const struct kz_eval *e, char *buf, size_t n) {
    int need;
    if (e->kind == KZ_EVAL_PROVEN) {
        const char *word = e->outcome > 0 ? "win" : e->outcome < 0 ? "loss" : "draw";
        if (e->outcome && e->distance >= 0)
            need = snprintf(buf, n, "%s in %d", word, e->distance);
        else
            need = snprintf(buf, n, "%s", word);
    } else if (e->kind == KZ_EVAL_ESTIMATE) {
        need = snprintf(buf, n, "%+.2f", e->score);
    } else {
        need = snprintf(buf, n, "not searched");
    }
    return need < 0 ? 0 : (size_t)need;
}

/* Engines that report a value search as their agents would (as
 * agent_choose calls them, search/agent.c), so the move is the one `play`
 * and `arena` would make; the others (random, greedy, flat Monte Carlo)
 * choose through agent_choose, and their report has no value. */
json_t *kz_agent_search_doc(kz_agent *k, const kz_state *s, int player, int analyse,
                            uint64_t seed, char *err, size_t err_n) {
    struct agent *a = &k->a;
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    const void *state = s->bytes;
    int turn = g->turn(v, state);
    char gerr[GAME_ERROR_BYTES] = "";
    if (turn == TURN_OVER || turn == TURN_CHANCE) {
        kz_fail(err, err_n, KZ_EINVAL, "%s",
                turn == TURN_OVER ? "the game is over, no move to search"
                                  : "chance acts here, nothing to choose");
        return NULL;
    }
    struct engine_report r;
    bool runtime = false;
    int status;
    if (a->engine->reports) {
        struct engine_budget budget = {
            .analyse = analyse, .seed = seed, .player = player};
        status = agent_search(a, g, v, state, &budget, &r, &runtime, gerr);
    } else if (analyse) {
        char names[GAME_ERROR_BYTES];
        engine_reporting_names(names, sizeof names, false, false, " or ");
        kz_fail(err, err_n, KZ_EINVAL, "analysis needs %s, not '%.40s'", names, a->spec);
        return NULL;
    } else {
        memset(&r, 0, sizeof r);
        r.engine = a->engine->name;
        double t0 = timer_now();
        status = turn == TURN_SIMULTANEOUS
                     ? agent_choose_joint(a, g, v, state, player, seed, &r.move, gerr)
                     : agent_choose(a, g, v, state, seed, &r.move, gerr);
        r.has_move = true;
        r.seconds = timer_now() - t0;
    }
    if (status) {
        kz_fail(err, err_n, runtime ? KZ_ERUNTIME : KZ_EINVAL, "%s", gerr);
        return NULL;
    }
    json_t *doc = kjson_search_report(g, v, state, &r, player, analyse);
    engine_report_free(&r);
    if (!doc) kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    return doc;
}

int kz_agent_search_json(kz_agent *k, const kz_state *s, int player, int analyse,
                         uint64_t seed, char *json, size_t json_n, size_t *json_len,
                         char *err, size_t err_n) {
    if (json && json_n) json[0] = '\0';
    json_t *doc = kz_agent_search_doc(k, s, player, analyse, seed, err, err_n);
    if (!doc) return KZ_EINVAL;
    long need = kz_give_json(doc, json, json_n);
    if (need < 0) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    if (json_len) *json_len = (size_t)need;
    return KZ_OK;
}
