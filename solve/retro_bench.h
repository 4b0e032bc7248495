/*
 * retro_bench.h - the solver's benchmark line: solve a game's default
 * variant from its start position's tier, storing nothing, and report
 * positions per second.
 */
#ifndef KIBITZ_RETRO_BENCH_H
#define KIBITZ_RETRO_BENCH_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_config.h"

/* 0 with the stats, or -1 with `err` (also when the game has no solver). */
int retro_bench(const struct game *g, int threads, struct retro_stats *st, char *err);

#endif
