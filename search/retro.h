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

#include <stdbool.h>
#include <stdint.h>

/* One solved position, 16 bits: 0 draw; odd 1+2r: win in r; even 2+2r: loss
 * in r (r <= RETRO_MAX_REMOTENESS); the top values are markers. */
typedef uint16_t retro_cell;

enum {
    RETRO_DRAW = 0,
    RETRO_MAX_REMOTENESS = 32000,
    /* A win or loss whose distance is not known (read from a file that
     * keeps none: Kerx's win/draw/loss files) has remoteness
     * RETRO_NO_DISTANCE, plus the moves above it: see retro_distance_known. */
    RETRO_NO_DISTANCE = 30000,
    RETRO_HOLE = 0xFFFD,     /* rank names no position (unrank said false) */
    RETRO_UNKNOWN = 0xFFFE,  /* working value while solving; never stored */
    RETRO_TERMINAL = 0xFFFF, /* game over here: read `returns` */
};

enum retro_outcome { RETRO_LOSS = -1, RETRO_DRAWN = 0, RETRO_WIN = 1 };

static inline retro_cell retro_win(int remoteness) {
    return (retro_cell)(1 + 2 * remoteness);
}
static inline retro_cell retro_loss(int remoteness) {
    return (retro_cell)(2 + 2 * remoteness);
}
static inline bool retro_is_value(retro_cell c) {
    return c < RETRO_HOLE;
}
/* RETRO_WIN, RETRO_LOSS or RETRO_DRAWN (for markers: RETRO_DRAWN). */
static inline int retro_outcome(retro_cell c) {
    if (c == RETRO_DRAW || !retro_is_value(c)) return RETRO_DRAWN;
    return (c & 1) ? RETRO_WIN : RETRO_LOSS;
}
static inline int retro_remoteness(retro_cell c) {
    return (c == RETRO_DRAW || !retro_is_value(c)) ? 0 : (c - 1) / 2;
}
/* False for a win or loss of unknown distance (RETRO_NO_DISTANCE). */
static inline bool retro_distance_known(retro_cell c) {
    return retro_remoteness(c) < RETRO_NO_DISTANCE;
}
/* The cell seen from the other player (a win becomes a loss, same distance). */
static inline retro_cell retro_negate(retro_cell c) {
    if (c == RETRO_DRAW || !retro_is_value(c)) return c;
    return (c & 1) ? (retro_cell)(c + 1) : (retro_cell)(c - 1);
}
/* The value of a move for its mover, from the value `child` of the position
 * it leads to: negated when the player to move changes, one move further
 * unless the move is a pass. */
static inline retro_cell retro_through(retro_cell child, bool flip, bool pass) {
    if (child == RETRO_DRAW || !retro_is_value(child)) return child;
    retro_cell c = flip ? retro_negate(child) : child;
    return pass ? c : (retro_cell)(c + 2);
}
/* True when `a` is better than `b` for the player choosing between them:
 * wins first (sooner is better), then draws, then losses (later is better). */
static inline bool retro_better(retro_cell a, retro_cell b) {
    int oa = retro_outcome(a), ob = retro_outcome(b);
    if (oa != ob) return oa > ob;
    if (oa == RETRO_WIN) return retro_remoteness(a) < retro_remoteness(b);
    if (oa == RETRO_LOSS) return retro_remoteness(a) > retro_remoteness(b);
    return false;
}

/* Counts over solved positions. */
struct retro_counts {
    uint64_t positions, won, lost, drawn, terminal, holes;
    int max_remoteness;
};

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
    /* Under mpirun (search/tier_mpi.h): a folder every rank can reach, where
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

/* True when the game has every hook the solver needs; else a message. */
bool retro_supported(const struct game *g, char *err);

/* Every tier below and including `root` in solve order (children first):
 * returns the count and sets `*out` (malloc'd, caller frees), or -1 with
 * `err` (GAME_ERROR_BYTES). */
long retro_tier_order(const struct game *g, const struct variant *v, tier_t root,
                      tier_t **out, char *err);

/* Solve. 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int retro_solve(const struct retro_config *cfg, struct retro_stats *stats, char *err);

/* Add one tier's cells to `counts`. */
void retro_count(struct retro_counts *counts, const retro_cell *values, uint64_t size);

#endif
