/* `db`: the perfect player (solve/db_player.h): the move the databases
 * rate best wherever they answer the position and all its moves; elsewhere
 * the fallback agent (`db:fallback=SPEC`, the rest of the spec), or without
 * one an error saying the databases do not answer. It reads the databases
 * the command opened (--db, agent_use_databases), else the default folders
 * (engine/data_folder.h), made there on first use when quick
 * (solve/db_make.h). */
#include "search/agent.h"
#include "solve/db_make.h"
#include "solve/db_player.h"
#include "search/engine_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DB_FALLBACK, DB_KEYS };

static const struct engine_key db_keys[] = {
    [DB_FALLBACK] = {"fallback", 0, 0, NULL, ENGINE_KEY_REST, NULL,
                     "the engine spec that plays where the databases do not answer"},
};

static int db_fits(const struct game *g, char *err) {
    if (g->database || (g->tier_of && g->rank)) return 0;
    snprintf(err, GAME_ERROR_BYTES, "db plays from databases, and %s has none", g->name);
    return -1;
}

/* The fallback spec: checked (ready false: nothing kept) or made into the
 * agent's fallback agent (freed by db_release). */
static int db_set_text(struct agent *a, int key, const char *spec, const struct game *g,
                       bool ready, char *err) {
    (void)key;
    char inner[GAME_ERROR_BYTES];
    struct agent check, *fallback = &check;
    if (ready && !(fallback = malloc(sizeof *fallback)))
        return engine_fail(&(bool){false}, true, err, "out of memory for the search result");
    if (engine_spec_parse(fallback, spec, g, ready, inner) != 0) {
        if (ready) free(fallback);
        snprintf(err, GAME_ERROR_BYTES, "db fallback: %.130s", inner);
        return -1;
    }
    if (fallback->engine->plays & ENGINE_NEEDS_DATABASE) {
        if (ready) agent_free(fallback), free(fallback);
        snprintf(err, GAME_ERROR_BYTES, "db's fallback must be another engine");
        return -1;
    }
    a->hidden = fallback->hidden;
    if (ready) a->fallback = fallback;
    return 0;
}

static void db_release(struct agent *a) {
    if (a->fallback) {
        agent_free(a->fallback);
        free(a->fallback);
        a->fallback = NULL;
    }
    if (a->own_dbs) {
        search_probe_close(a->own_dbs);
        free(a->own_dbs);
        a->own_dbs = NULL;
    }
}

static void db_forget(struct agent *a) {
    if (a->fallback) agent_new_game(a->fallback);
}

/* The databases a db agent plays from: those given, else the default
 * folders' (made there first when quick), opened once. */
static void db_open_default(struct agent *a, const struct game *g,
                            const struct variant *v) {
    if (a->db_probe || a->db_tried) return;
    a->db_tried = true;
    char err[GAME_ERROR_BYTES];
    if (db_make_if_missing(g, v, NULL, stderr, err) == DB_MADE_FAILED)
        fprintf(stderr, "kibitz: could not make the %s databases: %s\n", g->name, err);
    struct search_probe *p = calloc(1, sizeof *p);
    if (!p) return;
    if (search_probe_open(p, g, v, NULL, err) != 0) {
        free(p);
        return;
    }
    a->own_dbs = p;
    a->db_probe = p->probe;
    a->db_ctx = p->ctx;
}

/* The perfect player's move, else its fallback's. */
static int db_search(struct agent *a, const struct game *g, const struct variant *v,
                     const void *state, const struct engine_budget *b,
                     struct engine_report *out, bool *runtime, char *err) {
    (void)runtime;
    if (b->player >= 0 || g->turn(v, state) < 0) return 0;
    db_open_default(a, g, v);
    retro_cell value;
    if (a->db_probe &&
        db_player_best(g, v, state, a->db_probe, a->db_ctx, &out->move, &value) == 0) {
        int outcome = retro_outcome(value);
        out->has_move = true;
        out->value = ENGINE_VALUE_PROVEN, out->outcome = outcome, out->score = outcome;
        out->distance = outcome ? retro_remoteness(value) : -1;
        return 0;
    }
    if (a->fallback) {
        int status = agent_choose(a->fallback, g, v, state, b->seed, &out->move, err);
        if (status) return status;
        const struct agent_eval *e = &a->fallback->last;
        out->has_move = true;
        out->value = e->kind == AGENT_EVAL_PROVEN     ? ENGINE_VALUE_PROVEN
                     : e->kind == AGENT_EVAL_ESTIMATE ? ENGINE_VALUE_ESTIMATE
                                                      : ENGINE_VALUE_NONE;
        out->outcome = e->outcome, out->distance = e->distance, out->score = e->score;
        return 0;
    }
    if (!a->db_probe)
        snprintf(err, GAME_ERROR_BYTES,
                 "db: no %.12s databases for this variant (kibitz solve makes them; "
                 "or give db:fallback=SPEC)",
                 g->name);
    else
        snprintf(err, GAME_ERROR_BYTES,
                 "db: the databases do not answer this position (give "
                 "db:fallback=SPEC to play on with an engine)");
    return -1;
}

const struct engine db_engine = {
    .name = "db",
    .summary = "the perfect player: the databases' best move, else a fallback engine",
    .plays = ENGINE_PLAYS_ALL | ENGINE_NEEDS_DATABASE,
    .usage = "one option, fallback=SPEC (e.g. db:fallback=alphabeta:depth=8)",
    .bestmove = true,
    .keys = db_keys,
    .key_count = DB_KEYS,
    .fits = db_fits,
    .set_text = db_set_text,
    .release = db_release,
    .forget = db_forget,
    .search = db_search,
};
