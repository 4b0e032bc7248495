/* Opening the database the searches probe: the game's own provider when it
 * has one, else the generic solver database (search/search_probe.h). */
#include "search/search_probe.h"

#include "solve/game_database.h"
#include "solve/solver_db.h"
#include "solve/solver_db_move.h"

#include <stdio.h>
#include <string.h>

int search_probe_open(struct search_probe *p, const struct game *g,
                      const struct variant *v, const char *option, char *err) {
    memset(p, 0, sizeof *p);
    err[0] = '\0';
    if (option && !option[0]) { /* names no folder (not the default one) */
        snprintf(err, GAME_ERROR_BYTES, "the database path is empty");
        return -1;
    }
    if (g->database) {
        int found =
            g->database->open(v, option, &p->own_db, p->where, sizeof p->where, err);
        if (found != 0) {
            /* found > 0: nothing there; with a named --db that is an error. */
            if (found > 0 && !err[0])
                snprintf(err, GAME_ERROR_BYTES, "no %s databases in %.100s", g->name,
                         p->where);
            p->own_db = NULL;
            return -1;
        }
        p->own = g->database;
        p->probe = g->database->probe;
        p->ctx = p->own_db;
        return 0;
    }
    p->solver = solver_db_for_engine(g, v, option, p->where, sizeof p->where, err);
    if (!p->solver) {
        if (!err[0])
            snprintf(err, GAME_ERROR_BYTES, "no %s database answers this variant",
                     g->name);
        return -1;
    }
    p->probe = solver_db_lookup;
    p->ctx = p->solver;
    return 0;
}

int search_probe_failed(const struct search_probe *p, char *err) {
    if (!p) return 0;
    if (p->solver) return solver_db_failed(p->solver, err);
    return game_database_failed(p->own, p->own_db, err);
}

void search_probe_close(struct search_probe *p) {
    if (!p) return;
    if (p->own && p->own_db) p->own->close(p->own_db);
    if (p->solver) solver_db_close(p->solver);
    memset(p, 0, sizeof *p);
}
