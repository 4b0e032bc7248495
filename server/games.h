/*
 * games.h - the games `kibitz serve` keeps (docs/API.md, "Games kept on the
 * server"): each game lives in memory while the server runs (its state, its
 * record, each seat's view ready to send) and in the SQLite file of
 * server/games_store.h, written after every change, so that it survives a
 * page reload (the page names the game) and a server restart (the game is
 * read back and replayed once, on its first request).
 *
 * Seats are people or engines. Each person seat has a secret token: every
 * request names the game and a token, and is answered with that seat's
 * view only (games_view): the board as the seat sees it, its legal moves
 * when it acts, the moves played as it saw them. Hidden information stays
 * on the server (Kotra's unrevealed ranks, a Kodrek pick before every
 * acting player has chosen). Engines move on the server within the API's
 * caps.
 *
 * The rules of play are the match's (kz_match, include/kibitz.h), the same
 * as `play`, `arena` and `ugi` follow: chance drawn from the game's seed and
 * the step number (a restart changes nothing), the end by the game's rules,
 * by threefold repetition in a game that can cycle or at the game's move
 * limit (both draws), or by a resignation. Reads never replay the game:
 * the match keeps every seat's lines, and each seat's view document is
 * kept until the game changes; only undo and reading a stored game back
 * replay its record.
 *
 * Thread-safe: each game has its own lock; an engine thinks on a copy of
 * the state without holding it, so reads never wait for a search.
 */
#ifndef KIBITZ_SERVER_GAMES_H
#define KIBITZ_SERVER_GAMES_H

#include "server/api_common.h"

enum {
    GAMES_ID_HEX = 16,     /* a game id: 64 random bits */
    GAMES_TOKEN_HEX = 32,  /* a seat's token: 128 random bits */
    GAMES_MAX_LIVE = 16384, /* games in memory at once; more: 503 */
    GAMES_SPEC_MAX = 120,  /* an engine spec's characters */
};

struct games;
struct live_game;

/* The games kept in `file` (":memory:": none kept past the process). */
struct games *games_open(struct api *api, const char *file, char *err, size_t n);
void games_close(struct games *gs);

/* What a request got: an HTTP status and, for 200, a document. */
struct games_answer {
    int status;
    char message[512]; /* the error when status != 200 */
};

/* A new game of `game` from `start` (a state of it, not changed) with
 * `who[p]` ("person" or an engine spec) at each seat, and `record` (may be
 * NULL: a record to continue from, of the same game). On success *out is
 * the game, and `tokens[p]` the token of each person seat ("" for an
 * engine). */
int games_create(struct games *gs, const kz_state *start, const char *const *who,
                 uint64_t seed, const kz_record *record, const struct api_watch *watch,
                 struct live_game **out, char tokens[][GAMES_TOKEN_HEX + 1],
                 struct games_answer *a);

/* The game `id` (read from the file when not in memory) and the seat whose
 * token is `token`: 0, or a status in `a` (404 unknown game or token). */
int games_find(struct games *gs, const char *id, const char *token,
               struct live_game **out, int *seat, struct games_answer *a);

const char *games_id(const struct live_game *g);

/* Seat `seat`'s view as JSON text (malloc'ed, the caller frees it). */
char *games_view(struct live_game *g, int seat, size_t *length);

/* The seat's move (its text; at a simultaneous node its own option), then
 * whatever engines and chance do until a person must act or the game
 * ends. */
int games_move(struct games *gs, struct live_game *g, int seat, const char *move,
               const struct api_watch *watch, struct games_answer *a);
/* Let the engines move when one is to act and none thinks (an earlier
 * request found every search slot taken): every view request does this. */
int games_poke(struct games *gs, struct live_game *g, const struct api_watch *watch,
               struct games_answer *a);
/* Take back the seat's last move and everything after it (only when every
 * other seat is an engine: 409 otherwise). */
int games_undo(struct games *gs, struct live_game *g, int seat, struct games_answer *a);
int games_resign(struct games *gs, struct live_game *g, int seat, struct games_answer *a);
/* The record document (malloc'ed) once the game is over (409 before: it
 * holds every hidden choice). */
char *games_record(struct live_game *g, size_t *length, struct games_answer *a);

#endif
