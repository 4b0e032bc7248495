/*
 * tier_schedule.h - runs a graph of tier jobs: a job (a tier, or a Kerx
 * pair of tiers) may start once every job it needs is finished. The one
 * place that decides what runs where, for every solver with tiers:
 *
 * - in one process, the jobs whose needs are met run side by side on the
 *   OpenMP threads, one thread each; a job marked `wide` (big enough to
 *   pay for the barriers inside it), or a job that is alone, gets every
 *   thread instead;
 * - under mpirun (tier_mpi.h), rank 0 hands each ready job to an idle
 *   worker rank whose memory budget holds it, and the worker solves it with
 *   its own OpenMP threads. Results travel through files in a shared
 *   folder (the callbacks write them), never through this module.
 *
 * The scheduler knows nothing of games: callers describe jobs and pass
 * callbacks (solve/retro.c for any game with tier hooks,
 * games/kerx/kerx_egdb_build.c for the Kerx pairs).
 *
 * Contract: every rank calls tier_schedule_run with the same job list (the
 * callers build it deterministically from the same command line). On worker
 * ranks it returns 0 once rank 0 says the run is over (or failed); only
 * rank 0 (or the one process) sees `done`, `finished` and `progress`.
 */
#ifndef KIBITZ_TIER_SCHEDULE_H
#define KIBITZ_TIER_SCHEDULE_H

#include "solve/tier_job.h"

/* Run every job. 0, or -1 with err (GAME_ERROR_BYTES): a job failed (its
 * message, naming the rank under MPI), a need loops, or no rank has the
 * memory for a ready job. `stats` may be NULL. */
int tier_schedule_run(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops,
                      const struct tier_schedule_config *cfg,
                      struct tier_schedule_stats *stats, char *err);

#endif
