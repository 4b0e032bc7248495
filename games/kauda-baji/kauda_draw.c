/* Kauda-Baji board drawing for a terminal: the 7x7 grid seen from above with
 * south at the bottom, cross squares marked 'x', each player's tuples as a
 * letter followed by their sizes ("s21": a pair and a single of south). */
#include "games/kauda-baji/kauda.h"
#include "games/kauda-baji/kauda_text.h"

#include <stdio.h>
#include <string.h>

enum { CELL = 8 };

/* What stands on `square`, at most CELL characters: tuple sizes per player,
 * or only the player's total when the detail does not fit. */
static void cell_text(const struct variant *v, const struct kauda_state *s, int square,
                      char *out) {
    const int players = kauda_options(v)->players;
    char full[64] = "", brief[64] = "";
    size_t nf = 0, nb = 0;
    for (int p = 0; p < players; p++) {
        const int seat = kauda_seat(v, p);
        int total = 0;
        char sizes[16] = "";
        size_t ns = 0;
        for (int i = KAUDA_PIECES - 1; i >= 0; i--) {
            const struct kauda_tuple *t = &s->tuples[p][i];
            if (!t->size || kauda_square(seat, t->step) != square) continue;
            total += t->size;
            ns += (size_t)snprintf(sizes + ns, sizeof sizes - ns, "%d", t->size);
        }
        if (!total) continue;
        char c = kauda_player_letter(v, p);
        nf += (size_t)snprintf(full + nf, sizeof full - nf, "%c%s", c, sizes);
        nb += (size_t)snprintf(brief + nb, sizeof brief - nb, "%c%d", c, total);
    }
    if (nf == 0)
        strcpy(out, kauda_is_cross(square) ? "x" : ".");
    else
        strcpy(out, nf <= CELL ? full : brief);
}

void kauda_draw(const struct variant *v, const void *state, FILE *out) {
    const struct kauda_state *s = state;
    const int players = kauda_options(v)->players;
    for (int row = KAUDA_SIDE - 1; row >= 0; row--) {
        fprintf(out, "  %d", row + 1);
        for (int col = 0; col < KAUDA_SIDE; col++) {
            char text[CELL + 1];
            cell_text(v, s, row * KAUDA_SIDE + col, text);
            int pad = CELL - (int)strlen(text);
            fprintf(out, " %*s%s%*s", pad / 2, "", text, pad - pad / 2, "");
        }
        fprintf(out, "\n");
    }
    fprintf(out, "   ");
    for (int col = 0; col < KAUDA_SIDE; col++) fprintf(out, "    %c    ", 'a' + col);
    fprintf(out, "\n");
    for (int p = 0; p < players; p++) {
        char text[64];
        size_t used = 0;
        text[0] = '\0';
        for (int i = 0; i < KAUDA_PIECES && s->tuples[p][i].size; i++) {
            char sq[3];
            kauda_square_name(kauda_square(kauda_seat(v, p), s->tuples[p][i].step), sq);
            used += (size_t)snprintf(text + used, sizeof text - used, " %d%s",
                                     s->tuples[p][i].size, sq);
        }
        fprintf(out, "  %-5s (%c)%s", kauda_player_name(v, p), kauda_player_letter(v, p),
                text);
        if (s->rank[p]) fprintf(out, "  finished %d of %d", s->rank[p], players);
        fprintf(out, "\n");
    }
    if (s->phase == KAUDA_OVER) {
        fprintf(out, "  game over\n");
        return;
    }
    fprintf(out, "  %s %s", kauda_player_name(v, s->player),
            s->phase == KAUDA_ROLL ? "throws; pending:" : "to move; throws:");
    if (!s->pending[0]) fprintf(out, " none");
    for (int i = 0; i < KAUDA_MAX_PENDING && s->pending[i]; i++)
        fprintf(out, " %d", s->pending[i]);
    if (s->phase == KAUDA_USE && s->pending[1])
        fprintf(out, kauda_options(v)->combine ? " (usable alone or added together)"
                                               : " (each used alone)");
    if (kauda_options(v)->bonus) fprintf(out, "; bonus throws owed: %d", s->bonus);
    fprintf(out, "\n");
}
