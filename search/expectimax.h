/*
 * expectimax.h - depth-limited expectimax for two-player zero-sum games with
 * chance nodes (e.g. Kauda-Baji with players=2), with the *-minimax pruning
 * of Ballard: Star1 (alpha-beta windows carried through chance nodes, using
 * the known bounds of every value) and Star2 (before that, a probe of one
 * move below each child of a chance node gives bounds that may cut the node
 * at once).
 *
 * Values are for player 0, in evaluation units: terminal positions score
 * (returns[0] - returns[1]) / 2 * GAME_EVAL_MAX, the horizon
 * (evaluate(0) - evaluate(1)) / 2, so every value lies in
 * [-GAME_EVAL_MAX, GAME_EVAL_MAX], the bounds Star1 and Star2 need. Depth
 * counts player decisions (chance nodes are free, but more than
 * EXPECTI_CHANCE_RUN chance nodes in a row end at the horizon). Iterative deepening to a
 * depth or until a time limit (an unfinished iteration is discarded).
 * Star1 and Star2 keep a transposition table of bounds per search (8 MiB),
 * keyed by position, depth and chance run, so pruned values stay exactly the
 * unpruned ones. Searches are single-threaded and deterministic.
 */
#ifndef KIBITZ_EXPECTIMAX_H
#define KIBITZ_EXPECTIMAX_H

#include "engine/game.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum { EXPECTI_MAX_DEPTH = 64, EXPECTI_MAX_ROOT_MOVES = 512, EXPECTI_CHANCE_RUN = 4 };

enum expecti_pruning {
    EXPECTI_STAR1 = 0, /* the default (fewer nodes than Star2 on Kauda-Baji) */
    EXPECTI_STAR2 = 1, /* Star1 after Star2's probes */
    EXPECTI_PLAIN = 2, /* no pruning and no table: the reference value */
};

struct expecti_limits {
    int depth;   /* > 0: deepest iteration; 0 with a time: up to EXPECTI_MAX_DEPTH */
    double time; /* > 0: seconds */
    enum expecti_pruning pruning;
    bool analyse; /* exact score of every root move (no cuts at the root) */
    /* Non-NULL: another thread ends the search early by setting it (the
     * last completed iteration is the result); UGI's `stop`. */
    const atomic_bool *interrupt;
};

struct expecti_stats {
    uint64_t nodes;        /* positions visited (all kinds) */
    uint64_t chance_nodes; /* chance positions visited */
    uint64_t star1_cuts;   /* chance nodes cut while searching their children */
    uint64_t star2_cuts;   /* chance nodes cut by the probes alone */
    uint64_t ab_cuts;      /* player nodes cut by alpha-beta */
};

struct expecti_result {
    move_t move;
    bool has_move;
    double score; /* expected value for the player to move */
    int depth;    /* last completed iteration */
    struct expecti_stats stats;
    double seconds;
    int root_count;
    move_t root_moves[EXPECTI_MAX_ROOT_MOVES];
    double root_scores[EXPECTI_MAX_ROOT_MOVES]; /* for the mover; bounds unless
                                                   analyse (then exact) */
};

/* False (with a message in `err`, GAME_ERROR_BYTES) when the game or variant
 * is not a two-player game without simultaneous moves or hidden information. */
bool expecti_supports(const struct game *g, const struct variant *v, char *err);

/* Best move at a player's node. 0, or -1 with a message in `err`. */
int expecti_search(const struct game *g, const struct variant *v, const void *state,
                   const struct expecti_limits *limits, struct expecti_result *out,
                   char *err);

/* The value for player 0 of any position (player, chance or terminal),
 * searched `depth` decisions deep with full window; for tests and tools.
 * `stats` may be NULL. */
double expecti_value(const struct game *g, const struct variant *v, const void *state,
                     int depth, enum expecti_pruning pruning,
                     struct expecti_stats *stats);

#endif
