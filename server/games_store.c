/* The SQLite file of the server's games (server/games_store.h). */
#include "server/games_store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct games_store {
    sqlite3 *db;
    sqlite3_stmt *put, *get;
    pthread_mutex_t lock;
};

static const char schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL,"
    " tokens TEXT NOT NULL, seed INTEGER NOT NULL, record TEXT NOT NULL,"
    " ending TEXT, created INTEGER NOT NULL, updated INTEGER NOT NULL);";

static const char put_sql[] =
    "INSERT INTO games(id, game, seats, tokens, seed, record, ending, created, updated)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)"
    " ON CONFLICT(id) DO UPDATE SET record = ?6, ending = ?7, updated = ?8;";

static const char get_sql[] =
    "SELECT id, game, seats, tokens, seed, record, ending FROM games WHERE id = ?1;";

struct games_store *games_store_open(const char *file, char *err, size_t n) {
    struct games_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    int rc = sqlite3_open_v2(
        file, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
        NULL);
    char *why = NULL;
    if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(s->db, 2000);
    if (rc == SQLITE_OK) rc = sqlite3_exec(s->db, schema, NULL, NULL, &why);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(s->db, put_sql, -1, &s->put, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(s->db, get_sql, -1, &s->get, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, n, "--games %.200s: %s", file,
                 why     ? why
                 : s->db ? sqlite3_errmsg(s->db)
                         : "cannot open");
        sqlite3_free(why);
        games_store_close(s);
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    return s;
}

void games_store_close(struct games_store *s) {
    if (!s) return;
    sqlite3_finalize(s->put);
    sqlite3_finalize(s->get);
    if (s->db) {
        sqlite3_close(s->db);
        if (s->put || s->get) pthread_mutex_destroy(&s->lock);
    }
    free(s);
}

int games_store_put(struct games_store *s, const struct games_row *row, char *err,
                    size_t n) {
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->put;
    sqlite3_bind_text(q, 1, row->id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 2, row->game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 3, row->seats, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 4, row->tokens, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q, 5, (sqlite3_int64)row->seed);
    sqlite3_bind_text(q, 6, row->record, -1, SQLITE_TRANSIENT);
    if (row->ending)
        sqlite3_bind_text(q, 7, row->ending, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(q, 7);
    sqlite3_bind_int64(q, 8, (sqlite3_int64)time(NULL));
    int rc = sqlite3_step(q);
    if (rc != SQLITE_DONE)
        snprintf(err, n, "storing the game: %s", sqlite3_errmsg(s->db));
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    pthread_mutex_unlock(&s->lock);
    return rc == SQLITE_DONE ? 0 : -1;
}

static const char *column(sqlite3_stmt *q, int i) {
    return (const char *)sqlite3_column_text(q, i);
}

int games_store_get(struct games_store *s, const char *id,
                    void (*found)(void *ctx, const struct games_row *row), void *ctx,
                    char *err, size_t n) {
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->get;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q), result = 0;
    if (rc == SQLITE_ROW) {
        struct games_row row = {.id = column(q, 0),
                                .game = column(q, 1),
                                .seats = column(q, 2),
                                .tokens = column(q, 3),
                                .seed = (uint64_t)sqlite3_column_int64(q, 4),
                                .record = column(q, 5),
                                .ending = column(q, 6)};
        if (row.id && row.game && row.seats && row.tokens && row.record) {
            found(ctx, &row);
            result = 1;
        } else {
            snprintf(err, n, "game %.40s: a damaged row", id);
            result = -1;
        }
    } else if (rc != SQLITE_DONE) {
        snprintf(err, n, "reading game %.40s: %s", id, sqlite3_errmsg(s->db));
        result = -1;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    pthread_mutex_unlock(&s->lock);
    return result;
}
