#include "search/solver_db_move.h"
#include "search/retro_check.h"

#include <stdlib.h>
#include <string.h>

int solver_db_move_values(const struct solver_db *db, const void *state, move_t *moves,
                          retro_cell *values) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    if (g->turn(v, state) < 0) return -1;
    move_t listed[g->max_moves];
    retro_cell cells[g->max_moves], best;
    int n = retro_move_values(g, v, state, solver_db_lookup, (void *)db, &best, cells);
    g->moves(v, state, listed);
    /* Insertion sort, best first: stable, so ties keep generator order. */
    for (int i = 0; i < n; i++) {
        if (cells[i] == RETRO_HOLE || cells[i] == RETRO_UNKNOWN) return -1;
        int j = i;
        for (; j > 0 && retro_better(cells[i], values[j - 1]); j--) {
            moves[j] = moves[j - 1];
            values[j] = values[j - 1];
        }
        moves[j] = listed[i];
        values[j] = cells[i];
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
    if (solver_db_move_values(db, state, moves, values) < 0) return -1;
    *move = moves[0];
    *value = values[0];
    return 0;
}

static void value_words(retro_cell c, const char **word, int *rem) {
    int o = retro_outcome(c);
    *word = o == RETRO_OUTCOME_WIN ? "win" : o == RETRO_OUTCOME_LOSS ? "loss" : "draw";
    *rem = retro_remoteness(c);
}

int solver_db_report(const struct solver_db *db, const void *state, const char *path,
                     bool all_moves, FILE *out) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves];
    int n = solver_db_move_values(db, state, moves, values);
    if (n < 0) return -1;
    char text[64];
    const char *word;
    int rem;
    g->format_move(v, state, moves[0], text, sizeof text);
    value_words(values[0], &word, &rem);
    fprintf(out, "bestmove %s\n", text);
    if (retro_outcome(values[0]) == RETRO_OUTCOME_DRAW)
        fprintf(out, "value draw (perfect play, database %s)\n", path);
    else
        fprintf(out, "value %s in %d (perfect play, database %s)\n", word, rem, path);
    if (all_moves)
        for (int k = 0; k < n; k++) {
            g->format_move(v, state, moves[k], text, sizeof text);
            char ctext[32];
            retro_cell_text(values[k], ctext, sizeof ctext);
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
