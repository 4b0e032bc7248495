#include "cli/query_report.h"
#include "cli/cli.h"
#include "json/kjson_database.h"

#include <stdio.h>
#include <stdlib.h>

/* The winner of a finished game, or -1 for a draw. */
static int winner_of(const struct game *g, const struct variant *v, const void *state) {
    double ret[GAME_MAX_PLAYERS] = {0};
    g->returns(v, state, ret);
    for (int p = 0; p < g->players; p++)
        if (ret[p] > 0) return p;
    return -1;
}

static void print_text(const struct game *g, const struct variant *v, const void *state,
                       const char *ptext, retro_cell cell, const move_t *moves,
                       const retro_cell *values, const int *order, int n) {
    printf("position %s\n", ptext);
    if (cell == RETRO_TERMINAL) {
        int winner = winner_of(g, v, state);
        if (winner >= 0)
            printf("game over: %s wins\n", g->player_name(v, winner));
        else
            printf("game over: a draw\n");
        return;
    }
    const char *mover = g->player_name(v, g->turn(v, state));
    char ctext[32], mtext[128];
    retro_cell_text(cell, ctext, sizeof ctext);
    printf("%s to move: %s%s\n", mover, ctext,
           retro_outcome(cell) == RETRO_DRAWN ? " (neither side can force a win)" : "");
    printf("moves, best first (value for %s):\n", mover);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        g->format_move(v, state, moves[i], mtext, sizeof mtext);
        retro_cell_text(values[i], ctext, sizeof ctext);
        printf("  %-12s %s\n", mtext, ctext);
    }
}

int query_report(const struct game *g, const struct variant *v, const void *state,
                 retro_lookup_fn lookup, void *ctx, const char *source, bool json) {
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    retro_cell *values = malloc((size_t)g->max_moves * sizeof *values);
    int *order = malloc((size_t)g->max_moves * sizeof *order);
    if (!moves || !values || !order) {
        free(moves);
        free(values);
        free(order);
        return cli_fail_runtime("out of memory");
    }
    retro_cell cell = lookup(ctx, state), best;
    int n = retro_move_values(g, v, state, lookup, ctx, &best, values);
    if (n > 0) g->moves(v, state, moves);
    /* Answer only what the moves confirm: a damaged or crafted database can
     * hold any bytes, and a checksum does not stop anyone who rewrites it. */
    bool over = g->turn(v, state) == TURN_OVER;
    bool held = true;
    for (int i = 0; i < n; i++) held &= retro_is_value(values[i]);
    bool consistent =
        over ? cell == RETRO_TERMINAL : retro_is_value(cell) && best == cell;
    if (!held || !consistent) {
        char have[32], want[32];
        retro_cell_text(cell, have, sizeof have);
        retro_cell_text(best, want, sizeof want);
        free(moves);
        free(values);
        free(order);
        if (!held)
            return cli_fail("database %s does not hold every position a move here "
                            "leads to: solve again",
                            source ? source : "");
        return cli_fail("database %s is damaged at this position (it stores %s, its "
                        "moves give %s): solve again",
                        source ? source : "", have, want);
    }
    /* Best first; insertion sort keeps generator order among equals. */
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && retro_better(values[order[j]], values[order[j - 1]]);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    char ptext[1024];
    g->format_position(v, state, ptext, sizeof ptext);
    if (json)
        kjson_print(kjson_query(g, v, state, source, cell, moves, values, order, n),
                    stdout);
    else
        print_text(g, v, state, ptext, cell, moves, values, order, n);
    free(moves);
    free(values);
    free(order);
    return EXIT_OK;
}
