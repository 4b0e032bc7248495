#include "search/mcts.h"
#include "search/mcts_collect.h"
#include "search/mcts_sim.h"
#include "search/mcts_tree.h"

#include "engine/rng.h"
#include "engine/timer.h"
#include "search/big_alloc.h"
#include "search/playout.h"

#include <math.h>
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_PATH = 256,
    FIXED_ONE = MCTS_FIXED_ONE,
    NO_CHILD = MCTS_NO_CHILD,
    EXPAND_NONE = MCTS_EXPAND_NONE,
    EXPAND_BUSY = MCTS_EXPAND_BUSY,
    EXPAND_DONE = MCTS_EXPAND_DONE,
    PROVEN_DRAW = MCTS_PROVEN_DRAW,
    KIND_PLAYER = MCTS_KIND_PLAYER,
    KIND_CHANCE = MCTS_KIND_CHANCE,
    KIND_SIMULTANEOUS = MCTS_KIND_SIMULTANEOUS,
};

struct shared {
    const struct game *g;
    const struct variant *v;
    const unsigned char *root_state;
    int players;
    double c;
    int max_playout;
    bool solver;
    search_probe_fn probe; /* only with the solver on */
    void *probe_ctx;
    bool batch_root; /* a player moves at the root: threads batch its updates */
    bool batch_kids; /* and those of its children (no simultaneous nodes, whose
                        selection reads the node directly) */
    struct sim_policy sim;
    long iterations;                /* budget, 0: none */
    double deadline;                /* 0: none */
    const atomic_bool *interrupt;   /* mcts_limits.interrupt */
    _Alignas(64) _Atomic long done; /* iterations claimed, CLAIM at a time */
    _Alignas(64) atomic_bool stop;
};

/* Iterations a thread claims from the shared budget at once: one atomic
 * add per CLAIM iterations instead of per iteration. The total stays exact. */
enum { CLAIM = 16 };

/* Statistics a thread has gathered for one node and not yet added to it. */
struct pending {
    int32_t visits, vloss;
    int64_t sum[GAME_MAX_PLAYERS]; /* as mcts_node.sum */
};

struct worker {
    struct shared *sh;
    struct tree *tree;
    struct mcts_alloc alloc; /* this thread's part of tree's pool */
    struct rng rng;
    uint64_t plies;
    long iterations;
    long claimed; /* claimed iterations not run yet */
    /* The root's statistics from this thread's last iterations, not yet
     * added to the shared root: every iteration of every thread updates the
     * root, the one node they all write. Only its visits are read during
     * the search (UCT at the root), as shared + this thread's own part,
     * which with one thread is the exact count. */
    struct pending root;
    /* The same for the nodes down to BATCH_DEPTH (w->batch_kids), with this
     * thread's virtual losses on them: near the root both threads go down
     * the same line most of the time, and every write there moves a cache
     * line from one core to the other. */
    struct pend_map *near;
    bool batch_kids; /* sh->batch_kids, and `near` could be allocated */
};

/* Iterations a thread gathers its updates of the nodes near the root for
 * before adding them to the shared nodes (the other threads see them that
 * late, which near the root moves their choices little); the depth down to
 * which it gathers them. */
enum { ROOT_BATCH = 128, BATCH_DEPTH = 4 };

/* A thread's pending statistics by node, open addressing on the pool index.
 * Filled to half at most; a node left out is updated directly (the search
 * is the same either way, only the writes differ). */
enum { PEND_BITS = 12, PEND_SLOTS = 1 << PEND_BITS };
struct pend_map {
    uint32_t key[PEND_SLOTS]; /* pool index + 1; 0: empty */
    struct pending val[PEND_SLOTS];
    uint32_t touched[PEND_SLOTS]; /* slots given visits since the last flush */
    uint32_t touched_count, filled;
};

/* The pending statistics of `node`; NULL when it has none (and with
 * `insert`, when the map is full). */
static struct pending *pend_find(struct pend_map *m, uint32_t node, bool insert) {
    uint32_t h = (node * UINT32_C(0x9E3779B1)) >> (32 - PEND_BITS);
    for (;; h = (h + 1) & (PEND_SLOTS - 1)) {
        if (m->key[h] == node + 1) return &m->val[h];
        if (m->key[h] == 0) {
            if (!insert || m->filled >= PEND_SLOTS / 2) return NULL;
            m->key[h] = node + 1;
            m->filled++;
            return &m->val[h];
        }
    }
}

static void flush_node(struct worker *w, struct mcts_node *n, struct pending *p) {
    const int summed = w->tree->zero_sum ? 1 : w->sh->players;
    if (!p->visits) return;
    for (int q = 0; q < summed; q++) {
        atomic_fetch_add_explicit(&n->sum[q], p->sum[q], memory_order_relaxed);
        p->sum[q] = 0;
    }
    atomic_fetch_add_explicit(&n->traffic, (uint64_t)p->visits * MCTS_VISIT,
                              memory_order_relaxed);
    p->visits = 0;
}

/* Between iterations (no virtual loss of this thread is pending). */
static void flush_root(struct worker *w) {
    flush_node(w, &w->tree->pool[0], &w->root);
    struct pend_map *m = w->near;
    if (!m) return;
    for (uint32_t i = 0; i < m->touched_count; i++) {
        uint32_t slot = m->touched[i];
        flush_node(w, &w->tree->pool[m->key[slot] - 1], &m->val[slot]);
    }
    m->touched_count = 0;
}

bool mcts_supports(const struct game *g, char *err) {
    if (g->flags & GAME_HAS_HIDDEN) {
        snprintf(err, GAME_ERROR_BYTES,
                 "%s has hidden information: plain mcts would read it (use ismcts or "
                 "pimc)",
                 g->name);
        return false;
    }
    return true;
}

static inline double mean_for(int64_t sum, int32_t visits, int32_t vloss) {
    /* A virtual loss counts as a lost playout for the player choosing. */
    return ((double)sum / FIXED_ONE - vloss) / (double)(visits + vloss);
}

/* Create the children of `n` whose position is `state`. The caller won the
 * EXPAND_NONE -> EXPAND_BUSY race. */
static void expand(struct worker *w, struct mcts_node *n, const void *state, int turn) {
    const struct game *g = w->sh->g;
    if (turn == TURN_SIMULTANEOUS) {
        if (!mcts_sim_expand(w->tree, n, g, w->sh->v, state)) {
            atomic_store_explicit(&n->expand, EXPAND_NONE, memory_order_release);
            return;
        }
        n->kind = KIND_SIMULTANEOUS;
        n->mover = -1;
        atomic_store_explicit(&n->expand, EXPAND_DONE, memory_order_release);
        return;
    }
    move_t moves[g->max_moves];
    int count = g->moves(w->sh->v, state, moves);
    uint32_t first = mcts_tree_alloc(&w->alloc, (uint32_t)count);
    if (first == NO_CHILD) {
        atomic_store_explicit(&n->expand, EXPAND_NONE, memory_order_release);
        return;
    }
    if (turn == TURN_CHANCE) {
        struct tree *t = w->tree;
        uint32_t at = atomic_fetch_add_explicit(&t->probs_used, (uint32_t)count,
                                                memory_order_relaxed);
        if (at > t->prob_capacity || t->prob_capacity - at < (uint32_t)count) {
            atomic_store_explicit(&n->expand, EXPAND_NONE, memory_order_release);
            return;
        }
        double prob[g->max_moves];
        g->chance(w->sh->v, state, moves, count, prob);
        for (int i = 0; i < count; i++) t->probs[at + (uint32_t)i] = (float)prob[i];
        n->aux = at;
    }
    for (int i = 0; i < count; i++) {
        struct mcts_node *c = &w->tree->pool[first + (uint32_t)i];
        memset(c, 0, sizeof *c);
        c->move = moves[i];
        c->kind = KIND_PLAYER;
    }
    n->kind = turn == TURN_CHANCE ? KIND_CHANCE : KIND_PLAYER;
    n->mover = (int8_t)(turn >= 0 ? turn : -1);
    atomic_store_explicit(&n->first, first, memory_order_relaxed);
    atomic_store_explicit(&n->count, (uint32_t)count, memory_order_relaxed);
    atomic_store_explicit(&n->expand, EXPAND_DONE, memory_order_release);
}

/* Player p's sum in a thread's pending statistics. */
static inline int64_t pending_sum(const struct tree *t, const struct pending *k, int p) {
    return t->zero_sum && p == 1 ? -k->sum[0] : k->sum[p];
}

/* UCT choice among the children of `n` for player `p`; proven losses for p
 * are skipped while anything else is left. `mine`: the thread's pending
 * statistics of `n` (NULL: none); `kids`: the map of its children's. */
static uint32_t select_uct(struct worker *w, const struct mcts_node *n, int p,
                           const struct pending *mine, struct pend_map *kids) {
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    uint32_t count = atomic_load_explicit(&n->count, memory_order_relaxed);
    uint64_t parent = atomic_load_explicit(&n->traffic, memory_order_relaxed);
    int32_t parent_visits = mcts_visits_of(parent) + mcts_vloss_of(parent);
    if (mine) parent_visits += mine->visits + mine->vloss; /* not yet shared */
    double log_n = log((double)(parent_visits > 0 ? parent_visits : 1));
    double best = -INFINITY;
    uint32_t pick = first;
    for (uint32_t i = first; i < first + count; i++) {
        const struct mcts_node *c = &w->tree->pool[i];
        uint8_t proven = atomic_load_explicit(&c->proven, memory_order_relaxed);
        double score;
        if (proven == 1 + p) return i; /* a proven win: take it */
        uint64_t traffic = atomic_load_explicit(&c->traffic, memory_order_relaxed);
        int32_t visits = mcts_visits_of(traffic), vloss = mcts_vloss_of(traffic);
        int64_t sum = mcts_sum(w->tree, c, p);
        const struct pending *k = kids ? pend_find(kids, i, false) : NULL;
        if (k) visits += k->visits, vloss += k->vloss, sum += pending_sum(w->tree, k, p);
        if (proven && proven != PROVEN_DRAW)
            score = -1e9; /* a proven loss */
        else if (visits + vloss == 0)
            score = 1e9 - (double)(i - first);
        else
            score = mean_for(sum, visits, vloss) +
                    w->sh->c * sqrt(log_n / (double)(visits + vloss));
        if (score > best) best = score, pick = i;
    }
    return pick;
}

static uint32_t select_chance(struct worker *w, const struct mcts_node *n) {
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    uint32_t count = atomic_load_explicit(&n->count, memory_order_relaxed);
    double x = rng_unit(&w->rng);
    for (uint32_t i = first; i + 1 < first + count; i++) {
        x -= w->tree->probs[n->aux + (i - first)];
        if (x < 0) return i;
    }
    return first + count - 1;
}

/* MCTS-Solver: the proven value of a player node from its children, or 0. */
static uint8_t solve_node(const struct worker *w, const struct mcts_node *n) {
    if (n->kind != KIND_PLAYER) return 0;
    int p = n->mover;
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    uint32_t count = atomic_load_explicit(&n->count, memory_order_relaxed);
    bool all = true, draw = false;
    for (uint32_t i = first; i < first + count; i++) {
        uint8_t pr = atomic_load_explicit(&w->tree->pool[i].proven, memory_order_relaxed);
        if (pr == 1 + p) return (uint8_t)(1 + p);
        if (pr == 0) all = false;
        if (pr == PROVEN_DRAW) draw = true;
    }
    if (!all) return 0;
    return draw ? PROVEN_DRAW : (uint8_t)(1 + (1 - p));
}

static uint8_t proven_of_returns(const double *r) {
    if (r[0] > 0.999) return 1;
    if (r[1] > 0.999) return 2;
    if (r[0] == 0 && r[1] == 0) return PROVEN_DRAW;
    return 0;
}

static void returns_of_proven(uint8_t proven, double *r) {
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) r[p] = 0;
    if (proven == 1) r[0] = 1, r[1] = -1;
    if (proven == 2) r[0] = -1, r[1] = 1;
}

/* A node the databases hold becomes a proven terminal: its proof and the
 * returns it scores. False when they do not hold it (or none are open). */
static bool probe_node(const struct shared *sh, struct mcts_node *n, const void *state,
                       int turn, double *r) {
    if (!sh->probe || turn < 0) return false;
    retro_cell c = sh->probe(sh->probe_ctx, state);
    if (!retro_is_value(c)) return false;
    int o = retro_outcome(c);
    uint8_t proven = o == RETRO_OUTCOME_DRAW  ? PROVEN_DRAW
                     : o == RETRO_OUTCOME_WIN ? (uint8_t)(1 + turn)
                                              : (uint8_t)(1 + (1 - turn));
    atomic_store_explicit(&n->proven, proven, memory_order_relaxed);
    returns_of_proven(proven, r);
    return true;
}

/* The path of one iteration from the root: its nodes, the thread's pending
 * statistics of each (NULL: the node is updated directly), and the picks at
 * simultaneous nodes with their probabilities. */
struct walk {
    uint32_t path[MAX_PATH];
    struct pending *pend[MAX_PATH];
    uint16_t pick[MAX_PATH][GAME_MAX_PLAYERS];
    float sigma[MAX_PATH][GAME_MAX_PLAYERS];
    int length;
};

/* The child of `n` (at `state`, `turn` to act) this iteration goes down,
 * into *child, with its move applied to `state`; false when the pool is
 * full at a simultaneous node (then simulate from here). */
static bool choose_child(struct worker *w, struct walk *k, struct mcts_node *n,
                         void *state, int turn, uint32_t *child) {
    const struct shared *sh = w->sh;
    const int at = k->length - 1;
    if (turn == TURN_SIMULTANEOUS) {
        move_t choice[GAME_MAX_PLAYERS];
        mcts_sim_select(w->tree, n, &sh->sim, &w->rng, k->pick[at], k->sigma[at]);
        *child = mcts_sim_child(&w->alloc, n, k->pick[at], choice);
        if (*child == NO_CHILD) return false;
        sh->g->apply_joint(sh->v, state, choice);
        return true;
    }
    const struct pending *mine = at == 0 && sh->batch_root ? &w->root : k->pend[at];
    struct pend_map *kids = w->batch_kids && k->length <= BATCH_DEPTH ? w->near : NULL;
    *child =
        turn == TURN_CHANCE ? select_chance(w, n) : select_uct(w, n, turn, mine, kids);
    sh->g->apply(sh->v, state, w->tree->pool[*child].move);
    return true;
}

/* Step onto `child`: a virtual loss on it (pending, or on the node). */
static void enter_child(struct worker *w, struct walk *k, uint32_t child) {
    struct mcts_node *c = &w->tree->pool[child];
    struct pending *p = w->batch_kids && k->length <= BATCH_DEPTH
                            ? pend_find(w->near, child, true)
                            : NULL;
    k->pend[k->length] = p;
    if (p)
        p->vloss++;
    else
        atomic_fetch_add_explicit(&c->traffic, MCTS_VIRTUAL_LOSS, memory_order_relaxed);
    k->path[k->length++] = child;
}

/* Back the returns `r` up the path; with a proven leaf, proven values
 * climb while each parent becomes proven in turn. */
static void back_up(struct worker *w, const struct walk *k, const double *r,
                    bool leaf_proven) {
    const struct shared *sh = w->sh;
    int64_t add[GAME_MAX_PLAYERS];
    for (int p = 0; p < sh->players; p++) add[p] = (int64_t)llround(r[p] * FIXED_ONE);
    const int summed = w->tree->zero_sum ? 1 : sh->players;
    /* A player root's statistics are gathered by the thread (flush_root);
     * chance and simultaneous roots read theirs in ways kept simple here. */
    for (int i = k->length - 1; i >= 0; i--) {
        struct mcts_node *n = &w->tree->pool[k->path[i]];
        struct pending *q = i == 0 && sh->batch_root ? &w->root
                            : i > 0                  ? k->pend[i]
                                                     : NULL;
        if (q) { /* gathered by the thread, see flush_root */
            for (int p = 0; p < summed; p++) q->sum[p] += add[p];
            if (i > 0 && q->visits == 0) /* first visit since the last flush */
                w->near->touched[w->near->touched_count++] = (uint32_t)(q - w->near->val);
            q->visits++;
            q->vloss -= i > 0;
        } else {
            for (int p = 0; p < summed; p++)
                atomic_fetch_add_explicit(&n->sum[p], add[p], memory_order_relaxed);
        }
        if (i < k->length - 1 && n->kind == KIND_SIMULTANEOUS)
            mcts_sim_update(w->tree, n, &sh->sim, k->pick[i], k->sigma[i], add);
        /* The visit, and below the root the virtual loss taken back. */
        if (!q)
            atomic_fetch_add_explicit(&n->traffic,
                                      i > 0 ? MCTS_VISIT - MCTS_VIRTUAL_LOSS : MCTS_VISIT,
                                      memory_order_relaxed);
    }
    if (sh->batch_root && w->root.visits >= ROOT_BATCH) flush_root(w);
    if (sh->solver && leaf_proven) {
        for (int i = k->length - 2; i >= 0; i--) {
            struct mcts_node *n = &w->tree->pool[k->path[i]];
            uint8_t pr = solve_node(w, n);
            if (!pr) break;
            atomic_store_explicit(&n->proven, pr, memory_order_relaxed);
        }
    }
}

/* One iteration: down the tree to a leaf (expanding it when new), a
 * playout or a known value there, and the returns backed up. The helpers
 * above are static and called once, so the compiler inlines them: the
 * bench's MCTS rate is unchanged by the split (results in the commit). */
static void iterate(struct worker *w) {
    const struct shared *sh = w->sh;
    const struct game *g = sh->g;
    unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, sh->root_state, g->state_size);
    struct walk k;
    k.pend[0] = NULL;
    k.length = 1;
    k.path[0] = 0;
    double r[GAME_MAX_PLAYERS] = {0};
    bool leaf_proven = false;
    for (;;) {
        struct mcts_node *n = &w->tree->pool[k.path[k.length - 1]];
        uint8_t proven = atomic_load_explicit(&n->proven, memory_order_relaxed);
        if (proven && k.length > 1) { /* known value: no need to look further */
            returns_of_proven(proven, r);
            break;
        }
        int turn = g->turn(sh->v, state);
        if (turn == TURN_OVER) {
            g->returns(sh->v, state, r);
            if (sh->solver) {
                atomic_store_explicit(&n->proven, proven_of_returns(r),
                                      memory_order_relaxed);
                leaf_proven = true;
            }
            break;
        }
        if (k.length > 1 && probe_node(sh, n, state, turn, r)) {
            leaf_proven = true;
            break;
        }
        uint8_t ex = atomic_load_explicit(&n->expand, memory_order_acquire);
        bool fresh = false;
        if (ex == EXPAND_NONE) {
            uint8_t expected = EXPAND_NONE;
            if (atomic_compare_exchange_strong(&n->expand, &expected, EXPAND_BUSY)) {
                expand(w, n, state, turn);
                fresh = true;
            }
            ex = atomic_load_explicit(&n->expand, memory_order_acquire);
        }
        /* Another thread is expanding the root: wait for it. Every iteration
         * then goes down one of the root's moves, so that their visits add
         * up to the iterations run (a playout from the root itself would
         * count in no move). Deeper down a playout from the node is fine. */
        while (k.length == 1 && ex == EXPAND_BUSY) {
            sched_yield();
            ex = atomic_load_explicit(&n->expand, memory_order_acquire);
        }
        if (ex != EXPAND_DONE || k.length == MAX_PATH) {
            w->plies +=
                (uint64_t)playout_run(g, sh->v, state, &w->rng, sh->max_playout, r);
            break;
        }
        uint32_t child;
        if (!choose_child(w, &k, n, state, turn, &child)) { /* pool full: simulate */
            w->plies +=
                (uint64_t)playout_run(g, sh->v, state, &w->rng, sh->max_playout, r);
            break;
        }
        enter_child(w, &k, child);
        if (fresh) { /* a new leaf: simulate from the chosen child */
            int next = g->turn(sh->v, state);
            if (next == TURN_OVER) continue;
            if (probe_node(sh, &w->tree->pool[child], state, next, r)) {
                leaf_proven = true;
                break;
            }
            w->plies +=
                (uint64_t)playout_run(g, sh->v, state, &w->rng, sh->max_playout, r);
            break;
        }
    }
    back_up(w, &k, r, leaf_proven);
    w->iterations++;
}

static bool budget_left(struct worker *w) {
    struct shared *sh = w->sh;
    if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return false;
    if (atomic_load_explicit(&w->tree->pool[0].proven, memory_order_relaxed))
        return false;
    if (sh->iterations > 0) {
        if (w->claimed == 0) {
            long at = atomic_fetch_add_explicit(&sh->done, CLAIM, memory_order_relaxed);
            if (at >= sh->iterations) return false;
            w->claimed = sh->iterations - at < CLAIM ? sh->iterations - at : CLAIM;
        }
        w->claimed--;
    }
    if ((w->iterations & 15) == 0 && ((sh->deadline > 0 && timer_now() >= sh->deadline) ||
                                      (sh->interrupt && atomic_load(sh->interrupt)))) {
        atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
        return false;
    }
    return true;
}

static void tree_free(struct tree *t) {
    free(t->pool);
    free(t->heads);
    free(t->stats);
    free(t->slots);
    free(t->probs);
}

/* The pools: `capacity` nodes, and for games with simultaneous moves room
 * for their per-player statistics and joint slots in proportion. Untouched
 * memory is never committed by the system, so generous sizes cost little. */
static int tree_init(struct tree *t, size_t capacity, bool simultaneous, bool chance,
                     bool zero_sum, int threads) {
    if (capacity > UINT32_MAX / 4) capacity = UINT32_MAX / 4;
    t->pool = big_alloc(capacity * sizeof(struct mcts_node));
    if (!t->pool) return -1;
    t->capacity = (uint32_t)capacity;
    t->zero_sum = zero_sum;
    /* Chunks of a huge page (each thread faults in its own pages), fewer
     * when the pool is small, so that no thread runs dry early. */
    size_t chunk = ((size_t)2 << 20) / sizeof(struct mcts_node);
    if (chunk > capacity / (8 * (size_t)threads))
        chunk = capacity / (8 * (size_t)threads);
    t->chunk = chunk > 64 ? (uint32_t)chunk : 64;
    atomic_init(&t->nodes, 0);
    memset(&t->pool[0], 0, sizeof t->pool[0]);
    atomic_init(&t->used, 1);
    atomic_init(&t->heads_used, 0);
    atomic_init(&t->stats_used, 0);
    atomic_init(&t->slots_used, 0);
    atomic_init(&t->probs_used, 0);
    if (chance) { /* at most one probability per node */
        t->prob_capacity = t->capacity;
        t->probs = big_alloc(capacity * sizeof *t->probs);
        if (!t->probs) return -1;
    }
    if (!simultaneous) return 0;
    t->head_capacity = (uint32_t)(capacity / 4 + 16);
    t->stat_capacity = (uint32_t)(capacity + 1024);
    t->slot_capacity = (uint32_t)(capacity * 4 + MCTS_MAX_JOINT);
    t->heads = malloc(t->head_capacity * sizeof *t->heads);
    t->stats = malloc(t->stat_capacity * sizeof *t->stats);
    t->slots = malloc(t->slot_capacity * sizeof *t->slots);
    return t->heads && t->stats && t->slots ? 0 : -1;
}

/* Nodes a tree's pool holds: what --memory allows, else one expansion per
 * iteration at most, capped at the 256 MiB a time budget gets (a full pool
 * only stops the tree growing). */
static size_t pool_capacity(const struct game *g, const struct mcts_limits *limits,
                            int trees) {
    if (limits->memory_mib) return (limits->memory_mib << 20) / sizeof(struct mcts_node);
    size_t cap = ((size_t)256 << 20) / sizeof(struct mcts_node) / (size_t)trees;
    if (limits->time > 0) return cap;
    size_t capacity = (size_t)limits->iterations * (size_t)g->max_moves / (size_t)trees +
                      (size_t)g->max_moves + 2;
    return capacity > cap ? cap : capacity;
}

/* `trees` empty trees (one, or one per thread when root-parallel); NULL
 * when out of memory. */
static struct tree *forest_new(const struct game *g, int players, int trees, int threads,
                               size_t capacity) {
    struct tree *forest =
        aligned_alloc(_Alignof(struct tree), sizeof *forest * (size_t)trees);
    if (!forest) return NULL;
    memset(forest, 0, sizeof *forest * (size_t)trees);
    for (int i = 0; i < trees; i++) {
        if (tree_init(&forest[i], capacity + (size_t)g->max_moves + 2,
                      g->flags & GAME_HAS_SIMULTANEOUS, g->flags & GAME_HAS_CHANCE,
                      players == 2 && (g->flags & GAME_ZERO_SUM_2P),
                      threads / trees) != 0) {
            for (int j = 0; j <= i; j++) tree_free(&forest[j]);
            free(forest);
            return NULL;
        }
    }
    return forest;
}

/* The iterations on `threads` threads; their count and the playouts' plies
 * into *iterations and *plies. */
static void run_workers(struct shared *sh, struct tree *forest, int threads,
                        const struct mcts_limits *limits, long *iterations,
                        uint64_t *plies) {
    /* Atomics rather than an OpenMP reduction: ThreadSanitizer cannot see
     * libgomp's reduction and reports it. */
    _Atomic uint64_t all_plies = 0;
    _Atomic long all_iterations = 0;
#pragma omp parallel num_threads(threads)
    {
        int id = omp_get_thread_num();
        struct tree *tree = &forest[limits->root_parallel ? id : 0];
        struct worker w = {.sh = sh, .tree = tree, .alloc = {.tree = tree}};
        w.near = sh->batch_kids ? calloc(1, sizeof *w.near) : NULL;
        w.batch_kids = w.near != NULL;
        rng_seed(&w.rng, limits->seed * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)id);
        while (budget_left(&w)) iterate(&w);
        flush_root(&w);
        free(w.near);
        atomic_fetch_add(&all_plies, w.plies);
        atomic_fetch_add(&tree->nodes, w.alloc.nodes);
        atomic_fetch_add(&all_iterations, w.iterations);
    }
    *iterations = all_iterations;
    *plies = all_plies;
}

int mcts_search(const struct game *g, const struct variant *v, const void *state,
                const struct mcts_limits *limits, struct mcts_result *out, char *err) {
    memset(out, 0, sizeof *out);
    if (!limits->assume_perfect && !mcts_supports(g, err)) return -1;
    if (limits->iterations <= 0 && limits->time <= 0) {
        snprintf(err, GAME_ERROR_BYTES, "mcts needs an iteration or a time budget");
        return -1;
    }
    double start = timer_now();
    int threads = limits->threads > 0 ? limits->threads : 1;
    int trees = limits->root_parallel ? threads : 1;
    int players = g->player_count ? g->player_count(v) : g->players;
    const double c = limits->c > 0     ? limits->c
                     : g->return_scale ? 1.4 * g->return_scale(v)
                                       : 1.4;
    struct shared sh = {
        .g = g,
        .v = v,
        .root_state = state,
        .players = players,
        .c = c,
        .max_playout = limits->max_playout > 0 ? limits->max_playout : 1000,
        .solver =
            !limits->no_solver && players == 2 && (g->flags & GAME_ZERO_SUM_2P) &&
            !(g->flags & (GAME_HAS_CHANCE | GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN)),
        .sim = {.kind = limits->sim,
                .c = c,
                .gamma = limits->sim_gamma > 0          ? limits->sim_gamma
                         : limits->sim == MCTS_SIM_DUCT ? 0.05
                                                        : 0.1},
        .batch_root = g->turn(v, state) >= 0,
        .batch_kids = g->turn(v, state) >= 0 && !(g->flags & GAME_HAS_SIMULTANEOUS),
        .iterations = limits->iterations > 0 ? limits->iterations : 0,
        .deadline = limits->time > 0 ? start + limits->time : 0,
        .interrupt = limits->interrupt,
    };
    atomic_init(&sh.done, 0);
    atomic_init(&sh.stop, false);
    if (sh.solver) sh.probe = limits->probe, sh.probe_ctx = limits->probe_ctx;
    struct tree *forest =
        forest_new(g, players, trees, threads, pool_capacity(g, limits, trees));
    if (!forest) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the mcts tree");
        return -1;
    }
    long iterations;
    uint64_t plies;
    run_workers(&sh, forest, threads, limits, &iterations, &plies);
    mcts_collect(g, v, state, forest, trees, &sh.sim, limits->seed, out);
    out->iterations = iterations;
    out->playout_plies = plies;
    out->seconds = timer_now() - start;
    for (int t = 0; t < trees; t++) tree_free(&forest[t]);
    free(forest);
    return 0;
}
