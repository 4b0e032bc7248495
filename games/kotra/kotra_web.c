/* Kotra's web board (engine/board.h): the 51 squares and triangles with
 * their terrain, the pieces (an enemy rank the viewer has not seen is drawn
 * as unknown: the caller describes the viewer's `view`), the dice, reserves
 * and trays. Setup, picks and relocations touch one space (the page asks
 * which rank), steps and attacks two, a reserve entry the base space. */
#include "engine/board.h"
#include "games/kotra/kotra.h"

#include <stdio.h>

/* Corners of a grid cell, clockwise from the top left. */
enum { TL, TR, BR, BL };

/* The polygon of a space (its grid cell, or a triangle of it) into xy;
 * returns the number of corners. */
static int outline(const struct kotra_space *sp, float *xy) {
    static const int shapes[5][4] = {
        [PART_F] = {TL, TR, BR, BL},  [PART_UL] = {TL, TR, BL, -1},
        [PART_UR] = {TL, TR, BR, -1}, [PART_LL] = {TL, BR, BL, -1},
        [PART_LR] = {TR, BR, BL, -1},
    };
    const float cx[4] = {0, 1, 1, 0}, cy[4] = {0, 0, 1, 1};
    int n = 0;
    for (int i = 0; i < 4 && shapes[sp->part][i] >= 0; i++, n++) {
        xy[2 * n] = 0.5f + (float)sp->col + cx[shapes[sp->part][i]];
        xy[2 * n + 1] = 0.5f + (float)sp->row + cy[shapes[sp->part][i]];
    }
    return n;
}

static void list_note(struct board *b, int player, const char *what, const uint8_t *list,
                      int n, int owner) {
    char text[64] = "";
    int used = 0;
    for (int i = 0; i < n && list[i] && used < (int)sizeof text - 8; i++) {
        used += snprintf(text + used, sizeof text - (size_t)used, "%c",
                         kotra_piece_letter(owner, list[i] & 15));
        if (list[i] >> 4)
            used +=
                snprintf(text + used, sizeof text - (size_t)used, "+%d", list[i] >> 4);
        used += snprintf(text + used, sizeof text - (size_t)used, " ");
    }
    board_note(b, player, "%s %s: %s", kotra_player_name(NULL, player), what,
               text[0] ? text : "none");
}

void kotra_describe(const struct variant *v, const void *state, struct board *b) {
    const struct kotra_state *s = state;
    b->width = KOTRA_COLS + 1;
    b->height = KOTRA_ROWS + 1;
    for (int i = 0; i < KOTRA_SPACES; i++) {
        const struct kotra_space *sp = &kotra_board[i];
        float xy[8];
        int n = outline(sp, xy);
        board_polygon(b, i, n, xy, sp->name,
                      sp->terrain == TERRAIN_PLAIN ? "" : kotra_terrain_name(sp->terrain),
                      sp->zone == KOTRA_NEUTRAL ? -1 : sp->zone);
        uint8_t cell = s->cell[i];
        if (!cell) continue;
        int rank = kotra_rank_of(cell);
        /* The rank, then the public states the terminal drawing shows (the
         * legend is a board note); an unknown piece keeps an empty label. */
        char marks[3], label[4] = {kotra_rank_letter(rank), 0};
        kotra_piece_marks(s, i, marks);
        for (int k = 0, len = 1; k < 2; k++)
            if (marks[k] != ' ') label[len++] = marks[k];
        board_piece(b, i, kotra_owner(cell), rank == RANK_UNKNOWN ? "" : label,
                    rank == RANK_UNKNOWN);
    }
    for (int p = 0; p < 2; p++) {
        board_note(b, p, "%s: %d points", kotra_player_name(v, p), kotra_score(s, p));
        list_note(b, p, "reserve", s->reserve[p], KOTRA_RESERVE, p);
        list_note(b, p, "captured", s->tray[p], KOTRA_PIECES, 1 - p);
    }
    if (s->phase != PHASE_SETUP && s->phase != PHASE_OVER && s->phase != PHASE_ROLL)
        board_note(b, s->side, "dice: dark %d, light %d; pieces still to move: %d",
                   s->dark, s->light, s->left);
    const char *name = kotra_player_name(v, s->side);
    if (s->phase == PHASE_SETUP) {
        board_note(b, s->side, "%s sets up: space %d of %d", name, s->cursor + 1,
                   KOTRA_TERRITORY);
        /* The presets of `play --setup` (RULES.md), offered as buttons. */
        board_offer(b, s->side, "setup sensible",
                    "capital at the back beside mines, garresh in front");
        board_offer(b, s->side, "setup defensive", "capital behind every mine that fits, legate and gul home");
        board_offer(b, s->side, "setup offensive", "legate, gul and dal in front, garresh kept back");
        board_offer(b, s->side, "setup random", "every remaining decision at random");
    }
    else if (s->phase == PHASE_ENTER)
        board_note(b, s->side, "doubles: %s may bring a reserve piece onto the base",
                   name);
    else if (s->phase == PHASE_PICK)
        board_note(b, s->side, "%s picks a piece to move, or ends the turn", name);
    if (s->picked < KOTRA_SPACES && (s->phase == PHASE_DEST || s->phase == PHASE_RESCUE))
        board_note(b, s->side, "%s %s the piece on %s", kotra_player_name(v, s->side),
                   s->phase == PHASE_DEST ? "moves" : "rescues with",
                   kotra_board[s->picked].name);
    board_note(b, -1, "turn %d of %d", s->turns + 1, kotra_options(v)->max_turns);
    /* The legend, in notes short enough to be shown whole. */
    board_note(b, -1, "ranks: L legate, U gul, D dal, N dalin, G glinn, I gil, R garresh, A agent");
    board_note(b, -1, "M mine, C capital, ? a rank you have not seen");
    board_note(b, -1, "after a rank: + promoted, $ from the reserve, ' has moved");
    board_note(b, -1, "@ shielded by safety, %% stuck in a bog, ! rank revealed");
}

int kotra_move_cells(const struct variant *v, const void *state, move_t move,
                     int *cells) {
    const struct kotra_state *s = state;
    int a = kotra_move_a(move), b = kotra_move_b(move);
    switch (kotra_move_kind(move)) {
    case MV_SETUP:
    case MV_PICK:
    case MV_RELOC:
        if (a >= KOTRA_SPACES) return 0;
        cells[0] = a;
        return 1;
    case MV_STEP:
    case MV_ATTACK:
    case MV_PLACE:
        if (a >= KOTRA_SPACES || b >= KOTRA_SPACES) return 0;
        cells[0] = a;
        cells[1] = b;
        return 2;
    case MV_ENTER: {
        int base = kotra_space_of(s->side, TERRAIN_BASE);
        if (base == KOTRA_NONE) return 0;
        cells[0] = base;
        return 1;
    }
    default: return 0;
    }
}
