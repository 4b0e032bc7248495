/* Kauda-Baji's web board (engine/board.h): the 7x7 squares with the cross
 * (safe) squares marked, every player's tuples with their sizes, and the
 * throws waiting to be used. A decision touches its tuple's square and the
 * destination; several decisions between the same two squares (which throw,
 * which tuple) are told apart by the page's chooser. */
#include "engine/board.h"
#include "games/kauda-baji/kauda.h"
#include "games/kauda-baji/kauda_text.h"

#include <stdio.h>

void kauda_describe(const struct variant *v, const void *state, struct board *b) {
    const struct kauda_state *s = state;
    int players = kauda_options(v)->players;
    b->width = KAUDA_SIDE;
    b->height = KAUDA_SIDE;
    for (int sq = 0; sq < KAUDA_SQUARES; sq++) {
        char name[4]; /* as the notation writes it (kauda_square_name) */
        kauda_square_name(sq, name);
        int row = sq / KAUDA_SIDE, col = sq % KAUDA_SIDE;
        const char *mark = sq == KAUDA_SQUARES / 2 ? "centre"
                           : kauda_is_cross(sq)    ? "cross"
                                                   : "";
        int zone = -1;
        for (int p = 0; p < players; p++)
            if (kauda_square(kauda_seat(v, p), KAUDA_HOME) == sq) zone = p;
        board_square(b, sq, 0.5f + (float)col, (float)(KAUDA_SIDE - row) - 0.5f, 1, name,
                     mark, zone);
    }
    for (int p = 0; p < players; p++) {
        int seat = kauda_seat(v, p);
        for (int i = 0; i < KAUDA_PIECES; i++) {
            const struct kauda_tuple *t = &s->tuples[p][i];
            if (!t->size) continue;
            char size[4];
            snprintf(size, sizeof size, "%d", t->size);
            board_piece(b, kauda_square(seat, t->step), p, size, false);
        }
        if (s->rank[p])
            board_note(b, p, "%s finished, place %d", kauda_player_name(v, p),
                       s->rank[p]);
    }
    if (s->phase == KAUDA_OVER) return;
    char throws[32] = "";
    for (int i = 0, used = 0; i < KAUDA_MAX_PENDING && s->pending[i]; i++)
        used += snprintf(throws + used, sizeof throws - (size_t)used, "%s%d",
                         i ? ", " : "", s->pending[i]);
    if (s->phase == KAUDA_ROLL)
        board_note(b, s->player, "%s throws the cowries%s%s",
                   kauda_player_name(v, s->player), throws[0] ? "; thrown so far: " : "",
                   throws);
    else
        board_note(b, s->player, "%s uses a throw: %s", kauda_player_name(v, s->player),
                   throws);
    if (s->bonus) board_note(b, s->player, "bonus throws owed: %d", s->bonus);
}

int kauda_move_cells(const struct variant *v, const void *state, move_t move,
                     int *cells) {
    const struct kauda_state *s = state;
    if (move == GAME_MOVE_PASS || kauda_move_kind(move) != KAUDA_DECIDE) return 0;
    int seat = kauda_seat(v, s->player);
    cells[0] = kauda_square(seat, kauda_move_from(move));
    cells[1] = kauda_square(seat, kauda_move_to(move));
    /* Combined throws can carry a tuple once round the ring to its square. */
    return cells[1] == cells[0] ? 1 : 2;
}
