/*
 * retro_config.h - what a retrograde run is given (struct retro_config: the
 * game, the root tier, threads, where solved tiers go) and what it reports
 * (struct retro_stats), shared by the solver's parts (solve/retro*.c) and
 * its callers without the solver's entry points (solve/retro.h).
 */
#ifndef KIBITZ_RETRO_CONFIG_H
#define KIBITZ_RETRO_CONFIG_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stdbool.h>
#include <stdint.h>

/* Called once per solved tier, in solve order, from the calling thread.
 * `values` has `size` cells and is only valid during the call. Return 0 to go
 * on, nonzero to stop the solve (retro_solve then fails with "stopped"). */
typedef int (*retro_sink_fn)(void *ctx, tier_t tier, const retro_cell *values,
                             uint64_t size);

/* Called after each wave with tiers solved so far and the total. */
typedef void (*retro_progress_fn)(void *ctx, uint64_t tiers_done, uint64_t tiers_total,
                                  uint64_t positions_done);

struct retro_config {
    const struct game *game;
    const struct variant *variant;
    tier_t root; /* solve this tier and everything below it */
    int threads; /* OpenMP threads; <= 0: the OpenMP default */
    retro_sink_fn sink;
    void *sink_ctx;
    retro_progress_fn progress; /* may be NULL */
    void *progress_ctx;
    /* Optional: the values of a tier solved before (e.g. stored by an
     * interrupted run), `size` cells, or NULL to solve it. A preloaded tier
     * is neither solved nor handed to the sink; the pointer need only live
     * during the call. */
    const retro_cell *(*preload)(void *ctx, tier_t tier, uint64_t size);
    void *preload_ctx;
    /* Under mpirun (solve/tier_mpi.h): a folder every rank can reach, where
     * each tier is stored as a checksummed file (retro_dist.h) for the
     * ranks that need it; without it an MPI solve is refused. Unused in one
     * process. */
    const char *work_folder;
    /* Under mpirun: each rank's memory budget in MiB (0: none); a tier is
     * only handed to a rank it fits. */
    uint64_t memory_mib;
};

struct retro_stats {
    struct retro_counts counts;
    uint64_t tiers;
    uint64_t graphs_built; /* move graphs built (one per tier shape) */
    double seconds, graph_seconds;
    size_t peak_bytes; /* most memory held for tier values and graphs */
    /* Under mpirun: tiers split across ranks (larger than one rank's
     * --memory), and the bytes their parts sent each other. */
    uint64_t split_tiers, exchanged_bytes;
};

#endif
