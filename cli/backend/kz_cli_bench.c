/* The body of `kibitz bench` (cli/backend/kz_cli.h): search speed on the fixed
 * positions of bench/, with a deterministic node-count signature. */
#include "bench/bench_positions.h"
#include "bench/line_latency.h"
#include "cli/backend/kz_cli.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/timer.h"
#include "engine/variant.h"
#include "lib/kz_internal.h"
#include "search/alphabeta.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/perft.h"
#include "search/playout.h"
#include "solve/retro_bench.h"
#include "json/kjson.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

/* The measured workloads. MCTS_ROOT (root parallelism: one tree per thread)
 * runs only with several threads; its speed-up is against one-thread MCTS. */
enum { PERFT, ALPHABETA, PLAYOUTS, MCTS, MCTS_ROOT, KINDS };
static const char *const kind_name[KINDS] = {"perft", "alpha-beta", "playouts", "mcts",
                                             "mcts-root"};
static const char *const kind_json[KINDS] = {"perft_leaves", "ab_nodes", "playout_plies",
                                             "mcts_iterations", "mcts_root_iterations"};

/* Work done and time taken per workload by one game's suite at a number of
 * threads. CPU time (all threads of the process) next to wall time tells
 * the code's scaling apart from a machine busy with other work: on a shared
 * machine N threads may get fewer than N cores. */
struct rates {
    uint64_t work[KINDS]; /* leaves, nodes, plies, iterations */
    double wall[KINDS], cpu[KINDS];
    uint64_t signature; /* alpha-beta nodes + MCTS tree nodes (1 thread) */
};

/* A running measurement of wall and CPU time. */
struct span {
    double wall, cpu;
};

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static struct span span_start(void) {
    return (struct span){timer_now(), cpu_now()};
}

static void span_add(struct rates *r, int kind, struct span from, uint64_t work) {
    r->work[kind] += work;
    r->wall[kind] += timer_now() - from.wall;
    r->cpu[kind] += cpu_now() - from.cpu;
}

/* MCTS on a tree larger than the caches waits on memory, and on a shared
 * (virtual) machine that wait, and the kernel's zeroing of fresh pages,
 * vary from run to run far more than the code's own cost: noise only slows
 * a run down, so the fastest of MCTS_REPEATS runs is the one measured. The
 * searches are identical on one thread (same nodes, same signature). */
enum { MCTS_REPEATS = 3 };

/* Runs `search` MCTS_REPEATS times on `limits` and adds the fastest run to
 * `kind` of `out`; `res` holds the last run's result with the fastest
 * run's seconds. Non-zero on an error. */
static int time_mcts(const struct game *g, const struct variant *v, const void *s,
                     const struct mcts_limits *limits, struct mcts_result *res,
                     struct rates *out, int kind, char *err) {
    struct span best = {0, 0};
    for (int rep = 0; rep < MCTS_REPEATS; rep++) {
        struct span t0 = span_start();
        int bad = (g->flags & GAME_HAS_HIDDEN) ? ismcts_search(g, v, s, limits, res, err)
                                               : mcts_search(g, v, s, limits, res, err);
        if (bad) return bad;
        struct span took = {timer_now() - t0.wall, cpu_now() - t0.cpu};
        if (rep == 0 || took.wall < best.wall) best = took;
    }
    res->seconds = best.wall;
    out->work[kind] += (uint64_t)res->iterations;
    out->wall[kind] += best.wall;
    out->cpu[kind] += best.cpu;
    return 0;
}

static double rate(uint64_t n, double s) {
    return s > 0 ? (double)n / s : 0;
}

static uint64_t run_playouts(const struct game *g, const struct variant *v,
                             const void *start, long count, int threads) {
    uint64_t plies = 0;
#pragma omp parallel num_threads(threads) reduction(+ : plies)
    {
        struct rng r;
        rng_seed(&r, 1 + (uint64_t)omp_get_thread_num());
        double ret[GAME_MAX_PLAYERS];
#pragma omp for schedule(static)
        for (long i = 0; i < count; i++) {
            unsigned char s[GAME_MAX_STATE_BYTES];
            memcpy(s, start, g->state_size);
            plies += (uint64_t)playout_run(g, v, s, &r, 1000, ret);
        }
    }
    return plies;
}

/* One suite at `threads`; per-position lines when `verbose` (and objects
 * appended to the array `json` when not NULL). Returns -1 on a bad suite
 * entry (a message is printed). */
static int run_suite(const struct bench_suite *suite, const struct game *g, int threads,
                     int hash_mb, bool verbose, struct rates *out, json_t *json,
                     FILE *text, char *failure) {
    memset(out, 0, sizeof *out);
    struct tt tt;
    if (tt_init(&tt, (size_t)hash_mb))
        return kz_fail(failure, KZ_CLI_ERROR_BYTES, -1, "not enough memory for --hash");
    char err[GAME_ERROR_BYTES];
    for (const struct bench_position *p = suite->positions; p->variant; p++) {
        struct variant v;
        variant_init(g, &v);
        unsigned char s[GAME_MAX_STATE_BYTES] = {0};
        if ((*p->variant && variant_parse(g, &v, p->variant, err)) ||
            (p->position ? g->parse_position(&v, p->position, s, err)
                         : (g->start(&v, s), 0))) {
            tt_free(&tt);
            return kz_fail(failure, KZ_CLI_ERROR_BYTES, -1, "bench position of %s: %s",
                           g->name, err);
        }
        tt_clear(&tt);
        struct ab_limits al = {.depth = suite->ab_depth, .threads = threads};
        struct ab_result *ar = malloc(sizeof *ar);
        struct mcts_result *mr = malloc(sizeof *mr);
        struct mcts_limits ml = {
            .iterations = suite->mcts_iterations, .threads = threads, .seed = 1};
        memset(ar, 0, sizeof *ar);
        struct span t0 = span_start();
        int bad = suite->ab_depth > 0 && ab_search(g, &v, s, &al, &tt, ar, err);
        if (!bad && suite->ab_depth > 0) span_add(out, ALPHABETA, t0, ar->nodes);
        bad = bad || time_mcts(g, &v, s, &ml, mr, out, MCTS, err);
        if (!bad && threads > 1 && !(g->flags & GAME_HAS_HIDDEN)) {
            /* The same budget with one tree per thread, for comparison. */
            struct mcts_result *rr = malloc(sizeof *rr);
            struct mcts_limits rl = ml;
            rl.root_parallel = true;
            bad = time_mcts(g, &v, s, &rl, rr, out, MCTS_ROOT, err);
            free(rr);
        }
        if (!bad) {
            const char *where = p->position ? p->position : "start";
            if (verbose)
                fprintf(text,
                        "  %-28s %-9s ab %10" PRIu64 " nodes %6.2f M/s   mcts %7ld it "
                        "%7.0f it/s %9" PRIu64 " tree nodes\n",
                        where, *p->variant ? p->variant : "default", ar->nodes,
                        rate(ar->nodes, ar->seconds) / 1e6, mr->iterations,
                        rate((uint64_t)mr->iterations, mr->seconds), mr->nodes);
            if (json && verbose)
                json_array_append_new(
                    json, json_pack("{s:s,s:o,s:s,s:I,s:f,s:I,s:I,s:f}", "game", g->name,
                                    "variant", kjson_variant(g, &v), "position", where,
                                    "ab_nodes", (json_int_t)ar->nodes, "ab_nps",
                                    rate(ar->nodes, ar->seconds), "mcts_iterations",
                                    (json_int_t)mr->iterations, "mcts_tree_nodes",
                                    (json_int_t)mr->nodes, "mcts_ips",
                                    rate((uint64_t)mr->iterations, mr->seconds)));
            out->signature += ar->nodes + mr->nodes;
        }
        free(ar);
        free(mr);
        if (bad) {
            tt_free(&tt);
            return kz_fail(failure, KZ_CLI_ERROR_BYTES, -1, "%s", err);
        }
    }
    tt_free(&tt);
    struct variant v;
    variant_init(g, &v);
    unsigned char start[GAME_MAX_STATE_BYTES] = {0};
    g->start(&v, start);
    struct span t0 = span_start();
    uint64_t leaves =
        perft_parallel(g, &v, start, suite->perft_depth, threads, NULL, NULL, NULL);
    span_add(out, PERFT, t0, leaves);
    t0 = span_start();
    uint64_t plies = run_playouts(g, &v, start, suite->playouts, threads);
    span_add(out, PLAYOUTS, t0, plies);
    return 0;
}

/* Work per second of wall time, or per second of CPU time (`cpu`): on a
 * machine shared with other work a thread can wait for a core, and CPU time
 * leaves that wait out. */
static void print_rates(FILE *text, const char *label, const struct rates *r, bool cpu) {
    const double *t = cpu ? r->cpu : r->wall;
    fprintf(
        text,
        "  %-10s perft %7.1f M leaves/s  alpha-beta %6.2f M nodes/s  playouts %6.1f M "
        "plies/s  mcts %8.0f iterations/s",
        label, rate(r->work[PERFT], t[PERFT]) / 1e6,
        rate(r->work[ALPHABETA], t[ALPHABETA]) / 1e6,
        rate(r->work[PLAYOUTS], t[PLAYOUTS]) / 1e6, rate(r->work[MCTS], t[MCTS]));
    if (r->work[MCTS_ROOT])
        fprintf(text, "  mcts-root %8.0f iterations/s",
                rate(r->work[MCTS_ROOT], t[MCTS_ROOT]));
    fprintf(text, "\n");
}

/* Speed-up by wall time; cores the run actually got (CPU / wall time); and
 * the work per CPU-second against one thread, which stays near 1 when the
 * code scales whatever else runs on the machine (then the speed-up on an
 * idle machine is about threads x this). */
static void print_scaling(FILE *text, const struct rates *one, const struct rates *many) {
    const char *label[3] = {"speed-up", "cores used", "efficiency"};
    for (int line = 0; line < 3; line++) {
        fprintf(text, "  %-10s", label[line]);
        for (int k = 0; k < KINDS; k++) {
            if (!many->work[k]) continue;
            /* Root parallelism is compared with MCTS on one thread. */
            const int b = k == MCTS_ROOT ? MCTS : k;
            double x =
                line == 0 ? rate(many->work[k], many->wall[k]) /
                                rate(one->work[b], one->wall[b])
                : line == 1
                    ? (many->wall[k] > 0 ? many->cpu[k] / many->wall[k] : 0)
                    : rate(many->work[k], many->cpu[k]) / rate(one->work[b], one->cpu[b]);
            fprintf(text, " %s %.2f ", kind_name[k], x);
        }
        fprintf(text, "\n");
    }
}

static json_t *json_rates(const struct rates *r) {
    json_t *obj = json_object();
    char key[64];
    for (int k = 0; k < KINDS; k++)
        if (k < MCTS_ROOT || r->work[k]) {
            snprintf(key, sizeof key, "%s_per_s", kind_json[k]);
            json_object_set_new(obj, key, json_real(rate(r->work[k], r->wall[k])));
            snprintf(key, sizeof key, "%s_per_cpu_s", kind_json[k]);
            json_object_set_new(obj, key, json_real(rate(r->work[k], r->cpu[k])));
        }
    return obj;
}

int kz_cli_bench_check(const char *name, char *err) {
    char gerr[GAME_ERROR_BYTES];
    const struct game *g = registry_find(name, gerr);
    if (!g) return FAIL(KZ_EINVAL, "%s", gerr);
    if (!g->bench) return FAIL(KZ_EINVAL, "no bench positions for '%s' yet", name);
    return KZ_OK;
}

/* The suite again on `threads` threads, its speed-up over `one`, and the
 * cache line's round trip before and after (trip[0], trip[1]). 0, or -1
 * with err. */
static int bench_threads(const struct bench_suite *s, const struct game *g, int threads,
                         int hash_mib, const struct rates *one, struct rates *many,
                         double trip[2], FILE *text, char *err) {
    trip[0] = line_round_trip_ns();
    if (run_suite(s, g, threads, hash_mib, false, many, NULL, text, err)) return -1;
    char label[32];
    snprintf(label, sizeof label, "%d threads", threads);
    print_rates(text, label, many, false);
    print_scaling(text, one, many);
    trip[1] = line_round_trip_ns();
    if (trip[0] > 0 && trip[1] > 0)
        fprintf(text,
                "  round trip of a cache line between two threads: %.0f ns before, "
                "%.0f ns after (shared trees and tables scale worse when it is "
                "high)\n",
                trip[0], trip[1]);
    return 0;
}

/* One game's bench: its suite on one thread (its signature added to
 * *signature), on `threads`, and its solver; its entry appended to
 * game_list when JSON is wanted. KZ_OK, or KZ_EINVAL with err. */
static int bench_game(const struct game *g, int threads, int hash_mib, json_t *positions,
                      json_t *game_list, FILE *text, uint64_t *signature, char *err) {
    const struct bench_suite *s = g->bench;
    fprintf(text,
            "%s (alpha-beta depth %d, mcts %ld iterations, perft depth %d, %ld "
            "playouts)\n",
            g->name, s->ab_depth, s->mcts_iterations, s->perft_depth, s->playouts);
    struct rates one, many;
    if (run_suite(s, g, 1, hash_mib, true, &one, positions, text, err)) return KZ_EINVAL;
    /* Only the one-thread run counts: Lazy SMP and tree parallelism are not
     * deterministic. */
    *signature += one.signature;
    print_rates(text, "1 thread", &one, false);
    print_rates(text, "per CPU-s", &one, true);
    double trip[2] = {0, 0};
    if (threads > 1 &&
        bench_threads(s, g, threads, hash_mib, &one, &many, trip, text, err) != 0)
        return KZ_EINVAL;
    struct retro_stats solved;
    char gerr[GAME_ERROR_BYTES];
    bool have_solver = g->tier_of && retro_bench(g, threads, &solved, gerr) == 0;
    if (have_solver) {
        fprintf(text,
                "  solver     default variant: %" PRIu64 " positions in %.3f s, %.1f M "
                "positions/s (%d thread%s)\n",
                solved.counts.positions, solved.seconds,
                rate(solved.counts.positions, solved.seconds) / 1e6, threads,
                threads == 1 ? "" : "s");
    }
    if (!game_list) return KZ_OK;
    json_t *entry =
        json_pack("{s:s,s:o}", "game", g->name, "one_thread", json_rates(&one));
    if (threads > 1) {
        json_object_set_new(entry, "threads", json_rates(&many));
        json_object_set_new(entry, "line_round_trip_ns",
                            json_pack("{s:f,s:f}", "before", trip[0], "after", trip[1]));
    }
    if (have_solver)
        json_object_set_new(entry, "solver_positions_per_s",
                            json_real(rate(solved.counts.positions, solved.seconds)));
    json_array_append_new(game_list, entry);
    return KZ_OK;
}

int kz_cli_bench(const char *const *names, int count, int threads, int hash_mib,
                 FILE *text, char **json_text, char *err) {
    json_t *doc = NULL, *positions = NULL, *game_list = NULL;
    if (json_text) {
        *json_text = NULL;
        doc = kjson_document("bench");
        json_object_set_new(doc, "threads", json_integer(threads));
        positions = json_array(), game_list = json_array();
        json_object_set_new(doc, "positions", positions);
        json_object_set_new(doc, "games", game_list);
    }
    if (hash_mib <= 0) hash_mib = TT_DEFAULT_MIB;
    int status = KZ_OK;
    uint64_t signature = 0;
    int ngames;
    const struct game *const *games = registry_games(&ngames);
    for (int k = 0; k < ngames && status == 0; k++) {
        const struct game *g = games[k];
        bool wanted = count == 0;
        for (int i = 0; i < count; i++) wanted |= strcmp(g->name, names[i]) == 0;
        if (!g->bench || !wanted) continue;
        status =
            bench_game(g, threads, hash_mib, positions, game_list, text, &signature, err);
    }
    if (status == 0) fprintf(text, "signature %" PRIu64 "\n", signature);
    if (doc) {
        json_object_set_new(doc, "signature", json_integer((json_int_t)signature));
        *json_text = kjson_text(doc);
        json_decref(doc);
    }
    return status;
}
