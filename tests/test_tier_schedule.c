/* The in-process tier scheduler (solve/tier_schedule.h) on random job
 * graphs: every job is solved once, only after every job it needs has
 * finished; `finished` comes in list order within a group; jobs stored by an
 * earlier run are neither solved nor finished but still release the jobs
 * that need them; a lone narrow job and wide jobs get every thread, grouped
 * narrow jobs one each; a failing job stops the run with its message; a
 * loop and a bad need are refused. */
#include "solve/tier_schedule.h"

#include "engine/game.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

enum { JOBS = 60 };

struct record {
    const struct tier_job *jobs;
    int count;
    int solved[JOBS], finished[JOBS], prepared[JOBS];
    bool stored[JOBS];
    int order;           /* finish counter */
    int finish_at[JOBS]; /* when each finished */
    int threads_given[JOBS];
    int fail_job;  /* -1: none */
    bool needs_ok; /* every solve saw its needs finished */
    int last_progress;
};

static bool rec_done(void *ctx, int job) {
    struct record *r = ctx;
    return r->stored[job];
}

static int rec_prepare(void *ctx, int job, char *err) {
    struct record *r = ctx;
    r->prepared[job]++;
    return 0;
}

static int rec_solve(void *ctx, int job, int threads, char *err) {
    struct record *r = ctx;
    for (int k = 0; k < r->jobs[job].needs; k++) {
        int j = r->jobs[job].need[k];
        if (!r->stored[j] && r->finished[j] != 1) r->needs_ok = false;
    }
    __atomic_fetch_add(&r->solved[job], 1, __ATOMIC_RELAXED);
    r->threads_given[job] = threads;
    if (job == r->fail_job) {
        snprintf(err, GAME_ERROR_BYTES, "job %d broke", job);
        return -1;
    }
    return 0;
}

static int rec_finished(void *ctx, int job, double seconds, char *err) {
    struct record *r = ctx;
    r->finished[job]++;
    r->finish_at[job] = r->order++;
    return 0;
}

static void rec_progress(void *ctx, int finished, int total) {
    struct record *r = ctx;
    r->last_progress = finished;
}

/* Jobs needing 0-3 earlier jobs (so no loop), some wide. */
static void random_jobs(struct tier_job *jobs, int count, unsigned seed) {
    srand(seed);
    memset(jobs, 0, (size_t)count * sizeof *jobs);
    for (int i = 0; i < count; i++) {
        jobs[i].id = (uint64_t)i;
        jobs[i].wide = rand() % 7 == 0;
        int n = i ? rand() % 4 : 0;
        for (int k = 0; k < n; k++) {
            int j = rand() % i;
            bool seen = false;
            for (int q = 0; q < jobs[i].needs; q++) seen |= jobs[i].need[q] == j;
            if (!seen) jobs[i].need[jobs[i].needs++] = j;
        }
    }
}

static void reset(struct record *r, const struct tier_job *jobs, int count) {
    memset(r, 0, sizeof *r);
    r->jobs = jobs;
    r->count = count;
    r->fail_job = -1;
    r->needs_ok = true;
}

static int schedule(struct record *r, int threads, struct tier_schedule_stats *st,
                    char *err) {
    struct tier_job_ops ops = {.ctx = r,
                               .done = rec_done,
                               .prepare = rec_prepare,
                               .solve = rec_solve,
                               .finished = rec_finished,
                               .progress = rec_progress};
    struct tier_schedule_config cfg = {.threads = threads};
    return tier_schedule_run(r->jobs, r->count, &ops, &cfg, st, err);
}

static void every_job_once_after_its_needs(void **unused) {
    struct tier_job jobs[JOBS];
    for (unsigned seed = 1; seed <= 20; seed++)
        for (int threads = 1; threads <= 3; threads++) {
            random_jobs(jobs, JOBS, seed);
            struct record r;
            char err[GAME_ERROR_BYTES];
            reset(&r, jobs, JOBS);
            struct tier_schedule_stats st;
            assert_int_equal(schedule(&r, threads, &st, err), 0);
            assert_true(r.needs_ok);
            assert_int_equal(st.solved, JOBS);
            assert_int_equal(r.last_progress, JOBS);
            for (int i = 0; i < JOBS; i++) {
                assert_int_equal(r.solved[i], 1);
                assert_int_equal(r.finished[i], 1);
                assert_int_equal(r.prepared[i], 1);
                for (int k = 0; k < jobs[i].needs; k++)
                    assert_true(r.finish_at[jobs[i].need[k]] < r.finish_at[i]);
                /* Wide jobs get every thread; narrow ones one, or every
                 * thread when they run alone. */
                if (jobs[i].wide)
                    assert_int_equal(r.threads_given[i], threads);
                else
                    assert_true(r.threads_given[i] == 1 || r.threads_given[i] == threads);
            }
        }
}

/* Jobs with no needs form the first group: side by side, one thread each,
 * finished in list order. */
static void a_group_runs_side_by_side(void **unused) {
    struct tier_job jobs[6];
    memset(jobs, 0, sizeof jobs);
    for (int i = 0; i < 5; i++) jobs[i].id = (uint64_t)i;
    jobs[5].needs = 5; /* then one job needing them all: alone */
    for (int i = 0; i < 5; i++) jobs[5].need[i] = i;
    struct record r;
    char err[GAME_ERROR_BYTES];
    reset(&r, jobs, 6);
    assert_int_equal(schedule(&r, 2, NULL, err), 0);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(r.threads_given[i], 1);
        assert_int_equal(r.finish_at[i], i);
    }
    assert_int_equal(r.threads_given[5], 2);
}

static void stored_jobs_are_skipped(void **unused) {
    struct tier_job jobs[JOBS];
    random_jobs(jobs, JOBS, 77);
    struct record r;
    char err[GAME_ERROR_BYTES];
    reset(&r, jobs, JOBS);
    for (int i = 0; i < JOBS; i += 3) r.stored[i] = true;
    struct tier_schedule_stats st;
    assert_int_equal(schedule(&r, 2, &st, err), 0);
    assert_true(r.needs_ok);
    assert_int_equal(st.found_done, (JOBS + 2) / 3);
    assert_int_equal(st.solved, JOBS - (JOBS + 2) / 3);
    for (int i = 0; i < JOBS; i++) {
        assert_int_equal(r.solved[i], r.stored[i] ? 0 : 1);
        assert_int_equal(r.finished[i], r.stored[i] ? 0 : 1);
    }
}

static void a_failure_stops_the_run(void **unused) {
    struct tier_job jobs[JOBS];
    random_jobs(jobs, JOBS, 5);
    struct record r;
    char err[GAME_ERROR_BYTES] = "";
    reset(&r, jobs, JOBS);
    r.fail_job = 10;
    assert_int_equal(schedule(&r, 2, NULL, err), -1);
    assert_string_equal(err, "job 10 broke");
    assert_int_equal(r.finished[10], 0);
    for (int i = 0; i < JOBS; i++)
        for (int k = 0; k < jobs[i].needs; k++)
            if (jobs[i].need[k] == 10) assert_int_equal(r.solved[i], 0);
}

static void loops_and_bad_needs_are_refused(void **unused) {
    struct tier_job jobs[3];
    memset(jobs, 0, sizeof jobs);
    jobs[0].needs = 1;
    jobs[0].need[0] = 1;
    jobs[1].needs = 1;
    jobs[1].need[0] = 0;
    struct record r;
    char err[GAME_ERROR_BYTES] = "";
    reset(&r, jobs, 3);
    assert_int_equal(schedule(&r, 1, NULL, err), -1);
    assert_non_null(strstr(err, "loop"));
    assert_int_equal(r.solved[2], 1); /* the free job ran first */
    jobs[1].need[0] = 7;
    reset(&r, jobs, 3);
    assert_int_equal(schedule(&r, 1, NULL, err), -1);
    assert_non_null(strstr(err, "not there"));
    assert_int_equal(r.solved[2], 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_job_once_after_its_needs),
        cmocka_unit_test(a_group_runs_side_by_side),
        cmocka_unit_test(stored_jobs_are_skipped),
        cmocka_unit_test(a_failure_stops_the_run),
        cmocka_unit_test(loops_and_bad_needs_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
