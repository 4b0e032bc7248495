/*
 * games_store.h - where the games of `kibitz serve` are kept: one SQLite
 * database file (Debian's libsqlite3), one row per game:
 *
 *   games(id TEXT PRIMARY KEY, game TEXT, seats TEXT, tokens TEXT,
 *         seed INTEGER, record TEXT, ending TEXT, created INTEGER,
 *         updated INTEGER)
 *
 * `seats` is a JSON array of who plays each seat ("person" or an engine
 * spec), `tokens` a JSON array of each person seat's secret ("" for an
 * engine), `record` the game's record document (docs/JSON.md, "record"),
 * `ending` why the game ended when it ended outside its rules (a
 * resignation, a repetition, the move limit), else NULL. A game is
 * written whole after every change, in one statement, so a crash never
 * leaves half a move. WAL journal: reads never wait for a write.
 *
 * Thread-safe (one connection, under a lock).
 */
#ifndef KIBITZ_SERVER_GAMES_STORE_H
#define KIBITZ_SERVER_GAMES_STORE_H

#include <stddef.h>
#include <stdint.h>

struct games_store;

/* One game's row. */
struct games_row {
    const char *id, *game, *seats, *tokens, *record, *ending; /* ending may be NULL */
    uint64_t seed;
};

/* Open (creating when missing) the database `file`. NULL with `err`. */
struct games_store *games_store_open(const char *file, char *err, size_t n);
void games_store_close(struct games_store *s);
/* Insert or replace a game's row. 0, or -1 with `err`. */
int games_store_put(struct games_store *s, const struct games_row *row, char *err,
                    size_t n);
/* Read game `id`: 1 and `found` called with the row (its strings valid only
 * during the call), 0 when there is none, -1 with `err`. */
int games_store_get(struct games_store *s, const char *id,
                    void (*found)(void *ctx, const struct games_row *row), void *ctx,
                    char *err, size_t n);

#endif
