/* Kulibrat's web board (engine/board.h): the 3x4 squares, each player's hand
 * (where inserts come from) and goal (where scoring moves go), and the score. */
#include "engine/board.h"
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_text.h"

/* Cell ids: squares 0..11 as kulibrat.h numbers them, then these. */
enum { HAND = 100, GOAL = 102 }; /* + player */

void kulibrat_describe(const struct variant *v, const void *state, struct board *b) {
    const struct kulibrat_state *s = state;
    char name[4];
    b->width = 5;
    b->height = 6;
    for (int sq = 0; sq < KULIBRAT_SQUARES; sq++) {
        int row = sq / KULIBRAT_COLS, col = sq % KULIBRAT_COLS;
        kulibrat_square_name(sq, name);
        int zone = row == 0                   ? KULIBRAT_BLACK
                   : row == KULIBRAT_ROWS - 1 ? KULIBRAT_RED
                                              : -1;
        board_square(b, sq, 1.5f + (float)col, 1.5f + (float)row, 1, name, "", zone);
        for (int p = 0; p < 2; p++)
            if (s->pieces[p] >> sq & 1) board_piece(b, sq, p, "", false);
    }
    /* Black enters at the top and scores off the bottom; red the reverse. */
    board_circle(b, HAND + KULIBRAT_BLACK, 0.5f, 0.5f, 0.4f, "hand", "hand", 0);
    board_circle(b, GOAL + KULIBRAT_RED, 4.5f, 0.5f, 0.4f, "goal", "goal", 1);
    board_circle(b, HAND + KULIBRAT_RED, 4.5f, 5.5f, 0.4f, "hand", "hand", 1);
    board_circle(b, GOAL + KULIBRAT_BLACK, 0.5f, 5.5f, 0.4f, "goal", "goal", 0);
    for (int p = 0; p < 2; p++) {
        int in_hand = KULIBRAT_PIECES - __builtin_popcount(s->pieces[p]);
        char count[8];
        snprintf(count, sizeof count, "%d", in_hand);
        if (in_hand > 0) board_piece(b, HAND + p, p, count, false);
        board_note(b, p, "%s: %d of %d points", kulibrat_player_name(v, p), s->score[p],
                   kulibrat_options(v)->target);
    }
}

int kulibrat_move_cells(const struct variant *v, const void *state, move_t move,
                        int *cells) {
    const struct kulibrat_state *s = state;
    if (move == GAME_MOVE_PASS) return 0;
    int to = kulibrat_move_to(move);
    if (to == KULIBRAT_OFF) to = GOAL + s->side;
    cells[0] = kulibrat_move_kind(move) == KULIBRAT_INSERT ? HAND + s->side
                                                           : kulibrat_move_from(move);
    cells[1] = to;
    return 2;
}
