/*
 * alphabeta_internal.h - private to the alpha-beta implementation: what all
 * threads of one search share, one thread's search state, and the small
 * helpers that search/alphabeta.c and search/alphabeta_body.h (the recursion,
 * one instance per kernel, see search/kernels.h) both use.
 */
#ifndef KIBITZ_ALPHABETA_INTERNAL_H
#define KIBITZ_ALPHABETA_INTERNAL_H

#include "engine/timer.h"
#include "search/alphabeta.h"
#include "search/kernels.h"

#include <stdatomic.h>

enum {
    AB_HISTORY_SIZE = 4096,
    AB_PROVEN_BOUND = AB_WIN - AB_MAX_DISTANCE,
    AB_NODE_CHECK = 1023
};

/* What all threads of one search share. */
struct ab_shared {
    const struct game *g;
    const struct variant *v;
    const struct search_kernels *kernels;
    struct tt *tt;
    double deadline;              /* 0: none */
    const atomic_bool *interrupt; /* ab_limits.interrupt */
    int table_depth; /* search_kernels.ab_table_depth of the game (at least 1) */
    int extension;   /* capture extension: extra plies per line, 0 none */
    bool cycles;
    bool analyse;
    atomic_bool stop;
    search_probe_fn probe; /* databases, or NULL (search/search_probe.h) */
    void *probe_ctx;
    /* A held root searches only these moves (root_count > 0). */
    int root_count;
    const move_t *root_moves;
};

/* One thread's search state: the copy-make stack and the ordering tables. */
struct ab_thread {
    struct ab_shared *sh;
    int id;
    int root_depth; /* the depth of the current iteration */
    uint64_t nodes;
    uint64_t probe_hits;
    unsigned char (*stack)[GAME_MAX_STATE_BYTES];
    uint64_t keys[AB_MAX_PLY + 1];
    /* seen[p]: one bit per key at plies p, p - 2, ... (ab_seen_bit), set
     * when the node at p is searched below: most nodes learn that they
     * repeat nothing without comparing keys. */
    uint64_t seen[AB_MAX_PLY + 1];
    move_t killers[AB_MAX_PLY + 1][2];
    int history[2][AB_HISTORY_SIZE];
    move_t pv[AB_MAX_PLY + 1][AB_MAX_PLY + 1];
    int pv_length[AB_MAX_PLY + 1];
    int root_scores[AB_MAX_ROOT_MOVES];
};

/* Proven scores are stored relative to the node, used relative to the root. */
static inline int ab_score_to_tt(int score, int dist) {
    if (score > AB_PROVEN_BOUND) return score + dist;
    if (score < -AB_PROVEN_BOUND) return score - dist;
    return score;
}
static inline int ab_score_from_tt(int score, int dist) {
    if (score > AB_PROVEN_BOUND) return score - dist;
    if (score < -AB_PROVEN_BOUND) return score + dist;
    return score;
}

/* The score, for the side to move, of a position the databases hold, `dist`
 * moves from the root: a win or loss in (dist + remoteness) like a proof
 * found by the search itself. */
static inline int ab_database_score(retro_cell c, int dist) {
    int n = dist + retro_remoteness(c);
    if (n > AB_MAX_DISTANCE - 1) n = AB_MAX_DISTANCE - 1;
    switch (retro_outcome(c)) {
    case RETRO_OUTCOME_WIN: return AB_WIN - n;
    case RETRO_OUTCOME_LOSS: return -AB_WIN + n;
    default: return 0;
    }
}

/* The databases' score of `state` for its mover when they hold it. */
static inline bool ab_probe(struct ab_thread *t, const void *state, int dist,
                            int *score) {
    const struct ab_shared *sh = t->sh;
    if (!sh->probe) return false;
    retro_cell c = sh->probe(sh->probe_ctx, state);
    if (!retro_is_value(c)) return false;
    t->probe_hits++;
    *score = ab_database_score(c, dist);
    return true;
}

static inline unsigned ab_history_slot(move_t m) {
    return (unsigned)((m * UINT64_C(0x9E3779B97F4A7C15)) >> 52) & (AB_HISTORY_SIZE - 1);
}

/* Score of a finished game for `player` at `dist` moves from the root. */
static inline int ab_terminal_score(const double r[GAME_MAX_PLAYERS], int player,
                                    int dist) {
    if (r[player] > 0.999) return AB_WIN - dist;
    if (r[player] < -0.999) return -AB_WIN + dist;
    return (int)(r[player] * 100.0);
}

/* A heuristic value kept clear of the proven range. */
static inline int ab_clamp_eval(int e) {
    if (e > AB_PROVEN_BOUND - 1) e = AB_PROVEN_BOUND - 1;
    if (e < -AB_PROVEN_BOUND + 1) e = -AB_PROVEN_BOUND + 1;
    return e;
}

static inline bool ab_time_up(struct ab_thread *t) {
    if (atomic_load_explicit(&t->sh->stop, memory_order_relaxed)) return true;
    if (t->id == 0 && (t->nodes & AB_NODE_CHECK) == 0 &&
        ((t->sh->deadline > 0 && timer_now() >= t->sh->deadline) ||
         (t->sh->interrupt && atomic_load(t->sh->interrupt)))) {
        atomic_store_explicit(&t->sh->stop, true, memory_order_relaxed);
        return true;
    }
    return false;
}

static inline uint64_t ab_seen_bit(uint64_t key) {
    return UINT64_C(1) << (key >> 58);
}

/* Whether the position at `ply` repeats one earlier on the search line.
 * The side to move is part of the position and changes every ply (passes
 * included), so only even distances can repeat. */
static inline bool ab_repeated(const struct ab_thread *t, int ply) {
    const uint64_t key = t->keys[ply];
    if (ply < 2 || !(t->seen[ply - 2] & ab_seen_bit(key))) return false;
    for (int i = ply - 2; i >= 0; i -= 2)
        if (t->keys[i] == key) return true;
    return false;
}

static inline void ab_swap_move(move_t *moves, int *order, int *index, int from,
                                int best) {
    if (best == from) return;
    move_t m = moves[from];
    moves[from] = moves[best], moves[best] = m;
    int o = order[from];
    order[from] = order[best], order[best] = o;
    int x = index[from];
    index[from] = index[best], index[best] = x;
}

/* Order moves[from..count): pick the best remaining (the first of the
 * highest order) to position `from`. */
static inline void ab_pick_move(move_t *moves, int *order, int *index, int from,
                                int count) {
    int best = from;
    for (int i = from + 1; i < count; i++)
        if (order[i] > order[best]) best = i;
    ab_swap_move(moves, order, index, from, best);
}

#endif
