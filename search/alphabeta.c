#include "search/alphabeta.h"

#include "engine/timer.h"
#include "search/alphabeta_internal.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ab_score_proven(int score, int *distance) {
    if (score > AB_PROVEN_BOUND && score <= AB_WIN) {
        if (distance) *distance = AB_WIN - score;
        return 1;
    }
    if (score < -AB_PROVEN_BOUND && score >= -AB_WIN) {
        if (distance) *distance = AB_WIN + score;
        return -1;
    }
    return 0;
}

bool ab_supports(const struct game *g, char *err) {
    if (!(g->flags & GAME_ZERO_SUM_2P) ||
        (g->flags & (GAME_HAS_CHANCE | GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN))) {
        snprintf(err, GAME_ERROR_BYTES,
                 "alpha-beta needs a two-player zero-sum game without chance, "
                 "simultaneous moves or hidden information (%s is not; use mcts)",
                 g->name);
        return false;
    }
    return true;
}

/* The value for the mover of `state` of playing `m`, from the databases or
 * the finished game; RETRO_HOLE when neither knows. */
static retro_cell move_value(const struct game *g, const struct variant *v,
                             const void *state, int mover, move_t m,
                             const struct ab_limits *limits) {
    unsigned char child[GAME_MAX_STATE_BYTES];
    memcpy(child, state, g->state_size);
    g->apply(v, child, m);
    int next = g->turn(v, child);
    retro_cell c;
    if (next == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        g->returns(v, child, r);
        return r[mover] > 0.999    ? retro_win(1)
               : r[mover] < -0.999 ? retro_loss(1)
                                   : RETRO_DRAW;
    }
    c = limits->probe(limits->probe_ctx, child);
    if (!retro_is_value(c)) return RETRO_HOLE;
    return retro_through(c, next != mover, m == GAME_MOVE_PASS);
}

/* Syzygy-style root filter: when the databases hold the root and every
 * child is held or finished, keep the moves that keep the root's value.
 * Returns how many were kept (0: no filter). */
static int filter_root(const struct game *g, const struct variant *v, const void *state,
                       const struct ab_limits *limits, const move_t *root, int count,
                       move_t *kept) {
    if (!limits->probe || limits->analyse) return 0;
    retro_cell here = limits->probe(limits->probe_ctx, state);
    if (!retro_is_value(here)) return 0;
    int mover = g->turn(v, state), outcome = retro_outcome(here), n = 0;
    for (int i = 0; i < count; i++) {
        retro_cell c = move_value(g, v, state, mover, root[i], limits);
        if (c == RETRO_HOLE) return 0;
        if (retro_outcome(c) == outcome) kept[n++] = root[i];
    }
    return n;
}

/* Where the principal variation ends in a position the databases hold,
 * carry it on with their best moves (the quickest win, the longest loss),
 * so that a proven line is shown whole. */
static void extend_pv(const struct game *g, const struct variant *v, const void *root,
                      const struct ab_limits *limits, struct ab_result *out) {
    if (!limits->probe) return;
    unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, root, g->state_size);
    for (int i = 0; i < out->pv_length; i++) g->apply(v, state, out->pv[i]);
    move_t moves[g->max_moves];
    while (out->pv_length < AB_MAX_PLY) {
        int mover = g->turn(v, state);
        retro_cell here = limits->probe(limits->probe_ctx, state);
        /* A draw has no end to show. */
        if (mover < 0 || !retro_is_value(here) ||
            retro_outcome(here) == RETRO_OUTCOME_DRAW)
            return;
        int count = g->moves(v, state, moves), best = -1;
        retro_cell best_value = RETRO_HOLE;
        for (int i = 0; i < count; i++) {
            retro_cell c = move_value(g, v, state, mover, moves[i], limits);
            if (c == RETRO_HOLE) return;
            if (best < 0 || retro_better(c, best_value)) best = i, best_value = c;
        }
        if (best < 0) return;
        out->pv[out->pv_length++] = moves[best];
        g->apply(v, state, moves[best]);
    }
}

/* The extra plies a line may take in captures (ab_limits.capture_plies):
 * none for a game that cannot tell captures. */
static int capture_extension(const struct game *g, const struct ab_limits *limits) {
    int plies = limits->capture_plies == 0 ? g->capture_extension : limits->capture_plies;
    if (!g->capture_pending || plies <= 0) return 0;
    return plies < AB_MAX_EXTENSION ? plies : AB_MAX_EXTENSION;
}

/* A thread's start, with its position stack taken before the threads run
 * (threads_new). */
static void thread_init(struct ab_thread *t, struct ab_shared *sh, int id,
                        const void *state) {
    void *stack = t->stack;
    memset(t, 0, sizeof *t);
    t->stack = stack;
    t->sh = sh;
    t->id = id;
    memcpy(t->stack[0], state, sh->g->state_size);
}

static void threads_free(struct ab_thread *pool, int threads) {
    for (int i = 0; pool && i < threads; i++) free(pool[i].stack);
    free(pool);
}

/* `threads` threads with their position stacks, or NULL when memory is
 * short (nothing then stays allocated). */
static struct ab_thread *threads_new(int threads) {
    struct ab_thread *pool = calloc((size_t)threads, sizeof *pool);
    for (int i = 0; pool && i < threads; i++)
        if (!(pool[i].stack = malloc((size_t)(AB_MAX_PLY + 1) * GAME_MAX_STATE_BYTES))) {
            threads_free(pool, threads);
            return NULL;
        }
    return pool;
}

/* Iterative deepening with aspiration windows for one thread. Helper threads
 * (id > 0) start one ply deeper every other thread so that they fill the
 * table ahead of the main thread. Returns the last completed depth. */
static int deepen(struct ab_thread *t, int max_depth, int root_player, int *out_score,
                  move_t *out_pv, int *out_pv_length, int *root_scores) {
    const struct ab_shared *sh = t->sh;
    int completed = 0, score = 0;
    for (int depth = 1 + (t->id & 1); depth <= max_depth; depth++) {
        int delta = 25, alpha = -AB_INF, beta = AB_INF;
        if (depth >= 4 && !ab_score_proven(score, NULL) && !sh->analyse) {
            alpha = score - delta;
            beta = score + delta;
        }
        int s;
        for (;;) {
            s = sh->kernels->ab_root(t, depth, alpha, beta, root_player);
            if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) break;
            if (s <= alpha)
                alpha = alpha - delta > -AB_INF ? alpha - delta : -AB_INF;
            else if (s >= beta)
                beta = beta + delta < AB_INF ? beta + delta : AB_INF;
            else
                break;
            delta *= 2;
            if (delta > 400) alpha = -AB_INF, beta = AB_INF;
        }
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) break;
        score = s;
        completed = depth;
        if (t->id == 0) {
            *out_score = score;
            *out_pv_length = t->pv_length[0];
            memcpy(out_pv, t->pv[0], sizeof(move_t) * (size_t)t->pv_length[0]);
            if (root_scores) memcpy(root_scores, t->root_scores, sizeof t->root_scores);
        }
        /* A proven result cannot change once every line of twice its length
         * (passes included) has been searched. */
        int distance;
        if (ab_score_proven(score, &distance) && depth >= 2 * distance + 2 &&
            !sh->analyse)
            break;
        if (t->id == 0 && sh->deadline > 0 && timer_now() >= sh->deadline) break;
        if (sh->interrupt && atomic_load(sh->interrupt)) break;
    }
    return completed;
}

/* The root's moves into out (root_moves, root_count, root_draws, a first
 * move), and what the databases say of the root (root_held, draw_proven).
 * A root the databases hold searches only its value-keeping moves: they go
 * into `kept` and sh->root_moves. -1 with err when the root has more moves
 * than a result can hold. */
static int root_moves(struct ab_shared *sh, const void *state,
                      const struct ab_limits *limits, int root_player, move_t *kept,
                      struct ab_result *out, char *err) {
    const struct game *g = sh->g;
    const struct variant *v = sh->v;
    move_t root[g->max_moves];
    int root_count = g->moves(v, state, root);
    if (root_count > AB_MAX_ROOT_MOVES) {
        snprintf(err, GAME_ERROR_BYTES, "too many root moves (%d)", root_count);
        return -1;
    }
    int kept_count = filter_root(g, v, state, limits, root, root_count, kept);
    if (kept_count > 0) {
        sh->root_count = root_count = kept_count;
        sh->root_moves = kept;
        memcpy(root, kept, sizeof(move_t) * (size_t)kept_count);
    }
    retro_cell held =
        limits->probe ? limits->probe(limits->probe_ctx, state) : RETRO_HOLE;
    out->root_held = retro_is_value(held);
    out->draw_proven = out->root_held && retro_outcome(held) == RETRO_OUTCOME_DRAW;
    out->root_count = root_count;
    memcpy(out->root_moves, root, sizeof(move_t) * (size_t)root_count);
    for (int i = 0; limits->probe && i < root_count; i++) {
        retro_cell c = move_value(g, v, state, root_player, root[i], limits);
        out->root_draws[i] = retro_is_value(c) && retro_outcome(c) == RETRO_OUTCOME_DRAW;
    }
    out->move = root[0];
    out->has_move = true;
    return 0;
}

/* Runs the search on `threads` threads (Lazy SMP: thread 0 deepens to
 * max_depth and stops the others when it is done; they share only the
 * table). Thread 0's score, principal variation and root scores go into
 * out, the nodes and probe hits of all threads too. Returns the depth
 * completed, or -1 when memory for the threads is short. */
static int run_threads(struct ab_shared *sh, int threads, int max_depth, int root_player,
                       const void *state, struct ab_result *out) {
    struct ab_thread *pool = threads_new(threads);
    if (!pool) return -1;
    uint64_t nodes = 0, hits = 0;
    int completed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : nodes, hits)
    {
        int id = omp_get_thread_num();
        struct ab_thread *t = &pool[id];
        thread_init(t, sh, id, state);
        if (id == 0) {
            completed = deepen(t, max_depth, root_player, &out->score, out->pv,
                               &out->pv_length, out->root_scores);
            atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
        } else {
            int s, l;
            move_t pv[AB_MAX_PLY + 1];
            deepen(t, AB_MAX_PLY - 2, root_player, &s, pv, &l, NULL);
        }
        nodes += t->nodes;
        hits += t->probe_hits;
    }
    threads_free(pool, threads);
    out->nodes = nodes;
    out->probe_hits = hits;
    return completed;
}

int ab_search(const struct game *g, const struct variant *v, const void *state,
              const struct ab_limits *limits, struct tt *tt, struct ab_result *out,
              char *err) {
    memset(out, 0, sizeof *out);
    if (!ab_supports(g, err)) return -1;
    if (limits->depth <= 0 && limits->time <= 0) {
        snprintf(err, GAME_ERROR_BYTES, "alpha-beta needs a depth or a time limit");
        return -1;
    }
    double start = timer_now();
    int threads = limits->threads > 0 ? limits->threads : 1;
    int max_depth = limits->depth > 0 && limits->depth < AB_MAX_PLY - 1 ? limits->depth
                                                                        : AB_MAX_PLY - 2;
    struct ab_shared sh = {
        .g = g,
        .v = v,
        .tt = tt,
        .deadline = limits->time > 0 ? start + limits->time : 0,
        .interrupt = limits->interrupt,
        .cycles = (g->flags & GAME_CAN_CYCLE) != 0,
        .analyse = limits->analyse,
        .kernels = limits->generic ? &search_kernels_generic : search_kernels_for(g),
        .table_depth = search_kernels_for(g)->ab_table_depth > 1
                           ? search_kernels_for(g)->ab_table_depth
                           : 1,
        .probe = limits->probe,
        .probe_ctx = limits->probe_ctx,
        .extension = capture_extension(g, limits),
    };
    atomic_init(&sh.stop, false);
    tt_new_search(tt);

    int root_player = g->turn(v, state);
    if (root_player == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        g->returns(v, state, r);
        out->score = ab_terminal_score(r, 0, 0);
        out->seconds = timer_now() - start;
        return 0;
    }
    move_t kept[AB_MAX_ROOT_MOVES];
    if (root_moves(&sh, state, limits, root_player, kept, out, err) < 0) return -1;
    int completed = run_threads(&sh, threads, max_depth, root_player, state, out);
    if (completed < 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for %d search threads", threads);
        return -1;
    }
    if (out->pv_length > 0) out->move = out->pv[0];
    if (completed > 0) extend_pv(g, v, state, limits, out);
    out->depth = completed;
    if (out->draw_proven) out->score = 0; /* the databases' exact value */
    out->seconds = timer_now() - start;
    return 0;
}
