/*
 * api_internal.h - what the request handlers of server/ share: the server's
 * state (open databases, running searches), the parsed common part of a
 * request (game, variant, position, moves, viewer) and error replies.
 */
#ifndef KIBITZ_SERVER_API_INTERNAL_H
#define KIBITZ_SERVER_API_INTERNAL_H

#include "engine/game.h"
#include "search/retro_check.h"
#include "server/api.h"

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>

enum { API_MAX_DATABASES = 16 };

/* A database opened for one (game, variant), or the fact that none exists. */
struct api_database {
    const struct game *g;
    struct variant v;
    bool found;
    void *handle;           /* struct solver_db *, or the game's own handle */
    retro_lookup_fn lookup; /* probe of `handle` */
    char name[128];         /* file or folder name shown to clients */
};

struct api {
    char *data; /* database folder, NULL: the default */
    int threads;
    double max_seconds; /* search caps (api_limit_searches) */
    long max_iterations;
    pthread_mutex_t lock; /* guards `searches` and `databases` */
    int searches;
    struct api_database databases[API_MAX_DATABASES];
    int n_databases;
};

/* The common part of /api/state, /api/search and /api/query. */
struct api_request {
    json_t *root; /* the parsed body (owned) */
    const struct game *g;
    struct variant v;
    int players;
    int viewer; /* seat whose view is drawn (hidden information), -1 all */
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES]; /* after the moves */
    /* Every position of the line, start first (count: moves + 1), and the
     * text of each move played. */
    unsigned char *states;
    int n_moves;
    json_t *played; /* array of move texts */
};

/* Fill `out` with status and {"error": message}; returns status. */
int api_fail(struct api_response *out, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Parse the body and the common fields. 0, or the HTTP status of an error
 * already written to `out` (the request is then released). */
int api_request_parse(struct api_request *r, const char *body, size_t length,
                      struct api_response *out);
void api_request_free(struct api_request *r);
/* The i-th position of the line (0: the start). */
const void *api_request_state(const struct api_request *r, int i);

/* Reply with `doc` (stolen): 200 and its text. The documents are those of
 * the command line's --json (json/, docs/JSON.md) with a few keys added for
 * the page (docs/API.md). */
int api_reply(struct api_response *out, json_t *doc);

/* The turn as text: a player's name, "chance", "simultaneous" or "over". */
const char *api_turn_name(const struct game *g, const struct variant *v, int turn);

/* The database answering (g, v), or NULL (opened once, kept). */
const struct api_database *api_database_for(struct api *api, const struct game *g,
                                            const struct variant *v);

/* Close every database opened by api_database_for. */
void api_databases_close(struct api *api);

/* The handlers: fill `out`. */
void api_games(struct api *api, struct api_response *out);
void api_state(struct api *api, const char *body, size_t length,
               struct api_response *out);
void api_search(struct api *api, const char *body, size_t length,
                struct api_response *out);
void api_query(struct api *api, const char *body, size_t length,
               struct api_response *out);

/* The board of `state` as drawn for `viewer` (-1: everything), or NULL when
 * the game has no web board or memory ran out. */
json_t *api_board_json(const struct game *g, const struct variant *v, const void *state,
                       int viewer);

#endif
