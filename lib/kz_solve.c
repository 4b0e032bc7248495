/* libkibitz: solving a variant into a database (include/kibitz.h). */
#include "lib/kz_internal.h"
#include "search/game_database.h"
#include "search/retro.h"
#include "search/solver_db.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct solve_sink {
    struct solver_db_writer *writer;
    kz_progress_fn progress;
    void *progress_ctx;
    kz_stop *stop;
    char err[GAME_ERROR_BYTES];
};

static int sink_tier(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    struct solve_sink *sink = ctx;
    if (sink->stop && atomic_load(&sink->stop->raised)) {
        snprintf(sink->err, sizeof sink->err, "stopped");
        return 1;
    }
    return solver_db_add_tier(sink->writer, tier, values, size, sink->err) != 0;
}

static void sink_progress(void *ctx, uint64_t done, uint64_t total, uint64_t positions) {
    struct solve_sink *sink = ctx;
    if (sink->progress) sink->progress(sink->progress_ctx, done, total, positions);
}

int kz_solve(const kz_game *game, const char *path, int threads, char *err,
             size_t err_n) {
    return kz_solve_with(game, path, threads, NULL, NULL, NULL, err, err_n);
}

int kz_solve_with(const kz_game *game, const char *path, int threads,
                  kz_progress_fn progress, void *ctx, kz_stop *stop, char *err,
                  size_t err_n) {
    const struct game *g = game->g;
    char gerr[GAME_ERROR_BYTES] = "";
    /* A game whose own builder holds the whole variant (Kerx size 3) is
     * solved by it, into the data folder `path`, as `kibitz solve` does. */
    int whole =
        g->database && g->database->whole_game ? g->database->whole_game(&game->v) : 0;
    if (whole > 0) {
        struct game_database_build b = {
            .pieces = whole,
            .threads = threads > 0 ? threads : (int)sysconf(_SC_NPROCESSORS_ONLN),
            .data = path};
        if (g->database->build(&game->v, &b, NULL, gerr) != 0)
            return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
        return KZ_OK;
    }
    if (!retro_supported(g, gerr))
        return kz_fail(err, err_n, KZ_EUNSUPPORTED, "%s", gerr);
    unsigned char start[GAME_MAX_STATE_BYTES];
    g->start(&game->v, start);
    char file[SOLVER_DB_PATH_BYTES];
    solver_db_path(g, &game->v, path, file, sizeof file);
    struct solve_sink sink = {.progress = progress, .progress_ctx = ctx, .stop = stop};
    if (solver_db_create(&sink.writer, file, g, &game->v, gerr))
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    struct retro_config cfg = {.game = g,
                               .variant = &game->v,
                               .root = g->tier_of(&game->v, start),
                               .threads = threads,
                               .sink = sink_tier,
                               .sink_ctx = &sink,
                               .progress = sink_progress,
                               .progress_ctx = &sink};
    struct retro_stats stats;
    if (retro_solve(&cfg, &stats, gerr)) {
        solver_db_abort(sink.writer);
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", sink.err[0] ? sink.err : gerr);
    }
    if (solver_db_finish(sink.writer, &stats.counts, gerr))
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}
