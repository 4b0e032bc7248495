/*
 * board.h - what a web page needs to draw a position: the board description
 * a game fills in through its optional `describe` hook (engine/game.h).
 *
 * The page re-implements no rule: the game lists its cells (a polygon or a
 * circle each, in the game's own board units, with a label and a terrain
 * mark), the pieces on them (owner and label, or "unknown" for a hidden
 * rank), and short notes (scores, the throw, the dice, a hand). The moves
 * come separately: `move_cells` names the cells a move touches in the order
 * a person clicks them (from ... to); a move that touches none (a pass, a
 * secret coin count) is offered in a chooser by its text.
 *
 * Cell ids are the game's own small integers (unique within one board). The
 * arrays grow on demand; if memory runs out `failed` is set and further adds
 * are ignored, so a game never checks a return value.
 */
#ifndef KIBITZ_BOARD_H
#define KIBITZ_BOARD_H

#include <stdbool.h>

enum {
    BOARD_MAX_VERTICES = 6,
    BOARD_LABEL_BYTES = 16,
    BOARD_NOTE_BYTES = 96,
    /* Most cells a move may touch (`move_cells`' room). */
    BOARD_MAX_PATH = 64,
};

struct board_cell {
    int id;
    float x, y;   /* centre, board units (y grows downwards) */
    int vertices; /* 3..BOARD_MAX_VERTICES, or 0 for a circle of `radius` */
    float vx[BOARD_MAX_VERTICES], vy[BOARD_MAX_VERTICES];
    float radius;
    char label[BOARD_LABEL_BYTES]; /* the cell's name ("a1"), may be empty */
    char mark[BOARD_LABEL_BYTES];  /* terrain or role ("bog", "hand"), may be empty */
    int zone;                      /* owning player for tinting, -1 none */
};

struct board_piece {
    int cell;
    int owner;                     /* player index, -1 neutral */
    char label[BOARD_LABEL_BYTES]; /* rank, count..., may be empty */
    bool unknown;                  /* a hidden rank (the viewer cannot see it) */
};

struct board_note {
    int player; /* the player the note is about, -1 none */
    char text[BOARD_NOTE_BYTES];
    /* Empty, or a line the player may type here (kz_state_parse_line), which
     * a page offers as a button with `text` as its explanation. */
    char line[BOARD_LABEL_BYTES * 2];
};

struct board {
    float width, height; /* extent of the drawing, board units */
    struct board_cell *cells;
    struct board_piece *pieces;
    struct board_note *notes;
    int n_cells, n_pieces, n_notes;
    int cap_cells, cap_pieces, cap_notes;
    bool failed;    /* out of memory somewhere: the description is incomplete */
    int cut_notes;  /* notes longer than BOARD_NOTE_BYTES, cut (a game's bug) */
};

void board_init(struct board *b);
void board_free(struct board *b);

/* A polygon cell with `n` vertices (xy: x0, y0, x1, y1, ...); the centre is
 * their mean. Returns the cell (NULL after a failure) so a game may adjust
 * it. */
struct board_cell *board_polygon(struct board *b, int id, int n, const float *xy,
                                 const char *label, const char *mark, int zone);
/* An axis-aligned square of side `side` centred at (x, y). */
struct board_cell *board_square(struct board *b, int id, float x, float y, float side,
                                const char *label, const char *mark, int zone);
/* A regular hexagon with a vertex at the top, circumradius `r`. */
struct board_cell *board_hexagon(struct board *b, int id, float x, float y, float r,
                                 const char *label, const char *mark, int zone);
/* A circle (a lattice point, a hand, a tray). */
struct board_cell *board_circle(struct board *b, int id, float x, float y, float r,
                                const char *label, const char *mark, int zone);

void board_piece(struct board *b, int cell, int owner, const char *label, bool unknown);

/* A note (printf format). */
void board_note(struct board *b, int player, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* An offer: `line` (a shorthand the game reads from a typed line, e.g. a
 * setup preset) for `player`, with a note saying what it does. */
void board_offer(struct board *b, int player, const char *line, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* The cell with `id`, or NULL. */
const struct board_cell *board_find(const struct board *b, int id);

#endif
