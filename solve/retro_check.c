#include "solve/retro_check.h"

#include <stdio.h>
#include <string.h>

int retro_move_values(const struct game *g, const struct variant *v, const void *state,
                      retro_lookup_fn lookup, void *ctx, retro_cell *best,
                      retro_cell *each) {
    int mover = g->turn(v, state);
    if (mover == TURN_OVER) {
        *best = RETRO_TERMINAL;
        return 0;
    }
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    _Alignas(8) unsigned char c[GAME_MAX_STATE_BYTES];
    int count = g->moves(v, state, moves);
    *best = RETRO_UNKNOWN;
    for (int i = 0; i < count; i++) {
        bool pass = moves[i] == GAME_MOVE_PASS;
        memcpy(c, state, g->state_size);
        g->apply(v, c, moves[i]);
        int t = g->turn(v, c);
        retro_cell val;
        if (t == TURN_OVER) {
            double ret[GAME_MAX_PLAYERS];
            g->returns(v, c, ret);
            int w = pass ? 0 : 1;
            val = ret[mover] > 0   ? retro_win(w)
                  : ret[mover] < 0 ? retro_loss(w)
                                   : RETRO_DRAW;
        } else {
            val = retro_through(lookup(ctx, c), t != mover, pass);
        }
        if (each) each[i] = val;
        if (*best == RETRO_UNKNOWN || retro_better(val, *best)) *best = val;
    }
    return count;
}

void retro_cell_text(retro_cell c, char *buf, size_t n) {
    if (c == RETRO_TERMINAL)
        snprintf(buf, n, "terminal");
    else if (c == RETRO_HOLE)
        snprintf(buf, n, "no position");
    else if (c == RETRO_UNKNOWN)
        snprintf(buf, n, "unknown");
    else if (c == RETRO_DRAW)
        snprintf(buf, n, "draw");
    else if (!retro_distance_known(c))
        snprintf(buf, n, "%s", (c & 1) ? "win" : "loss");
    else
        snprintf(buf, n, "%s in %d", (c & 1) ? "win" : "loss", retro_remoteness(c));
}

int retro_check_position(const struct game *g, const struct variant *v, const void *state,
                         retro_cell cell, retro_lookup_fn lookup, void *ctx, char *err) {
    retro_cell best;
    int count = retro_move_values(g, v, state, lookup, ctx, &best, NULL);
    if (count == 0 && best == RETRO_UNKNOWN) best = RETRO_DRAW;
    if (best == cell) return 0;
    /* Without a distance on either side only the outcome can agree. */
    if ((!retro_distance_known(best) || !retro_distance_known(cell)) &&
        retro_is_value(best) && retro_is_value(cell) &&
        retro_outcome(best) == retro_outcome(cell))
        return 0;
    char want[32], have[32];
    retro_cell_text(best, want, sizeof want);
    retro_cell_text(cell, have, sizeof have);
    snprintf(err, GAME_ERROR_BYTES, "stored %s, but the best move gives %s", have, want);
    return -1;
}
