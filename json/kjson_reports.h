/*
 * kjson_reports.h - the documents of the measuring commands: "games",
 * "perft", "arena" (shapes in docs/JSON.md). "bench" and "solve" documents
 * are assembled by their commands from kjson_game_document and the value
 * object, since their contents are those commands' own counters.
 */
#ifndef KIBITZ_KJSON_REPORTS_H
#define KIBITZ_KJSON_REPORTS_H

#include "json/kjson.h"

#include <stdbool.h>

/* Every registered game: name, summary, players, chance, simultaneous,
 * hidden, solvable, variant_keys [{key, values, default, meaning}]. */
json_t *kjson_games(void);

/* perft: depth, leaves, seconds, leaves_per_second, threads; "divide"
 * [{"move", "leaves"}] when `divide` is not NULL (count root moves). */
json_t *kjson_perft(const struct game *g, const struct variant *v, const void *state,
                    int depth, uint64_t leaves, double seconds, int threads,
                    const move_t *moves, const uint64_t *divide, int count);

/* A share with its 95% interval: {"share", "low", "high"}. */
json_t *kjson_interval(double share, double low, double high);

/* An Elo difference with its 95% interval: {"elo", "low", "high"}; an
 * infinite bound (every game won or lost) is null. */
json_t *kjson_elo(double elo, double low, double high);

/* One engine's line of an arena report. */
struct kjson_arena_row {
    const char *spec;
    double win[3], draw[3], loss[3]; /* share, low, high */
    bool has_first;                  /* games of more than two players */
    double first[3];                 /* mean share of first places */
};

/* arena: games, players [{"spec", "win", "draw", "loss", "first"?}]; with two
 * engines "score" (of the first) and "elo" (kjson_elo); "records" (folder)
 * when given. */
json_t *kjson_arena(const struct game *g, const struct variant *v, long games,
                    const struct kjson_arena_row *rows, int count, const double *score,
                    const double elo[3], const char *records);

#endif
