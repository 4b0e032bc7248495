/*
 * prove_mpi.h - the proof manager's jobs farmed over MPI ranks (as the tier
 * solver farms tiers, search/tier_mpi.h): rank 0 runs the manager and hands
 * each round's df-pn jobs to the other ranks, one job a rank; a worker
 * reloads the store (to see what the others settled), runs its job with the
 * store, syncs its own log and answers. Every rank opens the same store
 * folder, each appending to its own log (fact_store.h), so rank 0 reads
 * the workers' facts by reloading. In one process (no MPI, or one rank)
 * nothing changes.
 *
 * Protocol (MPI_COMM_WORLD, tags of its own, polled with short sleeps so
 * an idle rank does not spin on a core a working rank needs): rank 0 sends
 * a job or STOP; the worker answers with the job's result.
 */
#ifndef KIBITZ_PROVE_MPI_H
#define KIBITZ_PROVE_MPI_H

#include "solve/prove.h"

struct prove_mpi {
    struct prove_local *local; /* the runner a worker uses */
    bool active;               /* rank 0 of a run with workers */
    int workers;
    bool failed; /* a worker's job failed (err) */
    char err[GAME_ERROR_BYTES];
};

/* Start MPI when launched by mpirun with several ranks. On rank 0: set
 * cfg's batch runner to the farm (one job per worker per round) and return
 * 0. On a worker: serve jobs until rank 0 says STOP, then return 1
 * (m->failed when a job failed). Without MPI: 0, cfg unchanged. */
int prove_mpi_farm(struct prove_mpi *m, struct prove_config *cfg);

/* Rank 0: tell the workers to stop (nothing when not active). */
void prove_mpi_stop(struct prove_mpi *m);

#endif
