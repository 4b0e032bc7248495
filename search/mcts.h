/*
 * mcts.h - Monte Carlo tree search for every game kind the contract has.
 *
 * One tree code: UCT selection for the player to move using that player's own
 * mean return (for two players this is ordinary UCT, for three or four it is
 * the max^n backup); chance nodes draw their outcome by its probability;
 * MCTS-Solver marks proven wins, losses and draws in two-player zero-sum
 * games and propagates them up the tree; random playouts (search/playout.h)
 * capped in length (a capped playout is scored by playout_score_cut: by the
 * game's evaluation when it has one, else as a draw, as endless play is).
 *
 * Parallelism: tree parallelism (all threads share one tree; a virtual loss
 * on the path steers threads apart; nodes live in one pool handed out with
 * an atomic counter, statistics are atomics), or root parallelism as an
 * option (one tree per thread, root visits summed). With one thread a fixed
 * seed and an iteration budget give the same tree, move and counts every run.
 *
 * Room for what comes later: each node records its kind (player, chance,
 * simultaneous) and an `aux` index reserved for per-player action statistics
 * (decoupled UCT/EXP3 at simultaneous nodes); children are found by move
 * value, and `available` is reserved for the availability counts of
 * information-set MCTS, whose iterations will each start from a root drawn
 * with the game's `determinize`. Games with simultaneous moves or hidden
 * information are refused until then.
 */
#ifndef KIBITZ_MCTS_H
#define KIBITZ_MCTS_H

#include "engine/game.h"

#include <stdbool.h>
#include <stdint.h>

enum { MCTS_MAX_ROOT_MOVES = 512 };

struct mcts_limits {
    long iterations;    /* > 0: stop after this many (all threads together) */
    double time;        /* > 0: stop after this many seconds */
    int threads;        /* <= 0 means 1 */
    bool root_parallel; /* one tree per thread instead of one shared tree */
    double c;           /* UCT exploration constant; <= 0: 1.4 */
    uint64_t seed;
    int max_playout;   /* plies before a playout is cut and scored; <= 0: 1000 */
    bool no_solver;    /* turn MCTS-Solver off */
    size_t memory_mib; /* node pool size; 0: enough for the iterations, or
                          256 MiB with a time budget */
};

struct mcts_result {
    move_t move;
    bool has_move;
    long iterations;
    uint64_t nodes;         /* tree nodes created */
    uint64_t playout_plies; /* plies played in simulations */
    double seconds;
    double value; /* mean return of the root's player to move */
    int proven;   /* +1 proven win for the player to move, -1 loss, 0 none */
    bool proven_draw;
    int root_count;
    move_t root_moves[MCTS_MAX_ROOT_MOVES];
    long root_visits[MCTS_MAX_ROOT_MOVES];
    double root_values[MCTS_MAX_ROOT_MOVES]; /* mean for the root's mover */
    int root_proven[MCTS_MAX_ROOT_MOVES];    /* +1 win/-1 loss/2 draw, 0 open */
};

/* 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int mcts_search(const struct game *g, const struct variant *v, const void *state,
                const struct mcts_limits *limits, struct mcts_result *out, char *err);

bool mcts_supports(const struct game *g, char *err);

#endif
