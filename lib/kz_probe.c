/* libkibitz: databases an engine reads (include/kibitz.h): probed by the
 * searches, played from perfectly, and queried for the web page. */
#include "lib/kz_probe.h"
#include "lib/kz_front.h"
#include "search/retro_check.h"
#include "search/solver_db_move.h"
#include "json/kjson.h"
#include "json/kjson_database.h"
#include "json/kjson_position.h"
#include "json/kjson_value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kz_probe_open(const kz_game *g, const char *path, kz_probe **out, char *err,
                  size_t err_n) {
    *out = NULL;
    kz_probe *p = calloc(1, sizeof *p);
    if (!p) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (search_probe_open(&p->sp, g->g, &g->v, path, gerr) != 0) {
        free(p);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    }
    p->game = g;
    p->lookup = p->sp.probe;
    p->ctx = p->sp.ctx;
    snprintf(p->where, sizeof p->where, "%s", p->sp.where);
    *out = p;
    return KZ_OK;
}

int kz_probe_open_solved(const kz_game *g, const char *path, kz_probe **out, char *err,
                         size_t err_n) {
    *out = NULL;
    kz_probe *p = calloc(1, sizeof *p);
    if (!p) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    p->solved = g->g->database ? NULL
                               : solver_db_for_engine(g->g, &g->v, path, p->where,
                                                      sizeof p->where, gerr);
    if (!p->solved) {
        free(p);
        return gerr[0] ? kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr) : KZ_OK;
    }
    p->game = g;
    p->lookup = solver_db_lookup;
    p->ctx = p->solved;
    *out = p;
    return KZ_OK;
}

void kz_probe_close(kz_probe *p) {
    if (!p) return;
    search_probe_close(&p->sp);
    solver_db_close(p->solved);
    free(p);
}

const char *kz_probe_where(const kz_probe *p) {
    return p->where;
}

static void eval_of(retro_cell c, struct kz_eval *e) {
    int o = retro_outcome(c);
    *e = (struct kz_eval){KZ_EVAL_PROVEN, o, o ? retro_remoteness(c) : -1, (double)o};
}

int kz_probe_best(const kz_probe *p, const kz_state *s, kz_action *out,
                  struct kz_eval *eval) {
    if (!p->solved || kz_state_turn(s) < 0) return KZ_EINVAL;
    move_t m;
    retro_cell value;
    if (solver_db_best_move(p->solved, s->bytes, &m, &value) != 0) return KZ_EINVAL;
    *out = kz_action_of(m);
    if (eval) eval_of(value, eval);
    return KZ_OK;
}

/* Moves best first, as `kibitz query` lists them; unknown values stay. */
json_t *kz_probe_query_doc(const kz_probe *p, const kz_state *s, const char *label) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    const void *state = s->bytes;
    if (!p) { /* no database: the document with nothing in it */
        json_t *doc = kjson_game_document("query", g, v);
        kjson_add_position(doc, g, v, state);
        json_object_set_new(doc, "database", json_null());
        json_object_set_new(doc, "value", json_null());
        json_object_set_new(doc, "moves", json_array());
        return doc;
    }
    int turn = g->turn(v, state);
    retro_cell cell = turn == TURN_OVER ? RETRO_TERMINAL : p->lookup(p->ctx, state);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *each = malloc((size_t)g->max_moves * sizeof *each);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    json_t *doc = NULL;
    if (moves && each && order) {
        int n = 0;
        if (turn >= 0 && retro_is_value(cell)) {
            retro_cell best;
            n = retro_move_values(g, v, state, p->lookup, p->ctx, &best, each);
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
        doc = kjson_query(g, v, state, label ? label : p->where, cell, moves, each,
                          order, n);
    }
    free(moves);
    free(each);
    free(order);
    return doc;
}

long kz_probe_query_json(const kz_probe *p, const kz_state *s, const char *label,
                         char *json, size_t n) {
    return kz_give_json(kz_probe_query_doc(p, s, label), json, n);
}

json_t *kz_probe_value_doc(const kz_probe *p, const kz_state *s) {
    json_t *j = p ? kjson_value_cell(p->lookup(p->ctx, s->bytes)) : NULL;
    return j ? j : json_null();
}

long kz_probe_value_json(const kz_probe *p, const kz_state *s, char *json, size_t n) {
    json_t *doc = kz_probe_value_doc(p, s);
    char *text = json_dumps(doc, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(doc);
    if (!text) return KZ_ERUNTIME;
    long need = snprintf(json, n, "%s", text);
    free(text);
    return need;
}
