/* Reports of MCTS searches from a simultaneous root (see mcts_report.h). */
#include "search/mcts_report.h"

#include <inttypes.h>
#include <string.h>

/* The plan's steps after the root's tuple, up to the next simultaneous node;
 * each line names the player (or chance) and the move. */
static void print_plan(const struct game *g, const struct variant *v, const void *state,
                       const struct mcts_result *res, int player, FILE *out) {
    unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    char text[128];
    bool first = true;
    for (int i = 0; i < res->plan_length; i++) {
        const struct mcts_plan_step *step = &res->plan[i];
        if (step->turn == TURN_SIMULTANEOUS) {
            if (i > 0) break;
            g->apply_joint(v, s, step->joint);
            continue;
        }
        g->format_move(v, s, step->move, text, sizeof text);
        const char *who =
            step->turn == TURN_CHANCE ? "chance" : g->player_name(v, step->turn);
        fprintf(out, "  %s%-8s %-12s visits %ld\n", step->turn == player ? "* " : "  ",
                who, text, step->visits);
        first = false;
        g->apply(v, s, step->move);
    }
    if (first) fprintf(out, "  (no decisions before the next split)\n");
}

void report_mcts_joint(const struct game *g, const struct variant *v, const void *state,
                       const struct mcts_result *res, int player, bool all_options,
                       FILE *out) {
    char text[128];
    double rate = res->seconds > 0 ? (double)res->iterations / res->seconds : 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(res->acting & (1u << p)) || (player >= 0 && p != player)) continue;
        long total = 0;
        int pick = 0;
        for (int i = 0; i < res->sim_count[p]; i++) {
            total += res->sim_visits[p][i];
            if (res->sim_moves[p][i] == res->sim_choice[p]) pick = i;
        }
        g->format_move(v, state, res->sim_choice[p], text, sizeof text);
        fprintf(out, "%s: choose %s (value %+.3f, %.0f%% of visits)\n",
                g->player_name(v, p), text, res->sim_values[p][pick],
                total ? 100.0 * (double)res->sim_visits[p][pick] / (double)total : 0);
        for (int i = 0; i < res->sim_count[p] && all_options; i++) {
            g->format_move(v, state, res->sim_moves[p][i], text, sizeof text);
            fprintf(out, "  %-10s visits %8ld value %+.3f\n", text, res->sim_visits[p][i],
                    res->sim_values[p][i]);
        }
    }
    fprintf(out, "plan after the most visited choices (* the player asked about):\n");
    print_plan(g, v, state, res, player, out);
    fprintf(out, "iterations %ld nodes %" PRIu64 " time %.3f s iterations/s %.0f\n",
            res->iterations, res->nodes, res->seconds, rate);
}
