/*
 * tier_job.h - what the tier scheduler (tier_schedule.h, and its MPI side
 * tier_mpi.h) is given and gives back: a list of jobs with the jobs each
 * needs, the callbacks that prepare, solve and store one, the run's
 * settings and statistics, and the jobs' links (who needs whom) that both
 * sides walk. Below both, so that neither includes the other for them.
 */
#ifndef KIBITZ_TIER_JOB_H
#define KIBITZ_TIER_JOB_H

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

/* `left[i]` = needs of job i, and the jobs needing each job as CSR
 * (`start` count + 1, `users`), malloc'd. 0, or -1 with err
 * (GAME_ERROR_BYTES): a need out of range, or out of memory. */
int tier_job_links(const struct tier_job *jobs, int count, int *left, int **start,
                   int **users, char *err);

#endif
