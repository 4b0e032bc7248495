/* libkibitz: solving a variant into a database, opening one and querying
 * positions (include/kibitz.h). */
#include "lib/kz_internal.h"
#include "search/retro.h"
#include "search/retro_check.h"
#include "search/solver_db.h"
#include "json/kjson_database.h"

#include <stdlib.h>
#include <string.h>

struct kz_db {
    struct solver_db *db;
    const kz_game *game;
    char path[SOLVER_DB_PATH_BYTES];
};

struct solve_sink {
    struct solver_db_writer *writer;
    char err[GAME_ERROR_BYTES];
};

static int sink_tier(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    struct solve_sink *sink = ctx;
    return solver_db_add_tier(sink->writer, tier, values, size, sink->err) != 0;
}

int kz_solve(const kz_game *game, const char *path, int threads, char *err,
             size_t err_n) {
    const struct game *g = game->g;
    char gerr[GAME_ERROR_BYTES] = "";
    if (!retro_supported(g, gerr))
        return kz_fail(err, err_n, KZ_EUNSUPPORTED, "%s", gerr);
    unsigned char start[GAME_MAX_STATE_BYTES];
    g->start(&game->v, start);
    char file[SOLVER_DB_PATH_BYTES];
    solver_db_path(g, &game->v, path, file, sizeof file);
    struct solve_sink sink = {0};
    if (solver_db_create(&sink.writer, file, g, &game->v, gerr))
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    struct retro_config cfg = {.game = g,
                               .variant = &game->v,
                               .root = g->tier_of(&game->v, start),
                               .threads = threads,
                               .sink = sink_tier,
                               .sink_ctx = &sink};
    struct retro_stats stats;
    if (retro_solve(&cfg, &stats, gerr)) {
        solver_db_abort(sink.writer);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", sink.err[0] ? sink.err : gerr);
    }
    if (solver_db_finish(sink.writer, &stats.counts, gerr))
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

int kz_db_open(const kz_game *game, const char *path, kz_db **out, char *err,
               size_t err_n) {
    *out = NULL;
    if (!game->g->tier_of)
        return kz_fail(err, err_n, KZ_EUNSUPPORTED,
                       "%s has no solver database this library can open", game->g->name);
    kz_db *db = calloc(1, sizeof *db);
    if (!db) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (solver_db_find(&db->db, game->g, &game->v, path, db->path, sizeof db->path,
                       gerr)) {
        free(db);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    }
    db->game = game;
    *out = db;
    return KZ_OK;
}

void kz_db_close(kz_db *db) {
    if (!db) return;
    solver_db_close(db->db);
    free(db);
}

/* The cells of `s` and of every move, best first (order[]). The count, or a
 * negative status with `err`. */
static int query_cells(const kz_db *db, const kz_state *s, retro_cell *cell,
                       move_t *moves, retro_cell *values, int *order, char *err,
                       size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    if (g != db->game->g)
        return kz_fail(err, err_n, KZ_EINVAL, "the state is not of the database's game");
    *cell = solver_db_probe(db->db, s->bytes);
    if (*cell == RETRO_TERMINAL) return 0;
    if (!retro_is_value(*cell))
        return kz_fail(err, err_n, KZ_ERUNTIME, "database %s does not hold this position",
                       db->path);
    retro_cell best;
    int n = retro_move_values(g, v, s->bytes, solver_db_lookup, db->db, &best, values);
    g->moves(v, s->bytes, moves);
    for (int i = 0; i < n; i++) {
        order[i] = i;
        if (!retro_is_value(values[i]) && values[i] != RETRO_TERMINAL)
            return kz_fail(err, err_n, KZ_ERUNTIME,
                           "database %s does not hold a position after a move", db->path);
    }
    /* Best first; insertion sort keeps generator order among equals. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && retro_better(values[order[j]], values[order[j - 1]]);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return n;
}

int kz_db_query(const kz_db *db, const kz_state *s, int *outcome, int *distance,
                kz_action *actions, int *outcomes, int *distances, int cap, char *err,
                size_t err_n) {
    int max = s->game->g->max_moves;
    move_t moves[max];
    retro_cell values[max], cell;
    int order[max];
    int n = query_cells(db, s, &cell, moves, values, order, err, err_n);
    if (n < 0) return n;
    if (cell == RETRO_TERMINAL)
        return kz_fail(err, err_n, KZ_EINVAL, "the game is over in this position");
    if (outcome) *outcome = retro_outcome(cell);
    if (distance) *distance = retro_remoteness(cell);
    for (int k = 0; k < n && k < cap; k++) {
        retro_cell c = values[order[k]];
        if (actions) actions[k] = kz_action_of(moves[order[k]]);
        if (outcomes) outcomes[k] = retro_outcome(c);
        if (distances) distances[k] = retro_remoteness(c);
    }
    return n;
}

long kz_db_query_json(const kz_db *db, const kz_state *s, char *json, size_t json_n,
                      char *err, size_t err_n) {
    int max = s->game->g->max_moves;
    move_t moves[max];
    retro_cell values[max], cell;
    int order[max];
    int n = query_cells(db, s, &cell, moves, values, order, err, err_n);
    if (n < 0) return n;
    json_t *doc = kjson_query(s->game->g, &s->game->v, s->bytes, db->path, cell, moves,
                              values, order, n);
    char *text = doc ? kjson_text(doc) : NULL;
    json_decref(doc);
    if (!text) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    long need = snprintf(json, json_n, "%s", text);
    free(text);
    return need;
}
