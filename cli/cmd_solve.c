/* kibitz solve: retrograde solution of a whole game variant into a database,
 * with the start position's value for every variant the solution answers and
 * the best opening move. */
#include "cli/cli.h"
#include "cli/solve_dfpn.h"
#include "engine/temp_files.h"
#include "engine/threads.h"
#include "engine/timer.h"
#include "search/dfpn.h"
#include "search/game_database.h"
#include "search/game_report.h"
#include "search/retro.h"
#include "search/retro_dist.h"
#include "search/solver_db.h"
#include "search/tier_mpi.h"
#include "json/kjson_value.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

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

/* Bytes the database for the tiers below `root` will take (2 per position,
 * plus header and index), or 0 when unknown. */
static uint64_t database_bytes(const struct game *g, const struct variant *v,
                               tier_t root) {
    char err[GAME_ERROR_BYTES];
    tier_t *tiers = NULL;
    long n = retro_tier_order(g, v, root, &tiers, err);
    if (n < 0) return 0;
    uint64_t cells = 0;
    for (long i = 0; i < n; i++) cells += g->tier_size(v, tiers[i]);
    free(tiers);
    return 512 + cells * sizeof(retro_cell) + 8 + (uint64_t)n * 24;
}

/* Refuse early when the folder of `path` has not room for `bytes`. */
static int check_room(const char *path, uint64_t bytes) {
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
    return cli_fail_runtime("the database needs %.1f MB but %s has %.1f MB free; "
                            "give --db another folder, or --db none to store nothing",
                            (double)bytes / 1e6, dir, (double)room / 1e6);
}

static const char *outcome_word(retro_cell c) {
    if (c == RETRO_TERMINAL) return "over";
    if (!retro_is_value(c)) return "unknown";
    return retro_outcome(c) == RETRO_WIN    ? "win"
           : retro_outcome(c) == RETRO_LOSS ? "loss"
                                            : "draw";
}

/* --report NAME: an analysis of the whole solution, by the game's `reports`
 * hook (search/game_report.h). */
static int solve_report(const struct cli_options *o, int threads) {
    char err[GAME_ERROR_BYTES];
    const struct game_reports *r = o->game->reports;
    if (!r || !r->known(o->report))
        return cli_fail("unknown report '%s' for %s (%s)", o->report, o->game->name,
                        r ? r->names : "it has no reports");
    if (o->position || o->moves || o->algo)
        return cli_fail("--report analyses the whole solution: no --position, --moves "
                        "or --algo");
    int status = r->run(o->report, &o->variant, o->db, threads, stdout, err);
    if (status < 0) return cli_fail("%s", err);
    return status ? EXIT_CHECK_FAILED : EXIT_OK;
}

int cmd_solve(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage =
            "kibitz solve <game> [--variant key=value] [--threads N] [--db PATH|none]\n"
            "       kibitz solve <game> --position P [--moves M] [--time S] [--hash "
            "MiB]\n"
            "                    [--iterations NODES] [--algo dfpn]\n"
            "       kibitz solve kerx --variant size=N --pieces K [--memory MiB] "
            "[--threads N]\n"
            "                    [--db DIR]\n"
            "       kibitz solve kulibrat --report cycles|remoteness|start\n"
            "                    [--variant target=N]"
            " [--db PATH|none] [--threads N]",
        .help =
            "Solves the variant by retrograde analysis (tiered backward induction):\n"
            "win, loss or draw for the player to move, with remoteness (moves to the\n"
            "end under best play; a pass is not a move). Prints the start position's\n"
            "value for every variant the solution answers (for Kulibrat: every target\n"
            "up to N), the counts of won, lost and drawn positions, the time, and the\n"
            "best opening move. The database goes to --db (a file when the path ends\n"
            "in .kdb or is an existing file, else a folder, made if missing; 'none'\n"
            "stores nothing), by default $KIBITZ_DATA or ./data, file\n"
            "<game>-<variant>.kdb: 2 bytes per position (Kulibrat target=N: 680 kB\n"
            "per tier, N*N tiers; 6.8 GB for target=100); a folder without room for it\n"
            "is refused before solving. Without --threads every core is used.\n\n"
            "With --position (or --moves, or --algo dfpn, or for a game without\n"
            "solver hooks) one position is proved instead, by df-pn: win, loss or\n"
            "draw for the player to move, the best move, the proof's size, nodes and\n"
            "time. --time and --iterations (nodes) bound it, --hash sizes its table\n"
            "(MiB, default 256); an unfinished proof says so and what it learned.\n"
            "A database answering the variant (--db, or the default folder) answers\n"
            "the leaves it holds. Remoteness is not computed by df-pn.\n\n"
            "Kerx (sizes 3-5): --pieces K builds endgame databases of every material\n"
            "of at most K pieces in all with the Kerx-specific symmetric builder (12\n"
            "board symmetries, 1 byte a position), one checksummed file per pair of\n"
            "tiers in <DIR>/egdb-kerx-<variant>/ (DIR: --db, else $KIBITZ_DATA, else\n"
            "./data); an interrupted build resumes from the finished pairs. --memory\n"
            "refuses a build that needs more. '--algo retro' uses the generic tiered\n"
            "solver instead (tiers-kerx-<variant>/, small sets only). 'kibitz query\n"
            "kerx' and df-pn's leaf probes read them (the symmetric ones first).\n\n"
            "Ctrl-C (SIGINT) or SIGTERM removes the temporary file being written\n"
            "(<file>.tmp.<pid>) and ends kibitz by that signal (status 130 or 143);\n"
            "finished files stay, so a Kerx build resumes and a whole-game solve\n"
            "starts again cleanly.\n\n"
            "Kulibrat: --report cycles finds every winning-cycle board (one side\n"
            "scores again and again, the other cannot break out), mirror images\n"
            "grouped, with the cycle, the points a lap and the distance from the start,\n"
            "and checks it against the solution of target N (every pair of points still\n"
            "needed; from the database when one answers it, else solved in memory);\n"
            "exit 1 if they disagree. --report remoteness prints how many positions are\n"
            "won and lost at each remoteness, --report start the start position's value\n"
            "for every pair of points still needed.\n\n"
            "Under mpirun (a build with MPI) rank 0 hands each tier (Kerx: tier pair)\n"
            "whose children are solved to another rank, which solves it with its\n"
            "--threads; --db must be a folder every rank reaches. --memory (MiB) is\n"
            "then each rank's own budget, given to every rank alike: a tier (or Kerx\n"
            "pair) whose estimate fits no rank is split by index range over the\n"
            "fewest ranks whose share fits, which exchange their updates in batches;\n"
            "one that fits no rank even split over every worker is refused. The\n"
            "files are those of one process; run the same command again to resume\n"
            "(docs/MPI.md).",
        .allowed = OPT_VARIANT | OPT_THREADS | OPT_DB | OPT_QUIET | OPT_JSON |
                   OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_TIME | OPT_HASH |
                   OPT_ITERATIONS | OPT_ALGO | OPT_PIECES | OPT_MEMORY | OPT_REPORT,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    temp_files_install(); /* an interrupt leaves no half-written file */
    const struct game *g = o.game;
    const struct variant *v = &o.variant;
    char err[GAME_ERROR_BYTES];
    if (o.algo && strcmp(o.algo, "dfpn") != 0 && strcmp(o.algo, "retro") != 0)
        return cli_fail("unknown solver '%s' (dfpn, retro)", o.algo);
    int threads = (o.given & OPT_THREADS) ? o.threads : omp_get_num_procs();
    if (threads_reserve(threads, err) != 0) return cli_fail_runtime("%s", err);
    if (o.report) return solve_report(&o, threads);
    if (g->database && o.pieces > 0) {
        struct game_database_build b = {
            .pieces = o.pieces,
            .threads = threads,
            .memory_mib = o.memory_mb > 0 ? (size_t)o.memory_mb : 0,
            .progress = cli_progress_wanted(&o),
            .data = o.db,
            .generic = o.algo && strcmp(o.algo, "retro") == 0,
            .json = o.json,
        };
        if (g->database->build(v, &b, stdout, err) != 0) /* under mpirun rank 0 says it */
            return tier_mpi_worker() ? EXIT_BAD_INPUT : cli_fail("%s", err);
        return EXIT_OK;
    }
    if (o.pieces > 0)
        return cli_fail("--pieces builds a game's own databases; %s has none", g->name);
    bool retro = retro_supported(g, err);
    char why[GAME_ERROR_BYTES];
    if (!retro && !o.position && !o.moves && !o.record && !o.algo &&
        !dfpn_supports(g, why))
        return cli_fail("%s", err);
    if (o.position || o.moves || o.record || (o.algo && strcmp(o.algo, "dfpn") == 0) ||
        (!retro && !(o.algo && strcmp(o.algo, "retro") == 0)))
        return solve_dfpn_run(&o);
    if (!retro) return cli_fail("%s", err);

    _Alignas(8) unsigned char start[GAME_MAX_STATE_BYTES], child[GAME_MAX_STATE_BYTES];
    g->start(v, start);
    if (g->turn(v, start) == TURN_OVER)
        return cli_fail("the start position is already over");

    /* Variants to report (the solved one is last when the game lists them). */
    struct variant *reported = malloc(MAX_REPORTED * sizeof *reported);
    struct solve_run run = {0};
    run.watches = malloc((MAX_REPORTED + (size_t)g->max_moves) * sizeof *run.watches);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *terminal_move = malloc((size_t)g->max_moves * sizeof *terminal_move);
    int *move_watch = malloc((size_t)g->max_moves * sizeof *move_watch);
    if (!reported || !run.watches || !moves || !terminal_move || !move_watch) {
        status = cli_fail_runtime("out of memory");
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
    bool store = !cli_no_database(&o);
    /* Under mpirun only rank 0 writes the database; tiers pass through
     * <database>.tiers/ (search/retro_dist.h). */
    bool worker = tier_mpi_start() > 0;
    if (store) {
        /* An empty --db is a usage error (status 2), refused before solving;
         * a path that cannot take a database is a runtime failure (1). */
        if (o.db && !o.db[0]) {
            status = cli_fail("the database path is empty");
            goto done_reported;
        }
        solver_db_path(g, v, o.db, path, sizeof path);
        snprintf(work, sizeof work, "%s.tiers", path);
    }
    if (store && !worker) {
        status = check_room(path, database_bytes(g, v, g->tier_of(v, start)));
        if (status) goto done_reported;
        if (solver_db_create(&run.db, path, g, v, err) != 0) {
            status = cli_fail_runtime("%s", err);
            goto done_reported;
        }
    }
    run.progress = cli_progress_wanted(&o);
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
                               .memory_mib = o.memory_mb > 0 ? (uint64_t)o.memory_mb : 0};
    struct retro_stats st;
    if (retro_solve(&cfg, &st, err) != 0) {
        solver_db_abort(run.db);
        if (worker) { /* rank 0 says why, once */
            status = EXIT_RUNTIME_FAILURE;
            goto done_reported;
        }
        status = cli_fail_runtime("%s", run.err[0] ? run.err : err);
        goto done_reported;
    }
    double solve_seconds = timer_now() - run.start;
    if (worker) { /* rank 0 reports */
        status = EXIT_OK;
        goto done_reported;
    }
    if (run.db && solver_db_finish(run.db, &st.counts, err) != 0) {
        status = cli_fail_runtime("%s", err);
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
    g->variant_format(v, vtext, sizeof vtext);
    double rate = solve_seconds > 0 ? (double)st.counts.positions / solve_seconds : 0;
    struct stat fst;
    double mb = store && stat(path, &fst) == 0 ? (double)fst.st_size / 1e6 : 0;
    const char *who = g->player_name(v, mover);
    if (o.json) {
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
        kjson_print(doc, stdout);
    } else {
        printf("solved %s %s: %" PRIu64 " tiers, %" PRIu64 " positions\n", g->name, vtext,
               st.tiers, st.counts.positions);
        printf("time %.3f s (%.1f M positions/s, %d thread%s; move graphs %.3f s)%s\n",
               total_seconds, rate / 1e6, threads, threads == 1 ? "" : "s",
               st.graph_seconds, store ? ", database written" : "");
        printf("won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64 ", terminal %" PRIu64
               " (for the player to move; longest win or loss %d moves)\n",
               st.counts.won, st.counts.lost, st.counts.drawn, st.counts.terminal,
               st.counts.max_remoteness);
        if (store) printf("database %s (%.1f MB)\n", path, mb);
        if (st.split_tiers)
            printf("%" PRIu64 " tiers split across MPI ranks (%.1f MB of updates "
                   "exchanged)\n",
                   st.split_tiers, (double)st.exchanged_bytes / 1e6);
        printf("\nstart position of each variant the database answers, for the player "
               "who moves first:\n  %-28s %-6s %s\n",
               "variant", "value", "remoteness");
        for (int i = 0; i < nreported; i++) {
            char rtext[160];
            g->variant_format(&reported[i], rtext, sizeof rtext);
            retro_cell c = reported_watch[i] < 0 ? RETRO_TERMINAL
                                                 : run.watches[reported_watch[i]].cell;
            printf("  %-28s %-6s %d\n", rtext, outcome_word(c), retro_remoteness(c));
        }
        retro_cell best = nmoves ? move_value[order[0]] : RETRO_DRAW;
        int rem = retro_remoteness(best);
        printf("\nverdict (%s): ", vtext);
        if (retro_outcome(best) == RETRO_WIN)
            printf("%s, who moves first, wins in %d moves with perfect play\n", who, rem);
        else if (retro_outcome(best) == RETRO_LOSS)
            printf("%s, who moves first, loses in %d moves with perfect play\n", who,
                   rem);
        else
            printf("a draw with perfect play (neither side can force a win)\n");
        if (nmoves) {
            g->format_move(v, start, moves[order[0]], mtext, sizeof mtext);
            printf("best opening move: %s\nopening moves:", mtext);
            for (int k = 0; k < nmoves; k++) {
                int i = order[k];
                char ctext[32];
                g->format_move(v, start, moves[i], mtext, sizeof mtext);
                if (retro_outcome(move_value[i]) == RETRO_DRAWN)
                    snprintf(ctext, sizeof ctext, "draw");
                else
                    snprintf(ctext, sizeof ctext, "%s in %d", outcome_word(move_value[i]),
                             retro_remoteness(move_value[i]));
                printf(" %s (%s)%s", mtext, ctext, k + 1 < nmoves ? "," : "\n");
            }
        }
    }
    free(move_value);
    free(order);
    status = EXIT_OK;
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
