/*
 * Kotra drawing for a terminal (see RULES.md, "Drawing"): every space shows
 * its terrain, the piece on it and the piece's public states, with a legend
 * printed under the board. The marks are those of the position notation
 * (kotra_position.c), and terrain symbols are none of them, so one symbol
 * means one thing wherever it is printed.
 */
#include "games/kotra/kotra.h"

#include <stdio.h>
#include <string.h>

/* Terrain symbols, by enum kotra_terrain: no letter (pieces), no '.'
 * (empty) and no mark of the position notation (+ ' ! ^ ~ $ * @ % :). */
static const char terrain_symbols[TERRAIN_KINDS + 1] = " &|01}_>;2\"<)=5#";

char kotra_terrain_symbol(int terrain) {
    return terrain >= 0 && terrain < TERRAIN_KINDS ? terrain_symbols[terrain] : '?';
}

enum { SPACE_CHARS = 4, CELL_CHARS = 11 };

/* The four characters of a space: terrain, piece ('.' if empty), then a
 * history mark (+ promoted, $ came from the reserve, ' has moved) and a
 * condition mark (@ shielded by safety, % stuck in a bog, ! rank revealed),
 * each the most telling one that applies. */
void kotra_piece_marks(const struct kotra_state *s, int sp, char marks[3]) {
    uint8_t c = s->cell[sp], f = s->flags[sp], x = s->extra[sp];
    marks[0] = !c                 ? ' '
               : (x & KX_PROMO)   ? '+'
               : (x & KX_ENTERED) ? '$'
               : (f & KF_MOVED)   ? '\''
                                  : ' ';
    marks[1] = !c                  ? ' '
               : kotra_shield(f)   ? '@'
               : kotra_stuck(f)    ? '%'
               : (f & KF_REVEALED) ? '!'
                                   : ' ';
    marks[2] = '\0';
}

static void space_text(const struct kotra_state *s, int sp, char out[SPACE_CHARS + 1]) {
    uint8_t c = s->cell[sp];
    out[0] = kotra_terrain_symbol(kotra_board[sp].terrain);
    out[1] = c ? kotra_piece_letter(kotra_owner(c), kotra_rank_of(c)) : '.';
    kotra_piece_marks(s, sp, out + 2);
}

/* One grid cell, CELL_CHARS wide: [  xxxx   ] a square; [nnnn/ssss] or
 * [nnnn\ssss] a split cell, its upper (n) triangle first for both
 * diagonals, as in the space names and the position notation; half cells
 * for the lone triangles where the fan's rim slants. */
static void draw_cell(const struct kotra_state *s, int x, int y, int row, int col,
                      FILE *out) {
    char a[SPACE_CHARS + 1], b[SPACE_CHARS + 1];
    if (x < 0) {
        int reserve_row = row == KOTRA_ROWS / 2 && (col == 0 || col == KOTRA_COLS - 1);
        fprintf(out, "%s", reserve_row ? "    RES    " : "           ");
        return;
    }
    space_text(s, x, a);
    int part = kotra_board[x].part;
    if (part == PART_F) {
        fprintf(out, "[  %s   ]", a);
    } else if (y >= 0) {
        space_text(s, y, b);
        fprintf(out, "[%s%c%s]", a, part == PART_UL || part == PART_LR ? '/' : '\\', b);
    } else if (part == PART_LR) {
        fprintf(out, "     /%s]", a);
    } else if (part == PART_UR) {
        fprintf(out, "     \\%s]", a);
    } else if (part == PART_LL) {
        fprintf(out, "[%s\\     ", a);
    } else {
        fprintf(out, "[%s/     ", a);
    }
}

static void draw_board(const struct kotra_state *s, FILE *out) {
    /* The spaces of each cell in table order: the upper triangle first. */
    int at[KOTRA_ROWS][KOTRA_COLS][2];
    memset(at, -1, sizeof at);
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        const struct kotra_space *b = &kotra_board[sp];
        at[b->row][b->col][at[b->row][b->col][0] < 0 ? 0 : 1] = sp;
    }
    fprintf(out, "  ");
    for (int c = 0; c < KOTRA_COLS; c++) fprintf(out, "     %c     ", 'a' + c);
    fprintf(out, "\n");
    for (int r = 0; r < KOTRA_ROWS; r++) {
        fprintf(out, "%d ", KOTRA_ROWS - r);
        for (int c = 0; c < KOTRA_COLS; c++)
            draw_cell(s, at[r][c][0], at[r][c][1], r, c, out);
        fprintf(out, "\n");
    }
    fprintf(out,
            "  A space is terrain, piece, marks. Terrain: & loyalty \" family = duty\n"
            "  # base | boundary 0 door 1 capture+1 2 capture+2 5 defense of home\n"
            "  } attack > advance < retreat _ bog ; promotion ) safety (blank: plain).\n"
            "  Pieces: L legate U gul D dal N dalin G glinn I gil R garresh A agent\n"
            "  M mine C capital; gold upper case, silver lower, X/x unknown; . empty.\n"
            "  Marks, as in the position line: + promoted $ from the reserve ' moved\n"
            "  @ shielded (safety) %% stuck (bog) ! rank revealed. Split cells: the\n"
            "  upper (n) triangle first, for / and \\ alike.\n");
}

static void draw_list(FILE *out, const uint8_t *list, int n, int owner) {
    if (!list[0]) fprintf(out, "-");
    for (int i = 0; i < n && list[i]; i++) {
        fprintf(out, "%c", kotra_piece_letter(owner, list[i] & 15));
        if (list[i] >> 4) fprintf(out, "+%d", list[i] >> 4);
    }
}

void kotra_draw(const struct variant *v, const void *state, FILE *out) {
    const struct kotra_state *s = state;
    draw_board(s, out);
    for (int p = 0; p < 2; p++) {
        fprintf(out, "  %-6s %3d points; captured ", kotra_player_name(v, p),
                kotra_score(s, p));
        draw_list(out, s->tray[p], KOTRA_PIECES, 1 - p);
        fprintf(out, "; reserve ");
        draw_list(out, s->reserve[p], KOTRA_RESERVE, p);
        if (s->status[p] & KS_UNLOCKED)
            fprintf(out, s->status[p] & KS_RELOCATED ? "; relocated" : "; may relocate");
        fprintf(out, "\n");
    }
    switch (s->phase) {
    case PHASE_SETUP:
        fprintf(out, "  %s places a piece on %s\n", kotra_player_name(v, s->side),
                kotra_board[kotra_territory_space(s->side, s->cursor)].name);
        break;
    case PHASE_ROLL:
        fprintf(out, "  turn %d: %s rolls\n", s->turns + 1,
                kotra_player_name(v, s->side));
        break;
    case PHASE_OVER: {
        static const char *const why[] = {"", "capital captured", "surrender",
                                          "turn limit"};
        int winner = kotra_winner(v, s);
        fprintf(out, "  game over (%s): %s\n", why[s->over < 4 ? s->over : 0],
                winner < 0             ? "draw"
                : winner == KOTRA_GOLD ? "gold wins"
                                       : "silver wins");
        break;
    }
    default:
        fprintf(out, "  turn %d: %s, dark %d light %d, %d piece%s left to move\n",
                s->turns + 1, kotra_player_name(v, s->side), s->dark, s->light, s->left,
                s->left == 1 ? "" : "s");
        break;
    }
}
