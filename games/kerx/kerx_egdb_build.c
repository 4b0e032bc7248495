/* The Kerx endgame database build: which pairs, the memory estimate,
 * resume from finished files, and totals. Each pair is solved by
 * kerx_egdb_pair.c. */
#include "games/kerx/kerx_egdb_set.h"
#include "solve/solver_db.h"
#include "solve/tier_mpi.h"
#include "solve/tier_schedule.h"

#include "engine/timer.h"

#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct pair_id {
    int a, b;
};

/* One build: the pairs as tier jobs (tier_schedule.h). */
struct build_run {
    struct kerx_egdb *db;
    const struct kerx_egdb_build *b;
    struct kerx_egdb_stats *st;
    const struct pair_id *pairs;
    const struct tier_job *jobs;
    int count;
    uint64_t parallel_from;
};

static uint64_t pair_entries(const struct kerx_egdb *db, int x, int y) {
    return db->index[x][y].size + (x == y ? 0 : db->index[y][x].size);
}

/* The job of pair (a, b) after a capture by either side, or -1 when that
 * material is over by rule (or absent). */
static int job_of(const struct build_run *run, int a, int b) {
    if (a < b) {
        int t = a;
        a = b;
        b = t;
    }
    for (int i = 0; i < run->count; i++)
        if (run->pairs[i].a == a && run->pairs[i].b == b) return i;
    return -1;
}

/* The pairs a capture sequence from pair (x, y) can lead to: one or more
 * pieces fewer on the side that did not move (chains take several), as
 * jobs, into `out` (room for KERX_EG_SIDE * 2); returns the count. */
static int pair_needs(const struct build_run *run, int x, int y, int *out) {
    int n = 0;
    for (int s = 0; s < 2; s++) {
        int keep = s ? y : x, lose = s ? x : y;
        for (int left = lose - 1; left >= 1; left--) {
            int j = job_of(run, keep, left);
            bool seen = false;
            for (int q = 0; q < n; q++) seen |= out[q] == j;
            if (j >= 0 && !seen) out[n++] = j;
        }
    }
    return n;
}

/* Working bytes an entry while solving: 1 in the shared layout, 3 when
 * each counter has 2 bytes of its own (kerx_egdb_pair.c, "Memory"). */
static uint64_t entry_bytes(const struct kerx_egdb_build *b) {
    return b->layout == KERX_LAYOUT_WIDE ? 3 : 1;
}

/* A pair needs the pairs its captures lead to. Memory: its working bytes,
 * the values of those pairs and the index tables. */
static int pair_jobs(const struct build_run *run, struct tier_job *jobs, uint64_t tables,
                     char *err) {
    for (int i = 0; i < run->count; i++) {
        int x = run->pairs[i].a, y = run->pairs[i].b;
        struct tier_job *j = &jobs[i];
        memset(j, 0, sizeof *j);
        j->id = (uint64_t)x << 8 | (uint64_t)y;
        uint64_t entries = pair_entries(run->db, x, y);
        j->bytes = entry_bytes(run->b) * entries + tables;
        j->wide = entries >= run->parallel_from;
        int need[2 * KERX_EG_SIDE];
        j->needs = pair_needs(run, x, y, need);
        if (j->needs > TIER_JOB_MAX_NEEDS) {
            snprintf(err, GAME_ERROR_BYTES,
                     "pair %d+%d rests on %d lower pairs, more than the scheduler's %d",
                     x, y, j->needs, TIER_JOB_MAX_NEEDS);
            return -1;
        }
        for (int k = 0; k < j->needs; k++) {
            j->need[k] = need[k];
            j->bytes +=
                pair_entries(run->db, run->pairs[need[k]].a, run->pairs[need[k]].b);
        }
    }
    return 0;
}

/* Resume: a finished file that opens and verifies is kept. */
static bool pair_done(void *ctx, int job) {
    struct build_run *run = ctx;
    int x = run->pairs[job].a, y = run->pairs[job].b;
    char path[KERX_EGDB_PATH_BYTES + 32], why[GAME_ERROR_BYTES];
    kerx_egdb_pair_path(run->db, x, y, path, sizeof path);
    if (access(path, F_OK) != 0) return false;
    /* A file of the old format is checked whole while it is rewritten in
     * the current one (kerx_egdb_file.h), then opened again; a current one
     * is checked block by block now, since the pairs built on it read it
     * all anyway. */
    const struct kerx_egdb_file *f = &run->db->file[x][y];
    bool upgraded = false;
    int opened = kerx_egdb_add(run->db, x, y, why);
    if (opened == 0 && f->version != KERX_EGDB_VERSION) {
        opened = kerx_egdb_file_upgrade(f, run->db->size, run->db->drawat, x, y, why);
        if (opened == 0) opened = kerx_egdb_add(run->db, x, y, why);
        upgraded = opened == 0;
    }
    if (opened == 0 && !upgraded) opened = kerx_egdb_file_verify(f, why);
    if (opened == 0) {
        run->st->pairs_loaded++;
        run->st->pairs_upgraded += upgraded;
        if (run->b->progress)
            fprintf(stderr, "kerx egdb %d+%d: finished earlier, read back%s\n", x, y,
                    upgraded ? " and upgraded to file format 2" : "");
        return true;
    }
    /* Said even with --quiet: a finished file was thrown away. */
    fprintf(
        stderr,
        "kibitz: kerx egdb %d+%d: the finished file was refused (%s); rebuilding it\n", x,
        y, why);
    return false;
}

/* The options of one pair's solve from the build's. */
static struct kerx_pair_opts pair_opts(const struct kerx_egdb_build *b, int threads,
                                       bool progress, const struct tier_part *part) {
    struct kerx_pair_opts o = {
        .threads = threads,
        .progress = progress,
        .shared = b->layout != KERX_LAYOUT_WIDE,
        .checkpoint_every = b->checkpoint_every == 0  ? KERX_CHECKPOINT_SECONDS
                            : b->checkpoint_every < 0 ? 0
                                                      : b->checkpoint_every,
        .stop_before_level = b->stop_before_level ? b->stop_before_level : -1,
        .part = part};
    return o;
}

/* Solve one pair and write its file. On an MPI worker the pairs it needs
 * were written by other ranks: open them first (in one process they are
 * open already, so parallel solves only read the set). */
static int pair_solve(void *ctx, int job, int threads, char *err) {
    struct build_run *run = ctx;
    int x = run->pairs[job].a, y = run->pairs[job].b;
    int need[2 * KERX_EG_SIDE], needs = pair_needs(run, x, y, need);
    for (int k = 0; k < needs; k++) {
        int a = run->pairs[need[k]].a, c = run->pairs[need[k]].b;
        if (!run->db->file[a][c].map && kerx_egdb_add(run->db, a, c, err) != 0) return -1;
    }
    char path[KERX_EGDB_PATH_BYTES + 32];
    kerx_egdb_pair_path(run->db, x, y, path, sizeof path);
    int team = pair_entries(run->db, x, y) < run->parallel_from ? 1 : threads;
    bool progress = run->b->progress && !tier_mpi_worker();
    struct kerx_pair_opts o = pair_opts(run->b, team, progress, NULL);
    int r = kerx_egdb_pair_build(run->db, x, y, &o, path, err);
    if (r == KERX_EGDB_TOO_DEEP && run->b->layout == KERX_LAYOUT_AUTO) {
        if (run->b->progress)
            fprintf(stderr, "kerx egdb %d+%d: %s; solving it again in 3 bytes an entry\n",
                    x, y, err);
        o.shared = false;
        r = kerx_egdb_pair_build(run->db, x, y, &o, path, err);
    }
    if (o.resumed) __atomic_fetch_add(&run->st->pairs_resumed, 1, __ATOMIC_RELAXED);
    return r == 0 ? 0 : -1;
}

/* Split over `parts` ranks: the largest share of the working bytes, plus
 * what every part holds (the pairs it needs, the index tables), plus at
 * part 0 a 64 MiB buffer for the values streaming in to the file, plus
 * about a byte an entry of the share for the updates to other parts (not
 * a bound: it depends on how many un-moves cross the parts at the busiest
 * level). */
static uint64_t pair_part_bytes(void *ctx, int job, int parts) {
    struct build_run *run = ctx;
    int x = run->pairs[job].a, y = run->pairs[job].b;
    uint64_t entries = pair_entries(run->db, x, y), share = (entries + parts - 1) / parts;
    uint64_t stream = share < (UINT64_C(1) << 26) ? share : UINT64_C(1) << 26;
    uint64_t per = entry_bytes(run->b);
    return run->jobs[job].bytes - per * entries + (per + 1) * share + stream;
}

static int pair_solve_part(void *ctx, int job, int threads, const struct tier_part *part,
                           char *err) {
    struct build_run *run = ctx;
    int x = run->pairs[job].a, y = run->pairs[job].b;
    int need[2 * KERX_EG_SIDE], needs = pair_needs(run, x, y, need);
    for (int k = 0; k < needs; k++) {
        int a = run->pairs[need[k]].a, c = run->pairs[need[k]].b;
        if (!run->db->file[a][c].map && kerx_egdb_add(run->db, a, c, err) != 0) return -1;
    }
    char path[KERX_EGDB_PATH_BYTES + 32];
    kerx_egdb_pair_path(run->db, x, y, path, sizeof path);
    struct kerx_pair_opts o = pair_opts(run->b, threads, false, part);
    int r = kerx_egdb_pair_build(run->db, x, y, &o, path, err);
    if (r == KERX_EGDB_TOO_DEEP && run->b->layout == KERX_LAYOUT_AUTO) {
        o.shared = false;
        r = kerx_egdb_pair_build(run->db, x, y, &o, path, err);
    }
    return r == 0 ? 0 : -1;
}

static int pair_finished(void *ctx, int job, double seconds, char *err) {
    struct build_run *run = ctx;
    int x = run->pairs[job].a, y = run->pairs[job].b;
    if (kerx_egdb_add(run->db, x, y, err) != 0) return -1;
    run->st->solved_positions += pair_entries(run->db, x, y);
    if (run->b->progress) {
        const struct kerx_egdb_counts *c = &run->db->file[x][y].counts;
        fprintf(stderr,
                "kerx egdb %d+%d: %" PRIu64 " positions (won %" PRIu64 ", lost %" PRIu64
                ", drawn %" PRIu64 ", longest %d) in %.1f s\n",
                x, y, c->positions, c->won, c->lost, c->drawn, c->max_remoteness,
                seconds);
    }
    return 0;
}

int kerx_egdb_max_pieces(int size) {
    if (size < KERX_MIN_SIZE || size > KERX_SYM_MAX_SIZE) return 0;
    const struct kerx_geom *g = &kerx_geoms[size - KERX_MIN_SIZE];
    return 2 *
           (__builtin_popcountll(g->start[0][0]) + __builtin_popcountll(g->start[0][1]));
}

/* Pairs to build, by increasing total: no side with more pieces than it
 * starts with (such a material never occurs). -1 with err when a side
 * would need more than the index holds. */
static int pair_list(const struct kerx_egdb *db, int pieces, struct pair_id *out,
                     char *err) {
    int side_max = kerx_egdb_max_pieces(db->size) / 2, n = 0;
    for (int total = 2; total <= pieces; total++)
        for (int a = total - 1; 2 * a >= total; a--) {
            int b = total - a;
            if (b < 1 || a > side_max || kerx_egdb_over(db, a, b)) continue;
            if (a > KERX_EGDB_MAX_SIDE) {
                snprintf(err, GAME_ERROR_BYTES,
                         "material %d+%d is beyond the database index (at most %d "
                         "pieces a side)",
                         a, b, KERX_EGDB_MAX_SIDE);
                return -1;
            }
            out[n++] = (struct pair_id){a, b};
        }
    return n;
}

/* Memory: at the worst pair, its working bytes (entry_bytes an entry) and
 * the values of every pair of fewer pieces (mapped while it reads the
 * ones its captures reach: an upper bound), plus the index tables (made
 * here, before any work). Sets st->need_bytes, *largest (the largest
 * pair's entries) and *tables. 0, or -1 with err. */
static int measure_need(struct kerx_egdb *db, const struct kerx_egdb_build *b,
                        const struct pair_id *pairs, int npairs,
                        struct kerx_egdb_stats *st, uint64_t *largest, uint64_t *tables,
                        char *err) {
    uint64_t lower = 0, this_total = 0, worst = 0; /* pairs come by increasing total */
    int total = 0;
    bool table_seen[KERX_EG_SIDE] = {false};
    *largest = *tables = 0;
    for (int i = 0; i < npairs; i++) {
        int x = pairs[i].a, y = pairs[i].b;
        if (kerx_egdb_tier(db, x, y, err) != 0 || kerx_egdb_tier(db, y, x, err) != 0)
            return -1;
        uint64_t n = db->index[x][y].size + (x == y ? 0 : db->index[y][x].size);
        if (x + y != total) {
            lower += this_total;
            this_total = 0;
            total = x + y;
        }
        this_total += n;
        if (n > *largest) *largest = n;
        if (entry_bytes(b) * n + lower > worst) worst = entry_bytes(b) * n + lower;
        for (int s = 0; s < 2; s++) {
            int m = s ? y : x;
            if (table_seen[m]) continue;
            table_seen[m] = true;
            const struct kerx_movers *mv = db->index[m][m == x ? y : x].mv;
            *tables += (mv->slot_of ? kerx_binom(db->g->cells, m) * 4 : 0) +
                       (uint64_t)mv->count * 10;
        }
    }
    st->need_bytes = (size_t)(worst + *tables);
    return 0;
}

/* The mover-table file of every m on a side of the pairs with at least
 * `from` m-sets, when missing or refused (damaged, foreign: named on
 * stderr), from the tables measure_need made. 0, or -1 with err. */
static int write_movers_files(struct kerx_egdb *db, const struct pair_id *pairs,
                              int npairs, uint64_t from, bool progress,
                              struct kerx_egdb_stats *st, char *err) {
    bool seen[KERX_EG_SIDE] = {false};
    for (int i = 0; i < npairs; i++)
        for (int s = 0; s < 2; s++) {
            int m = s ? pairs[i].b : pairs[i].a, o = s ? pairs[i].a : pairs[i].b;
            if (seen[m] || kerx_binom(db->g->cells, m) < from) continue;
            seen[m] = true;
            char path[KERX_EGDB_PATH_BYTES + 32], why[GAME_ERROR_BYTES];
            kerx_movers_path(db->folder, m, path, sizeof path);
            struct kerx_movers_file f;
            struct stat fs;
            if (stat(path, &fs) == 0) {
                int bad = kerx_movers_file_open(&f, path, db->size, m, why) != 0 ||
                          kerx_movers_file_verify(&f, why) != 0;
                kerx_movers_file_close(&f);
                if (!bad) continue;
                /* Said even with --quiet: a file was thrown away. */
                fprintf(stderr, "kibitz: kerx egdb: %s; writing it again\n", why);
            }
            double t0 = timer_now();
            if (kerx_movers_file_write(path, db->index[m][o].mv, 0, err) != 0) return -1;
            st->movers_written++;
            if (progress)
                fprintf(stderr, "kerx egdb: mover table of %d pieces, %u sets, %.1f s\n",
                        m, db->index[m][o].mv->count, timer_now() - t0);
        }
    return 0;
}

/* The compact win/draw/loss file of every pair that lacks one; their sizes
 * and time into st. 0, or -1 with err. */
static int write_wdl_files(struct kerx_egdb *db, const struct pair_id *pairs, int npairs,
                           bool progress, struct kerx_egdb_stats *st, char *err) {
    double w0 = timer_now();
    for (int i = 0; i < npairs; i++) {
        int x = pairs[i].a, y = pairs[i].b;
        char path[KERX_EGDB_PATH_BYTES + 32];
        kerx_wdl_pair_path(db, x, y, path, sizeof path);
        struct stat fs;
        if (stat(path, &fs) != 0) {
            double p0 = timer_now();
            if (kerx_wdl_pair_write(db, x, y, err) != 0 || stat(path, &fs) != 0)
                return -1;
            st->wdl_written++;
            if (progress)
                fprintf(stderr, "kerx egdb %d+%d: win/draw/loss file, %.1f MB, %.1f s\n",
                        x, y, (double)fs.st_size / 1e6, timer_now() - p0);
        }
        st->wdl_bytes += (uint64_t)fs.st_size;
    }
    st->wdl_seconds = timer_now() - w0;
    return 0;
}

/* The pairs' counts and file sizes, summed into st. */
static void sum_pairs(const struct kerx_egdb *db, const struct pair_id *pairs, int npairs,
                      struct kerx_egdb_stats *st) {
    for (int i = 0; i < npairs; i++) {
        const struct kerx_egdb_file *f = &db->file[pairs[i].a][pairs[i].b];
        st->counts.positions += f->counts.positions;
        st->counts.won += f->counts.won;
        st->counts.lost += f->counts.lost;
        st->counts.drawn += f->counts.drawn;
        st->counts.holes += f->counts.holes;
        if (f->counts.max_remoteness > st->counts.max_remoteness)
            st->counts.max_remoteness = f->counts.max_remoteness;
        st->bytes_on_disk += f->bytes;
    }
}

/* Solve the pairs as jobs of the tier scheduler (over MPI ranks under
 * mpirun). 0, or -1 with err. */
static int schedule_pairs(struct kerx_egdb *db, const struct kerx_egdb_build *b,
                          struct pair_id *pairs, int npairs, uint64_t tables,
                          struct kerx_egdb_stats *st, char *err) {
    int threads = b->threads > 0 ? b->threads : omp_get_max_threads();
    struct tier_job jobs[KERX_EG_SIDE * KERX_EG_SIDE];
    struct build_run run = {.db = db,
                            .b = b,
                            .st = st,
                            .pairs = pairs,
                            .count = npairs,
                            .parallel_from = b->parallel_from ? b->parallel_from
                                                              : (UINT64_C(1) << 22)};
    if (pair_jobs(&run, jobs, tables, err) != 0) return -1;
    run.jobs = jobs;
    struct tier_job_ops ops = {.ctx = &run,
                               .done = pair_done,
                               .solve = pair_solve,
                               .finished = pair_finished,
                               .part_bytes = pair_part_bytes,
                               .solve_part = pair_solve_part};
    struct tier_schedule_config cfg = {.threads = threads,
                                       .memory_bytes = (uint64_t)b->memory_mib * 1048576};
    struct tier_schedule_stats ss;
    if (tier_schedule_run(jobs, npairs, &ops, &cfg, &ss, err) != 0) return -1;
    st->pairs_split = ss.split;
    st->bytes_exchanged = ss.exchanged_bytes;
    return 0;
}

int kerx_egdb_build(const struct variant *v, const struct kerx_egdb_build *b,
                    struct kerx_egdb_stats *st, char *err) {
    memset(st, 0, sizeof *st);
    tier_mpi_start(); /* a no-op without mpirun */
    struct kerx_egdb *db = kerx_egdb_new(v, b->folder, err);
    if (!db) return -1;
    int status = -1, most = kerx_egdb_max_pieces(db->size);
    if (b->pieces < 2 || b->pieces > most) {
        snprintf(err, GAME_ERROR_BYTES,
                 "--pieces must be 2..%d on size %d (%d: every material of the game)",
                 most, db->size, most);
        goto done;
    }
    struct pair_id pairs[KERX_EG_SIDE * KERX_EG_SIDE];
    int npairs = pair_list(db, b->pieces, pairs, err);
    if (npairs < 0) goto done;
    if (npairs == 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "every material of at most %d pieces is over by rule (drawat %d)",
                 b->pieces, db->drawat);
        goto done;
    }
    status = -2; /* from here on a failure is the machine's, not the input's */
    st->pairs = npairs;
    uint64_t largest, tables;
    if (measure_need(db, b, pairs, npairs, st, &largest, &tables, err) != 0) goto done;
    /* Under MPI each rank's budget is checked pair by pair instead. */
    if (b->memory_mib && !b->movers_only && st->need_bytes > b->memory_mib * 1048576 &&
        tier_mpi_ranks() == 1) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the build needs about %.0f MiB (largest pair %" PRIu64
                 " positions, %d byte%s each while solving), more than --memory %zu",
                 (double)st->need_bytes / 1048576.0, largest, (int)entry_bytes(b),
                 entry_bytes(b) == 1 ? "" : "s", b->memory_mib);
        goto done;
    }
    if (solver_db_make_folders(db->folder, err) != 0) goto done;
    /* Before the pairs, so that the tables serve queries of the pairs
     * finished while a long build goes on. */
    uint64_t movers_from = b->movers_from ? b->movers_from : KERX_MOVERS_FILE_SETS;
    if (!tier_mpi_worker() &&
        write_movers_files(db, pairs, npairs, movers_from, b->progress, st, err) != 0)
        goto done;
    if (b->movers_only) {
        status = 0;
        goto done;
    }
    double t0 = timer_now();
    if (schedule_pairs(db, b, pairs, npairs, tables, st, err) != 0) goto done;
    if (tier_mpi_worker()) { /* rank 0 reports */
        status = 0;
        goto done;
    }
    /* Under MPI the pairs were written by other ranks: read them back. */
    for (int i = 0; i < npairs; i++)
        if (!db->file[pairs[i].a][pairs[i].b].map &&
            kerx_egdb_add(db, pairs[i].a, pairs[i].b, err) != 0)
            goto done;
    st->seconds = timer_now() - t0;
    if (write_wdl_files(db, pairs, npairs, b->progress, st, err) != 0) goto done;
    sum_pairs(db, pairs, npairs, st);
    status = 0;
done:
    kerx_egdb_close(db);
    return status;
}
