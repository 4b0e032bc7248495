/* Single-observer information-set MCTS (see ismcts.h). */
#include "search/ismcts.h"

#include "engine/hash.h"
#include "engine/rng.h"
#include "engine/timer.h"
#include "search/playout.h"

#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PATH = 2048, NONE = 0 };

struct is_node {
    uint64_t key;     /* move (own, chance) or hash of the searcher's view */
    uint32_t child;   /* first child, NONE if none */
    uint32_t sibling; /* next child of the same parent */
    int32_t visits;
    int32_t available; /* times the parent was visited with this selectable */
    /* Root children only: the hash of the searcher's view after this move,
     * and whether every world gave that same view (AFTER_ONE) or not
     * (AFTER_MIXED: the move's outcome depends on hidden ranks). */
    uint64_t after;
    int32_t after_state;
    double sum[GAME_MAX_PLAYERS];
};

enum { AFTER_NONE = 0, AFTER_ONE = 1, AFTER_MIXED = 2 };

struct is_tree {
    struct is_node *pool;
    uint32_t capacity, used;
};

struct ismcts_keep {
    const struct game *g;
    struct variant variant;
    int me, threads;
    struct is_tree *trees; /* NULL until a search kept its trees */
    long reused;           /* root visits the last search started with */
};

struct is_shared {
    const struct game *g;
    const struct variant *v;
    const unsigned char *view; /* the searcher's view: all the search knows */
    int me, players, max_playout;
    double c;
    long iterations;
    double deadline;
    const atomic_bool *interrupt; /* mcts_limits.interrupt */
    _Atomic long done;
    atomic_bool stop;
};

struct is_worker {
    const struct is_shared *sh;
    struct is_tree *tree;
    struct rng rng;
    uint64_t plies;
    long iterations;
};

static uint32_t node_new(struct is_tree *t, uint32_t parent, uint64_t key) {
    if (t->used >= t->capacity) return NONE;
    uint32_t i = t->used++;
    struct is_node *n = &t->pool[i];
    memset(n, 0, sizeof *n);
    n->key = key;
    n->sibling = t->pool[parent].child;
    t->pool[parent].child = i;
    return i;
}

static uint32_t child_with(const struct is_tree *t, uint32_t parent, uint64_t key) {
    for (uint32_t c = t->pool[parent].child; c != NONE; c = t->pool[c].sibling)
        if (t->pool[c].key == key) return c;
    return NONE;
}

/* What the searcher sees of a move: its own moves and chance outcomes are
 * seen as they are, an opponent's as the view it leaves behind. */
static void move_keys(const struct is_shared *sh, const void *world, int turn,
                      const move_t *moves, int count, uint64_t *keys) {
    const struct game *g = sh->g;
    if (turn == sh->me || turn == TURN_CHANCE) {
        for (int i = 0; i < count; i++) keys[i] = moves[i];
        return;
    }
    unsigned char after[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < count; i++) {
        memcpy(after, world, g->state_size);
        g->apply(sh->v, after, moves[i]);
        g->view(sh->v, after, sh->me);
        keys[i] = game_hash(g, sh->v, after);
    }
}

/* One move with key `key`, at random among those sharing it. */
static move_t move_with_key(struct rng *rng, const move_t *moves, const uint64_t *keys,
                            int count, uint64_t key) {
    int seen = 0, pick = 0;
    for (int i = 0; i < count; i++)
        if (keys[i] == key && rng_below(rng, (uint32_t)++seen) == 0) pick = i;
    return moves[pick];
}

static uint32_t select_chance(struct is_worker *w, uint32_t node, const void *world,
                              move_t *move, bool *created) {
    const struct game *g = w->sh->g;
    move_t moves[g->max_moves];
    double prob[g->max_moves];
    int count = g->moves(w->sh->v, world, moves);
    g->chance(w->sh->v, world, moves, count, prob);
    *move = moves[playout_sample(prob, count, &w->rng)];
    uint32_t c = child_with(w->tree, node, *move);
    *created = c == NONE;
    if (c == NONE) c = node_new(w->tree, node, *move);
    if (c != NONE) w->tree->pool[c].available++;
    return c;
}

/* A decision node: expand one untried key if any, else UCT among the
 * children selectable in this world. */
static uint32_t select_decision(struct is_worker *w, uint32_t node, const void *world,
                                int turn, move_t *move, bool *created) {
    const struct is_shared *sh = w->sh;
    const struct game *g = sh->g;
    struct is_tree *t = w->tree;
    move_t moves[g->max_moves];
    uint64_t keys[g->max_moves];
    uint32_t child_of[g->max_moves];
    uint32_t selectable[g->max_moves]; /* children with a move in this world */
    int count = g->moves(sh->v, world, moves);
    move_keys(sh, world, turn, moves, count, keys);
    /* One walk of the child list matches children to this world's moves:
     * children lie scattered over the pool, so each visit is a cache miss,
     * and a walk per move cost more than the rest of the node. */
    for (int i = 0; i < count; i++) child_of[i] = NONE;
    int listed = 0;
    for (uint32_t c = t->pool[node].child; c != NONE; c = t->pool[c].sibling) {
        bool here = false;
        for (int i = 0; i < count; i++)
            if (keys[i] == t->pool[c].key) child_of[i] = c, here = true;
        if (here) selectable[listed++] = c;
    }
    int untried = 0;
    uint64_t fresh_key = 0;
    for (int i = 0; i < count; i++) {
        if (child_of[i] != NONE) continue;
        bool repeat = false; /* count each untried key once */
        for (int j = 0; j < i && !repeat; j++) repeat = keys[j] == keys[i];
        if (!repeat && rng_below(&w->rng, (uint32_t)++untried) == 0) fresh_key = keys[i];
    }
    /* Availability: every selectable child, once per visit of the parent. */
    for (int k = 0; k < listed; k++) t->pool[selectable[k]].available++;
    *created = untried > 0;
    if (untried > 0) {
        uint32_t c = node_new(t, node, fresh_key);
        if (c == NONE) return NONE;
        t->pool[c].available = 1;
        *move = move_with_key(&w->rng, moves, keys, count, fresh_key);
        return c;
    }
    uint32_t best = NONE;
    double best_score = -INFINITY;
    for (int k = 0; k < listed; k++) {
        const struct is_node *n = &t->pool[selectable[k]];
        double score = n->sum[turn] / n->visits +
                       sh->c * sqrt(log((double)n->available) / n->visits);
        if (score > best_score) best_score = score, best = selectable[k];
    }
    *move = move_with_key(&w->rng, moves, keys, count, t->pool[best].key);
    return best;
}

/* Record what the searcher sees after a root move in this world, so that the
 * next search can tell whether this child is where it stands then. */
static void note_after(const struct is_shared *sh, struct is_node *n, const void *world) {
    unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, world, sh->g->state_size);
    sh->g->view(sh->v, seen, sh->me);
    uint64_t h = game_hash(sh->g, sh->v, seen);
    if (n->after_state == AFTER_NONE)
        n->after = h, n->after_state = AFTER_ONE;
    else if (n->after != h)
        n->after_state = AFTER_MIXED;
}

static void iterate(struct is_worker *w) {
    const struct is_shared *sh = w->sh;
    const struct game *g = sh->g;
    unsigned char world[GAME_MAX_STATE_BYTES];
    g->determinize(sh->v, sh->view, sh->me, rng_next_ctx, &w->rng, world);
    uint32_t path[MAX_PATH];
    int length = 1;
    path[0] = 0;
    double r[GAME_MAX_PLAYERS] = {0};
    for (;;) {
        int turn = g->turn(sh->v, world);
        if (turn == TURN_OVER) {
            g->returns(sh->v, world, r);
            break;
        }
        uint32_t child = NONE;
        bool created = false;
        move_t move = 0;
        if (length < MAX_PATH && turn == TURN_CHANCE)
            child = select_chance(w, path[length - 1], world, &move, &created);
        else if (length < MAX_PATH && turn >= 0)
            child = select_decision(w, path[length - 1], world, turn, &move, &created);
        if (child == NONE) { /* pool full, path too long, or no tree here */
            w->plies +=
                (uint64_t)playout_run(g, sh->v, world, &w->rng, sh->max_playout, r);
            break;
        }
        g->apply(sh->v, world, move);
        if (length == 1) note_after(sh, &w->tree->pool[child], world);
        path[length++] = child;
        if (created) {
            w->plies +=
                (uint64_t)playout_run(g, sh->v, world, &w->rng, sh->max_playout, r);
            break;
        }
    }
    for (int i = 0; i < length; i++) {
        struct is_node *n = &w->tree->pool[path[i]];
        n->visits++;
        for (int p = 0; p < sh->players; p++) n->sum[p] += r[p];
    }
    w->iterations++;
}

static bool budget_left(struct is_worker *w) {
    struct is_shared *sh = (struct is_shared *)w->sh;
    if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return false;
    if (sh->iterations > 0 &&
        atomic_fetch_add_explicit(&sh->done, 1, memory_order_relaxed) >= sh->iterations)
        return false;
    /* Every iteration: a clock read is nothing beside a playout. */
    if ((sh->deadline > 0 && timer_now() >= sh->deadline) ||
        (sh->interrupt && atomic_load(sh->interrupt))) {
        atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
        return false;
    }
    return true;
}

/* Root children (the searcher's moves) summed over the trees. */
static void collect(const struct game *g, const struct variant *v, const void *view,
                    const struct is_tree *trees, int count, int me,
                    struct mcts_result *out) {
    double root_sum = 0;
    long root_visits = 0;
    for (int t = 0; t < count; t++) {
        const struct is_tree *tr = &trees[t];
        root_sum += tr->pool[0].sum[me];
        root_visits += tr->pool[0].visits;
        out->nodes += tr->used;
        for (uint32_t c = tr->pool[0].child; c != NONE; c = tr->pool[c].sibling) {
            int i = 0;
            while (i < out->root_count && out->root_moves[i] != tr->pool[c].key) i++;
            if (i == out->root_count) {
                if (i == MCTS_MAX_ROOT_MOVES) continue;
                out->root_moves[out->root_count++] = tr->pool[c].key;
            }
            out->root_visits[i] += tr->pool[c].visits;
            out->root_values[i] += tr->pool[c].sum[me];
        }
    }
    /* Children were linked newest first: list them in the game's order. */
    move_t moves[g->max_moves];
    int n = g->moves(v, view, moves), at = 0;
    for (int k = 0; k < n; k++)
        for (int i = at; i < out->root_count; i++)
            if (out->root_moves[i] == moves[k]) {
                move_t m = out->root_moves[i];
                long vis = out->root_visits[i];
                double val = out->root_values[i];
                out->root_moves[i] = out->root_moves[at];
                out->root_visits[i] = out->root_visits[at];
                out->root_values[i] = out->root_values[at];
                out->root_moves[at] = m, out->root_visits[at] = vis;
                out->root_values[at++] = val;
                break;
            }
    int best = -1;
    for (int i = 0; i < out->root_count; i++) {
        if (out->root_visits[i] > 0) out->root_values[i] /= (double)out->root_visits[i];
        if (best < 0 || out->root_visits[i] > out->root_visits[best]) best = i;
    }
    if (best >= 0) {
        out->move = out->root_moves[best];
        out->has_move = true;
    }
    out->value = root_visits ? root_sum / (double)root_visits : 0;
}

/* Nodes in the subtree under `root`. */
static uint32_t subtree_size(const struct is_tree *t, uint32_t root) {
    uint32_t count = 1;
    for (uint32_t c = t->pool[root].child; c != NONE; c = t->pool[c].sibling)
        count += subtree_size(t, c);
    return count;
}

/* Copy the subtree under `from` into `to` (empty but for its root slot) as
 * its root, children in the same order. Depth is bounded by MAX_PATH. */
static void subtree_copy(const struct is_tree *from, uint32_t node, struct is_tree *to,
                         uint32_t at) {
    uint32_t last = NONE;
    for (uint32_t c = from->pool[node].child; c != NONE; c = from->pool[c].sibling) {
        uint32_t i = to->used++;
        to->pool[i] = from->pool[c];
        to->pool[i].child = to->pool[i].sibling = NONE;
        to->pool[i].after_state = AFTER_NONE;
        if (last == NONE)
            to->pool[at].child = i;
        else
            to->pool[last].sibling = i;
        last = i;
        subtree_copy(from, c, to, i);
    }
}

/* The root child of a kept tree where the searcher now stands (its view
 * after the move was `view_hash` in every world), or NONE. */
static uint32_t kept_child(const struct is_tree *t, uint64_t view_hash) {
    for (uint32_t c = t->pool[0].child; c != NONE; c = t->pool[c].sibling)
        if (t->pool[c].after_state == AFTER_ONE && t->pool[c].after == view_hash)
            return c;
    return NONE;
}

static void trees_free(struct is_tree *trees, int count) {
    for (int t = 0; trees && t < count; t++) free(trees[t].pool);
    free(trees);
}

struct ismcts_keep *ismcts_keep_new(void) {
    return calloc(1, sizeof(struct ismcts_keep));
}

void ismcts_keep_free(struct ismcts_keep *keep) {
    if (!keep) return;
    trees_free(keep->trees, keep->threads);
    free(keep);
}

long ismcts_keep_reused(const struct ismcts_keep *keep) {
    return keep ? keep->reused : 0;
}

int ismcts_search(const struct game *g, const struct variant *v, const void *state,
                  const struct mcts_limits *limits, struct mcts_result *out, char *err) {
    return ismcts_search_kept(g, v, state, limits, NULL, out, err);
}

/* Games and budgets the search refuses; 0, or -1 with err. */
static int refused(const struct game *g, const struct mcts_limits *limits, char *err) {
    if (!(g->flags & GAME_HAS_HIDDEN) || !g->view || !g->determinize) {
        snprintf(err, GAME_ERROR_BYTES, "ismcts is for games with hidden information");
        return -1;
    }
    if (g->flags & GAME_HAS_SIMULTANEOUS) {
        snprintf(err, GAME_ERROR_BYTES,
                 "ismcts does not handle simultaneous moves with hidden information");
        return -1;
    }
    if (limits->iterations <= 0 && limits->time <= 0) {
        snprintf(err, GAME_ERROR_BYTES, "ismcts needs an iteration or a time budget");
        return -1;
    }
    return 0;
}

/* The trees kept from the last search, when they are this searcher's in
 * this game (else they are freed): per thread the node under which it now
 * stands (kept[t], NONE: none) and that subtree's size. Returns the trees
 * (NULL: none) and the largest kept subtree in *most. */
static struct is_tree *take_kept(struct ismcts_keep *keep, const struct game *g,
                                 const struct variant *v, const void *view, int me,
                                 int threads, uint32_t *kept, uint32_t *kept_size,
                                 size_t *most) {
    struct is_tree *old = NULL;
    *most = 0;
    keep->reused = 0;
    if (keep->trees && keep->g == g && keep->me == me && keep->threads == threads &&
        memcmp(&keep->variant, v, sizeof *v) == 0) {
        old = keep->trees;
        uint64_t h = game_hash(g, v, view);
        for (int t = 0; t < threads; t++) {
            kept[t] = kept_child(&old[t], h);
            kept_size[t] = kept[t] == NONE ? 0 : subtree_size(&old[t], kept[t]);
            if (kept_size[t] > *most) *most = kept_size[t];
        }
    } else {
        trees_free(keep->trees, keep->threads);
    }
    keep->trees = NULL;
    return old;
}

/* A tree of `capacity` nodes for each thread, each with an empty root;
 * NULL when out of memory. */
static struct is_tree *trees_new(int threads, size_t capacity) {
    struct is_tree *trees = calloc((size_t)threads, sizeof *trees);
    bool ok = trees != NULL;
    for (int t = 0; ok && t < threads; t++) {
        trees[t].pool = malloc(capacity * sizeof(struct is_node));
        ok = trees[t].pool != NULL;
        if (ok) {
            memset(&trees[t].pool[0], 0, sizeof trees[t].pool[0]);
            trees[t].capacity = (uint32_t)capacity;
            trees[t].used = 1;
        }
    }
    if (ok) return trees;
    trees_free(trees, threads);
    return NULL;
}

/* Each kept subtree that fits becomes its thread's new tree. */
static void graft_kept(struct is_tree *trees, const struct is_tree *old, int threads,
                       const uint32_t *kept, const uint32_t *kept_size, size_t capacity,
                       struct ismcts_keep *keep) {
    for (int t = 0; old && t < threads; t++) {
        if (kept[t] == NONE || kept_size[t] > capacity) continue;
        struct is_node *root = &trees[t].pool[0];
        *root = old[t].pool[kept[t]];
        root->key = 0, root->child = root->sibling = NONE;
        root->after_state = AFTER_NONE;
        subtree_copy(&old[t], kept[t], &trees[t], 0);
        keep->reused += root->visits;
    }
}

/* The iterations, a tree per thread. */
static void run_workers(struct is_shared *sh, struct is_tree *trees, int threads,
                        uint64_t seed, struct mcts_result *out) {
    /* Atomics rather than an OpenMP reduction: ThreadSanitizer cannot see
     * libgomp's reduction and reports it. */
    _Atomic uint64_t plies = 0;
    _Atomic long iterations = 0;
#pragma omp parallel num_threads(threads)
    {
        int id = omp_get_thread_num();
        struct is_worker w = {.sh = sh, .tree = &trees[id]};
        rng_seed(&w.rng, seed * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)id);
        while (budget_left(&w)) iterate(&w);
        atomic_fetch_add(&plies, w.plies);
        atomic_fetch_add(&iterations, w.iterations);
    }
    out->iterations = iterations;
    out->playout_plies = plies;
}

int ismcts_search_kept(const struct game *g, const struct variant *v, const void *state,
                       const struct mcts_limits *limits, struct ismcts_keep *keep,
                       struct mcts_result *out, char *err) {
    memset(out, 0, sizeof *out);
    if (refused(g, limits, err) != 0) return -1;
    int me = g->turn(v, state);
    if (me < 0) {
        snprintf(err, GAME_ERROR_BYTES, "ismcts searches for a player to move");
        return -1;
    }
    double start = timer_now();
    unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, state, g->state_size);
    g->view(v, view, me);
    int threads = limits->threads > 0 ? limits->threads : 1;
    struct is_shared sh = {
        .g = g,
        .v = v,
        .view = view,
        .me = me,
        .players = g->player_count ? g->player_count(v) : g->players,
        .max_playout = limits->max_playout > 0 ? limits->max_playout
                       : g->evaluate           ? ISMCTS_CUT_PLAYOUT
                                               : 1000,
        .c = limits->c > 0 ? limits->c : ISMCTS_DEFAULT_C,
        .iterations = limits->iterations > 0 ? limits->iterations : 0,
        .deadline = limits->time > 0 ? start + limits->time : 0,
        .interrupt = limits->interrupt,
    };
    atomic_init(&sh.done, 0);
    atomic_init(&sh.stop, false);
    /* A kept tree continues where the searcher now stands: under the root
     * move of the last search that every world said leads to this view. */
    uint32_t kept[threads], kept_size[threads];
    size_t most_kept = 0;
    struct is_tree *old =
        keep ? take_kept(keep, g, v, view, me, threads, kept, kept_size, &most_kept)
             : NULL;
    /* One node per iteration at most (a new leaf ends the walk). */
    size_t capacity =
        limits->memory_mib
            ? (limits->memory_mib << 20) / sizeof(struct is_node)
            : ((size_t)256 << 20) / sizeof(struct is_node) / (size_t)threads;
    if (!limits->memory_mib && limits->time <= 0 &&
        (size_t)limits->iterations + 2 + most_kept < capacity)
        capacity = (size_t)limits->iterations + 2 + most_kept;
    if (capacity > UINT32_MAX / 2) capacity = UINT32_MAX / 2;
    struct is_tree *trees = trees_new(threads, capacity);
    if (!trees) {
        trees_free(old, threads);
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the ismcts tree");
        return -1;
    }
    graft_kept(trees, old, threads, kept, kept_size, capacity, keep);
    trees_free(old, threads);
    run_workers(&sh, trees, threads, limits->seed, out);
    collect(g, v, view, trees, threads, me, out);
    if (!out->has_move) { /* no iteration finished: any legal move */
        move_t moves[g->max_moves];
        if (g->moves(v, view, moves) > 0) out->move = moves[0], out->has_move = true;
    }
    out->seconds = timer_now() - start;
    if (keep) {
        keep->g = g, keep->variant = *v, keep->me = me, keep->threads = threads;
        keep->trees = trees;
    } else {
        trees_free(trees, threads);
    }
    return 0;
}
