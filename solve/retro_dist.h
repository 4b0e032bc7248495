/*
 * retro_dist.h - the retrograde solve (retro.h) across MPI ranks: rank 0
 * schedules the tiers (tier_schedule.h), each worker rank reads the child
 * tiers it needs from the shared work folder (tier_file.h), builds or
 * reuses its shape's move graph, solves the tier with its OpenMP threads
 * and writes the tier's file there. When every tier is stored, rank 0 reads
 * them back in solve order and hands them to the sink, so a database
 * written by the sink is byte for byte the one-process one. Tier files
 * found complete and verified from an earlier (killed) run are kept.
 */
#ifndef KIBITZ_RETRO_DIST_H
#define KIBITZ_RETRO_DIST_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_config.h"
#include "solve/retro_plan.h"
#include "solve/tier_schedule.h"

/* Estimated bytes a rank needs to solve a tier of `size` positions with
 * `kids` child tiers: its values, its children's, the working arrays and
 * the move graph (about 30 bytes a position for Kulibrat's). */
uint64_t retro_dist_tier_bytes(uint64_t size, int kids);

/* Called by retro_solve on every rank of an MPI run (`jobs` in `order`). */
int retro_dist_solve(const struct retro_config *cfg, const struct retro_plan *p,
                     const int *order, const struct tier_job *jobs,
                     const struct tier_schedule_config *sc, struct retro_stats *st,
                     char *err);

/* Remove the tier files and the work folder of a finished solve (rank 0,
 * once the database is in place). */
void retro_dist_clean(const char *work_folder);

#endif
