#include "search/expectimax.h"

#include "engine/hash.h"
#include "engine/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every value lies in [LOW, HIGH]: Star1 and Star2 rest on these bounds. */
#define HIGH ((double)GAME_EVAL_MAX)
#define LOW (-(double)GAME_EVAL_MAX)

/* Transposition table: bounds of a value at one depth and chance run (both
 * in the key, so a hit gives exactly what the search would: pruned values
 * stay equal to unpruned ones), and the best move's index for ordering.
 * Kauda-Baji transposes often: throws used in either order. */
struct tt_entry {
    uint64_t key; /* 0: empty */
    double low, high;
    int16_t best; /* -1: none */
};

enum { TT_BITS = 18 };

struct ctx {
    struct tt_entry *tt; /* NULL: no table (plain expectimax uses none) */
    const struct game *g;
    const struct variant *v;
    enum expecti_pruning pruning;
    double deadline;              /* 0: none */
    const atomic_bool *interrupt; /* expecti_limits.interrupt */
    bool stopped;                 /* time ran out: the iteration's values are void */
    struct expecti_stats stats;
};

static int player_count(const struct game *g, const struct variant *v) {
    return g->player_count ? g->player_count(v) : g->players;
}

static uint64_t tt_key(const struct ctx *c, const void *state, int depth, int run) {
    uint64_t k = game_hash(c->g, c->v, state) ^
                 ((uint64_t)(depth * 8 + run) * UINT64_C(0x9E3779B97F4A7C15));
    return k ? k : 1;
}

static struct tt_entry *tt_slot(struct ctx *c, uint64_t key) {
    return &c->tt[key & ((1u << TT_BITS) - 1)];
}

/* Record a fail-soft result found with window (alpha, beta). */
static void tt_store(struct ctx *c, uint64_t key, double alpha, double beta, double x,
                     int best) {
    if (!c->tt || c->stopped) return;
    struct tt_entry *e = tt_slot(c, key);
    if (e->key != key) *e = (struct tt_entry){.key = key, .low = LOW, .high = HIGH};
    if (x > alpha) e->low = fmax(e->low, x);
    if (x < beta) e->high = fmin(e->high, x);
    if (best >= 0) e->best = (int16_t)best;
}

bool expecti_supports(const struct game *g, const struct variant *v, char *err) {
    if (g->flags & (GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "expectimax needs a game without simultaneous moves or hidden "
                 "information (%s)",
                 g->name);
        return false;
    }
    if (player_count(g, v) != 2) {
        snprintf(err, GAME_ERROR_BYTES,
                 "expectimax is for two players (this %s has %d; try players=2 or mcts)",
                 g->name, player_count(g, v));
        return false;
    }
    return true;
}

/* Player 0's value where no search goes on. Halving the difference keeps it
 * zero-sum whatever the game's returns or evaluation do. */
static double leaf_value(struct ctx *c, const void *state, int turn) {
    if (turn == TURN_OVER) {
        double r[GAME_MAX_PLAYERS] = {0};
        c->g->returns(c->v, state, r);
        return (r[0] - r[1]) / 2 * HIGH;
    }
    if (!c->g->evaluate) return 0;
    int e = c->g->evaluate(c->v, state, 0) - c->g->evaluate(c->v, state, 1);
    return (double)e / 2;
}

static bool out_of_time(struct ctx *c) {
    if ((c->stats.nodes & 1023) == 0 &&
        ((c->deadline > 0 && timer_now() >= c->deadline) ||
         (c->interrupt && atomic_load(c->interrupt))))
        c->stopped = true;
    return c->stopped;
}

/* Chance nodes cost no depth, but a run of more than EXPECTI_CHANCE_RUN of
 * them in a row (say, turns voided by the throws, one after another) ends at
 * the horizon too, else the tree would have no end. */
static bool at_horizon(int turn, int depth, int run) {
    return turn == TURN_OVER || depth == 0 ||
           (turn == TURN_CHANCE && run >= EXPECTI_CHANCE_RUN);
}

/* Reference: no pruning. */
static double plain(struct ctx *c, const void *state, int depth, int run) {
    const struct game *g = c->g;
    c->stats.nodes++;
    if (out_of_time(c)) return 0;
    int turn = g->turn(c->v, state);
    if (at_horizon(turn, depth, run)) return leaf_value(c, state, turn);
    move_t moves[g->max_moves];
    double prob[g->max_moves];
    int count = g->moves(c->v, state, moves);
    unsigned char child[GAME_MAX_STATE_BYTES];
    if (turn == TURN_CHANCE) {
        c->stats.chance_nodes++;
        g->chance(c->v, state, moves, count, prob);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            memcpy(child, state, g->state_size);
            g->apply(c->v, child, moves[i]);
            sum += prob[i] * plain(c, child, depth, run + 1);
        }
        return sum;
    }
    double best = turn == 0 ? -INFINITY : INFINITY;
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(c->v, child, moves[i]);
        double x = plain(c, child, depth - 1, 0);
        best = turn == 0 ? fmax(best, x) : fmin(best, x);
    }
    return best;
}

static double expecti_node(struct ctx *c, const void *state, int depth, int run,
                           double alpha, double beta);

/* Star2's probe: one move below the player node `child` gives a bound on its
 * value, a lower one if player 0 moves there, an upper one if player 1 does
 * (fail-soft: a result inside or above the window bounds the node from
 * below, for a maximiser). Tightens lo/hi; no effect on other node kinds. */
static void probe(struct ctx *c, const void *child, int depth, double alpha, double beta,
                  double *lo, double *hi) {
    const struct game *g = c->g;
    int turn = g->turn(c->v, child);
    if (turn < 0 || depth == 0) return;
    move_t moves[g->max_moves];
    if (g->moves(c->v, child, moves) <= 0) return;
    unsigned char grand[GAME_MAX_STATE_BYTES];
    memcpy(grand, child, g->state_size);
    g->apply(c->v, grand, moves[0]);
    c->stats.nodes++;
    double x = expecti_node(c, grand, depth - 1, 0, alpha, beta);
    if (turn == 0 && x > alpha && x > *lo) *lo = x;
    if (turn == 1 && x < beta && x < *hi) *hi = x;
}

/* A chance node with window (alpha, beta): Star2 probes, then Star1. Each
 * child i has bounds lo[i] <= value <= hi[i]; the node's value is
 * sum p[i] * value[i], so child i can only matter inside the window that the
 * others' bounds leave it. */
static double chance_children(struct ctx *c, const void *state, int depth, int run,
                              double alpha, double beta);

static double chance_node(struct ctx *c, const void *state, int depth, int run,
                          double alpha, double beta) {
    c->stats.chance_nodes++;
    uint64_t key = c->tt ? tt_key(c, state, depth, run) : 0;
    if (c->tt) {
        struct tt_entry *e = tt_slot(c, key);
        if (e->key == key) {
            if (e->low >= beta || e->low == e->high) return e->low;
            if (e->high <= alpha) return e->high;
        }
    }
    double x = chance_children(c, state, depth, run, alpha, beta);
    tt_store(c, key, alpha, beta, x, -1);
    return x;
}

static double chance_children(struct ctx *c, const void *state, int depth, int run,
                              double alpha, double beta) {
    const struct game *g = c->g;
    move_t moves[g->max_moves];
    double prob[g->max_moves], lo[g->max_moves], hi[g->max_moves];
    int count = g->moves(c->v, state, moves);
    g->chance(c->v, state, moves, count, prob);
    /* Children are made again where needed: cheaper than a stack of them. */
    unsigned char child[GAME_MAX_STATE_BYTES];
    double sum_lo = 0, sum_hi = 0;
    for (int i = 0; i < count; i++) {
        lo[i] = LOW, hi[i] = HIGH;
        sum_lo += prob[i] * LOW, sum_hi += prob[i] * HIGH;
    }
    if (c->pruning == EXPECTI_STAR2) {
        for (int i = 0; i < count; i++) {
            if (prob[i] <= 0) continue;
            double others_lo = sum_lo - prob[i] * lo[i];
            double others_hi = sum_hi - prob[i] * hi[i];
            double a = (alpha - others_hi) / prob[i], b = (beta - others_lo) / prob[i];
            memcpy(child, state, g->state_size);
            g->apply(c->v, child, moves[i]);
            probe(c, child, depth, a, b, &lo[i], &hi[i]);
            if (c->stopped) return 0;
            sum_lo = others_lo + prob[i] * lo[i];
            sum_hi = others_hi + prob[i] * hi[i];
            if (sum_lo >= beta || sum_hi <= alpha) {
                c->stats.star2_cuts++;
                return sum_lo >= beta ? fmax(sum_lo, beta) : fmin(sum_hi, alpha);
            }
        }
    }
    /* Star1 with the bounds: children before i exact, after i bounded. */
    double exact = 0, rest_lo = sum_lo, rest_hi = sum_hi;
    for (int i = 0; i < count; i++) {
        rest_lo -= prob[i] * lo[i], rest_hi -= prob[i] * hi[i];
        if (prob[i] <= 0) continue;
        double a = (alpha - exact - rest_hi) / prob[i];
        double b = (beta - exact - rest_lo) / prob[i];
        memcpy(child, state, g->state_size);
        g->apply(c->v, child, moves[i]);
        double x = expecti_node(c, child, depth, run + 1, a, b);
        if (c->stopped) return 0;
        if (x <= a) { /* the node is at most this: no better than alpha */
            c->stats.star1_cuts++;
            return fmin(exact + prob[i] * x + rest_hi, alpha);
        }
        if (x >= b) {
            c->stats.star1_cuts++;
            return fmax(exact + prob[i] * x + rest_lo, beta);
        }
        exact += prob[i] * x;
    }
    return exact;
}

/* Fail-soft: a result <= alpha bounds the value from above, >= beta from
 * below, between is exact. */
static double expecti_node(struct ctx *c, const void *state, int depth, int run,
                           double alpha, double beta) {
    const struct game *g = c->g;
    c->stats.nodes++;
    if (out_of_time(c)) return 0;
    int turn = g->turn(c->v, state);
    if (at_horizon(turn, depth, run)) return leaf_value(c, state, turn);
    if (turn == TURN_CHANCE) return chance_node(c, state, depth, run, alpha, beta);
    move_t moves[g->max_moves];
    int count = g->moves(c->v, state, moves);
    uint64_t key = 0;
    if (c->tt) {
        key = tt_key(c, state, depth, run);
        struct tt_entry *e = tt_slot(c, key);
        if (e->key == key) {
            if (e->low >= beta || e->low == e->high) return e->low;
            if (e->high <= alpha) return e->high;
            if (e->best > 0 && e->best < count) { /* its best move first */
                move_t m = moves[e->best];
                memmove(moves + 1, moves, sizeof(move_t) * (size_t)e->best);
                moves[0] = m;
            }
        }
    }
    const double alpha0 = alpha, beta0 = beta;
    unsigned char child[GAME_MAX_STATE_BYTES];
    double best = turn == 0 ? -INFINITY : INFINITY;
    move_t best_move = moves[0];
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(c->v, child, moves[i]);
        double x = expecti_node(c, child, depth - 1, 0, alpha, beta);
        if (c->stopped) return 0;
        if (turn == 0 ? x > best : x < best) best_move = moves[i];
        if (turn == 0) {
            best = fmax(best, x);
            alpha = fmax(alpha, best);
        } else {
            best = fmin(best, x);
            beta = fmin(beta, best);
        }
        if (alpha >= beta) {
            if (i + 1 < count) c->stats.ab_cuts++;
            break;
        }
    }
    if (c->tt) { /* the best move's index in the game's own order */
        g->moves(c->v, state, moves);
        int index = 0;
        while (index < count && moves[index] != best_move) index++;
        tt_store(c, key, alpha0, beta0, best, index < count ? index : -1);
    }
    return best;
}

static double value_of(struct ctx *c, const void *state, int depth) {
    if (c->pruning == EXPECTI_PLAIN) return plain(c, state, depth, 0);
    /* Just outside the bounds: every value is exact in this window. */
    return expecti_node(c, state, depth, 0, LOW - 1, HIGH + 1);
}

double expecti_value(const struct game *g, const struct variant *v, const void *state,
                     int depth, enum expecti_pruning pruning,
                     struct expecti_stats *stats) {
    struct ctx c = {.g = g, .v = v, .pruning = pruning};
    if (pruning != EXPECTI_PLAIN) c.tt = calloc((size_t)1 << TT_BITS, sizeof *c.tt);
    double x = value_of(&c, state, depth);
    if (stats) *stats = c.stats;
    free(c.tt);
    return x;
}

/* One iteration at the root: scores for the mover, moves in `order`. */
static void root_iteration(struct ctx *c, const void *state, int depth, int mover,
                           int count, const move_t *moves, double *scores, bool analyse) {
    const struct game *g = c->g;
    unsigned char child[GAME_MAX_STATE_BYTES];
    double sign = mover == 0 ? 1 : -1, best = -INFINITY;
    for (int i = 0; i < count && !c->stopped; i++) {
        memcpy(child, state, g->state_size);
        g->apply(c->v, child, moves[i]);
        double x;
        if (analyse || c->pruning == EXPECTI_PLAIN || i == 0) {
            x = value_of(c, child, depth - 1);
        } else if (mover == 0) {
            x = expecti_node(c, child, depth - 1, 0, best, HIGH + 1);
        } else {
            x = expecti_node(c, child, depth - 1, 0, LOW - 1, -best);
        }
        scores[i] = sign * x;
        if (scores[i] > best) best = scores[i];
    }
}

int expecti_search(const struct game *g, const struct variant *v, const void *state,
                   const struct expecti_limits *limits, struct expecti_result *out,
                   char *err) {
    memset(out, 0, sizeof *out);
    if (!expecti_supports(g, v, err)) return -1;
    int mover = g->turn(v, state);
    if (mover < 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 mover == TURN_CHANCE ? "a chance node: the outcome is drawn, not chosen"
                                      : "the game is over: no move to choose");
        return -1;
    }
    double start = timer_now();
    struct ctx c = {.g = g,
                    .v = v,
                    .pruning = limits->pruning,
                    .deadline = limits->time > 0 ? start + limits->time : 0,
                    .interrupt = limits->interrupt};
    if (c.pruning != EXPECTI_PLAIN) c.tt = calloc((size_t)1 << TT_BITS, sizeof *c.tt);
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    if (count > EXPECTI_MAX_ROOT_MOVES) count = EXPECTI_MAX_ROOT_MOVES;
    double scores[EXPECTI_MAX_ROOT_MOVES];
    int max_depth = limits->depth > 0 ? limits->depth : EXPECTI_MAX_DEPTH;
    if (limits->depth <= 0 && limits->time <= 0) max_depth = 4;
    out->root_count = count;
    memcpy(out->root_moves, moves, sizeof(move_t) * (size_t)count);
    out->move = moves[0];
    out->has_move = count > 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        root_iteration(&c, state, depth, mover, count, out->root_moves, scores,
                       limits->analyse);
        if (c.stopped) break;
        /* Best first for the next iteration (a stable insertion sort keeps
         * ties in the game's order). */
        for (int i = 1; i < count; i++) {
            double s = scores[i];
            move_t m = out->root_moves[i];
            int j = i;
            for (; j > 0 && scores[j - 1] < s; j--) {
                scores[j] = scores[j - 1];
                out->root_moves[j] = out->root_moves[j - 1];
            }
            scores[j] = s, out->root_moves[j] = m;
        }
        memcpy(out->root_scores, scores, sizeof(double) * (size_t)count);
        out->move = out->root_moves[0];
        out->score = scores[0];
        out->depth = depth;
        if (c.deadline > 0 && timer_now() >= c.deadline) break;
        if (c.interrupt && atomic_load(c.interrupt)) break;
    }
    out->stats = c.stats;
    out->seconds = timer_now() - start;
    free(c.tt);
    return 0;
}
