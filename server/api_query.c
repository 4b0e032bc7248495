/* POST /api/query (server/api.h): a position's solved value and every legal
 * move's, from the databases in the folder chosen at start (opened on first
 * use and kept open: probes of a memory-mapped file are thread-safe). */
#include "search/game_database.h"
#include "search/solver_db.h"
#include "server/api_internal.h"

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
        if (g->database->open(&d->v, api->data, &d->handle, where, sizeof where, err) != 0)
            return;
        d->lookup = g->database->probe;
    } else {
        struct solver_db *db;
        if (solver_db_find(&db, g, &d->v, api->data, where, sizeof where, err) != 0) return;
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
    json_t *j = api_value_cell(d->lookup(d->handle, state));
    return j ? j : json_null();
}

void api_query(struct api *api, const char *body, size_t length, struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const struct game *g = r.g;
    const struct variant *v = &r.v;
    if ((g->flags & GAME_HAS_HIDDEN) && r.viewer >= 0) {
        api_request_free(&r);
        api_fail(out, 400, "viewer: a database answers whole positions, not views");
        return;
    }
    json_t *doc = api_document("query", g, v);
    const struct api_database *d = api_database_for(api, g, v);
    int turn = g->turn(v, r.state);
    json_object_set_new(doc, "turn", json_string(api_turn_name(g, v, turn)));
    if (!d) {
        json_object_set_new(doc, "database", json_null());
        json_object_set_new(doc, "value", json_null());
        json_object_set_new(doc, "moves", json_array());
        api_request_free(&r);
        api_reply(out, doc);
        return;
    }
    json_object_set_new(doc, "database", json_string(d->name));
    retro_cell cell = turn == TURN_OVER ? RETRO_TERMINAL : d->lookup(d->handle, r.state);
    json_t *value = api_value_cell(cell);
    json_object_set_new(doc, "value", value ? value : json_null());
    json_t *list = json_array();
    if (turn >= 0 && retro_is_value(cell)) {
        move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
        retro_cell *each = malloc((size_t)g->max_moves * sizeof *each);
        if (moves && each) {
            retro_cell best;
            int n = retro_move_values(g, v, r.state, d->lookup, d->handle, &best, each);
            g->moves(v, r.state, moves);
            char text[128];
            for (int i = 0; i < n; i++) {
                g->format_move(v, r.state, moves[i], text, sizeof text);
                json_t *mv = api_value_cell(each[i]);
                json_array_append_new(list, json_pack("{s:s,s:o}", "move", text, "value",
                                                      mv ? mv : json_null()));
            }
        }
        free(moves);
        free(each);
    }
    json_object_set_new(doc, "moves", list);
    json_t *history = json_object_get(r.root, "history");
    if (json_is_true(history)) {
        json_t *line = json_array();
        for (int i = 0; i <= r.n_moves; i++) {
            const void *s = api_request_state(&r, i);
            int t = g->turn(v, s);
            json_t *val = t >= 0 ? position_value(d, s) : json_null();
            json_array_append_new(line, json_pack("{s:i,s:o}", "to_act", t, "value", val));
        }
        json_object_set_new(doc, "history", line);
    }
    api_request_free(&r);
    api_reply(out, doc);
}
