/* Databases made where they are looked for (solve/db_make.h). */
#include "solve/db_make.h"
#include "engine/variant.h"
#include "solve/retro.h"

#include "engine/data_folder.h"
#include "engine/timer.h"
#include "solve/game_database.h"
#include "solve/solver_db.h"

#include <stdlib.h>
#include <string.h>

struct file_sink {
    struct solver_db_writer *writer;
    atomic_bool *stop;
    char err[GAME_ERROR_BYTES];
};

static int sink_tier(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    struct file_sink *sink = ctx;
    if (sink->stop && atomic_load(sink->stop)) {
        snprintf(sink->err, sizeof sink->err, "stopped");
        return 1;
    }
    return solver_db_add_tier(sink->writer, tier, values, size, sink->err) != 0;
}

int db_make_solver_file(const struct game *g, const struct variant *v, const char *file,
                        int threads, retro_progress_fn progress, void *progress_ctx,
                        atomic_bool *stop, char *err) {
    if (!retro_supported(g, err)) return -1;
    unsigned char start[GAME_MAX_STATE_BYTES];
    g->start(v, start);
    struct file_sink sink = {.stop = stop};
    if (solver_db_create(&sink.writer, file, g, v, false, err)) return -1;
    struct retro_config cfg = {.game = g,
                               .variant = v,
                               .root = g->tier_of(v, start),
                               .threads = threads,
                               .sink = sink_tier,
                               .sink_ctx = &sink,
                               .progress = progress,
                               .progress_ctx = progress_ctx};
    struct retro_stats stats;
    if (retro_solve(&cfg, &stats, err)) {
        solver_db_abort(sink.writer);
        if (sink.err[0]) snprintf(err, GAME_ERROR_BYTES, "%s", sink.err);
        return -1;
    }
    return solver_db_finish(sink.writer, &stats.counts, err) ? -1 : 0;
}

uint64_t db_make_solver_bytes(const struct game *g, const struct variant *v) {
    char err[GAME_ERROR_BYTES];
    if (!g->tier_of || !g->tier_size) return 0;
    unsigned char start[GAME_MAX_STATE_BYTES];
    g->start(v, start);
    tier_t *tiers = NULL;
    long n = retro_tier_order(g, v, g->tier_of(v, start), &tiers, err);
    if (n < 0) return 0;
    uint64_t cells = 0;
    for (long i = 0; i < n; i++) cells += g->tier_size(v, tiers[i]);
    free(tiers);
    return 512 + cells * sizeof(retro_cell) + 8 + (uint64_t)n * 24;
}

/* The piece bound of a game's own databases made unasked (0: never). */
static int auto_pieces(const struct game *g, const struct variant *v) {
    if (!g->database || !g->database->build || !g->database->quick_pieces) return 0;
    return g->database->quick_pieces(v);
}

bool db_make_missing(const struct game *g, const struct variant *v) {
    char where[4096], err[GAME_ERROR_BYTES];
    if (g->database) {
        void *db = NULL;
        int found = g->database->open(v, NULL, &db, where, sizeof where, err);
        if (found == 0) g->database->close(db);
        return found != 0;
    }
    if (!g->tier_of || !g->rank) return false;
    struct solver_db *db;
    if (solver_db_find(&db, g, v, NULL, where, sizeof where, err) != 0) return true;
    solver_db_close(db);
    return false;
}

void db_make_command(const struct game *g, const struct variant *v, char *buf, size_t n) {
    char text[160];
    variant_format(g, v, text, sizeof text);
    if (g->database)
        snprintf(buf, n, "kibitz solve %s --variant %s --pieces %d", g->name, text,
                 auto_pieces(g, v) ? auto_pieces(g, v) : DB_MAKE_AUTO_PIECES);
    else
        snprintf(buf, n, "kibitz solve %s --variant %s", g->name, text);
}

enum db_make_result db_make_if_missing(const struct game *g, const struct variant *v,
                                       const char *db_option, FILE *note, char *err) {
    err[0] = '\0';
    if (db_option) return DB_MADE_NONE;
    bool own = g->database != NULL;
    if (!own && !(g->tier_of && g->rank && g->tier_size)) return DB_MADE_NO_DB;
    if (own && g->database->unavailable && g->database->unavailable(v))
        return DB_MADE_NO_DB;
    if (!db_make_missing(g, v)) return DB_MADE_NONE;
    int pieces = own ? auto_pieces(g, v) : 0;
    uint64_t bytes = own ? 0 : db_make_solver_bytes(g, v);
    if (own ? pieces == 0 : bytes == 0 || bytes > DB_MAKE_AUTO_BYTES)
        return DB_MADE_TOO_BIG;
    char folder[4096], text[160];
    data_folder_user(folder, sizeof folder);
    variant_format(g, v, text, sizeof text);
    if (note) {
        fprintf(note,
                "kibitz: first use: making the %s databases for %s in %s (once, a few "
                "seconds; --no-db to do without)\n",
                g->name, text, folder);
        fflush(note);
    }
    double started = timer_now();
    int status;
    if (own) {
        struct game_database_build b = {.pieces = pieces, .threads = 1, .data = folder};
        char *report = NULL;
        size_t report_n = 0;
        FILE *sink = open_memstream(&report, &report_n);
        if (!sink) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory");
            return DB_MADE_FAILED;
        }
        status = g->database->build(v, &b, sink, err);
        fclose(sink);
        free(report);
    } else {
        char file[SOLVER_DB_PATH_BYTES];
        solver_db_path(g, v, folder, file, sizeof file);
        status = db_make_solver_file(g, v, file, 1, NULL, NULL, NULL, err);
    }
    if (status != 0) return DB_MADE_FAILED;
    if (note) {
        fprintf(note, "kibitz: made in %.1f s\n", timer_now() - started);
        fflush(note);
    }
    return DB_MADE_NOW;
}
