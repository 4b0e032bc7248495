/* Kodrek's web board (engine/board.h): every juncture of the triangle as a
 * small circle (the inner triangle and the edge marked), each player's craft
 * and stack, and the coins. A thrust touches the mover's stack and its
 * destination; a pull touches the pulled craft (the page's chooser then asks
 * how many tails); the secret coin choice touches no cell. */
#include "engine/board.h"
#include "games/kodrek/kodrek.h"

#include <stdio.h>

enum { OFF_BOARD = 1000000 }; /* ids of points past the edge start here */

static int point_id(struct kodrek_point p, int side) {
    if (kodrek_on_board(p, side)) return p.r * (p.r + 1) / 2 + p.k;
    return OFF_BOARD + (p.r + KODREK_COORD_LIMIT) * (2 * KODREK_COORD_LIMIT + 1) + p.k +
           KODREK_COORD_LIMIT;
}

static float point_x(struct kodrek_point p, int side) {
    return (float)p.k - (float)p.r / 2 + (float)(side - 1) / 2 + 1;
}

static float point_y(struct kodrek_point p) {
    return (float)p.r * 0.8660254f + 1;
}

/* A piece's point, drawn as an extra cell when it lies past the edge (at
 * most once per point). */
static void place(struct board *b, struct kodrek_point p, int side, int player,
                  const char *label) {
    int id = point_id(p, side);
    if (id >= OFF_BOARD && !board_find(b, id))
        board_circle(b, id, point_x(p, side), point_y(p), 0.3f, "", "off", -1);
    board_piece(b, id, player, label, false);
}

void kodrek_describe(const struct variant *v, const void *state, struct board *b) {
    const struct kodrek_variant *o = kodrek_options(v);
    const struct kodrek_state *s = state;
    int side = kodrek_side(o);
    b->width = (float)side + 1;
    b->height = (float)side * 0.8660254f + 1;
    for (int r = 0; r < side; r++)
        for (int k = 0; k <= r; k++) {
            struct kodrek_point p = kodrek_point(r, k);
            /* The point's 16-bit coordinates: "-32768.-32768" at most. */
            char label[16];
            snprintf(label, sizeof label, "%d.%d", p.r, p.k);
            const char *mark = kodrek_in_inner(p, side, o->margin) ? "inner"
                               : kodrek_on_edge(p, side)           ? "edge"
                                                                   : "";
            board_circle(b, point_id(p, side), point_x(p, side), point_y(p), 0.3f, label,
                         mark, -1);
        }
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        place(b, s->craft[p], side, p, "craft");
        place(b, s->stack[p], side, p, "stack");
        const char *name = kodrek_player_name(v, p);
        if (s->phase == KODREK_OVER)
            board_note(b, p, "%s %s", name, (s->lost >> p & 1) ? "lost" : "survived");
        else if (s->phase == KODREK_SECRET)
            board_note(b, p, "%s: %d coins in hand, %d tails on the table", name,
                       kodrek_hand(s, p), s->tails[p]);
        else
            board_note(b, p, "%s: %d heads shown, %d tails on the table", name,
                       kodrek_hand(s, p), s->tails[p]);
    }
    board_note(b, -1, "turn %d of %d", s->turn, o->toleks - 1);
}

int kodrek_move_cells(const struct variant *v, const void *state, move_t move,
                      int *cells) {
    const struct kodrek_state *s = state;
    int side = kodrek_side(kodrek_options(v));
    int mover = kodrek_game.turn(v, state);
    switch (kodrek_move_kind(move)) {
    case KODREK_MOVE_THRUST:
        if (mover < 0) return 0;
        cells[0] = point_id(s->stack[mover], side);
        cells[1] = point_id(kodrek_move_point(move), side);
        return cells[1] == cells[0] ? 1 : 2; /* a walk back to where it stood */
    case KODREK_MOVE_PULL:
        cells[0] = point_id(s->craft[kodrek_move_target(move) % KODREK_PLAYERS], side);
        return 1;
    default: return 0;
    }
}
