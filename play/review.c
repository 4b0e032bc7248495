/* Judging a recorded game move by move (see review.h). */
#include "play/review.h"
#include "solve/retro_check.h"
#include "search/tt.h"

#include <stdlib.h>
#include <string.h>

static struct agent_eval proven(int outcome, int distance) {
    return (struct agent_eval){AGENT_EVAL_PROVEN, outcome, outcome ? distance : -1,
                               (double)outcome};
}

static struct agent_eval from_cell(retro_cell c) {
    return proven(retro_outcome(c), retro_distance_known(c) ? retro_remoteness(c) : -1);
}

static struct agent_eval from_ab(int score) {
    int distance, p = ab_score_proven(score, &distance);
    if (p) return proven(p, distance);
    return (struct agent_eval){AGENT_EVAL_ESTIMATE, 0, -1, (double)score / GAME_EVAL_MAX};
}

static struct agent_eval from_mcts(int flag, double mean) {
    if (flag == 1 || flag == -1) return proven(flag, -1);
    if (flag == 2) return proven(0, -1);
    return (struct agent_eval){AGENT_EVAL_ESTIMATE, 0, -1, mean};
}

/* Exact values from the database; false when it does not hold them all. */
static bool judge_by_database(const struct review_config *cfg, const struct game *g,
                              const struct variant *v, const void *state, move_t played,
                              struct review_move *m) {
    if (!cfg->lookup) return false;
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves], best;
    int n = g->moves(v, state, moves);
    if (n <= 0 ||
        retro_move_values(g, v, state, cfg->lookup, cfg->lookup_ctx, &best, values) != n)
        return false;
    int played_at = -1, best_at = -1;
    for (int i = 0; i < n; i++) {
        if (!retro_is_value(values[i])) return false;
        if (moves[i] == played) played_at = i;
        if (best_at < 0 && values[i] == best) best_at = i; /* first, as queries */
    }
    if (played_at < 0 || best_at < 0) return false;
    m->best = moves[best_at], m->has_best = true;
    m->before = from_cell(values[best_at]);
    m->after = from_cell(values[played_at]);
    m->source = "database";
    return true;
}

static int judge_by_search(const struct game *g, const struct variant *v,
                           const void *state, move_t played,
                           const struct review_config *cfg, struct tt *tt,
                           struct review_move *m, char *err) {
    char why[GAME_ERROR_BYTES];
    if (ab_supports(g, why)) {
        struct ab_limits limits = {.analyse = true, .threads = 1};
        if (cfg->time > 0)
            limits.time = cfg->time;
        else
            limits.depth = cfg->depth > 0 ? cfg->depth : AGENT_DEFAULT_AB_DEPTH;
        struct ab_result *res = malloc(sizeof *res);
        if (!res) return snprintf(err, GAME_ERROR_BYTES, "out of memory"), -1;
        int status = ab_search(g, v, state, &limits, tt, res, err);
        for (int i = 0; status == 0 && i < res->root_count; i++)
            if (res->root_moves[i] == played) {
                m->best = res->move, m->has_best = res->has_move;
                m->before = from_ab(res->score);
                m->after = from_ab(res->root_scores[i]);
                m->source = "alphabeta";
            }
        free(res);
        return status;
    }
    if (!mcts_supports(g, why)) return 0; /* hidden information: not judged */
    struct mcts_limits limits = {.seed = cfg->seed, .threads = 1};
    if (cfg->time > 0)
        limits.time = cfg->time;
    else
        limits.iterations =
            cfg->iterations > 0 ? cfg->iterations : AGENT_DEFAULT_MCTS_ITERATIONS;
    struct mcts_result *res = malloc(sizeof *res);
    if (!res) return snprintf(err, GAME_ERROR_BYTES, "out of memory"), -1;
    int status = mcts_search(g, v, state, &limits, res, err);
    for (int i = 0; status == 0 && !res->simultaneous && i < res->root_count; i++)
        if (res->root_moves[i] == played) {
            m->best = res->move, m->has_best = res->has_move;
            m->before = from_mcts(res->proven        ? res->proven
                                  : res->proven_draw ? 2
                                                     : 0,
                                  res->value);
            m->after = from_mcts(res->root_proven[i], res->root_values[i]);
            m->source = "mcts";
        }
    free(res);
    return status;
}

/* A proven result thrown away, or NULL. */
static const char *mistake_of(const struct agent_eval *before,
                              const struct agent_eval *after) {
    if (before->kind != AGENT_EVAL_PROVEN || after->kind != AGENT_EVAL_PROVEN)
        return NULL;
    if (before->outcome > 0 && after->outcome == 0) return "win to draw";
    if (before->outcome > 0 && after->outcome < 0) return "win to loss";
    if (before->outcome == 0 && after->outcome < 0) return "draw to loss";
    return NULL;
}

int review_game(const struct game_record *r, const struct review_config *cfg,
                struct review_move *out, char *err) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    struct tt tt;
    if (tt_init(&tt,
                (size_t)(cfg->hash_mib > 0 ? cfg->hash_mib : AGENT_DEFAULT_HASH_MIB)))
        return snprintf(err, GAME_ERROR_BYTES, "out of memory for the table"), -1;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, r->start, g->state_size);
    int status = 0;
    for (int i = 0; i < r->count && status == 0; i++) {
        const struct record_step *s = &r->steps[i];
        struct review_move *m = &out[i];
        memset(m, 0, sizeof *m);
        m->turn = s->turn;
        m->source = "none";
        if (s->turn >= 0) {
            if (!judge_by_database(cfg, g, v, state, s->move, m))
                status = judge_by_search(g, v, state, s->move, cfg, &tt, m, err);
            m->judged = strcmp(m->source, "none") != 0;
            if (m->judged) m->mistake = mistake_of(&m->before, &m->after);
        }
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(v, state, s->choice);
        else
            g->apply(v, state, s->move);
    }
    tt_free(&tt);
    return status;
}
