/* Decoupled selection at simultaneous nodes (see mcts.h): each acting player
 * keeps statistics over its own options only and picks by decoupled UCT,
 * EXP3 or regret matching. EXP3 and RM learn from sampled payoffs by
 * importance weighting (the reward of the picked option divided by the
 * probability it had), rewards mapped from [-1, 1] to [0, 1]. */
#include "search/mcts_sim.h"

#include <math.h>
#include <string.h>

static uint32_t pool_take(_Atomic uint32_t *used, uint32_t capacity, uint32_t count) {
    uint32_t at = atomic_fetch_add_explicit(used, count, memory_order_relaxed);
    return at + count > capacity ? UINT32_MAX : at;
}

bool mcts_sim_expand(struct tree *t, struct mcts_node *n, const struct game *g,
                     const struct variant *v, const void *state) {
    unsigned acting = g->acting(v, state);
    uint32_t h = pool_take(&t->heads_used, t->head_capacity, 1);
    if (h == UINT32_MAX) return false;
    struct sim_head *head = &t->heads[h];
    memset(head, 0, sizeof *head);
    uint64_t joint = 1;
    move_t options[g->max_moves];
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(acting & (1u << p))) continue;
        int count = g->joint_moves(v, state, p, options);
        if (count <= 0 || count > UINT16_MAX) return false;
        uint32_t at = pool_take(&t->stats_used, t->stat_capacity, (uint32_t)count);
        if (at == UINT32_MAX) return false;
        for (int i = 0; i < count; i++) {
            struct sim_stat *s = &t->stats[at + (uint32_t)i];
            memset(s, 0, sizeof *s);
            s->move = options[i];
        }
        head->stat[p] = at;
        head->count[p] = (uint16_t)count;
        joint *= (uint64_t)count;
        if (joint > MCTS_MAX_JOINT) return false;
    }
    uint32_t slots = pool_take(&t->slots_used, t->slot_capacity, (uint32_t)joint);
    if (slots == UINT32_MAX) return false;
    for (uint32_t i = 0; i < joint; i++) atomic_init(&t->slots[slots + i], 0);
    head->slots = slots;
    head->joint = (uint32_t)joint;
    n->aux = h;
    return true;
}

static double reward01(int64_t fixed) {
    return ((double)fixed / MCTS_FIXED_ONE + 1.0) / 2.0;
}

/* EXP3 or RM probabilities of one player's options. */
static void mixed_strategy(const struct sim_stat *s, int count,
                           const struct sim_policy *p, double *prob) {
    double total = 0;
    if (p->kind == MCTS_SIM_EXP3) {
        /* exp(eta * S_i) with eta = gamma / K, shifted by the largest S. */
        double eta = p->gamma / count, top = -INFINITY;
        for (int i = 0; i < count; i++) {
            double x = (double)atomic_load_explicit(&s[i].score, memory_order_relaxed) /
                       MCTS_FIXED_ONE;
            prob[i] = eta * x;
            if (prob[i] > top) top = prob[i];
        }
        for (int i = 0; i < count; i++) total += prob[i] = exp(prob[i] - top);
    } else { /* regret matching: positive regrets */
        for (int i = 0; i < count; i++) {
            int64_t r = atomic_load_explicit(&s[i].score, memory_order_relaxed);
            total += prob[i] = r > 0 ? (double)r : 0;
        }
    }
    for (int i = 0; i < count; i++) {
        double base = total > 0 ? prob[i] / total : 1.0 / count;
        prob[i] = (1 - p->gamma) * base + p->gamma / count;
    }
}

/* Decoupled UCT. Unvisited options first, drawn at random when `rng` is
 * given: players who all tried their options in list order would stay in
 * lockstep in a symmetric game and never meet the mixed tuples. */
static int pick_duct(const struct mcts_node *n, const struct sim_stat *s, int count,
                     double c, struct rng *rng) {
    int unvisited = 0, fresh = -1;
    for (int i = 0; i < count; i++)
        if (atomic_load_explicit(&s[i].visits, memory_order_relaxed) == 0) {
            if (!rng) return i;
            if (rng_below(rng, (uint32_t)++unvisited) == 0) fresh = i;
        }
    if (fresh >= 0) return fresh;
    uint64_t traffic = atomic_load_explicit(&n->traffic, memory_order_relaxed);
    int32_t parent = mcts_visits_of(traffic) + mcts_vloss_of(traffic);
    double log_n = log(parent > 1 ? (double)parent : 1.0), best = -INFINITY;
    int pick = 0;
    for (int i = 0; i < count; i++) {
        int32_t visits = atomic_load_explicit(&s[i].visits, memory_order_relaxed);
        if (visits == 0) continue; /* claimed by another thread meanwhile */
        double mean = (double)atomic_load_explicit(&s[i].sum, memory_order_relaxed) /
                      MCTS_FIXED_ONE / visits;
        double score = mean + c * sqrt(log_n / visits);
        if (score > best) best = score, pick = i;
    }
    return pick;
}

void mcts_sim_select(const struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, struct rng *rng,
                     uint16_t pick[GAME_MAX_PLAYERS], float sigma[GAME_MAX_PLAYERS]) {
    const struct sim_head *head = &t->heads[n->aux];
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        pick[q] = 0, sigma[q] = 1;
        int count = head->count[q];
        if (!count) continue;
        const struct sim_stat *s = &t->stats[head->stat[q]];
        if (p->kind == MCTS_SIM_DUCT) {
            /* A small share of uniform picks: in a symmetric game with exact
             * payoffs all players' statistics are equal, so pure UCT would
             * move them in lockstep and never try a tuple off the diagonal
             * (the prisoner's dilemma would stay at mutual cooperation). */
            pick[q] = rng_unit(rng) < p->gamma
                          ? (uint16_t)rng_below(rng, (uint32_t)count)
                          : (uint16_t)pick_duct(n, s, count, p->c, rng);
            continue;
        }
        double prob[count];
        mixed_strategy(s, count, p, prob);
        double x = rng_unit(rng);
        int i = 0;
        while (i < count - 1 && x >= prob[i]) x -= prob[i++];
        pick[q] = (uint16_t)i;
        sigma[q] = (float)prob[i];
    }
}

uint32_t mcts_sim_child(struct mcts_alloc *a, const struct mcts_node *n,
                        const uint16_t pick[GAME_MAX_PLAYERS],
                        move_t choice[GAME_MAX_PLAYERS]) {
    struct tree *t = a->tree;
    const struct sim_head *head = &t->heads[n->aux];
    uint32_t index = 0;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        choice[q] = 0;
        if (!head->count[q]) continue;
        index = index * head->count[q] + pick[q];
        choice[q] = t->stats[head->stat[q] + pick[q]].move;
    }
    _Atomic uint32_t *slot = &t->slots[head->slots + index];
    uint32_t child = atomic_load_explicit(slot, memory_order_acquire);
    if (child != MCTS_NO_CHILD) return child;
    uint32_t fresh = mcts_tree_alloc(a, 1);
    if (fresh == MCTS_NO_CHILD) return MCTS_NO_CHILD;
    struct mcts_node *c = &t->pool[fresh];
    memset(c, 0, sizeof *c);
    c->move = index;
    uint32_t expected = MCTS_NO_CHILD;
    /* Another thread may have created it meanwhile: then use theirs (the
     * node allocated here is simply never reached). */
    if (!atomic_compare_exchange_strong_explicit(
            slot, &expected, fresh, memory_order_acq_rel, memory_order_acquire))
        return expected;
    return fresh;
}

void mcts_sim_update(struct tree *t, const struct mcts_node *n,
                     const struct sim_policy *p, const uint16_t pick[GAME_MAX_PLAYERS],
                     const float sigma[GAME_MAX_PLAYERS],
                     const int64_t add[GAME_MAX_PLAYERS]) {
    const struct sim_head *head = &t->heads[n->aux];
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        int count = head->count[q];
        if (!count) continue;
        struct sim_stat *s = &t->stats[head->stat[q]];
        struct sim_stat *mine = &s[pick[q]];
        atomic_fetch_add_explicit(&mine->visits, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&mine->sum, add[q], memory_order_relaxed);
        if (p->kind == MCTS_SIM_DUCT) continue;
        double x = reward01(add[q]);
        double estimate = x / (sigma[q] > 1e-6f ? sigma[q] : 1e-6f);
        if (p->kind == MCTS_SIM_EXP3) {
            atomic_fetch_add_explicit(&mine->score,
                                      (int64_t)llround(estimate * MCTS_FIXED_ONE),
                                      memory_order_relaxed);
        } else {
            /* Regret of option i against what was played: the estimated
             * reward of i (nonzero only for the pick) minus the reward. */
            for (int i = 0; i < count; i++) {
                double regret = (i == pick[q] ? estimate : 0) - x;
                atomic_fetch_add_explicit(&s[i].score,
                                          (int64_t)llround(regret * MCTS_FIXED_ONE),
                                          memory_order_relaxed);
            }
        }
    }
}
