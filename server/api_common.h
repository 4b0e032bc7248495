/*
 * api_common.h - what the request handlers of server/ share: the server's
 * state (open databases, running searches), the parsed common part of a
 * request (game, variant, position, moves, viewer) and error replies
 * (server/api_common.c). The lowest layer of the API: the handlers
 * (api_state.h, api_search.h, api_query.h, api_match.h) and the kept games
 * (games.h) build on it, and the router (api_route.c) on them.
 */
#ifndef KIBITZ_SERVER_API_COMMON_H
#define KIBITZ_SERVER_API_COMMON_H

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
    struct games *games;      /* the games kept (api_open_games), NULL: none */
    atomic_bool stopping;     /* api_stop: searches stop, new ones are refused */
    pthread_mutex_t lock;     /* guards `searches`, `databases` and `makers` */
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

/* The turn as text: a player's name, "chance", "simultaneous" or "over". */
const char *api_turn_name(const kz_game *g, int turn);

#endif
