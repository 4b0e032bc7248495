/*
 * search_probe.h - exact values for the searches (alpha-beta, MCTS, the
 * agents of play and arena) from whatever database answers a game: its own
 * provider (the `database` hook, solve/game_database.h: Kerx's endgame
 * databases by material) or the generic solver database
 * (solve/solver_db.h: Kulibrat). The searches see one callback and never
 * learn which game or which kind of file answers.
 *
 * Contract: `probe` is thread-safe (the files are memory-mapped read-only
 * and shared by every thread of every search) and returns a retro_cell
 * value for the side to move, or a marker (RETRO_HOLE, RETRO_TERMINAL) when
 * it does not hold the position; callers treat markers as "not held".
 */
#ifndef KIBITZ_SEARCH_PROBE_H
#define KIBITZ_SEARCH_PROBE_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stddef.h>

typedef retro_cell (*search_probe_fn)(void *ctx, const void *state);

struct game_database;
struct solver_db;

/* An open database and its probe. */
struct search_probe {
    search_probe_fn probe; /* NULL: nothing open */
    void *ctx;
    const struct game_database *own; /* the game's provider, or NULL */
    void *own_db;
    struct solver_db *solver; /* the generic database, or NULL */
    char where[4096];         /* the folder or file read, for reports */
};

/* Open the databases named by `option` (--db: a file or folder) for (g, v).
 * 0, or -1 with a one-line message in `err` (GAME_ERROR_BYTES) when nothing
 * there answers the variant, a file is damaged, or the game has no
 * databases. */
int search_probe_open(struct search_probe *p, const struct game *g,
                      const struct variant *v, const char *option, char *err);
void search_probe_close(struct search_probe *p);

/* 0, or -1 with err naming the file when a probe met a damaged part of it
 * (checked on first read: solve/solver_db.h, games' own providers). That
 * probe said "not held", as does every later one into that file, so the
 * search went on without it and its result stands; callers report the
 * damage (bestmove and analyse: exit status 1 after the answer). */
int search_probe_failed(const struct search_probe *p, char *err);

/* The value of `state` for its side to move when the databases hold it;
 * RETRO_HOLE otherwise (also when nothing is open). */
static inline retro_cell search_probe_value(const struct search_probe *p,
                                            const void *state) {
    if (!p || !p->probe) return RETRO_HOLE;
    retro_cell c = p->probe(p->ctx, state);
    return retro_is_value(c) ? c : RETRO_HOLE;
}

#endif
