#include "search/search_report.h"
#include "search/expectimax_report.h"
#include "search/mcts_report.h"

#include <inttypes.h>
#include <string.h>

void report_score_text(int score, bool draw, char *buf, size_t n) {
    int distance;
    int proven = ab_score_proven(score, &distance);
    if (draw)
        snprintf(buf, n, "draw");
    else if (proven > 0)
        snprintf(buf, n, "win in %d", distance);
    else if (proven < 0)
        snprintf(buf, n, "loss in %d", distance);
    else
        snprintf(buf, n, "%+.2f", (double)score / GAME_EVAL_MAX);
}

void report_alphabeta(const struct game *g, const struct variant *v, const void *state,
                      const struct ab_result *res, bool all_moves, FILE *out) {
    char text[128], score[64];
    double nps = res->seconds > 0 ? (double)res->nodes / res->seconds : 0;
    unsigned char s[GAME_MAX_STATE_BYTES];
    g->format_move(v, state, res->move, text, sizeof text);
    report_score_text(res->score, res->draw_proven, score, sizeof score);
    fprintf(out, "bestmove %s\nscore %s\npv", text, score);
    memcpy(s, state, g->state_size);
    for (int i = 0; i < res->pv_length; i++) {
        g->format_move(v, s, res->pv[i], text, sizeof text);
        fprintf(out, " %s", text);
        g->apply(v, s, res->pv[i]);
    }
    fputc('\n', out);
    for (int i = 0; all_moves && i < res->root_count; i++) {
        g->format_move(v, state, res->root_moves[i], text, sizeof text);
        report_score_text(res->root_scores[i], res->root_draws[i], score, sizeof score);
        fprintf(out, "  %-10s %s\n", text, score);
    }
    fprintf(out, "depth %d nodes %" PRIu64 " time %.3f s nps %.0f\n", res->depth,
            res->nodes, res->seconds, nps);
    if (res->probe_hits || res->root_held)
        fprintf(out, "databases: %" PRIu64 " positions answered%s\n", res->probe_hits,
                res->root_held ? "; the root is held: its value is exact" : "");
}

void report_mcts(const struct game *g, const struct variant *v, const void *state,
                 const struct mcts_result *res, bool all_moves, FILE *out) {
    char text[128];
    double rate = res->seconds > 0 ? (double)res->iterations / res->seconds : 0;
    const char *proof = res->proven > 0    ? "win"
                        : res->proven < 0  ? "loss"
                        : res->proven_draw ? "draw"
                                           : NULL;
    g->format_move(v, state, res->move, text, sizeof text);
    fprintf(out, "bestmove %s\n", text);
    if (proof)
        fprintf(out, "score proven %s\n", proof);
    else
        fprintf(out, "score %+.3f (mean return)\n", res->value);
    if (all_moves)
        for (int i = 0; i < res->root_count; i++) {
            g->format_move(v, state, res->root_moves[i], text, sizeof text);
            const char *p = res->root_proven[i] == 1    ? " (proven win)"
                            : res->root_proven[i] == -1 ? " (proven loss)"
                            : res->root_proven[i] == 2  ? " (proven draw)"
                                                        : "";
            fprintf(out, "  %-10s visits %8ld value %+.3f%s\n", text, res->root_visits[i],
                    res->root_values[i], p);
        }
    fprintf(out, "iterations %ld nodes %" PRIu64 " time %.3f s iterations/s %.0f\n",
            res->iterations, res->nodes, res->seconds, rate);
}

/* A report without an engine's detail: its neutral fields. */
static void report_neutral(const struct game *g, const struct variant *v,
                           const void *state, const struct engine_report *r, FILE *out) {
    char move[128] = "none";
    if (r->has_move) g->format_move(v, state, r->move, move, sizeof move);
    fprintf(out, "bestmove %s\n", move);
    if (r->value == ENGINE_VALUE_ESTIMATE)
        fprintf(out, "score %+.2f\n", r->score);
    else if (r->value == ENGINE_VALUE_PROVEN)
        fprintf(out, "score %s\n", r->outcome > 0 ? "win" : r->outcome < 0 ? "loss" : "draw");
    fprintf(out, "nodes %" PRIu64 " time %.3f s\n", r->nodes, r->seconds);
}

void report_search(const struct game *g, const struct variant *v, const void *state,
                   const struct engine_report *r, int player, bool all_moves, FILE *out) {
    if (r->ab)
        report_alphabeta(g, v, state, r->ab, all_moves, out);
    else if (r->ex)
        report_expectimax(g, v, state, r->ex, all_moves, out);
    else if (r->mcts && r->mcts->simultaneous)
        report_mcts_joint(g, v, state, r->mcts, player, all_moves, out);
    else if (r->mcts)
        report_mcts(g, v, state, r->mcts, all_moves, out);
    else
        report_neutral(g, v, state, r, out);
}
