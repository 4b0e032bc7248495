/*
 * tier_mpi.h - the MPI side of the tier scheduler (tier_schedule.h).
 *
 * MPI starts only when the program was built with it (-DKIBITZ_MPI=ON) and
 * launched by mpirun with more than one rank; otherwise every function here
 * says "one rank" and the program is the one-process build. Worker ranks
 * (rank > 0) send their standard output to /dev/null when MPI starts, so
 * that results and progress come from rank 0 only.
 *
 * Protocol (MPI_COMM_WORLD, polled with short sleeps so that idle ranks do
 * not spin on a core the solving ranks need): a worker says READY with its
 * memory budget; rank 0 answers with a job index, or STOP; the worker solves
 * and answers DONE (status, seconds, message), and so on. Rank 0 only hands
 * out a job whose `bytes` fit the worker's budget.
 */
#ifndef KIBITZ_TIER_MPI_H
#define KIBITZ_TIER_MPI_H

#include "search/tier_schedule.h"

#include <stdbool.h>
#include <stdint.h>

/* Start MPI if this process is one of several mpirun ranks (idempotent;
 * MPI_Finalize runs at exit). Returns this rank (0 in one process). */
int tier_mpi_start(void);
int tier_mpi_rank(void);
/* Ranks in the run; 1 without MPI. */
int tier_mpi_ranks(void);
/* True on a worker rank of an MPI run (it must not print results). */
bool tier_mpi_worker(void);

/* Rank 0: schedule every job on the worker ranks. */
int tier_mpi_schedule(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops, uint64_t memory_bytes,
                      struct tier_schedule_stats *st, char *err);
/* Worker rank: solve what rank 0 sends until it says STOP. */
int tier_mpi_serve(const struct tier_job *jobs, int count, const struct tier_job_ops *ops,
                   int threads, uint64_t memory_bytes, char *err);

/* Shared with tier_schedule.c: `left[i]` = needs of job i, and the jobs
 * needing each job as CSR (`start` count + 1, `users`), malloc'd. */
int tier_schedule_links(const struct tier_job *jobs, int count, int *left, int **start,
                        int **users, char *err);

#endif
