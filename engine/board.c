/* Board descriptions for the web page (engine/board.h): growable arrays. */
#include "engine/board.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double pi = 3.14159265358979323846;

void board_init(struct board *b) {
    memset(b, 0, sizeof *b);
}

void board_free(struct board *b) {
    free(b->cells);
    free(b->pieces);
    free(b->notes);
    board_init(b);
}

/* Room for one more element of `size` bytes in *items (count n, capacity
 * *cap); false (and b->failed) when memory runs out. */
static bool grow(struct board *b, void **items, int n, int *cap, size_t size) {
    if (b->failed) return false;
    if (n < *cap) return true;
    int next = *cap ? *cap * 2 : 64;
    void *p = realloc(*items, (size_t)next * size);
    if (!p) {
        b->failed = true;
        return false;
    }
    *items = p;
    *cap = next;
    return true;
}

static void copy_text(char *dst, const char *src, size_t n) {
    snprintf(dst, n, "%s", src ? src : "");
}

static struct board_cell *new_cell(struct board *b, int id, const char *label,
                                   const char *mark, int zone) {
    if (!grow(b, (void **)&b->cells, b->n_cells, &b->cap_cells, sizeof *b->cells))
        return NULL;
    struct board_cell *c = &b->cells[b->n_cells++];
    memset(c, 0, sizeof *c);
    c->id = id;
    c->zone = zone;
    copy_text(c->label, label, sizeof c->label);
    copy_text(c->mark, mark, sizeof c->mark);
    return c;
}

struct board_cell *board_polygon(struct board *b, int id, int n, const float *xy,
                                 const char *label, const char *mark, int zone) {
    if (n < 3 || n > BOARD_MAX_VERTICES) return NULL;
    struct board_cell *c = new_cell(b, id, label, mark, zone);
    if (!c) return NULL;
    c->vertices = n;
    for (int i = 0; i < n; i++) {
        c->vx[i] = xy[2 * i];
        c->vy[i] = xy[2 * i + 1];
        c->x += c->vx[i] / (float)n;
        c->y += c->vy[i] / (float)n;
    }
    return c;
}

struct board_cell *board_square(struct board *b, int id, float x, float y, float side,
                                const char *label, const char *mark, int zone) {
    float h = side / 2;
    const float xy[8] = {x - h, y - h, x + h, y - h, x + h, y + h, x - h, y + h};
    return board_polygon(b, id, 4, xy, label, mark, zone);
}

struct board_cell *board_hexagon(struct board *b, int id, float x, float y, float r,
                                 const char *label, const char *mark, int zone) {
    float xy[12];
    for (int i = 0; i < 6; i++) {
        double a = pi / 2 + i * pi / 3;
        xy[2 * i] = x + r * (float)cos(a);
        xy[2 * i + 1] = y - r * (float)sin(a);
    }
    struct board_cell *c = board_polygon(b, id, 6, xy, label, mark, zone);
    if (c) c->x = x, c->y = y;
    return c;
}

struct board_cell *board_circle(struct board *b, int id, float x, float y, float r,
                                const char *label, const char *mark, int zone) {
    struct board_cell *c = new_cell(b, id, label, mark, zone);
    if (!c) return NULL;
    c->x = x;
    c->y = y;
    c->radius = r;
    return c;
}

void board_piece(struct board *b, int cell, int owner, const char *label, bool unknown) {
    if (!grow(b, (void **)&b->pieces, b->n_pieces, &b->cap_pieces, sizeof *b->pieces))
        return;
    struct board_piece *p = &b->pieces[b->n_pieces++];
    memset(p, 0, sizeof *p);
    p->cell = cell;
    p->owner = owner;
    p->unknown = unknown;
    copy_text(p->label, label, sizeof p->label);
}

void board_note(struct board *b, int player, const char *format, ...) {
    if (!grow(b, (void **)&b->notes, b->n_notes, &b->cap_notes, sizeof *b->notes)) return;
    struct board_note *n = &b->notes[b->n_notes++];
    n->player = player;
    n->line[0] = '\0'; /* a note, not an offer */
    va_list ap;
    va_start(ap, format);
    int length = vsnprintf(n->text, sizeof n->text, format, ap);
    va_end(ap);
    if (length >= (int)sizeof n->text) b->cut_notes++;
}

void board_offer(struct board *b, int player, const char *line, const char *format, ...) {
    if (!grow(b, (void **)&b->notes, b->n_notes, &b->cap_notes, sizeof *b->notes)) return;
    struct board_note *n = &b->notes[b->n_notes++];
    n->player = player;
    if (snprintf(n->line, sizeof n->line, "%s", line) >= (int)sizeof n->line) b->cut_notes++;
    va_list ap;
    va_start(ap, format);
    int length = vsnprintf(n->text, sizeof n->text, format, ap);
    va_end(ap);
    if (length >= (int)sizeof n->text) b->cut_notes++;
}

const struct board_cell *board_find(const struct board *b, int id) {
    for (int i = 0; i < b->n_cells; i++)
        if (b->cells[i].id == id) return &b->cells[i];
    return NULL;
}
