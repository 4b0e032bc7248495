/* libkibitz: databases as engines use them (include/kibitz.h): opened for a
 * search to probe, played from perfectly, and shown on the web page with
 * whatever they hold. The handle is kz_db (lib/kz_db.h), as for queries. */
#include "lib/kz_db.h"
#include "engine/temp_files.h"
#include "lib/kz_front.h"
#include "search/agent.h"
#include "search/engine.h"
#include "solve/db_player.h"
#include "search/search_probe.h"
#include "json/kjson.h"
#include "json/kjson_database.h"
#include "json/kjson_position.h"
#include "json/kjson_value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kz_db_open_engine(const kz_game *g, const char *path, kz_db **out, char *err,
                      size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_db_open_engine: no place for the database");
    *out = NULL;
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "kz_db_open_engine: no game");
    *out = NULL;
    kz_db_make_default(g, path);
    struct search_probe sp;
    char gerr[GAME_ERROR_BYTES] = "";
    if (search_probe_open(&sp, g->g, &g->v, path, gerr) != 0)
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    kz_db *db = calloc(1, sizeof *db);
    if (!db) {
        search_probe_close(&sp);
        return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
    /* The same files, now owned by the handle (kz_db_close closes them). */
    db->game = g;
    db->db = sp.solver;
    db->gdb = sp.own;
    db->own = sp.own_db;
    snprintf(db->path, sizeof db->path, "%s", sp.where);
    *out = db;
    return KZ_OK;
}

void kz_abandon_writes(void) {
    temp_files_remove_all();
}

bool kz_is_db_spec(const char *algo) {
    if (!algo) return false;
    const struct engine *e = engine_find(algo, strcspn(algo, ":"));
    return e && (e->plays & ENGINE_NEEDS_DATABASE);
}

void kz_db_answer_free(struct kz_db_answer *ans) {
    free(ans->moves);
    free(ans->values);
    ans->moves = NULL;
    ans->values = NULL;
}

int kz_db_answer(const kz_game *game, const char *algo, const char *path,
                 const void *state, struct kz_db_answer *ans, char *err, size_t err_n) {
    const struct game *g = game->g;
    const struct variant *v = &game->v;
    char gerr[GAME_ERROR_BYTES];
    memset(ans, 0, sizeof *ans);
    struct agent check;
    if (agent_parse(&check, algo, g, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "engine '%s': %s", algo, gerr);
    ans->fallback = check.fallback ? strchr(algo, '=') + 1 : NULL;
    agent_free(&check);
    ans->moves = malloc((size_t)g->max_moves * sizeof *ans->moves);
    ans->values = malloc((size_t)g->max_moves * sizeof *ans->values);
    if (!ans->moves || !ans->values) {
        kz_db_answer_free(ans);
        return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
    bool none = path && strcmp(path, "none") == 0;
    struct search_probe dbs = {0};
    if (!none) {
        if (!path) kz_db_make_default(game, NULL);
        if (search_probe_open(&dbs, g, v, path, gerr)) {
            if (path) {
                kz_db_answer_free(ans);
                return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
            }
            kz_db_advise_missing(game);
        }
    }
    int n = dbs.probe ? db_player_move_values(g, v, state, dbs.probe, dbs.ctx, ans->moves,
                                              ans->values)
                      : -1;
    snprintf(ans->where, sizeof ans->where, "%s", dbs.where);
    bool damaged = search_probe_failed(&dbs, gerr) != 0;
    search_probe_close(&dbs);
    if (damaged) {
        kz_db_answer_free(ans);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    }
    ans->n = n > 0 ? n : 0;
    if (ans->n || ans->fallback) return KZ_OK;
    kz_db_answer_free(ans);
    return kz_fail(err, err_n, KZ_ERUNTIME,
                   "db: %s (give db:fallback=SPEC to search instead)",
                   none ? "--db none leaves no database to play from"
                        : "the databases do not answer this position");
}

int kz_db_open_solved(const kz_game *g, const char *path, kz_db **out, char *err,
                      size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_db_open_solved: no place for the database");
    *out = NULL;
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "kz_db_open_solved: no game");
    *out = NULL;
    if (g->g->database) return KZ_OK; /* the game's own kind only */
    return kz_db_for_engine(g, path, out, err, err_n);
}

int kz_db_best(const kz_db *db, const kz_state *s, kz_action *out, struct kz_eval *eval) {
    if (!db || !s || !out) return KZ_EINVAL;
    if (kz_state_turn(s) < 0) return KZ_EINVAL;
    kz_action best;
    int outcome, distance;
    if (kz_db_query(db, s, NULL, NULL, &best, &outcome, &distance, 1, NULL, 0) < 1)
        return KZ_EINVAL;
    *out = best;
    if (eval)
        *eval = (struct kz_eval){KZ_EVAL_PROVEN, outcome, outcome ? distance : -1,
                                 (double)outcome};
    return KZ_OK;
}

/* Moves best first, as `kibitz query` lists them; unknown values stay. */
json_t *kz_db_page_doc(const kz_db *db, const kz_state *s, const char *label) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    const void *state = s->bytes;
    if (!db) { /* no database: the document with nothing in it */
        json_t *doc = kjson_game_document("query", g, v);
        kjson_add_position(doc, g, v, state);
        json_object_set_new(doc, "database", json_null());
        json_object_set_new(doc, "value", json_null());
        json_object_set_new(doc, "moves", json_array());
        return doc;
    }
    retro_lookup_fn lookup = kz_db_values(db);
    void *ctx = kz_db_ctx(db);
    int turn = g->turn(v, state);
    retro_cell cell = turn == TURN_OVER ? RETRO_TERMINAL : lookup(ctx, state);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *each = malloc((size_t)g->max_moves * sizeof *each);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    json_t *doc = NULL;
    if (moves && each && order) {
        int n = 0;
        if (turn >= 0 && retro_is_value(cell)) {
            retro_cell best;
            n = retro_move_values(g, v, state, lookup, ctx, &best, each);
            g->moves(v, state, moves);
        }
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 1; i < n; i++) /* insertion sort: equals keep move order */
            for (int j = i; j > 0 && retro_better(each[order[j]], each[order[j - 1]]);
                 j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        doc = kjson_query(g, v, state, label ? label : db->path, cell, moves, each, order,
                          n);
    }
    free(moves);
    free(each);
    free(order);
    return doc;
}

long kz_db_page_json(const kz_db *db, const kz_state *s, const char *label, char *json,
                     size_t n) {
    if (!s) {
        kz_no_text(json, n);
        return KZ_EINVAL;
    }
    return kz_give_json(kz_db_page_doc(db, s, label), json, n);
}

json_t *kz_db_value_doc(const kz_db *db, const kz_state *s) {
    json_t *j = db ? kjson_value_cell(kz_db_values(db)(kz_db_ctx(db), s->bytes)) : NULL;
    return j ? j : json_null();
}

long kz_db_value_json(const kz_db *db, const kz_state *s, char *json, size_t n) {
    if (!s) {
        kz_no_text(json, n);
        return KZ_EINVAL;
    }
    json_t *doc = kz_db_value_doc(db, s);
    char *text = json_dumps(doc, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(doc);
    if (!text) return KZ_ERUNTIME;
    long need = snprintf(json, n, "%s", text);
    free(text);
    return need;
}
