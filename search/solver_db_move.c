#include "search/solver_db_move.h"
#include "search/retro_check.h"

#include <stdlib.h>
#include <string.h>

static int move_values(const struct solver_db *db, const void *state, move_t *moves,
                       retro_cell *values, int *order) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    if (g->turn(v, state) < 0) return -1;
    retro_cell best;
    int n = retro_move_values(g, v, state, solver_db_lookup, (void *)db, &best, values);
    g->moves(v, state, moves);
    for (int i = 0; i < n; i++) {
        if (values[i] == RETRO_HOLE || values[i] == RETRO_UNKNOWN) return -1;
        order[i] = i;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && retro_better(values[order[j]], values[order[j - 1]]);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return n > 0 ? n : -1;
}

int solver_db_best_move(const struct solver_db *db, const void *state, move_t *move,
                        retro_cell *value) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves];
    int order[g->max_moves];
    if (move_values(db, state, moves, values, order) < 0) return -1;
    *move = moves[order[0]];
    *value = values[order[0]];
    return 0;
}

static void value_words(retro_cell c, const char **word, int *rem) {
    int o = retro_outcome(c);
    *word = o == RETRO_WIN ? "win" : o == RETRO_LOSS ? "loss" : "draw";
    *rem = retro_remoteness(c);
}

int solver_db_move_values(const struct solver_db *db, const void *state, move_t *moves,
                          retro_cell *values) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    move_t all[g->max_moves];
    retro_cell cells[g->max_moves];
    int order[g->max_moves];
    int n = move_values(db, state, all, cells, order);
    for (int k = 0; k < n; k++) {
        moves[k] = all[order[k]];
        values[k] = cells[order[k]];
    }
    return n;
}

int solver_db_report(const struct solver_db *db, const void *state, const char *path,
                     bool all_moves, FILE *out) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves];
    int order[g->max_moves];
    int n = move_values(db, state, moves, values, order);
    if (n < 0) return -1;
    char text[64];
    const char *word;
    int rem;
    g->format_move(v, state, moves[order[0]], text, sizeof text);
    value_words(values[order[0]], &word, &rem);
    fprintf(out, "bestmove %s\n", text);
    if (retro_outcome(values[order[0]]) == RETRO_DRAWN)
        fprintf(out, "value draw (perfect play, database %s)\n", path);
    else
        fprintf(out, "value %s in %d (perfect play, database %s)\n", word, rem, path);
    if (all_moves)
        for (int k = 0; k < n; k++) {
            g->format_move(v, state, moves[order[k]], text, sizeof text);
            char ctext[32];
            retro_cell_text(values[order[k]], ctext, sizeof ctext);
            fprintf(out, "  %-10s %s\n", text, ctext);
        }
    return 0;
}

struct solver_db *solver_db_for_engine(const struct game *g, const struct variant *v,
                                       const char *db_option, char *path, size_t n,
                                       char *err) {
    err[0] = '\0';
    /* --db none means no database, for every command alike. */
    if (db_option && strcmp(db_option, "none") == 0) return NULL;
    if (!g->tier_of || !g->rank) {
        if (db_option)
            snprintf(err, GAME_ERROR_BYTES, "%s has no solver databases", g->name);
        return NULL;
    }
    struct solver_db *db;
    if (solver_db_find(&db, g, v, db_option, path, n, err) == 0) return db;
    if (!db_option) err[0] = '\0';
    return NULL;
}
