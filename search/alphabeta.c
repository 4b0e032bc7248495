#include "search/alphabeta.h"

#include "engine/hash.h"
#include "engine/timer.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HISTORY_SIZE = 4096, PROVEN_BOUND = AB_WIN - AB_MAX_DISTANCE, NODE_CHECK = 1023 };

/* What all threads of one search share. */
struct ab_shared {
    const struct game *g;
    const struct variant *v;
    struct tt *tt;
    atomic_bool stop;
    double deadline; /* 0: none */
    bool cycles;
    bool analyse;
};

/* One thread's search state: the copy-make stack and the ordering tables. */
struct ab_thread {
    struct ab_shared *sh;
    int id;
    uint64_t nodes;
    unsigned char (*stack)[GAME_MAX_STATE_BYTES];
    uint64_t keys[AB_MAX_PLY + 1];
    move_t killers[AB_MAX_PLY + 1][2];
    int history[2][HISTORY_SIZE];
    move_t pv[AB_MAX_PLY + 1][AB_MAX_PLY + 1];
    int pv_length[AB_MAX_PLY + 1];
    int root_scores[AB_MAX_ROOT_MOVES];
};

int ab_score_proven(int score, int *distance) {
    if (score > PROVEN_BOUND && score <= AB_WIN) {
        if (distance) *distance = AB_WIN - score;
        return 1;
    }
    if (score < -PROVEN_BOUND && score >= -AB_WIN) {
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

/* Proven scores are stored relative to the node, used relative to the root. */
static inline int score_to_tt(int score, int dist) {
    if (score > PROVEN_BOUND) return score + dist;
    if (score < -PROVEN_BOUND) return score - dist;
    return score;
}
static inline int score_from_tt(int score, int dist) {
    if (score > PROVEN_BOUND) return score - dist;
    if (score < -PROVEN_BOUND) return score + dist;
    return score;
}

static inline unsigned history_slot(move_t m) {
    return (unsigned)((m * UINT64_C(0x9E3779B97F4A7C15)) >> 52) & (HISTORY_SIZE - 1);
}

static int terminal_score(const struct ab_shared *sh, const void *state, int player,
                          int dist) {
    double r[GAME_MAX_PLAYERS];
    sh->g->returns(sh->v, state, r);
    if (r[player] > 0.999) return AB_WIN - dist;
    if (r[player] < -0.999) return -AB_WIN + dist;
    return (int)(r[player] * 100.0);
}

static int evaluate(const struct ab_shared *sh, const void *state, int player) {
    if (!sh->g->evaluate) return 0;
    int e = sh->g->evaluate(sh->v, state, player);
    if (e > PROVEN_BOUND - 1) e = PROVEN_BOUND - 1;
    if (e < -PROVEN_BOUND + 1) e = -PROVEN_BOUND + 1;
    return e;
}

static bool time_up(struct ab_thread *t) {
    if (atomic_load_explicit(&t->sh->stop, memory_order_relaxed)) return true;
    if (t->id == 0 && t->sh->deadline > 0 && (t->nodes & NODE_CHECK) == 0 &&
        timer_now() >= t->sh->deadline) {
        atomic_store_explicit(&t->sh->stop, true, memory_order_relaxed);
        return true;
    }
    return false;
}

/* Order moves[from..count): pick the best remaining to position `from`. */
static inline void pick_move(move_t *moves, int *order, int *index, int from, int count) {
    int best = from;
    for (int i = from + 1; i < count; i++)
        if (order[i] > order[best]) best = i;
    if (best == from) return;
    move_t m = moves[from];
    moves[from] = moves[best], moves[best] = m;
    int o = order[from];
    order[from] = order[best], order[best] = o;
    int x = index[from];
    index[from] = index[best], index[best] = x;
}

static int search(struct ab_thread *t, int ply, int dist, int depth, int alpha, int beta,
                  int pov);

/* Negamax body for the player to move, `mover`. */
static int search_mover(struct ab_thread *t, int ply, int dist, int depth, int alpha,
                        int beta, int mover) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    const void *state = t->stack[ply];
    uint64_t key = game_hash(g, sh->v, state);
    t->keys[ply] = key;
    if (sh->cycles)
        for (int i = ply - 2; i >= 0; i--)
            if (t->keys[i] == key) return 0;
    if (depth <= 0 || ply >= AB_MAX_PLY - 1) return evaluate(sh, state, mover);

    const bool pv_node = beta - alpha > 1;
    const int alpha0 = alpha;
    int tt_move = TT_NO_MOVE;
    struct tt_entry e;
    if (tt_probe(sh->tt, key, &e)) {
        tt_move = e.move;
        int s = score_from_tt(e.score, dist);
        if (ply > 0 && e.depth >= depth && !pv_node &&
            (e.bound == TT_EXACT || (e.bound == TT_LOWER && s >= beta) ||
             (e.bound == TT_UPPER && s <= alpha)))
            return s;
    }

    move_t moves[g->max_moves];
    int order[g->max_moves], index[g->max_moves];
    int count = g->moves(sh->v, state, moves);
    move_t k0 = t->killers[ply][0], k1 = t->killers[ply][1];
    const int *hist = t->history[mover & 1];
    for (int i = 0; i < count; i++) {
        index[i] = i;
        if (i == tt_move)
            order[i] = 1 << 30;
        else if (moves[i] == k0)
            order[i] = 1 << 29;
        else if (moves[i] == k1)
            order[i] = 1 << 28;
        else
            order[i] = hist[history_slot(moves[i])];
    }

    int best = -AB_INF, best_index = TT_NO_MOVE;
    unsigned char *child = t->stack[ply + 1];
    for (int n = 0; n < count; n++) {
        if (!(ply == 0 && sh->analyse)) pick_move(moves, order, index, n, count);
        move_t m = moves[n];
        memcpy(child, state, g->state_size);
        g->apply(sh->v, child, m);
        int cdist = dist + (m != GAME_MOVE_PASS);
        int opp = 1 - mover, score;
        if (ply == 0 && sh->analyse) {
            score = -search(t, ply + 1, cdist, depth - 1, -AB_INF, AB_INF, opp);
            if (n < AB_MAX_ROOT_MOVES) t->root_scores[index[n]] = score;
        } else if (n == 0) {
            score = -search(t, ply + 1, cdist, depth - 1, -beta, -alpha, opp);
        } else {
            score = -search(t, ply + 1, cdist, depth - 1, -alpha - 1, -alpha, opp);
            if (score > alpha && score < beta)
                score = -search(t, ply + 1, cdist, depth - 1, -beta, -alpha, opp);
        }
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return 0;
        if (score > best) {
            best = score;
            best_index = index[n];
            if (score > alpha) {
                alpha = score;
                t->pv[ply][ply] = m;
                for (int j = ply + 1; j < t->pv_length[ply + 1]; j++)
                    t->pv[ply][j] = t->pv[ply + 1][j];
                t->pv_length[ply] =
                    t->pv_length[ply + 1] > ply + 1 ? t->pv_length[ply + 1] : ply + 1;
                if (alpha >= beta) {
                    if (m != t->killers[ply][0]) {
                        t->killers[ply][1] = t->killers[ply][0];
                        t->killers[ply][0] = m;
                    }
                    int *h = &t->history[mover & 1][history_slot(m)];
                    *h += depth * depth;
                    if (*h > (1 << 26)) {
                        for (int j = 0; j < HISTORY_SIZE; j++)
                            t->history[mover & 1][j] /= 2;
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(sh->tt, key, score_to_tt(best, dist), depth, bound, best_index);
    return best;
}

/* Score of the node at `ply` for player `pov` (the opponent of the parent's
 * mover): terminal returns, or the mover's negamax value, negated when the
 * same player moves again. */
static int search(struct ab_thread *t, int ply, int dist, int depth, int alpha, int beta,
                  int pov) {
    t->nodes++;
    t->pv_length[ply] = ply;
    if ((t->nodes & NODE_CHECK) == 0 && time_up(t)) return 0;
    const void *state = t->stack[ply];
    int mover = t->sh->g->turn(t->sh->v, state);
    if (mover == TURN_OVER) return terminal_score(t->sh, state, pov, dist);
    if (mover == pov) return search_mover(t, ply, dist, depth, alpha, beta, mover);
    return -search_mover(t, ply, dist, depth, -beta, -alpha, mover);
}

static void thread_init(struct ab_thread *t, struct ab_shared *sh, int id,
                        const void *state) {
    memset(t, 0, sizeof *t);
    t->sh = sh;
    t->id = id;
    t->stack = malloc((size_t)(AB_MAX_PLY + 1) * GAME_MAX_STATE_BYTES);
    memcpy(t->stack[0], state, sh->g->state_size);
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
            s = search(t, 0, 0, depth, alpha, beta, root_player);
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
    }
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
        .cycles = (g->flags & GAME_CAN_CYCLE) != 0,
        .analyse = limits->analyse,
    };
    atomic_init(&sh.stop, false);
    tt_new_search(tt);

    int root_player = g->turn(v, state);
    if (root_player == TURN_OVER) {
        out->score = terminal_score(&sh, state, 0, 0);
        out->seconds = timer_now() - start;
        return 0;
    }
    move_t root[g->max_moves];
    int root_count = g->moves(v, state, root);
    if (root_count > AB_MAX_ROOT_MOVES) {
        snprintf(err, GAME_ERROR_BYTES, "too many root moves (%d)", root_count);
        return -1;
    }
    out->root_count = root_count;
    memcpy(out->root_moves, root, sizeof(move_t) * (size_t)root_count);
    out->move = root[0];
    out->has_move = true;

    struct ab_thread *pool = malloc(sizeof(struct ab_thread) * (size_t)threads);
    uint64_t nodes = 0;
    int completed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : nodes)
    {
        int id = omp_get_thread_num();
        struct ab_thread *t = &pool[id];
        thread_init(t, &sh, id, state);
        if (id == 0) {
            completed = deepen(t, max_depth, root_player, &out->score, out->pv,
                               &out->pv_length, out->root_scores);
            atomic_store_explicit(&sh.stop, true, memory_order_relaxed);
        } else {
            int s, l;
            move_t pv[AB_MAX_PLY + 1];
            deepen(t, AB_MAX_PLY - 2, root_player, &s, pv, &l, NULL);
        }
        nodes += t->nodes;
        free(t->stack);
    }
    free(pool);
    if (out->pv_length > 0) out->move = out->pv[0];
    out->depth = completed;
    out->nodes = nodes;
    out->seconds = timer_now() - start;
    return 0;
}
