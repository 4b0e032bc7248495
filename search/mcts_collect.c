/* Reading the result out of finished MCTS trees: root statistics summed over
 * root-parallel trees, the recommended move (a proven win, else the most
 * visited move not proven lost), at a simultaneous root every acting
 * player's options and recommendation, and the most visited line. */
#include "search/mcts_collect.h"

#include <string.h>

static void collect_player_root(const struct game *g, const struct variant *v,
                                const void *state, struct tree *forest, int trees,
                                int mover, struct mcts_result *out) {
    for (int t = 0; t < trees; t++) {
        struct mcts_node *root = &forest[t].pool[0];
        uint8_t pr = root->proven;
        if (pr && !out->proven && !out->proven_draw) {
            if (pr == MCTS_PROVEN_DRAW)
                out->proven_draw = true;
            else
                out->proven = pr == 1 + mover ? 1 : -1;
        }
        if (root->expand != MCTS_EXPAND_DONE) continue;
        uint32_t count = root->count, first = root->first;
        if (count > MCTS_MAX_ROOT_MOVES) count = MCTS_MAX_ROOT_MOVES;
        out->root_count = (int)count;
        for (uint32_t i = 0; i < count; i++) {
            struct mcts_node *c = &forest[t].pool[first + i];
            out->root_moves[i] = c->move;
            out->root_visits[i] += mcts_visits(c);
            out->root_values[i] +=
                (double)mcts_sum(&forest[t], c, mover) / MCTS_FIXED_ONE;
            uint8_t cp = c->proven;
            if (cp)
                out->root_proven[i] = cp == MCTS_PROVEN_DRAW ? 2
                                      : cp == 1 + mover      ? 1
                                                             : -1;
        }
    }
    int best = -1;
    for (int i = 0; i < out->root_count; i++)
        if (out->root_visits[i] > 0) out->root_values[i] /= (double)out->root_visits[i];
    for (int i = 0; i < out->root_count && best < 0; i++)
        if (out->root_proven[i] == 1) best = i;
    for (int pass = 0; pass < 2 && best < 0; pass++)
        for (int i = 0; i < out->root_count; i++) {
            if (pass == 0 && out->root_proven[i] == -1) continue;
            if (best < 0 || out->root_visits[i] > out->root_visits[best]) best = i;
        }
    if (best >= 0) {
        out->move = out->root_moves[best];
        out->has_move = true;
        return;
    }
    /* Budget too small to expand the root: any legal move. */
    move_t moves[g->max_moves];
    if (g->moves(v, state, moves) > 0) out->move = moves[0], out->has_move = true;
}

/* The recommended option of one player: the most visited (decoupled UCT),
 * or drawn from the visit frequencies (EXP3/RM: the mean strategy). */
static int recommend(const long *visits, int count, const struct sim_policy *sim,
                     struct rng *rng) {
    int best = 0;
    long total = 0;
    for (int i = 0; i < count; i++) {
        total += visits[i];
        if (visits[i] > visits[best]) best = i;
    }
    if (sim->kind == MCTS_SIM_DUCT || total == 0) return best;
    double x = rng_unit(rng) * (double)total;
    for (int i = 0; i < count; i++) {
        if (x < (double)visits[i]) return i;
        x -= (double)visits[i];
    }
    return best;
}

static void collect_sim_root(const struct game *g, const struct variant *v,
                             const void *state, struct tree *forest, int trees,
                             const struct sim_policy *sim, uint64_t seed,
                             struct mcts_result *out) {
    out->simultaneous = true;
    out->acting = g->acting(v, state);
    move_t options[g->max_moves];
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(out->acting & (1u << p))) continue;
        int count = g->joint_moves(v, state, p, options);
        if (count > MCTS_MAX_SIM_OPTIONS) count = MCTS_MAX_SIM_OPTIONS;
        out->sim_count[p] = count;
        memcpy(out->sim_moves[p], options, (size_t)count * sizeof *options);
        double sums[MCTS_MAX_SIM_OPTIONS] = {0};
        for (int t = 0; t < trees; t++) {
            const struct mcts_node *root = &forest[t].pool[0];
            if (root->expand != MCTS_EXPAND_DONE || root->kind != MCTS_KIND_SIMULTANEOUS)
                continue;
            const struct sim_head *head = &forest[t].heads[root->aux];
            for (int i = 0; i < count && i < head->count[p]; i++) {
                const struct sim_stat *s = &forest[t].stats[head->stat[p] + (uint32_t)i];
                out->sim_visits[p][i] += s->visits;
                sums[i] += (double)s->sum / MCTS_FIXED_ONE;
            }
        }
        for (int i = 0; i < count; i++)
            out->sim_values[p][i] =
                out->sim_visits[p][i] ? sums[i] / (double)out->sim_visits[p][i] : 0;
        struct rng rng;
        rng_seed(&rng, seed ^ (UINT64_C(0xA0761D6478BD642F) * (uint64_t)(p + 1)));
        out->sim_choice[p] =
            count ? options[recommend(out->sim_visits[p], count, sim, &rng)] : 0;
    }
}

/* The most visited line of the first tree, while nodes have visits. */
static void collect_plan(const struct game *g, const struct variant *v, const void *state,
                         const struct tree *t, struct mcts_result *out) {
    unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    const struct mcts_node *n = &t->pool[0];
    while (out->plan_length < MCTS_MAX_PLAN && n->expand == MCTS_EXPAND_DONE) {
        int turn = g->turn(v, s);
        struct mcts_plan_step *step = &out->plan[out->plan_length];
        memset(step, 0, sizeof *step);
        step->turn = turn;
        const struct mcts_node *next = NULL;
        if (n->kind == MCTS_KIND_SIMULTANEOUS) {
            const struct sim_head *head = &t->heads[n->aux];
            uint32_t index = 0;
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!head->count[p]) continue;
                const struct sim_stat *st = &t->stats[head->stat[p]];
                int best = 0;
                for (int i = 1; i < head->count[p]; i++)
                    if (st[i].visits > st[best].visits) best = i;
                step->joint[p] = st[best].move;
                index = index * head->count[p] + (uint32_t)best;
            }
            uint32_t child = t->slots[head->slots + index];
            if (child == MCTS_NO_CHILD) break;
            next = &t->pool[child];
            if (mcts_visits(next) == 0) break;
            g->apply_joint(v, s, step->joint);
        } else {
            for (uint32_t i = n->first; i < n->first + n->count; i++)
                if (!next || mcts_visits(&t->pool[i]) > mcts_visits(next))
                    next = &t->pool[i];
            if (!next || mcts_visits(next) == 0) break;
            step->move = next->move;
            g->apply(v, s, next->move);
        }
        step->visits = mcts_visits(next);
        out->plan_length++;
        n = next;
    }
}

void mcts_collect(const struct game *g, const struct variant *v, const void *state,
                  struct tree *forest, int trees, const struct sim_policy *sim,
                  uint64_t seed, struct mcts_result *out) {
    int turn = g->turn(v, state);
    int mover = turn >= 0 ? turn : 0;
    double root_sum = 0;
    long root_visits = 0;
    for (int t = 0; t < trees; t++) {
        root_sum +=
            (double)mcts_sum(&forest[t], &forest[t].pool[0], mover) / MCTS_FIXED_ONE;
        root_visits += mcts_visits(&forest[t].pool[0]);
        out->nodes += 1 + forest[t].nodes; /* the root and what threads added */
    }
    out->value = root_visits ? root_sum / (double)root_visits : 0;
    if (turn == TURN_SIMULTANEOUS)
        collect_sim_root(g, v, state, forest, trees, sim, seed, out);
    else if (turn != TURN_OVER)
        collect_player_root(g, v, state, forest, trees, mover, out);
    if (turn != TURN_OVER) collect_plan(g, v, state, &forest[0], out);
}
