/*
 * retro.h - tiered retrograde solver (backward induction) over the solver
 * hooks of the game contract (engine/game.h: tier_of, tier_size,
 * tier_children, rank, unrank, canonicalize, tier_shape).
 *
 * Contract: the game is two-player zero-sum without chance, hidden
 * information or simultaneous moves. Starting from one root tier, every tier
 * reachable through `tier_children` is solved, children before parents. A
 * solved position holds a `retro_cell`: win, loss or draw for the player to
 * move, with remoteness (moves to the end under best play: the winner
 * hurries, the loser delays; a GAME_MOVE_PASS is not counted). Terminal
 * positions inside a tier hold RETRO_TERMINAL (their result is the game's
 * `returns`); positions never resolved are draws (play that never ends).
 * With `canonicalize`, only canonical states are solved and every other
 * rank takes the value of its canonical image (values are invariant under
 * the game's symmetries), so every rank of a tier holds its value.
 *
 * Each solved tier is handed to a sink in solve order; the solver keeps a
 * tier's values only until every tier that needs them is solved, so memory
 * stays flat as the number of tiers grows. The tier scheduler
 * (tier_schedule.h) runs tiers whose children are all solved side by side
 * on the OpenMP threads when there are several (a lone tier uses the
 * threads inside it), or, under mpirun, on worker ranks (retro_dist.h).
 */
#ifndef KIBITZ_RETRO_H
#define KIBITZ_RETRO_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_config.h"

#include <stdbool.h>
#include <stdint.h>

/* True when the game has every hook the solver needs; else a message. */
bool retro_supported(const struct game *g, char *err);

/* Every tier below and including `root` in solve order (children first):
 * returns the count and sets `*out` (malloc'd, caller frees), or -1 with
 * `err` (GAME_ERROR_BYTES). */
long retro_tier_order(const struct game *g, const struct variant *v, tier_t root,
                      tier_t **out, char *err);

/* Solve. 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int retro_solve(const struct retro_config *cfg, struct retro_stats *stats, char *err);

#endif
