/* POST /api/query (server/api.h): a position's solved value and every legal
 * move's, from the databases in the folder chosen at start (opened on first
 * use and kept open: probes of a memory-mapped file are thread-safe). */
#include "search/game_database.h"
#include "search/solver_db.h"
#include "server/api_internal.h"
#include "json/kjson_database.h"
#include "json/kjson_position.h"
#include "json/kjson_value.h"

#include <stdlib.h>
#include <string.h>

/* The file or folder name without its directories. */
static void base_name(const char *path, char *out, size_t n) {
    const char *slash = strrchr(path, '/');
    const char *name = slash && slash[1] ? slash + 1 : path;
    size_t len = strlen(name) < n ? strlen(name) : n - 1;
    memcpy(out, name, len);
    out[len] = 0;
}

static void open_database(struct api *api, struct api_database *d) {
    char err[GAME_ERROR_BYTES], where[SOLVER_DB_PATH_BYTES];
    const struct game *g = d->g;
    if (g->database) {
        if (g->database->open(&d->v, api->data, &d->handle, where, sizeof where, err) !=
            0)
            return;
        d->lookup = g->database->probe;
    } else {
        struct solver_db *db;
        if (solver_db_find(&db, g, &d->v, api->data, where, sizeof where, err) != 0)
            return;
        d->handle = db;
        d->lookup = solver_db_lookup;
    }
    d->found = true;
    base_name(where, d->name, sizeof d->name);
}

static void close_database(struct api_database *d) {
    if (!d->found) return;
    if (d->g->database)
        d->g->database->close(d->handle);
    else
        solver_db_close(d->handle);
    d->found = false;
}

void api_databases_close(struct api *api) {
    for (int i = 0; i < api->n_databases; i++) close_database(&api->databases[i]);
    api->n_databases = 0;
}

const struct api_database *api_database_for(struct api *api, const struct game *g,
                                            const struct variant *v) {
    const struct api_database *found = NULL;
    pthread_mutex_lock(&api->lock);
    for (int i = 0; i < api->n_databases && !found; i++) {
        struct api_database *d = &api->databases[i];
        if (d->g == g && memcmp(&d->v, v, sizeof *v) == 0) found = d;
    }
    if (!found && api->n_databases < API_MAX_DATABASES) {
        /* Opened under the lock: the first request for a variant pays once. */
        struct api_database *d = &api->databases[api->n_databases++];
        memset(d, 0, sizeof *d);
        d->g = g;
        d->v = *v;
        open_database(api, d);
        found = d;
    }
    pthread_mutex_unlock(&api->lock);
    return found && found->found ? found : NULL;
}

/* Value of one position for its mover, or JSON null. */
static json_t *position_value(const struct api_database *d, const void *state) {
    json_t *j = kjson_value_cell(d->lookup(d->handle, state));
    return j ? j : json_null();
}

/* The "query" document of `state` (kjson_database.h): moves best first, as
 * `kibitz query` lists them. */
static json_t *query_document(const struct game *g, const struct variant *v,
                              const void *state, const struct api_database *d) {
    int turn = g->turn(v, state);
    retro_cell cell = turn == TURN_OVER ? RETRO_TERMINAL : d->lookup(d->handle, state);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *each = malloc((size_t)g->max_moves * sizeof *each);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    json_t *doc = NULL;
    if (moves && each && order) {
        int n = 0;
        if (turn >= 0 && retro_is_value(cell)) {
            retro_cell best;
            n = retro_move_values(g, v, state, d->lookup, d->handle, &best, each);
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
        doc = kjson_query(g, v, state, d->name, cell, moves, each, order, n);
    }
    free(moves);
    free(each);
    free(order);
    return doc;
}

void api_query(struct api *api, const char *body, size_t length,
               struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const struct game *g = r.g;
    const struct variant *v = &r.v;
    if ((g->flags & GAME_HAS_HIDDEN) && r.viewer >= 0) {
        api_request_free(&r);
        api_fail(out, 400, "viewer: a database answers whole positions, not views");
        return;
    }
    const struct api_database *d = api_database_for(api, g, v);
    json_t *doc;
    if (!d) { /* no database: the document with nothing in it */
        doc = kjson_game_document("query", g, v);
        kjson_add_position(doc, g, v, r.state);
        json_object_set_new(doc, "database", json_null());
        json_object_set_new(doc, "value", json_null());
        json_object_set_new(doc, "moves", json_array());
    } else {
        doc = query_document(g, v, r.state, d);
    }
    if (d && doc && json_is_true(json_object_get(r.root, "history"))) {
        /* The value of every position of the line, for the value chart. */
        json_t *line = json_array();
        for (int i = 0; i <= r.n_moves; i++) {
            const void *s = api_request_state(&r, i);
            int t = g->turn(v, s);
            json_t *val = t >= 0 ? position_value(d, s) : json_null();
            json_array_append_new(line,
                                  json_pack("{s:i,s:o}", "to_act", t, "value", val));
        }
        json_object_set_new(doc, "history", line);
    }
    api_request_free(&r);
    api_reply(out, doc);
}
