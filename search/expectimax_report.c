#include "search/expectimax_report.h"

#include <inttypes.h>

void report_expectimax(const struct game *g, const struct variant *v, const void *state,
                       const struct expecti_result *res, bool all_moves, FILE *out) {
    char text[128];
    const struct expecti_stats *st = &res->stats;
    double nps = res->seconds > 0 ? (double)st->nodes / res->seconds : 0;
    g->format_move(v, state, res->move, text, sizeof text);
    fprintf(out, "bestmove %s\nscore %+.4f (expected)\n", text,
            res->score / GAME_EVAL_MAX);
    for (int i = 0; all_moves && i < res->root_count; i++) {
        g->format_move(v, state, res->root_moves[i], text, sizeof text);
        fprintf(out, "  %-12s %+.4f\n", text, res->root_scores[i] / GAME_EVAL_MAX);
    }
    fprintf(out,
            "depth %d nodes %" PRIu64 " chance %" PRIu64 " star1 cuts %" PRIu64
            " star2 cuts %" PRIu64 " time %.3f s nps %.0f\n",
            res->depth, st->nodes, st->chance_nodes, st->star1_cuts, st->star2_cuts,
            res->seconds, nps);
}
