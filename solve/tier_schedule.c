/* The in-process side of the tier scheduler (tier_schedule.h), and the
 * choice between it and MPI (tier_mpi.c).
 *
 * In one process jobs run in groups: a group is every job whose needs are
 * met, so a group's jobs are independent (for Kulibrat, an anti-diagonal of
 * score tiers). Its wide jobs run one after another on every thread; the
 * others run side by side, one thread each, handed out one at a time so a
 * thread that finishes a small job takes the next. A lone job gets every
 * thread. Groups keep `finished` in list order, so a caller that streams
 * results into one file writes them in the same order as before. */
#include "solve/tier_schedule.h"
#include "solve/tier_mpi.h"

#include "engine/game.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Run one group of independent jobs: wide jobs (and a lone narrow one) on
 * every thread in order, the narrow ones side by side, one thread each.
 * Each job's time goes to seconds[job]. 0, or -1 with err. */
static int run_group(const struct tier_job *jobs, const int *group, int n,
                     const struct tier_job_ops *ops, int threads, double *seconds,
                     char *err) {
    int narrow = 0;
    for (int k = 0; k < n; k++) {
        if (ops->prepare && ops->prepare(ops->ctx, group[k], err) != 0) return -1;
        narrow += !jobs[group[k]].wide;
    }
    for (int k = 0; k < n; k++) {
        int j = group[k];
        if (!jobs[j].wide && narrow > 1) continue;
        double t0 = omp_get_wtime();
        if (ops->solve(ops->ctx, j, threads, err) != 0) return -1;
        seconds[j] = omp_get_wtime() - t0;
    }
    if (narrow <= 1) return 0;
    int failed = 0, team = threads < narrow ? threads : narrow;
#pragma omp parallel for schedule(dynamic, 1) num_threads(team)
    for (int k = 0; k < n; k++) {
        int j = group[k];
        if (jobs[j].wide) continue;
        char message[GAME_ERROR_BYTES];
        double t0 = omp_get_wtime();
        if (ops->solve(ops->ctx, j, 1, message) != 0) {
#pragma omp critical(tier_schedule_error)
            {
                if (!failed) snprintf(err, GAME_ERROR_BYTES, "%s", message);
                failed = 1;
            }
        }
        seconds[j] = omp_get_wtime() - t0;
    }
    return failed ? -1 : 0;
}

static int run_local(const struct tier_job *jobs, int count,
                     const struct tier_job_ops *ops, int threads,
                     struct tier_schedule_stats *st, char *err) {
    int *left = malloc(((size_t)count + 1) * sizeof *left);
    int *state = calloc((size_t)count + 1, sizeof *state); /* 0 open, 1 done */
    int *group = malloc(((size_t)count + 1) * sizeof *group);
    double *seconds = calloc((size_t)count + 1, sizeof *seconds);
    int *start = NULL, *users = NULL, status = -1, finished = 0;
    if (!left || !state || !group || !seconds) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory planning tiers");
        goto done;
    }
    if (tier_job_links(jobs, count, left, &start, &users, err) != 0) goto done;
    /* Jobs stored by an earlier run count as finished from the start. */
    for (int i = 0; i < count; i++)
        if (ops->done && ops->done(ops->ctx, i)) {
            state[i] = 1;
            st->found_done++;
            finished++;
            for (int u = start[i]; u < start[i + 1]; u++) left[users[u]]--;
        }
    if (finished && ops->progress) ops->progress(ops->ctx, finished, count);
    while (finished < count) {
        int n = 0;
        for (int i = 0; i < count; i++)
            if (!state[i] && left[i] == 0) group[n++] = i;
        if (n == 0) {
            snprintf(err, GAME_ERROR_BYTES, "the tier graph has a loop");
            goto done;
        }
        if (run_group(jobs, group, n, ops, threads, seconds, err) != 0) goto done;
        for (int k = 0; k < n; k++) {
            int j = group[k];
            state[j] = 1;
            st->solved++;
            finished++;
            for (int u = start[j]; u < start[j + 1]; u++) left[users[u]]--;
            if (ops->finished && ops->finished(ops->ctx, j, seconds[j], err) != 0)
                goto done;
        }
        if (ops->progress) ops->progress(ops->ctx, finished, count);
    }
    status = 0;
done:
    free(left);
    free(state);
    free(group);
    free(seconds);
    free(start);
    free(users);
    return status;
}

int tier_schedule_run(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops,
                      const struct tier_schedule_config *cfg,
                      struct tier_schedule_stats *stats, char *err) {
    struct tier_schedule_stats local;
    if (!stats) stats = &local;
    memset(stats, 0, sizeof *stats);
    stats->ranks = 1;
    int threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    if (tier_mpi_start() >= 0 && tier_mpi_ranks() > 1) {
        stats->ranks = tier_mpi_ranks();
        if (tier_mpi_rank() == 0)
            return tier_mpi_schedule(jobs, count, ops, cfg->memory_bytes, stats, err);
        return tier_mpi_serve(jobs, count, ops, threads, cfg->memory_bytes, err);
    }
    return run_local(jobs, count, ops, threads, stats, err);
}
