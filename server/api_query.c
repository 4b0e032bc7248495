/* POST /api/query (server/api.h): a position's solved value and every legal
 * move's, from the databases in the folder chosen at start (opened on first
 * use and kept open: probes of a memory-mapped file are thread-safe). */
#include "server/api_query.h"
#include "server/api_guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

struct opening {
    struct api *api;
    struct api_database *d; /* an entry of api->databases: never moves */
};

/* The thread of one database's first use. The entry's fields are written
 * here without the lock: `making` keeps every other reader away from them
 * until it is cleared under the lock. */
static void *open_in_background(void *arg) {
    struct opening *o = arg;
    open_database(o->api, o->d);
    pthread_mutex_lock(&o->api->lock);
    o->d->making = false;
    o->api->makers--;
    pthread_cond_broadcast(&o->api->db_ready);
    pthread_mutex_unlock(&o->api->lock);
    free(o);
    return NULL;
}

/* Start opening `d` on its own thread (under the lock). */
static void start_opening(struct api *api, struct api_database *d) {
    struct opening *o = malloc(sizeof *o);
    pthread_t thread;
    pthread_attr_t attr;
    bool started = false;
    if (o && pthread_attr_init(&attr) == 0) {
        *o = (struct opening){api, d};
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        d->making = true;
        api->makers++;
        started = pthread_create(&thread, &attr, open_in_background, o) == 0;
        pthread_attr_destroy(&attr);
        if (!started) d->making = false, api->makers--;
    }
    if (!started) { /* no thread to spare: open it here, as a last resort */
        free(o);
        open_database(api, d);
    }
}

const struct api_database *api_database_for(struct api *api, const kz_game *g,
                                            const struct api_watch *watch) {
    char variant[sizeof api->databases[0].variant];
    kz_game_variant(g, variant, sizeof variant);
    struct api_database *found = NULL;
    pthread_mutex_lock(&api->lock);
    for (int i = 0; i < api->n_databases && !found; i++) {
        struct api_database *d = &api->databases[i];
        if (strcmp(d->game, kz_game_name(g)) == 0 && strcmp(d->variant, variant) == 0)
            found = d;
    }
    if (!found && api->n_databases < API_MAX_DATABASES && !atomic_load(&api->stopping)) {
        found = &api->databases[api->n_databases++];
        memset(found, 0, sizeof *found);
        snprintf(found->game, sizeof found->game, "%s", kz_game_name(g));
        snprintf(found->variant, sizeof found->variant, "%s", variant);
        start_opening(api, found);
    }
    /* Wait for it, looking every API_WATCH_MS whether to give up. */
    while (found && found->making && !api_should_stop(api, watch)) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += API_WATCH_MS * 1000L * 1000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&api->db_ready, &api->lock, &until);
    }
    bool ready = found && !found->making && found->db;
    pthread_mutex_unlock(&api->lock);
    return ready ? found : NULL;
}

bool api_making_databases(struct api *api) {
    pthread_mutex_lock(&api->lock);
    bool making = api->makers > 0;
    pthread_mutex_unlock(&api->lock);
    return making;
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

void api_query(struct api *api, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    if ((kz_game_flags(r.game) & KZ_HAS_HIDDEN) && r.viewer >= 0) {
        api_request_free(&r);
        api_fail(out, 400, "viewer: a database answers whole positions, not views");
        return;
    }
    const struct api_database *d = api_database_for(api, r.game, watch);
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
