/*
 * mcts_internal.h - the MCTS tree as search/mcts.c and search/mcts_sim.c
 * share it; nothing outside search/mcts*.c includes this.
 *
 * All nodes live in one pool handed out with an atomic counter; children of
 * an ordinary node are one consecutive block. A simultaneous node owns a
 * `sim_head` (via `aux`): for every acting player a block of `sim_stat`
 * (that player's options with their own statistics), and a block of joint
 * child slots, one per tuple of options, filled lazily (0: no child yet) so
 * that 10 x 10 x 10 tuples cost 4 KiB of slots, not a thousand nodes.
 */
#ifndef KIBITZ_MCTS_INTERNAL_H
#define KIBITZ_MCTS_INTERNAL_H

#include "engine/game.h"
#include "engine/rng.h"
#include "search/mcts.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum {
    MCTS_FIXED_ONE = 1 << 20, /* returns are summed as fixed point: exact, atomic */
    MCTS_NO_CHILD = 0,
    MCTS_KIND_PLAYER = 0,
    MCTS_KIND_CHANCE = 1,
    MCTS_KIND_SIMULTANEOUS = 2,
    /* Most joint tuples one simultaneous node may have; beyond this the node
     * stays a leaf (playouts only). */
    MCTS_MAX_JOINT = 1 << 16,
    MCTS_EXPAND_NONE = 0,
    MCTS_EXPAND_BUSY = 1,
    MCTS_EXPAND_DONE = 2,
    /* proven: 0 open, 1 + p a win for player p, MCTS_PROVEN_DRAW a draw. */
    MCTS_PROVEN_DRAW = 1 + GAME_MAX_PLAYERS,
};

struct mcts_node {
    move_t move;            /* the move that led here (joint child: tuple index) */
    _Atomic uint32_t first; /* index of the first child in the pool */
    _Atomic uint32_t count; /* children */
    _Atomic int32_t visits;
    _Atomic int32_t virtual_loss;
    _Atomic uint8_t expand; /* EXPAND_* */
    _Atomic uint8_t proven;
    int8_t kind;               /* MCTS_KIND_*, set when expanded */
    int8_t mover;              /* player to move here (KIND_PLAYER) */
    float prob;                /* chance probability of this outcome */
    uint32_t aux;              /* simultaneous node: index of its sim_head */
    _Atomic int32_t available; /* unused here (search/ismcts.c has its own tree) */
    _Atomic int64_t sum[GAME_MAX_PLAYERS];
};

/* One option of one player at a simultaneous node. */
struct sim_stat {
    move_t move;
    _Atomic int32_t visits;
    _Atomic int64_t sum;   /* the player's own returns, fixed point */
    _Atomic int64_t score; /* EXP3: estimated reward sum; RM: regret (fixed) */
};

struct sim_head {
    uint32_t stat[GAME_MAX_PLAYERS];  /* first option of each acting player */
    uint16_t count[GAME_MAX_PLAYERS]; /* options (0: not acting) */
    uint32_t slots;                   /* first joint slot */
    uint32_t joint;                   /* tuples: product of the counts */
};

/* Counters that every thread writes sit on cache lines of their own, away
 * from the fields that every thread reads all the time (false sharing would
 * make each write stall the other threads' reads). */
struct tree {
    struct mcts_node *pool;
    uint32_t capacity;
    _Alignas(64) _Atomic uint32_t used;
    struct sim_head *heads;
    uint32_t head_capacity;
    _Atomic uint32_t heads_used;
    struct sim_stat *stats;
    uint32_t stat_capacity;
    _Atomic uint32_t stats_used;
    _Atomic uint32_t *slots;
    uint32_t slot_capacity;
    _Atomic uint32_t slots_used;
};

/* What a simultaneous node needs to know about the search's policy. */
struct sim_policy {
    enum mcts_sim kind;
    double c;     /* decoupled UCT exploration */
    double gamma; /* EXP3 / RM exploration mix */
};

/* Allocate `count` nodes; MCTS_NO_CHILD when the pool is full. */
uint32_t mcts_tree_alloc(struct tree *t, uint32_t count);

/* Set up `n` (at `state`, a simultaneous node) as a simultaneous node: every
 * acting player's options and the empty joint slots. false when a pool is
 * full or there are too many tuples (the node then stays a leaf). */
bool mcts_sim_expand(struct tree *t, struct mcts_node *n, const struct game *g,
                     const struct variant *v, const void *state);

/* Each acting player picks an option with its own statistics; `sigma` gets
 * the probability the pick had (1 for decoupled UCT). */
void mcts_sim_select(const struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, struct rng *rng,
                     uint16_t pick[GAME_MAX_PLAYERS], float sigma[GAME_MAX_PLAYERS]);

/* The joint child for the picks, created on first use; MCTS_NO_CHILD when
 * the pool is full. `choice` gets each acting player's move. */
uint32_t mcts_sim_child(struct tree *t, const struct mcts_node *n,
                        const uint16_t pick[GAME_MAX_PLAYERS],
                        move_t choice[GAME_MAX_PLAYERS]);

/* Back up one playout's returns (fixed point) into the picked options. */
void mcts_sim_update(struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, const uint16_t pick[GAME_MAX_PLAYERS],
                     const float sigma[GAME_MAX_PLAYERS],
                     const int64_t add[GAME_MAX_PLAYERS]);

/* The current strategy of `player` at `n` into `prob` (count entries):
 * what mcts_sim_select would draw from (decoupled UCT: 1 on its pick). */
void mcts_sim_strategy(const struct tree *t, const struct mcts_node *n, int player,
                       const struct sim_policy *p, double *prob);

/* Fill the root statistics, the recommended move (or options) and the plan
 * of `out` from the trees (summed over root-parallel trees). */
void mcts_collect(const struct game *g, const struct variant *v, const void *state,
                  struct tree *forest, int trees, const struct sim_policy *sim,
                  uint64_t seed, struct mcts_result *out);

#endif
