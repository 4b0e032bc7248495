/* The body of `kibitz solve` (cli/backend/kz_cli.h): retrograde solution of a whole
 * game variant into a database, with the start position's value for every
 * variant the solution answers and the best opening move; or the game's own
 * database builder (--pieces), or a report on the solution (--report). */
#include "cli/backend/kz_cli.h"
#include "engine/pause_request.h"
#include "engine/temp_files.h"
#include "engine/threads.h"
#include "engine/timer.h"
#include "engine/variant.h"
#include "lib/kz_internal.h"
#include "search/game_report.h"
#include "solve/db_make.h"
#include "solve/dfpn.h"
#include "solve/game_database.h"
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

/* kz_cli_solve's answer when none of the other ways applies: solve the
 * whole variant retrogradely (beyond every KZ_CLI_* status). */
enum { SOLVE_RETRO = 100 };

/* The ways of `kibitz solve` other than a retrograde solution: a --report,
 * the game's own databases (--pieces, or a whole variant its builder
 * holds), or one position proved (KZ_CLI_PROVE); refused combinations.
 * SOLVE_RETRO when the whole variant is to be solved retrogradely. */
static int solve_other_ways(const struct kz_cli_args *a, int threads, FILE *out,
                            char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    if (a->report) return solve_report(a, threads, out, err);
    bool dfpn_asked = a->algo && strcmp(a->algo, "dfpn") == 0;
    bool retro_asked = a->algo && strcmp(a->algo, "retro") == 0;
    bool proves = a->position || a->moves || a->record || dfpn_asked;
    if (a->store && (a->pieces > 0 || retro_asked))
        return FAIL(KZ_EINVAL, "--store is for df-pn (one position proved), not %s",
                    a->pieces > 0 ? "a database build (--pieces)" : "--algo retro");
    if (a->pn_init && (a->pieces > 0 || retro_asked))
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
            .generic = retro_asked,
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
    if (proves || (!retro && !retro_asked)) {
        if (!dfpn_supports(g, gerr)) return FAIL(KZ_EINVAL, "%s", gerr);
        return KZ_CLI_PROVE;
    }
    if (!retro) return FAIL(KZ_EINVAL, "%s", gerr);
    if (a->pn_init || a->store)
        return FAIL(KZ_EINVAL,
                    "--%s is for df-pn: give --position, --moves or --algo dfpn",
                    a->store ? "store" : "pn-init");
    return SOLVE_RETRO;
}

/* The positions a retrograde solve reports: the start of every variant the
 * solution answers (the solved one last when the game lists them), and the
 * start's moves, each watched as its tier passes, or valued at once when
 * it ends the game. */
struct solve_plan {
    _Alignas(8) unsigned char start[GAME_MAX_STATE_BYTES];
    int mover;
    struct variant *reported;
    int nreported;
    int *reported_watch; /* -1: that start is over already */
    move_t *moves;
    int nmoves;
    retro_cell *terminal_move; /* a move that ends the game: its value */
    int *move_watch;           /* -1: the move ends the game */
    retro_cell *move_value;    /* after the solve */
    int *order;                /* the moves best first, after the solve */
};

static void plan_free(struct solve_plan *p) {
    free(p->reported);
    free(p->reported_watch);
    free(p->moves);
    free(p->terminal_move);
    free(p->move_watch);
    free(p->move_value);
    free(p->order);
}

/* Fill `p` (plan_free it after, whatever the result) and the watches of
 * `run`. KZ_OK, or KZ_ERUNTIME when out of memory. */
static int plan_watches(const struct game *g, const struct variant *v,
                        struct solve_plan *p, struct solve_run *run, char *err) {
    size_t moves = (size_t)g->max_moves;
    p->reported = malloc(MAX_REPORTED * sizeof *p->reported);
    run->watches = malloc((MAX_REPORTED + moves) * sizeof *run->watches);
    p->moves = malloc(moves * sizeof *p->moves);
    p->terminal_move = malloc(moves * sizeof *p->terminal_move);
    p->move_watch = malloc(moves * sizeof *p->move_watch);
    p->move_value = malloc((moves ? moves : 1) * sizeof *p->move_value);
    p->order = malloc((moves ? moves : 1) * sizeof *p->order);
    p->reported_watch = malloc(MAX_REPORTED * sizeof *p->reported_watch);
    if (!p->reported || !run->watches || !p->moves || !p->terminal_move ||
        !p->move_watch || !p->move_value || !p->order || !p->reported_watch)
        return FAIL(KZ_ERUNTIME, "out of memory");
    p->nreported =
        g->solved_variants ? g->solved_variants(v, p->reported, MAX_REPORTED) : 0;
    if (p->nreported <= 0) {
        p->reported[0] = *v;
        p->nreported = 1;
    }
    for (int i = 0; i < p->nreported; i++) {
        unsigned char s[GAME_MAX_STATE_BYTES];
        g->start(&p->reported[i], s);
        p->reported_watch[i] = g->turn(&p->reported[i], s) == TURN_OVER
                                   ? -1
                                   : add_watch(run, g, &p->reported[i], s);
    }
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    p->mover = g->turn(v, p->start);
    p->nmoves = g->moves(v, p->start, p->moves);
    for (int i = 0; i < p->nmoves; i++) {
        memcpy(child, p->start, g->state_size);
        g->apply(v, child, p->moves[i]);
        p->move_watch[i] = -1;
        if (g->turn(v, child) == TURN_OVER) {
            double ret[GAME_MAX_PLAYERS];
            g->returns(v, child, ret);
            int w = p->moves[i] == GAME_MOVE_PASS ? 0 : 1;
            p->terminal_move[i] = ret[p->mover] > 0   ? retro_win(w)
                                  : ret[p->mover] < 0 ? retro_loss(w)
                                                      : RETRO_DRAW;
        } else {
            p->move_watch[i] = add_watch(run, g, v, child);
        }
    }
    return KZ_OK;
}

/* The value of the start of reported variant i, once solved. */
static retro_cell reported_value(const struct solve_plan *p, const struct solve_run *run,
                                 int i) {
    return p->reported_watch[i] < 0 ? RETRO_TERMINAL
                                    : run->watches[p->reported_watch[i]].cell;
}

/* After the solve: every opening move's value, and the moves best first. */
static void order_openings(const struct game *g, const struct variant *v,
                           struct solve_plan *p, const struct solve_run *run) {
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < p->nmoves; i++) {
        p->order[i] = i;
        if (p->move_watch[i] < 0) {
            p->move_value[i] = p->terminal_move[i];
            continue;
        }
        memcpy(child, p->start, g->state_size);
        g->apply(v, child, p->moves[i]);
        p->move_value[i] =
            retro_through(run->watches[p->move_watch[i]].cell,
                          g->turn(v, child) != p->mover, p->moves[i] == GAME_MOVE_PASS);
    }
    for (int i = 1; i < p->nmoves; i++) /* stable insertion sort, best first */
        for (int j = i; j > 0 && retro_better(p->move_value[p->order[j]],
                                              p->move_value[p->order[j - 1]]);
             j--) {
            int t = p->order[j];
            p->order[j] = p->order[j - 1];
            p->order[j - 1] = t;
        }
}

/* What a whole-game solve did, for its report. */
struct solve_done {
    const struct game *g;
    const struct variant *v;
    const struct solve_plan *plan;
    const struct solve_run *run;
    struct retro_stats st;
    double solve_seconds, total_seconds;
    int threads;
    const char *path; /* NULL: nothing stored */
};

static void print_solve_json(const struct solve_done *d, FILE *out) {
    const struct game *g = d->g;
    const struct variant *v = d->v;
    const struct solve_plan *p = d->plan;
    double rate =
        d->solve_seconds > 0 ? (double)d->st.counts.positions / d->solve_seconds : 0;
    json_t *doc = kjson_game_document("solve", g, v);
    json_t *counts = json_pack(
        "{s:I,s:I,s:I,s:I,s:I,s:I,s:i,s:f,s:f,s:f,s:i,s:o}", "tiers",
        (json_int_t)d->st.tiers, "positions", (json_int_t)d->st.counts.positions, "won",
        (json_int_t)d->st.counts.won, "lost", (json_int_t)d->st.counts.lost, "drawn",
        (json_int_t)d->st.counts.drawn, "terminal", (json_int_t)d->st.counts.terminal,
        "max_remoteness", d->st.counts.max_remoteness, "seconds", d->total_seconds,
        "solve_seconds", d->solve_seconds, "positions_per_second", rate, "threads",
        d->threads, "database", kjson_string_or_null(d->path));
    json_object_update(doc, counts);
    json_decref(counts);
    json_t *starts = json_array();
    for (int i = 0; i < p->nreported; i++) {
        json_t *value = kjson_value_cell(reported_value(p, d->run, i));
        json_array_append_new(starts, json_pack("{s:o,s:o}", "variant",
                                                kjson_variant(g, &p->reported[i]),
                                                "value", value ? value : json_null()));
    }
    json_object_set_new(doc, "start", starts);
    json_t *list = json_array();
    for (int k = 0; k < p->nmoves; k++) {
        int i = p->order[k];
        json_t *value = kjson_value_cell(p->move_value[i]);
        json_array_append_new(list, json_pack("{s:o,s:o}", "move",
                                              kjson_move(g, v, p->start, p->moves[i]),
                                              "value", value ? value : json_null()));
    }
    json_object_set_new(doc, "moves", list);
    kjson_print(doc, out);
}

/* The verdict and the opening moves, best first, as text. */
static void print_openings(const struct solve_done *d, const char *vtext, FILE *out) {
    const struct game *g = d->g;
    const struct variant *v = d->v;
    const struct solve_plan *p = d->plan;
    retro_cell best = p->nmoves ? p->move_value[p->order[0]] : RETRO_DRAW;
    int rem = retro_remoteness(best);
    const char *who = g->player_name(v, p->mover);
    fprintf(out, "\nverdict (%s): ", vtext);
    if (retro_outcome(best) == RETRO_OUTCOME_WIN)
        fprintf(out, "%s, who moves first, wins in %d moves with perfect play\n", who,
                rem);
    else if (retro_outcome(best) == RETRO_OUTCOME_LOSS)
        fprintf(out, "%s, who moves first, loses in %d moves with perfect play\n", who,
                rem);
    else
        fprintf(out, "a draw with perfect play (neither side can force a win)\n");
    if (!p->nmoves) return;
    char mtext[64];
    g->format_move(v, p->start, p->moves[p->order[0]], mtext, sizeof mtext);
    fprintf(out, "best opening move: %s\nopening moves:", mtext);
    for (int k = 0; k < p->nmoves; k++) {
        int i = p->order[k];
        char ctext[32];
        g->format_move(v, p->start, p->moves[i], mtext, sizeof mtext);
        if (retro_outcome(p->move_value[i]) == RETRO_OUTCOME_DRAW)
            snprintf(ctext, sizeof ctext, "draw");
        else
            snprintf(ctext, sizeof ctext, "%s in %d", outcome_word(p->move_value[i]),
                     retro_remoteness(p->move_value[i]));
        fprintf(out, " %s (%s)%s", mtext, ctext, k + 1 < p->nmoves ? "," : "\n");
    }
}

static void print_solve_text(const struct solve_done *d, FILE *out) {
    const struct game *g = d->g;
    const struct solve_plan *p = d->plan;
    const struct retro_stats *st = &d->st;
    char vtext[160];
    variant_format(g, d->v, vtext, sizeof vtext);
    double rate =
        d->solve_seconds > 0 ? (double)st->counts.positions / d->solve_seconds : 0;
    struct stat fst;
    double mb = d->path && stat(d->path, &fst) == 0 ? (double)fst.st_size / 1e6 : 0;
    fprintf(out, "solved %s %s: %" PRIu64 " tiers, %" PRIu64 " positions\n", g->name,
            vtext, st->tiers, st->counts.positions);
    fprintf(out, "time %.3f s (%.1f M positions/s, %d thread%s; move graphs %.3f s)%s\n",
            d->total_seconds, rate / 1e6, d->threads, d->threads == 1 ? "" : "s",
            st->graph_seconds, d->path ? ", database written" : "");
    fprintf(out,
            "won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64 ", terminal %" PRIu64
            " (for the player to move; longest win or loss %d moves)\n",
            st->counts.won, st->counts.lost, st->counts.drawn, st->counts.terminal,
            st->counts.max_remoteness);
    if (d->path) fprintf(out, "database %s (%.1f MB)\n", d->path, mb);
    if (st->split_tiers)
        fprintf(out,
                "%" PRIu64 " tiers split across MPI ranks (%.1f MB of updates "
                "exchanged)\n",
                st->split_tiers, (double)st->exchanged_bytes / 1e6);
    fprintf(out,
            "\nstart position of each variant the database answers, for the player "
            "who moves first:\n  %-28s %-6s %s\n",
            "variant", "value", "remoteness");
    for (int i = 0; i < p->nreported; i++) {
        char rtext[160];
        variant_format(g, &p->reported[i], rtext, sizeof rtext);
        retro_cell c = reported_value(p, d->run, i);
        fprintf(out, "  %-28s %-6s %d\n", rtext, outcome_word(c), retro_remoteness(c));
    }
    print_openings(d, vtext, out);
}

/* Where the database goes (--db; none: nowhere) and, on the rank that
 * writes it, the writer in run->db. KZ_OK or a status with err. */
static int open_database(const struct kz_cli_args *a, bool worker, struct solve_run *run,
                         char *path, size_t path_n, char *work, size_t work_n,
                         char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    if (a->db && strcmp(a->db, "none") == 0) return KZ_OK;
    /* An empty --db is a usage error (status 2), refused before solving; a
     * path that cannot take a database is a runtime failure (1). */
    if (a->db && !a->db[0]) return FAIL(KZ_EINVAL, "the database path is empty");
    solver_db_path(g, v, a->db, path, path_n);
    snprintf(work, work_n, "%s.tiers", path);
    if (worker) return KZ_OK;
    int status = check_room(path, db_make_solver_bytes(g, v), err);
    if (status) return status;
    if (solver_db_create(&run->db, path, g, v, a->force, gerr) != 0)
        return FAIL(KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

/* The whole variant solved retrogradely into the database and reported. */
static int solve_retrograde(const struct kz_cli_args *a, int threads, FILE *out,
                            char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    struct solve_plan plan = {0};
    struct solve_run run = {0};
    g->start(v, plan.start);
    if (g->turn(v, plan.start) == TURN_OVER)
        return FAIL(KZ_EINVAL, "the start position is already over");
    int status = plan_watches(g, v, &plan, &run, err);
    char path[SOLVER_DB_PATH_BYTES] = "", work[SOLVER_DB_PATH_BYTES + 8] = "";
    bool store = !(a->db && strcmp(a->db, "none") == 0);
    /* Under mpirun only rank 0 writes the database; tiers pass through
     * <database>.tiers/ (solve/retro_dist.h). */
    bool worker = tier_mpi_start() > 0;
    if (!status)
        status =
            open_database(a, worker, &run, path, sizeof path, work, sizeof work, err);
    if (status) goto done;
    run.progress = a->progress;
    run.start = timer_now();
    struct retro_config cfg = {.game = g,
                               .variant = v,
                               .root = g->tier_of(v, plan.start),
                               .threads = threads,
                               .sink = solve_sink,
                               .sink_ctx = &run,
                               .progress = solve_progress,
                               .progress_ctx = &run,
                               .work_folder = store ? work : NULL,
                               .memory_mib =
                                   a->memory_mib > 0 ? (uint64_t)a->memory_mib : 0};
    struct solve_done d = {.g = g,
                           .v = v,
                           .plan = &plan,
                           .run = &run,
                           .threads = threads,
                           .path = store ? path : NULL};
    if (retro_solve(&cfg, &d.st, gerr) != 0) {
        solver_db_abort(run.db);
        /* Under mpirun rank 0 says why, once. */
        status = worker ? KZ_CLI_QUIET_ERUNTIME
                        : FAIL(KZ_ERUNTIME, "%s", run.err[0] ? run.err : gerr);
        goto done;
    }
    d.solve_seconds = timer_now() - run.start;
    if (worker) goto done; /* rank 0 reports */
    if (run.db && solver_db_finish(run.db, &d.st.counts, gerr) != 0) {
        status = FAIL(KZ_ERUNTIME, "%s", gerr);
        goto done;
    }
    if (run.db && tier_mpi_ranks() > 1) retro_dist_clean(work);
    d.total_seconds = timer_now() - run.start;
    order_openings(g, v, &plan, &run);
    if (a->json)
        print_solve_json(&d, out);
    else
        print_solve_text(&d, out);
done:
    plan_free(&plan);
    free(run.watches);
    return status;
}

int kz_cli_solve(const struct kz_cli_args *a, FILE *out, char *err) {
    temp_files_install();    /* an interrupt leaves no half-written file */
    pause_request_install(); /* SIGUSR1: a Kerx build saves its state and stops */
    char gerr[GAME_ERROR_BYTES];
    if (a->algo && strcmp(a->algo, "dfpn") != 0 && strcmp(a->algo, "retro") != 0)
        return FAIL(KZ_EINVAL, "unknown solver '%s' (dfpn, retro)", a->algo);
    int threads = a->threads_given ? a->threads : omp_get_num_procs();
    if (threads_reserve(threads, gerr) != 0) return FAIL(KZ_ERUNTIME, "%s", gerr);
    int status = solve_other_ways(a, threads, out, err);
    if (status != SOLVE_RETRO) return status;
    return solve_retrograde(a, threads, out, err);
}
