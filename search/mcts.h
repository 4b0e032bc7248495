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
 * Simultaneous nodes use decoupled selection: every acting player picks its
 * own option from its own statistics (its own mean return), by decoupled UCT
 * (default), EXP3 or regret matching (`sim`), and the joint child is the one
 * the tuple of picks reaches; returns back up per player (max^n). With
 * EXP3/RM a player's recommended option is drawn from its visit frequencies
 * (the mean strategy, which is what converges to an equilibrium); with
 * decoupled UCT it is the most visited option.
 *
 * Large decisions: no progressive widening here. Games split big decisions
 * into small steps themselves (Kodrek: thrust destination <= 271 options,
 * pulls in two steps of <= 10, the secret split <= 10 per player; Kotra:
 * pick a piece, then its destination), which keeps every node's fan-out
 * small enough for plain UCT.
 *
 * Hidden information: a game with GAME_HAS_HIDDEN is searched by
 * search/ismcts.h (information-set MCTS) or search/pimc.h; this search takes
 * such a game only with `assume_perfect`, for one determinized world.
 */
#ifndef KIBITZ_MCTS_H
#define KIBITZ_MCTS_H

#include "engine/game.h"
#include "search/search_probe.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum {
    MCTS_MAX_ROOT_MOVES = 512,
    MCTS_MAX_SIM_OPTIONS = 64, /* options per player reported at the root */
    MCTS_MAX_PLAN = 32,        /* steps of the reported plan */
};

/* Selection at simultaneous nodes. */
enum mcts_sim { MCTS_SIM_DUCT = 0, MCTS_SIM_EXP3 = 1, MCTS_SIM_RM = 2 };

/* One step of the most visited line: a move of `turn` (a player or
 * TURN_CHANCE), or at a simultaneous node (`turn` TURN_SIMULTANEOUS) every
 * acting player's option in `joint`. */
struct mcts_plan_step {
    int turn;
    move_t move;
    move_t joint[GAME_MAX_PLAYERS];
    long visits;
};

struct mcts_limits {
    long iterations;    /* > 0: stop after this many (all threads together) */
    double time;        /* > 0: stop after this many seconds */
    int threads;        /* <= 0 means 1 */
    bool root_parallel; /* one tree per thread instead of one shared tree */
    double c;           /* UCT exploration constant; <= 0: 1.4 times the
                           game's return_scale (engine/game.h) */
    uint64_t seed;
    int max_playout;   /* plies before a playout is cut and scored; <= 0: 1000 */
    bool no_solver;    /* turn MCTS-Solver off */
    size_t memory_mib; /* node pool size; 0: enough for the iterations, or
                          256 MiB with a time budget */
    enum mcts_sim sim; /* selection at simultaneous nodes */
    double sim_gamma;  /* share of uniform picks at simultaneous nodes
                          (EXP3/RM mix; decoupled UCT: random picks that
                          break lockstep); <= 0: 0.1, decoupled UCT 0.05 */
    /* The caller vouches that `state` is a full world (a determinization)
     * of a GAME_HAS_HIDDEN game and wants it searched as if everything were
     * known (search/pimc.c). */
    bool assume_perfect;
    /* Endgame databases (search/search_probe.h), or NULL: with MCTS-Solver
     * on, a node below the root they hold is a proven terminal of its
     * value. */
    search_probe_fn probe;
    void *probe_ctx;
    /* Non-NULL: another thread ends the search early by setting it (the
     * tree so far gives the result); UGI's `stop`. */
    const atomic_bool *interrupt;
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
    /* A simultaneous root: `move` is unset; every acting player's options,
     * their visits and mean own return, and the recommended option. */
    bool simultaneous;
    unsigned acting;
    int sim_count[GAME_MAX_PLAYERS];
    move_t sim_moves[GAME_MAX_PLAYERS][MCTS_MAX_SIM_OPTIONS];
    long sim_visits[GAME_MAX_PLAYERS][MCTS_MAX_SIM_OPTIONS];
    double sim_values[GAME_MAX_PLAYERS][MCTS_MAX_SIM_OPTIONS];
    move_t sim_choice[GAME_MAX_PLAYERS];
    /* The most visited line from the root (first tree), each step visited
     * at least once. */
    int plan_length;
    struct mcts_plan_step plan[MCTS_MAX_PLAN];
};

/* 0, or -1 with a message in `err` (GAME_ERROR_BYTES). */
int mcts_search(const struct game *g, const struct variant *v, const void *state,
                const struct mcts_limits *limits, struct mcts_result *out, char *err);

/* Whether mcts_search takes the game (hidden information: no; use
 * search/ismcts.h). false with a message in `err`. */
bool mcts_supports(const struct game *g, char *err);

#endif
