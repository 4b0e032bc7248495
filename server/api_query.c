/* POST /api/query (server/api.h): a position's solved value and every legal
 * move's, from the databases in the folder chosen at start (opened on first
 * use and kept open: probes of a memory-mapped file are thread-safe). */
#include "server/api_query.h"

#include <stdio.h>
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
    if (kz_game_load(d->game, d->variant, &d->owner, NULL, 0) != KZ_OK) return;
    if (kz_db_open_engine(d->owner, api->data, &d->db, NULL, 0) != KZ_OK) return;
    char where[4096];
    kz_db_where(d->db, where, sizeof where);
    base_name(where, d->name, sizeof d->name);
}

void api_databases_close(struct api *api) {
    for (int i = 0; i < api->n_databases; i++) {
        struct api_database *d = &api->databases[i];
        kz_db_close(d->db);
        kz_game_free(d->owner);
        d->db = NULL;
        d->owner = NULL;
    }
    api->n_databases = 0;
}

const struct api_database *api_database_for(struct api *api, const kz_game *g) {
    char variant[sizeof api->databases[0].variant];
    kz_game_variant(g, variant, sizeof variant);
    const struct api_database *found = NULL;
    pthread_mutex_lock(&api->lock);
    for (int i = 0; i < api->n_databases && !found; i++) {
        struct api_database *d = &api->databases[i];
        if (strcmp(d->game, kz_game_name(g)) == 0 && strcmp(d->variant, variant) == 0)
            found = d;
    }
    if (!found && api->n_databases < API_MAX_DATABASES) {
        /* Opened under the lock: the first request for a variant pays once. */
        struct api_database *d = &api->databases[api->n_databases++];
        memset(d, 0, sizeof *d);
        snprintf(d->game, sizeof d->game, "%s", kz_game_name(g));
        snprintf(d->variant, sizeof d->variant, "%s", variant);
        open_database(api, d);
        found = d;
    }
    pthread_mutex_unlock(&api->lock);
    return found && found->db ? found : NULL;
}

void api_query(struct api *api, const char *body, size_t length,
               struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    if ((kz_game_flags(r.game) & KZ_HAS_HIDDEN) && r.viewer >= 0) {
        api_request_free(&r);
        api_fail(out, 400, "viewer: a database answers whole positions, not views");
        return;
    }
    const struct api_database *d = api_database_for(api, r.game);
    /* No database: the document with nothing in it. */
    json_t *doc = kz_db_page_doc(d ? d->db : NULL, r.state, d ? d->name : NULL);
    if (d && doc && json_is_true(json_object_get(r.root, "history"))) {
        /* The value of every position of the line, for the value chart. */
        json_t *line = json_array();
        kz_state *s = kz_state_clone(r.start);
        for (int i = 0; s && i <= r.n_moves; i++) {
            int t = kz_state_turn(s);
            json_t *val = t >= 0 ? kz_db_value_doc(d->db, s) : json_null();
            json_array_append_new(line,
                                  json_pack("{s:i,s:o}", "to_act", t, "value", val));
            if (i < r.n_moves) api_request_step(&r, i, s);
        }
        kz_state_free(s);
        json_object_set_new(doc, "history", line);
    }
    api_request_free(&r);
    api_reply(out, doc);
}
