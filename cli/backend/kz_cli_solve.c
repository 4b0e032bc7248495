/* The body of `kibitz solve` (cli/backend/kz_cli.h): retrograde solution of a whole
 * game variant into a database, with the start position's value for every
 * variant the solution answers and the best opening move; or the game's own
 * database builder (--pieces), or a report on the solution (--report). */
#include "engine/temp_files.h"
#include "engine/variant.h"
#include "engine/threads.h"
#include "engine/timer.h"
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "solve/db_make.h"
#include "solve/dfpn.h"
#include "solve/game_database.h"
#include "search/game_report.h"
#include "solve/retro.h"
#include "solve/retro_dist.h"
#include "solve/solver_db.h"
#include "solve/tier_mpi.h"
#include "json/kjson_value.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

enum { MAX_REPORTED = 256 };

/* A position whose value the command wants, picked up as its tier passes. */
struct watch {
    tier_t tier;
    uint64_t rank;
    retro_cell cell; /* RETRO_UNKNOWN until seen */
};

struct solve_run {
    struct solver_db_writer *db;
    struct watch *watches;
    int watch_count;
    bool progress;
    double start;
    char err[GAME_ERROR_BYTES];
};

static int solve_sink(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    struct solve_run *run = ctx;
    for (int i = 0; i < run->watch_count; i++)
        if (run->watches[i].tier == tier && run->watches[i].rank < size)
            run->watches[i].cell = values[run->watches[i].rank];
    if (run->db && solver_db_add_tier(run->db, tier, values, size, run->err) != 0)
        return -1;
    return 0;
}

static void solve_progress(void *ctx, uint64_t done, uint64_t total, uint64_t positions) {
    struct solve_run *run = ctx;
    if (!run->progress) return;
    double seconds = timer_now() - run->start;
    fprintf(stderr,
            "\r\033[Ksolving: %" PRIu64 "/%" PRIu64 " tiers, %.1f M positions, %.1f s",
            done, total, (double)positions / 1e6, seconds);
    if (done == total) fprintf(stderr, "\n");
}

/* Ask for the value of `state` (a non-terminal state of variant v). */
static int add_watch(struct solve_run *run, const struct game *g, const struct variant *v,
                     const void *state) {
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    if (g->canonicalize) g->canonicalize(v, s);
    struct watch *w = &run->watches[run->watch_count];
    w->tier = g->tier_of(v, s);
    w->rank = g->rank(v, s);
    w->cell = RETRO_UNKNOWN;
    return run->watch_count++;
}

/* Refuse early when the folder of `path` has not room for `bytes`. */
static int check_room(const char *path, uint64_t bytes, char *err) {
    char dir[SOLVER_DB_PATH_BYTES];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    struct statvfs fs;
    /* No folder yet, or no real capacity (/proc): let writing tell. */
    if (statvfs(dir, &fs) != 0 || fs.f_blocks == 0) return 0;
    uint64_t room = (uint64_t)fs.f_bavail * fs.f_frsize;
    if (bytes + bytes / 20 <= room) return 0;
    return FAIL(KZ_ERUNTIME,
                "the database needs %.1f MB but %s has %.1f MB free; "
                "give --db another folder, or --db none to store nothing",
                (double)bytes / 1e6, dir, (double)room / 1e6);
}

static const char *outcome_word(retro_cell c) {
    if (c == RETRO_TERMINAL) return "over";
    if (!retro_is_value(c)) return "unknown";
    return retro_outcome(c) == RETRO_OUTCOME_WIN    ? "win"
           : retro_outcome(c) == RETRO_OUTCOME_LOSS ? "loss"
                                            : "draw";
}

/* --report NAME: an analysis of the whole solution, by the game's `reports`
 * hook (search/game_report.h). */
static int solve_report(const struct kz_cli_args *a, int threads, FILE *out, char *err) {
    char gerr[GAME_ERROR_BYTES];
    const struct game *g = a->game->g;
    const struct game_reports *r = g->reports;
    if (!r || !r->known(a->report))
        return FAIL(KZ_EINVAL, "unknown report '%s' for %s (%s)", a->report, g->name,
                    r ? r->names : "it has no reports");
    if (a->position || a->moves || a->algo)
        return FAIL(KZ_EINVAL, "--report analyses the whole solution: no --position, "
                               "--moves or --algo");
    int status = r->run(a->report, &a->game->v, a->db, threads, out, gerr);
    if (status < 0) return FAIL(KZ_EINVAL, "%s", gerr);
    return status ? KZ_CLI_CHECK : KZ_OK;
}

int kz_cli_solve(const struct kz_cli_args *a, FILE *out, char *err) {
    temp_files_install(); /* an interrupt leaves no half-written file */
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    int status;
    if (a->algo && strcmp(a->algo, "dfpn") != 0 && strcmp(a->algo, "retro") != 0)
        return FAIL(KZ_EINVAL, "unknown solver '%s' (dfpn, retro)", a->algo);
    int threads = a->threads_given ? a->threads : omp_get_num_procs();
    if (threads_reserve(threads, gerr) != 0) return FAIL(KZ_ERUNTIME, "%s", gerr);
    if (a->report) return solve_report(a, threads, out, err);
    bool proves =
        a->position || a->moves || a->record || (a->algo && strcmp(a->algo, "dfpn") == 0);
    if (a->store && (a->pieces > 0 || (a->algo && strcmp(a->algo, "retro") == 0)))
        return FAIL(KZ_EINVAL, "--store is for df-pn (one position proved), not %s",
                    a->pieces > 0 ? "a database build (--pieces)" : "--algo retro");
    if (a->pn_init && (a->pieces > 0 || (a->algo && strcmp(a->algo, "retro") == 0)))
        return FAIL(KZ_EINVAL, "--pn-init is for df-pn (one position proved), not %s",
                    a->pieces > 0 ? "a database build (--pieces)" : "--algo retro");
    /* A game whose own builder holds the whole variant in minutes (Kerx
     * size 3) solves it that way when asked for no one position. */
    int pieces = a->pieces;
    bool nowhere = a->db && strcmp(a->db, "none") == 0;
    if (g->database && pieces <= 0 && !proves && !a->algo && !a->pn_init && !nowhere &&
        g->database->whole_game)
        pieces = g->database->whole_game(v);
    if (g->database && pieces > 0) {
        struct game_database_build b = {
            .pieces = pieces,
            .threads = threads,
            .memory_mib = a->memory_mib > 0 ? (size_t)a->memory_mib : 0,
            .progress = a->progress,
            .data = a->db,
            .generic = a->algo && strcmp(a->algo, "retro") == 0,
            .json = a->json,
        };
        int built = g->database->build(v, &b, out, gerr);
        int code = built == -1 ? KZ_EINVAL : KZ_ERUNTIME;
        if (built != 0) /* under mpirun rank 0 says it */
            return tier_mpi_worker()
                       ? (code == KZ_EINVAL ? KZ_CLI_QUIET_EINVAL : KZ_CLI_QUIET_ERUNTIME)
                       : FAIL(code, "%s", gerr);
        return KZ_OK;
    }
    if (a->pieces > 0)
        return FAIL(KZ_EINVAL, "--pieces builds a game's own databases; %s has none",
                    g->name);
    bool retro = retro_supported(g, gerr);
    char why[GAME_ERROR_BYTES];
    if (!retro && !a->position && !a->moves && !a->record && !a->algo &&
        !dfpn_supports(g, why))
        return FAIL(KZ_EINVAL, "%s", gerr);
    if (proves || (!retro && !(a->algo && strcmp(a->algo, "retro") == 0))) {
        if (!dfpn_supports(g, gerr)) return FAIL(KZ_EINVAL, "%s", gerr);
        return KZ_CLI_PROVE;
    }
    if (!retro) return FAIL(KZ_EINVAL, "%s", gerr);
    if (a->pn_init || a->store)
        return FAIL(KZ_EINVAL,
                    "--%s is for df-pn: give --position, --moves or --algo dfpn",
                    a->store ? "store" : "pn-init");

    _Alignas(8) unsigned char start[GAME_MAX_STATE_BYTES], child[GAME_MAX_STATE_BYTES];
    g->start(v, start);
    if (g->turn(v, start) == TURN_OVER)
        return FAIL(KZ_EINVAL, "the start position is already over");

    /* Variants to report (the solved one is last when the game lists them). */
    struct variant *reported = malloc(MAX_REPORTED * sizeof *reported);
    struct solve_run run = {0};
    run.watches = malloc((MAX_REPORTED + (size_t)g->max_moves) * sizeof *run.watches);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *terminal_move = malloc((size_t)g->max_moves * sizeof *terminal_move);
    int *move_watch = malloc((size_t)g->max_moves * sizeof *move_watch);
    if (!reported || !run.watches || !moves || !terminal_move || !move_watch) {
        status = FAIL(KZ_ERUNTIME, "out of memory");
        goto done;
    }
    int nreported =
        g->solved_variants ? g->solved_variants(v, reported, MAX_REPORTED) : 0;
    if (nreported <= 0) {
        reported[0] = *v;
        nreported = 1;
    }
    int *reported_watch = malloc((size_t)nreported * sizeof *reported_watch);
    for (int i = 0; i < nreported; i++) {
        unsigned char s[GAME_MAX_STATE_BYTES];
        g->start(&reported[i], s);
        reported_watch[i] = g->turn(&reported[i], s) == TURN_OVER
                                ? -1
                                : add_watch(&run, g, &reported[i], s);
    }
    int mover = g->turn(v, start);
    int nmoves = g->moves(v, start, moves);
    for (int i = 0; i < nmoves; i++) {
        memcpy(child, start, g->state_size);
        g->apply(v, child, moves[i]);
        move_watch[i] = -1;
        if (g->turn(v, child) == TURN_OVER) {
            double ret[GAME_MAX_PLAYERS];
            g->returns(v, child, ret);
            int w = moves[i] == GAME_MOVE_PASS ? 0 : 1;
            terminal_move[i] = ret[mover] > 0   ? retro_win(w)
                               : ret[mover] < 0 ? retro_loss(w)
                                                : RETRO_DRAW;
        } else {
            move_watch[i] = add_watch(&run, g, v, child);
        }
    }

    char path[SOLVER_DB_PATH_BYTES] = "", work[SOLVER_DB_PATH_BYTES + 8] = "";
    bool store = !(a->db && strcmp(a->db, "none") == 0);
    /* Under mpirun only rank 0 writes the database; tiers pass through
     * <database>.tiers/ (solve/retro_dist.h). */
    bool worker = tier_mpi_start() > 0;
    if (store) {
        /* An empty --db is a usage error (status 2), refused before solving;
         * a path that cannot take a database is a runtime failure (1). */
        if (a->db && !a->db[0]) {
            status = FAIL(KZ_EINVAL, "the database path is empty");
            goto done_reported;
        }
        solver_db_path(g, v, a->db, path, sizeof path);
        snprintf(work, sizeof work, "%s.tiers", path);
    }
    if (store && !worker) {
        status = check_room(path, db_make_solver_bytes(g, v), err);
        if (status) goto done_reported;
        if (solver_db_create(&run.db, path, g, v, a->force, gerr) != 0) {
            status = FAIL(KZ_ERUNTIME, "%s", gerr);
            goto done_reported;
        }
    }
    run.progress = a->progress;
    run.start = timer_now();
    struct retro_config cfg = {.game = g,
                               .variant = v,
                               .root = g->tier_of(v, start),
                               .threads = threads,
                               .sink = solve_sink,
                               .sink_ctx = &run,
                               .progress = solve_progress,
                               .progress_ctx = &run,
                               .work_folder = store ? work : NULL,
                               .memory_mib =
                                   a->memory_mib > 0 ? (uint64_t)a->memory_mib : 0};
    struct retro_stats st;
    if (retro_solve(&cfg, &st, gerr) != 0) {
        solver_db_abort(run.db);
        if (worker) { /* rank 0 says why, once */
            status = KZ_CLI_QUIET_ERUNTIME;
            goto done_reported;
        }
        status = FAIL(KZ_ERUNTIME, "%s", run.err[0] ? run.err : gerr);
        goto done_reported;
    }
    double solve_seconds = timer_now() - run.start;
    if (worker) { /* rank 0 reports */
        status = KZ_OK;
        goto done_reported;
    }
    if (run.db && solver_db_finish(run.db, &st.counts, gerr) != 0) {
        status = FAIL(KZ_ERUNTIME, "%s", gerr);
        goto done_reported;
    }
    if (run.db && tier_mpi_ranks() > 1) retro_dist_clean(work);
    double total_seconds = timer_now() - run.start;

    /* Opening moves, best first. */
    retro_cell *move_value = malloc((size_t)(nmoves ? nmoves : 1) * sizeof *move_value);
    int *order = malloc((size_t)(nmoves ? nmoves : 1) * sizeof *order);
    for (int i = 0; i < nmoves; i++) {
        order[i] = i;
        if (move_watch[i] < 0) {
            move_value[i] = terminal_move[i];
            continue;
        }
        memcpy(child, start, g->state_size);
        g->apply(v, child, moves[i]);
        move_value[i] =
            retro_through(run.watches[move_watch[i]].cell, g->turn(v, child) != mover,
                          moves[i] == GAME_MOVE_PASS);
    }
    for (int i = 1; i < nmoves; i++) /* stable insertion sort, best first */
        for (int j = i;
             j > 0 && retro_better(move_value[order[j]], move_value[order[j - 1]]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }

    char vtext[160], mtext[64];
    variant_format(g, v, vtext, sizeof vtext);
    double rate = solve_seconds > 0 ? (double)st.counts.positions / solve_seconds : 0;
    struct stat fst;
    double mb = store && stat(path, &fst) == 0 ? (double)fst.st_size / 1e6 : 0;
    const char *who = g->player_name(v, mover);
    if (a->json) {
        json_t *doc = kjson_game_document("solve", g, v);
        json_t *counts = json_pack(
            "{s:I,s:I,s:I,s:I,s:I,s:I,s:i,s:f,s:f,s:f,s:i,s:o}", "tiers",
            (json_int_t)st.tiers, "positions", (json_int_t)st.counts.positions, "won",
            (json_int_t)st.counts.won, "lost", (json_int_t)st.counts.lost, "drawn",
            (json_int_t)st.counts.drawn, "terminal", (json_int_t)st.counts.terminal,
            "max_remoteness", st.counts.max_remoteness, "seconds", total_seconds,
            "solve_seconds", solve_seconds, "positions_per_second", rate, "threads",
            threads, "database", kjson_string_or_null(store ? path : NULL));
        json_object_update(doc, counts);
        json_decref(counts);
        json_t *starts = json_array();
        for (int i = 0; i < nreported; i++) {
            retro_cell c = reported_watch[i] < 0 ? RETRO_TERMINAL
                                                 : run.watches[reported_watch[i]].cell;
            json_t *value = kjson_value_cell(c);
            json_array_append_new(
                starts, json_pack("{s:o,s:o}", "variant", kjson_variant(g, &reported[i]),
                                  "value", value ? value : json_null()));
        }
        json_object_set_new(doc, "start", starts);
        json_t *list = json_array();
        for (int k = 0; k < nmoves; k++) {
            int i = order[k];
            json_t *value = kjson_value_cell(move_value[i]);
            json_array_append_new(list, json_pack("{s:o,s:o}", "move",
                                                  kjson_move(g, v, start, moves[i]),
                                                  "value", value ? value : json_null()));
        }
        json_object_set_new(doc, "moves", list);
        kjson_print(doc, out);
    } else {
        fprintf(out, "solved %s %s: %" PRIu64 " tiers, %" PRIu64 " positions\n", g->name,
                vtext, st.tiers, st.counts.positions);
        fprintf(out,
                "time %.3f s (%.1f M positions/s, %d thread%s; move graphs %.3f s)%s\n",
                total_seconds, rate / 1e6, threads, threads == 1 ? "" : "s",
                st.graph_seconds, store ? ", database written" : "");
        fprintf(out,
                "won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64 ", terminal %" PRIu64
                " (for the player to move; longest win or loss %d moves)\n",
                st.counts.won, st.counts.lost, st.counts.drawn, st.counts.terminal,
                st.counts.max_remoteness);
        if (store) fprintf(out, "database %s (%.1f MB)\n", path, mb);
        if (st.split_tiers)
            fprintf(out,
                    "%" PRIu64 " tiers split across MPI ranks (%.1f MB of updates "
                    "exchanged)\n",
                    st.split_tiers, (double)st.exchanged_bytes / 1e6);
        fprintf(out,
                "\nstart position of each variant the database answers, for the player "
                "who moves first:\n  %-28s %-6s %s\n",
                "variant", "value", "remoteness");
        for (int i = 0; i < nreported; i++) {
            char rtext[160];
            variant_format(g, &reported[i], rtext, sizeof rtext);
            retro_cell c = reported_watch[i] < 0 ? RETRO_TERMINAL
                                                 : run.watches[reported_watch[i]].cell;
            fprintf(out, "  %-28s %-6s %d\n", rtext, outcome_word(c),
                    retro_remoteness(c));
        }
        retro_cell best = nmoves ? move_value[order[0]] : RETRO_DRAW;
        int rem = retro_remoteness(best);
        fprintf(out, "\nverdict (%s): ", vtext);
        if (retro_outcome(best) == RETRO_OUTCOME_WIN)
            fprintf(out, "%s, who moves first, wins in %d moves with perfect play\n", who,
                    rem);
        else if (retro_outcome(best) == RETRO_OUTCOME_LOSS)
            fprintf(out, "%s, who moves first, loses in %d moves with perfect play\n",
                    who, rem);
        else
            fprintf(out, "a draw with perfect play (neither side can force a win)\n");
        if (nmoves) {
            g->format_move(v, start, moves[order[0]], mtext, sizeof mtext);
            fprintf(out, "best opening move: %s\nopening moves:", mtext);
            for (int k = 0; k < nmoves; k++) {
                int i = order[k];
                char ctext[32];
                g->format_move(v, start, moves[i], mtext, sizeof mtext);
                if (retro_outcome(move_value[i]) == RETRO_OUTCOME_DRAW)
                    snprintf(ctext, sizeof ctext, "draw");
                else
                    snprintf(ctext, sizeof ctext, "%s in %d", outcome_word(move_value[i]),
                             retro_remoteness(move_value[i]));
                fprintf(out, " %s (%s)%s", mtext, ctext, k + 1 < nmoves ? "," : "\n");
            }
        }
    }
    free(move_value);
    free(order);
    status = KZ_OK;
done_reported:
    free(reported_watch);
done:
    free(reported);
    free(run.watches);
    free(moves);
    free(terminal_move);
    free(move_watch);
    return status;
}
