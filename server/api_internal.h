/*
 * api_internal.h - what the request handlers of server/ share: the server's
 * state (open databases, running searches), the parsed common part of a
 * request (game, variant, position, moves, viewer) and error replies.
 */
#ifndef KIBITZ_SERVER_API_INTERNAL_H
#define KIBITZ_SERVER_API_INTERNAL_H

#include "lib/kz_front.h"
#include "server/api.h"

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

enum { API_MAX_DATABASES = 16 };

/* A database opened for one (game, variant), or the fact that none exists. */
struct api_database {
    char game[64];     /* kz_game_name */
    char variant[256]; /* kz_game_variant: equal texts, equal variants */
    kz_game *owner;    /* the game the database was opened for */
    kz_db *db;         /* NULL: none found */
    char name[128];    /* file or folder name shown to clients */
    bool making;       /* being opened (or made: a quick one missing) */
};

struct api {
    char *data; /* database folder, NULL: the default */
    int threads;
    double max_seconds; /* search caps (api_limit_searches) */
    long max_iterations;
    struct games *games;  /* the games kept (api_open_games), NULL: none */
    atomic_bool stopping; /* api_stop: searches stop, new ones are refused */
    pthread_mutex_t lock; /* guards `searches`, `databases` and `makers` */
    pthread_cond_t slot_free; /* a search ended (`searches` went down) */
    pthread_cond_t db_ready;  /* a database stopped `making` */
    int makers;               /* threads opening or making a database */
    int searches;
    struct api_database databases[API_MAX_DATABASES];
    int n_databases;
};

/* One step of the request's line: a move (or chance outcome), or the
 * choices of a simultaneous node. */
struct api_step {
    bool joint;
    kz_action action;
    kz_action choices[KZ_MAX_PLAYERS];
};

/* The common part of /api/state, /api/search and /api/query. */
struct api_request {
    json_t *root; /* the parsed body (owned) */
    kz_game *game;
    int players;
    int viewer;             /* seat whose view is drawn (hidden information), -1 all */
    kz_state *start;        /* the position before the moves */
    kz_state *state;        /* after the moves */
    struct api_step *steps; /* the line played from `start` (n_moves) */
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
/* Play step i of the request's line on `s` (the position before it). */
void api_request_step(const struct api_request *r, int i, kz_state *s);

/* Reply with `doc` (stolen): 200 and its text. The documents are those of
 * the command line's --json (json/, docs/JSON.md) with a few keys added for
 * the page (docs/API.md). */
int api_reply(struct api_response *out, json_t *doc);

/* The cells each legal move of `s` touches, in the order of its moves
 * (kz_state_actions), each in click order. */
json_t *api_move_cells(const kz_state *s);

/* An engine's move in `s` (at a simultaneous node: `player`'s option, else
 * player -1), within the server's caps, probing the database that answers
 * the game, stopped when the server stops or the client leaves. 0, or an
 * HTTP status (503 when every search slot is taken) with `err`. */
int api_engine_move(struct api *api, kz_agent *a, const kz_state *s, int player,
                    uint64_t seed, const struct api_watch *watch, kz_action *out,
                    char *err, size_t n);

/* The turn as text: a player's name, "chance", "simultaneous" or "over". */
const char *api_turn_name(const kz_game *g, int turn);

/* The database answering `g` (its variant), or NULL (opened once, kept).
 * The first request for a variant opens it on a thread of its own, which
 * also makes it when it is missing and quick to make (lib: kz_db_open), so
 * that the server's lock is never held meanwhile; requests wait for it, but
 * give up (NULL) at once when the server stops or their client leaves
 * (`watch`, may be NULL: only the server's stop). */
const struct api_database *api_database_for(struct api *api, const kz_game *g,
                                            const struct api_watch *watch);

/* Should the work of a request stop: the server stops, or the client of
 * `watch` (may be NULL) has left? */
bool api_should_stop(struct api *api, const struct api_watch *watch);

/* Close every database opened by api_database_for. */
void api_databases_close(struct api *api);

/* A search's stop flag raised when the server stops or the client leaves:
 * api_guard_start watches both on a thread of its own (every API_WATCH_MS)
 * until api_guard_end. `watch` may be NULL (only the server's stop). */
struct api_guard {
    struct api *api;
    const struct api_watch *watch;
    kz_stop *stop;
    bool done; /* under `lock`; `wake` tells the thread */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool running;
};
/* 0, or -1 when out of memory (nothing to end then). */
int api_guard_start(struct api_guard *g, struct api *api, const struct api_watch *watch);
void api_guard_end(struct api_guard *g);

/* Refuse an engine spec whose table is over API_MAX_HASH_MIB: 0, or -1
 * with `err` (KZ_ERROR_BYTES). */
int api_check_hash(const char *spec, char *err);

/* The handlers: fill `out`. */
void api_games(struct api *api, struct api_response *out);
void api_state(struct api *api, const char *body, size_t length,
               struct api_response *out);
void api_search(struct api *api, const char *body, size_t length,
                const struct api_watch *watch, struct api_response *out);
void api_query(struct api *api, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out);
/* /api/match/<action>. */
void api_match(struct api *api, const char *action, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out);

#endif
