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

#include "solve/tier_job.h"

#include <stdbool.h>
#include <stdint.h>

enum { TIER_MPI_MAX_PARTS = 64 }; /* ranks one split job may use */

/* Start MPI if this process is one of several mpirun ranks (idempotent;
 * MPI_Finalize runs at exit). Returns this rank (0 in one process). */
int tier_mpi_start(void);
int tier_mpi_rank(void);
/* Ranks in the run; 1 without MPI. */
int tier_mpi_ranks(void);
/* True on a worker rank of an MPI run (it must not print results). */
bool tier_mpi_worker(void);

/* This run speaks another protocol over the ranks (solve/prove_mpi.h): at
 * exit no rank sends the scheduler's stop or gone messages. */
void tier_mpi_handled(void);

/* Rank 0: schedule every job on the worker ranks. */
int tier_mpi_schedule(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops, uint64_t memory_bytes,
                      struct tier_schedule_stats *st, char *err);
/* Worker rank: solve what rank 0 sends until it says STOP. */
int tier_mpi_serve(const struct tier_job *jobs, int count, const struct tier_job_ops *ops,
                   int threads, uint64_t memory_bytes, char *err);

/* Collective helpers for the parts of a split job (every part calls them
 * in the same order). Large buffers travel in pieces of at most 1 GiB.
 *
 * Exchange: part p sends out[q] (out_bytes[q] bytes; its own entry is
 * skipped) to every other part q and receives, concatenated in part order,
 * what the others sent it, into *in (malloc'd, caller frees) and
 * *in_bytes. 0, or -1 (out of memory). */
int tier_part_exchange(const struct tier_part *p, void *const *out,
                       const uint64_t *out_bytes, void **in, uint64_t *in_bytes);
/* The sum, and the maximum, of one number over the parts. */
uint64_t tier_part_sum(const struct tier_part *p, uint64_t x);
int64_t tier_part_max(const struct tier_part *p, int64_t x);
/* Part 0 hands `take` every part's pieces in part order (its own first),
 * in chunks of at most 64 MiB, so the whole never has to be in its memory;
 * the other parts send theirs. Part 0 keeps receiving after `take` fails,
 * so that no sender is left blocked. 0, or -1 at part 0 when `take` failed
 * or memory ran out. */
int tier_part_stream(const struct tier_part *p, const void *const *pieces,
                     const uint64_t *bytes, int count,
                     int (*take)(void *ctx, const void *data, uint64_t n), void *ctx);

/* Bytes this rank sent to other parts since the last call (tier_part.c,
 * read by the worker loop for its report). */
uint64_t tier_part_sent(void);

#endif
