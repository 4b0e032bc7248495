/*
 * api.h - the JSON API of `kibitz serve` (docs/API.md), independent of HTTP:
 * one call takes a method, a path and a request body and gives a status
 * code and a JSON body. server/http.c puts it behind libmicrohttpd; the fuzz
 * target and the unit test call it directly.
 *
 *   GET  /api/games   the games, their players and variant keys
 *   POST /api/state   board description, who acts, legal moves, result
 *   POST /api/search  an engine's move (and, with "analyse", every root
 *                     move's score)
 *   POST /api/query   database value of the position and of every move
 *   POST /api/match/new, /load, /view, /move, /undo, /resign, /record
 *                     games kept on the server (server/games.h)
 *
 * Errors: 400 {"error": "..."} naming the bad field, 404 for an unknown
 * path, 405 for a wrong method, 413 for a body over API_MAX_BODY, 503 when
 * API_MAX_SEARCHES searches already run or the server is stopping.
 *
 * Memory: one search takes at most API_MAX_HASH_MIB of alpha-beta table or
 * API_MAX_SEARCH_MIB of MCTS node pool (a budget in iterations is capped at
 * API_MAX_ITERATIONS, which stays within it), and at most API_MAX_SEARCHES
 * run at once. Nothing a client sends is trusted:
 * sizes, positions, moves and budgets are checked and capped here, and no
 * file name ever comes from a client (databases are opened from the folder
 * given at start).
 *
 * Thread-safe: api_handle may run on many threads at once on one `struct api`.
 */
#ifndef KIBITZ_SERVER_API_H
#define KIBITZ_SERVER_API_H

#include <stdbool.h>
#include <stddef.h>

enum {
    API_MAX_BODY = 256 * 1024,    /* bytes of a request body */
    API_MAX_POSITION = 2048,      /* characters of a position string */
    API_MAX_MOVES = 10000,        /* moves in one request's line */
    API_MAX_SEARCHES = 2,         /* searches running at once; more get 503 */
    API_MAX_HASH_MIB = 64,        /* an alpha-beta search's table */
    API_MAX_DEPTH = 30,           /* alpha-beta / expectimax plies */
    API_MAX_ITERATIONS = 2000000, /* MCTS iterations, flat MC playouts */
    API_MAX_WORLDS = 200,         /* PIMC worlds */
    API_MAX_SEARCH_MIB = 256,     /* an MCTS search's node pool */
};
#define API_MAX_SECONDS 10.0 /* any search, whatever the client asks */

struct api;

/* Start an API. `data` is the database folder (NULL: the data folders,
 * include/kibitz.h); `threads` the most threads one search may use (>= 1). NULL when
 * out of memory. */
struct api *api_create(const char *data, int threads);
void api_free(struct api *api);

/* Lower the caps of every search (seconds, MCTS iterations and flat MC
 * playouts) below API_MAX_SECONDS and API_MAX_ITERATIONS, e.g. for the fuzz
 * target, where each input must run in milliseconds. */
void api_limit_searches(struct api *api, double seconds, long iterations);

struct api_response {
    int status; /* HTTP status */
    char *body; /* JSON text, malloc'ed; the caller frees it */
    size_t length;
};

/* Answer one request. `body` need not be NUL-terminated; `length` may be 0.
 * Always fills `out` (status 500 with a small body when out of memory). */
void api_handle(struct api *api, const char *method, const char *path, const char *body,
                size_t length, struct api_response *out);

/* How a request's work learns that nobody waits for it any more: `gone`
 * (called from another thread, every API_WATCH_MS while a search runs) is
 * true once the client has left. */
struct api_watch {
    bool (*gone)(void *ctx);
    void *ctx;
};
enum { API_WATCH_MS = 50 };

/* api_handle for a request whose client may leave: a search it runs stops
 * (within about API_WATCH_MS) when watch->gone says so. `watch` may be NULL. */
void api_handle_watched(struct api *api, const char *method, const char *path,
                        const char *body, size_t length, const struct api_watch *watch,
                        struct api_response *out);

/* Keep games (the /api/match endpoints) in the SQLite file `file`
 * (":memory:": for this process only). 0, or -1 with `err`. Without it
 * those endpoints answer 503. */
int api_open_games(struct api *api, const char *file, char *err, size_t n);

/* The server is stopping: every running search stops at its next check and
 * new ones are refused (503). Safe from any thread. */
void api_stop(struct api *api);

/* Is a database still being opened or made on a thread of the API's own
 * (server/api_internal.h: api_database_for)? api_free must not run then:
 * the process ends without it. */
bool api_making_databases(struct api *api);

#endif
