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

#include <stdbool.h>
#include <stdint.h>

enum { TIER_JOB_MAX_NEEDS = 16 };

struct tier_job {
    uint64_t id;    /* the caller's name for it, for messages */
    uint64_t bytes; /* memory a rank needs to solve it (0: unknown) */
    bool wide;      /* in one process: run alone on every thread */
    int needs;      /* jobs (indices into the list) that must finish first */
    int need[TIER_JOB_MAX_NEEDS];
};

/* One rank's share of a job split across ranks (a tier too large for one
 * rank's memory): part `part` of `parts`, in index order; `group` is the
 * MPI communicator of the parts (see the collective helpers in
 * tier_mpi.h). */
struct tier_part {
    int part, parts;
    void *group;
};

struct tier_job_ops {
    void *ctx;
    /* Optional, scheduling process only, before anything runs: true when
     * the job's result is already stored and verified (a resumed run). */
    bool (*done)(void *ctx, int job);
    /* Optional, one process only, serially before a group of jobs runs:
     * set up what the job needs (memory, graphs). 0, or -1 with err. */
    int (*prepare)(void *ctx, int job, char *err);
    /* Solve the job on `threads` threads and store its result. In one
     * process, several may run at once (on different jobs); under MPI it
     * runs on a worker rank. 0, or -1 with err (GAME_ERROR_BYTES). */
    int (*solve)(void *ctx, int job, int threads, char *err);
    /* Optional, scheduling process only, serially, once per solved job
     * (`seconds`: its solve time on the rank that ran it). In one process
     * the jobs of a group come in list order. 0, or -1 with err. */
    int (*finished)(void *ctx, int job, double seconds, char *err);
    /* Optional, scheduling process only: jobs finished (or found done) so
     * far. */
    void (*progress)(void *ctx, int finished, int total);
    /* Optional (MPI only): the most memory one rank needs when the job is
     * split into `parts` parts. Set with solve_part: a job that fits no
     * rank's budget whole is then split over the fewest ranks that hold
     * it, instead of refused. */
    uint64_t (*part_bytes)(void *ctx, int job, int parts);
    /* Solve one part of a split job with the other parts' ranks; part 0
     * stores the result. 0, or -1 with err. */
    int (*solve_part)(void *ctx, int job, int threads, const struct tier_part *part,
                      char *err);
};

struct tier_schedule_config {
    int threads;           /* OpenMP threads per process (per rank); >= 1 */
    uint64_t memory_bytes; /* per rank, 0: no limit (checked under MPI) */
};

struct tier_schedule_stats {
    int found_done;           /* jobs `done` said were stored already */
    int solved;               /* jobs solved in this run (on any rank) */
    int split;                /* of those, jobs split across ranks */
    uint64_t exchanged_bytes; /* updates sent between the parts of split jobs */
    int ranks;                /* 1 in one process */
};

/* Run every job. 0, or -1 with err (GAME_ERROR_BYTES): a job failed (its
 * message, naming the rank under MPI), a need loops, or no rank has the
 * memory for a ready job. `stats` may be NULL. */
int tier_schedule_run(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops,
                      const struct tier_schedule_config *cfg,
                      struct tier_schedule_stats *stats, char *err);

#endif
