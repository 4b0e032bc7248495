/*
 * mcts_tree.h - the MCTS tree as search/mcts_search.c, search/mcts_sim.c and
 * search/mcts_collect.c share it; nothing outside search/mcts*.c includes
 * this. It calls none of them: the search (mcts_search.c) uses the simultaneous
 * nodes (mcts_sim.h) and the collection of the result (mcts_collect.h),
 * and all three use the tree.
 *
 * All nodes live in one pool; each thread takes chunks of it with an atomic
 * counter and hands out nodes from its chunk; children of an ordinary node
 * are one consecutive block. A simultaneous node owns a
 * `sim_head` (via `aux`): for every acting player a block of `sim_stat`
 * (that player's options with their own statistics), and a block of joint
 * child slots, one per tuple of options, filled lazily (0: no child yet) so
 * that 10 x 10 x 10 tuples cost 4 KiB of slots, not a thousand nodes.
 */
#ifndef KIBITZ_MCTS_TREE_H
#define KIBITZ_MCTS_TREE_H

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

/* A tree node. The fields every selection reads (visits, virtual loss,
 * sums, proven) come first. Visits and virtual loss share one word so that
 * a backup turns a virtual loss into a visit with one atomic add, and a
 * selection reads both consistently with one load. */
struct mcts_node {
    _Atomic uint64_t traffic; /* visits (low 32 bits) | virtual loss << 32 */
    /* Returns summed per player, fixed point. Two-player zero-sum trees keep
     * only sum[0] (tree.zero_sum): player 1's is its negation. */
    _Atomic int64_t sum[GAME_MAX_PLAYERS];
    _Atomic uint8_t proven;
    _Atomic uint8_t expand; /* EXPAND_* */
    int8_t kind;            /* MCTS_KIND_*, set when expanded */
    int8_t mover;           /* player to move here (KIND_PLAYER) */
    _Atomic uint32_t first; /* index of the first child in the pool */
    move_t move;            /* the move that led here (joint child: tuple index) */
    _Atomic uint32_t count; /* children */
    uint32_t aux;           /* simultaneous node: index of its sim_head; chance
                               node: of its children's probabilities */
};

/* One cache line per node (the pool is line-aligned): a thread updating a
 * node does not take the line of its siblings from another thread. */
_Static_assert(sizeof(struct mcts_node) == 64, "mcts_node is one cache line");

#define MCTS_VISIT UINT64_C(1)
#define MCTS_VIRTUAL_LOSS (UINT64_C(1) << 32)

static inline int32_t mcts_visits_of(uint64_t traffic) {
    return (int32_t)(uint32_t)traffic;
}
static inline int32_t mcts_vloss_of(uint64_t traffic) {
    return (int32_t)(traffic >> 32);
}
static inline int32_t mcts_visits(const struct mcts_node *n) {
    return mcts_visits_of(atomic_load_explicit(&n->traffic, memory_order_relaxed));
}

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
    bool zero_sum;  /* two players, zero-sum: only sum[0] is kept */
    uint32_t chunk; /* nodes a thread takes from the pool at a time */
    _Alignas(64) _Atomic uint32_t used;
    _Atomic uint64_t nodes; /* nodes handed out (added when a thread ends) */
    struct sim_head *heads;
    uint32_t head_capacity;
    _Atomic uint32_t heads_used;
    struct sim_stat *stats;
    uint32_t stat_capacity;
    _Atomic uint32_t stats_used;
    _Atomic uint32_t *slots;
    uint32_t slot_capacity;
    _Atomic uint32_t slots_used;
    float *probs; /* chance outcomes' probabilities, a block per chance node */
    uint32_t prob_capacity;
    _Atomic uint32_t probs_used;
};

/* What a simultaneous node needs to know about the search's policy. */
struct sim_policy {
    enum mcts_sim kind;
    double c;     /* decoupled UCT exploration */
    double gamma; /* EXP3 / RM exploration mix */
};

/* Player p's summed returns at `n`. */
static inline int64_t mcts_sum(const struct tree *t, const struct mcts_node *n, int p) {
    if (t->zero_sum && p == 1)
        return -atomic_load_explicit(&n->sum[0], memory_order_relaxed);
    return atomic_load_explicit(&n->sum[p], memory_order_relaxed);
}

/* One thread's share of a tree's node pool: the rest of a chunk it took
 * whole. Threads then do not write one shared counter at every expansion,
 * nor fresh nodes on each other's cache lines and pages. */
struct mcts_alloc {
    struct tree *tree;
    uint32_t next, end; /* the chunk's free part */
    uint64_t nodes;     /* handed out by this thread */
};

/* Allocate `count` consecutive nodes from the thread's chunk, taking a new
 * chunk when they do not fit (the rest of the old one stays unused);
 * MCTS_NO_CHILD when the pool is full (then the node stays a leaf). */
static inline uint32_t mcts_tree_alloc(struct mcts_alloc *a, uint32_t count) {
    if (a->end - a->next < count) {
        struct tree *t = a->tree;
        uint32_t size = count > t->chunk ? count : t->chunk;
        /* Once full, stop taking (the counter must not wrap around). */
        if (atomic_load_explicit(&t->used, memory_order_relaxed) >= t->capacity)
            return MCTS_NO_CHILD;
        uint32_t at = atomic_fetch_add_explicit(&t->used, size, memory_order_relaxed);
        if (at >= t->capacity || t->capacity - at < count) return MCTS_NO_CHILD;
        a->next = at;
        a->end = t->capacity - at < size ? t->capacity : at + size;
    }
    uint32_t at = a->next;
    a->next += count;
    a->nodes += count;
    return at;
}

#endif
