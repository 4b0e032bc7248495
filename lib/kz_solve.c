/* libkibitz: solving a variant into a database (include/kibitz.h). */
#include "engine/data_folder.h"
#include "lib/kz_internal.h"
#include "solve/db_make.h"
#include "solve/game_database.h"
#include "solve/retro.h"
#include "solve/solver_db.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct progress_relay {
    kz_progress_fn progress;
    void *ctx;
};

static void relay_progress(void *ctx, uint64_t done, uint64_t total, uint64_t positions) {
    struct progress_relay *r = ctx;
    if (r->progress) r->progress(r->ctx, done, total, positions);
}

int kz_solve(const kz_game *game, const char *path, int threads, char *err,
             size_t err_n) {
    return kz_solve_with(game, path, threads, NULL, NULL, NULL, err, err_n);
}

int kz_solve_with(const kz_game *game, const char *path, int threads,
                  kz_progress_fn progress, void *ctx, kz_stop *stop, char *err,
                  size_t err_n) {
    if (!game) return kz_fail(err, err_n, KZ_EINVAL, "kz_solve: no game");
    if (threads > KZ_MAX_THREADS)
        return kz_fail(err, err_n, KZ_EINVAL, "threads %d: at most %d", threads,
                       KZ_MAX_THREADS);
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
    char file[SOLVER_DB_PATH_BYTES];
    solver_db_path(g, &game->v, path, file, sizeof file);
    struct progress_relay relay = {progress, ctx};
    if (db_make_solver_file(g, &game->v, file, threads, relay_progress, &relay,
                            stop ? &stop->raised : NULL, gerr))
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

size_t kz_data_folder(char *buf, size_t n) {
    char folder[4096];
    data_folder_user(folder, sizeof folder);
    if (n) snprintf(buf, n, "%s", folder);
    return strlen(folder);
}
