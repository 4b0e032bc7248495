#include "solve/solver_db_move.h"
#include "solve/db_player.h"
#include "solve/retro_check.h"

#include <stdlib.h>
#include <string.h>

int solver_db_move_values(const struct solver_db *db, const void *state, move_t *moves,
                          retro_cell *values) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    return db_player_move_values(g, v, state, solver_db_lookup, (void *)db, moves,
                                 values);
}

int solver_db_best_move(const struct solver_db *db, const void *state, move_t *move,
                        retro_cell *value) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    return db_player_best(g, v, state, solver_db_lookup, (void *)db, move, value);
}

int solver_db_report(const struct solver_db *db, const void *state, const char *path,
                     bool all_moves, FILE *out) {
    const struct game *g;
    const struct variant *v;
    solver_db_view(db, &g, &v);
    return db_player_report(g, v, state, solver_db_lookup, (void *)db, path, all_moves,
                            out);
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
