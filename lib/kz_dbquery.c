/* libkibitz: opening a database of either kind (lib/kz_db.h), querying
 * positions (include/kibitz.h), and the report of a solved position
 * (lib/kz_dbquery.h) that `kibitz query` prints
 * (cli/backend/kz_cli_query.c). */
#include "lib/kz_dbquery.h"
#include "engine/variant.h"
#include "engine/data_folder.h"
#include "lib/kz_db.h"
#include "lib/kz_json.h"
#include "solve/db_make.h"
#include "solve/solver_db_move.h"
#include "json/kjson_database.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* order[0..n) = the moves best first by their values; insertion sort keeps
 * generator order among equals. */
static void order_best_first(const retro_cell *values, int *order, int n) {
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && retro_better(values[order[j]], values[order[j - 1]]);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* The winner of a finished game, or -1 for a draw. */
static int winner_of(const struct game *g, const struct variant *v, const void *state) {
    double ret[GAME_MAX_PLAYERS] = {0};
    g->returns(v, state, ret);
    for (int p = 0; p < g->players; p++)
        if (ret[p] > 0) return p;
    return -1;
}

static void print_text(FILE *out, const struct game *g, const struct variant *v,
                       const void *state, const char *ptext, retro_cell cell,
                       const move_t *moves, const retro_cell *values, const int *order,
                       int n) {
    fprintf(out, "position %s\n", ptext);
    if (cell == RETRO_TERMINAL) {
        int winner = winner_of(g, v, state);
        if (winner >= 0)
            fprintf(out, "game over: %s wins\n", g->player_name(v, winner));
        else
            fprintf(out, "game over: a draw\n");
        return;
    }
    const char *mover = g->player_name(v, g->turn(v, state));
    char ctext[32], mtext[128];
    retro_cell_text(cell, ctext, sizeof ctext);
    fprintf(out, "%s to move: %s%s\n", mover, ctext,
            retro_outcome(cell) == RETRO_OUTCOME_DRAW ? " (neither side can force a win)" : "");
    fprintf(out, "moves, best first (value for %s):\n", mover);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        g->format_move(v, state, moves[i], mtext, sizeof mtext);
        retro_cell_text(values[i], ctext, sizeof ctext);
        fprintf(out, "  %-12s %s\n", mtext, ctext);
    }
}

int kz_query_report(const struct game *g, const struct variant *v, const void *state,
                    retro_lookup_fn lookup, void *ctx, const char *source, bool json,
                    FILE *out, char *err, size_t err_n) {
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *values = malloc((size_t)g->max_moves * sizeof *values);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    if (!moves || !values || !order) {
        free(moves);
        free(values);
        free(order);
        return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
    retro_cell cell = lookup(ctx, state), best;
    int n = retro_move_values(g, v, state, lookup, ctx, &best, values);
    if (n > 0) g->moves(v, state, moves);
    /* Answer only what the moves confirm: a damaged or crafted database can
     * hold any bytes, and a checksum does not stop anyone who rewrites it. */
    bool over = g->turn(v, state) == TURN_OVER;
    bool held = true;
    for (int i = 0; i < n; i++) held &= retro_is_value(values[i]);
    /* Without a distance (a win/draw/loss file) only the outcome can agree. */
    bool vague = retro_is_value(cell) && retro_is_value(best) &&
                 (!retro_distance_known(cell) || !retro_distance_known(best));
    bool consistent = over ? cell == RETRO_TERMINAL
                           : retro_is_value(cell) &&
                                 (best == cell ||
                                  (vague && retro_outcome(best) == retro_outcome(cell)));
    if (!held || !consistent) {
        char have[32], want[32];
        retro_cell_text(cell, have, sizeof have);
        retro_cell_text(best, want, sizeof want);
        free(moves);
        free(values);
        free(order);
        if (!held)
            return kz_fail(err, err_n, KZ_EINVAL,
                           "database %s does not hold every position a move here "
                           "leads to: solve again",
                           source ? source : "");
        return kz_fail(err, err_n, KZ_EINVAL,
                       "database %s is damaged at this position (it stores %s, its "
                       "moves give %s): solve again",
                       source ? source : "", have, want);
    }
    order_best_first(values, order, n);
    char ptext[1024];
    g->format_position(v, state, ptext, sizeof ptext);
    if (json)
        kjson_print(kjson_query(g, v, state, source, cell, moves, values, order, n), out);
    else
        print_text(out, g, v, state, ptext, cell, moves, values, order, n);
    free(moves);
    free(values);
    free(order);
    return KZ_OK;
}

/* ------------------------------------------------------- opening, closing */

void kz_db_make_default(const kz_game *game, const char *path) {
    char err[GAME_ERROR_BYTES];
    if (db_make_if_missing(game->g, &game->v, path, stderr, err) == DB_MADE_FAILED)
        fprintf(stderr, "kibitz: could not make the %s databases: %s\n", game->g->name,
                err);
}

void kz_db_advise_missing(const kz_game *game) {
    const struct game *g = game->g;
    const struct variant *v = &game->v;
    if (!db_make_missing(g, v)) return;
    if (g->database && g->database->unavailable && g->database->unavailable(v)) return;
    char text[160], folder[4096], command[400];
    variant_format(g, v, text, sizeof text);
    data_folder_user(folder, sizeof folder);
    db_make_command(g, v, command, sizeof command);
    fprintf(stderr,
            "kibitz: no %s database for %s in %s (searching without it); make it "
            "with: %s\n",
            g->name, text, folder, command);
}

int kz_db_open_at(const kz_game *game, const char *path, kz_db **out, bool *missing,
                  char *err, size_t err_n) {
    const struct game *g = game->g;
    kz_db_make_default(game, path);
    *out = NULL;
    *missing = false;
    char gerr[GAME_ERROR_BYTES] = "";
    const struct game_database *gdb = g->database;
    if (!gdb && !g->tier_of)
        return kz_fail(err, err_n, KZ_EUNSUPPORTED,
                       "%s cannot be solved, so it has no databases to query", g->name);
    const char *why = gdb && gdb->unavailable ? gdb->unavailable(&game->v) : NULL;
    if (why) return kz_fail(err, err_n, KZ_EUNSUPPORTED, "%s", why);
    kz_db *db = calloc(1, sizeof *db);
    if (!db) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    db->game = game;
    int status = 0;
    if (gdb) {
        /* The game's own databases (Kerx endgame sets by material). */
        db->gdb = gdb;
        status = gdb->open(&game->v, path, &db->own, db->path, sizeof db->path, gerr);
        *missing = status > 0;
    } else if (solver_db_find(&db->db, g, &game->v, path, db->path, sizeof db->path,
                              gerr) != 0) {
        status = -1;
        char file[SOLVER_DB_PATH_BYTES];
        solver_db_path(g, &game->v, path, file, sizeof file);
        *missing = access(file, F_OK) != 0;
    }
    if (status) {
        free(db);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    }
    *out = db;
    return KZ_OK;
}

int kz_db_open(const kz_game *game, const char *path, kz_db **out, char *err,
               size_t err_n) {
    bool missing;
    return kz_db_open_at(game, path, out, &missing, err, err_n);
}

int kz_db_for_engine(const kz_game *game, const char *path, kz_db **out, char *err,
                     size_t err_n) {
    char gerr[GAME_ERROR_BYTES] = "";
    *out = NULL;
    if (err && err_n) err[0] = '\0';
    kz_db_make_default(game, path);
    if (game->g->database) {
        /* The game's own databases (Kerx): --db none means none; without
         * --db the default folder is used when it exists, quietly. */
        if (path && strcmp(path, "none") == 0) return KZ_OK;
        const char *why = game->g->database->unavailable
                              ? game->g->database->unavailable(&game->v)
                              : NULL;
        if (why && !path) return KZ_OK;
        bool missing;
        int status = kz_db_open_at(game, path, out, &missing, err, err_n);
        if (status && missing && !path) {
            if (err && err_n) err[0] = '\0';
            return KZ_OK;
        }
        return status;
    }
    kz_db *db = calloc(1, sizeof *db);
    if (!db) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    db->game = game;
    db->db =
        solver_db_for_engine(game->g, &game->v, path, db->path, sizeof db->path, gerr);
    if (!db->db) {
        free(db);
        return gerr[0] ? kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr) : KZ_OK;
    }
    *out = db;
    return KZ_OK;
}

int kz_db_failed(const kz_db *db, char *err, size_t err_n) {
    char gerr[GAME_ERROR_BYTES] = "";
    if (!db) return KZ_OK;
    /* A damaged tier (.kdb) or block (a game's own files) read so far. */
    bool damaged = db->db ? solver_db_failed(db->db, gerr) != 0
                          : game_database_failed(db->gdb, db->own, gerr) != 0;
    if (!damaged) return KZ_OK;
    return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
}

void kz_db_close(kz_db *db) {
    if (!db) return;
    if (db->own) db->gdb->close(db->own);
    solver_db_close(db->db);
    free(db);
}

size_t kz_db_where(const kz_db *db, char *buf, size_t n) {
    return (size_t)snprintf(buf, n, "%s", db->path);
}

/* -------------------------------------------------------------- queries */

/* A position's cell and every move's, best first (order[]). */
struct answer {
    retro_cell cell;
    int n;
    move_t *moves;
    retro_cell *values;
    int *order;
};

static void answer_free(struct answer *a) {
    free(a->moves);
    free(a->values);
    free(a->order);
}

/* Fill `a` for `s` (answer_free it after, whatever the result): the move
 * count, or a negative status with `err`. */
/* `values`: values only, distances where known (kz_db_values); else
 * exact values (kz_db_lookup), for playing. */
static int answer_make(const kz_db *db, const kz_state *s, bool values, struct answer *a,
                       char *err, size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    size_t max = (size_t)g->max_moves;
    *a = (struct answer){.moves = malloc(max * sizeof *a->moves),
                         .values = malloc(max * sizeof *a->values),
                         .order = malloc(max * sizeof *a->order)};
    if (!a->moves || !a->values || !a->order)
        return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    if (g != db->game->g)
        return kz_fail(err, err_n, KZ_EINVAL, "the state is not of the database's game");
    retro_lookup_fn lookup = values ? kz_db_values(db) : kz_db_lookup(db);
    void *ctx = kz_db_ctx(db);
    a->cell = lookup(ctx, s->bytes);
    if (a->cell == RETRO_TERMINAL) return 0;
    if (!retro_is_value(a->cell)) {
        if (kz_db_failed(db, err, err_n)) return KZ_ERUNTIME;
        if (db->own) return kz_fail(err, err_n, KZ_ERUNTIME, "%s", db->gdb->hole_message);
        return kz_fail(err, err_n, KZ_ERUNTIME, "database %s does not hold this position",
                       db->path);
    }
    retro_cell best;
    int n = retro_move_values(g, v, s->bytes, lookup, ctx, &best, a->values);
    g->moves(v, s->bytes, a->moves);
    for (int i = 0; i < n; i++)
        if (!retro_is_value(a->values[i]) && a->values[i] != RETRO_TERMINAL)
            return kz_fail(err, err_n, KZ_ERUNTIME,
                           "database %s does not hold a position after a move", db->path);
    order_best_first(a->values, a->order, n);
    return a->n = n;
}

int kz_db_query(const kz_db *db, const kz_state *s, int *outcome, int *distance,
                kz_action *actions, int *outcomes, int *distances, int cap, char *err,
                size_t err_n) {
    struct answer a;
    int n = answer_make(db, s, false, &a, err, err_n);
    if (n >= 0 && a.cell == RETRO_TERMINAL)
        n = kz_fail(err, err_n, KZ_EINVAL, "the game is over in this position");
    if (n >= 0) {
        if (outcome) *outcome = retro_outcome(a.cell);
        if (distance) *distance = retro_remoteness(a.cell);
    }
    for (int k = 0; k < n && k < cap; k++) {
        retro_cell c = a.values[a.order[k]];
        if (actions) actions[k] = kz_action_of(a.moves[a.order[k]]);
        if (outcomes) outcomes[k] = retro_outcome(c);
        if (distances) distances[k] = retro_remoteness(c);
    }
    answer_free(&a);
    return n;
}

long kz_db_query_json(const kz_db *db, const kz_state *s, char *json, size_t json_n,
                      char *err, size_t err_n) {
    struct answer a;
    long need = answer_make(db, s, true, &a, err, err_n);
    if (need >= 0) {
        need = kz_json_give(kjson_query(s->game->g, &s->game->v, s->bytes, db->path,
                                        a.cell, a.moves, a.values, a.order, a.n),
                            json, json_n);
        if (need < 0) need = kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
    answer_free(&a);
    return need;
}
