/* The board description (engine/board.h) as the API's "board" object. */
#include "engine/board.h"
#include "server/api_internal.h"

#include <string.h>

/* Coordinates with three decimals are plenty for drawing. */
static json_t *coord(float x) {
    return json_real((double)(long)(x * 1000.0f + (x < 0 ? -0.5f : 0.5f)) / 1000.0);
}

static json_t *cell_json(const struct board_cell *c) {
    json_t *j = json_pack("{s:i,s:o,s:o,s:s,s:s}", "id", c->id, "x", coord(c->x), "y",
                          coord(c->y), "label", c->label, "mark", c->mark);
    if (!j) return NULL;
    if (c->zone >= 0) json_object_set_new(j, "zone", json_integer(c->zone));
    if (c->vertices) {
        json_t *points = json_array();
        for (int i = 0; i < c->vertices; i++) {
            json_array_append_new(points, coord(c->vx[i]));
            json_array_append_new(points, coord(c->vy[i]));
        }
        json_object_set_new(j, "points", points);
    } else {
        json_object_set_new(j, "r", coord(c->radius));
    }
    return j;
}

json_t *api_board_json(const struct game *g, const struct variant *v, const void *state,
                       int viewer) {
    if (!g->describe) return NULL;
    _Alignas(8) unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, state, g->state_size);
    if ((g->flags & GAME_HAS_HIDDEN) && viewer >= 0) g->view(v, seen, viewer);
    struct board b;
    board_init(&b);
    g->describe(v, seen, &b);
    json_t *cells = json_array(), *pieces = json_array(), *notes = json_array();
    for (int i = 0; i < b.n_cells; i++)
        json_array_append_new(cells, cell_json(&b.cells[i]));
    for (int i = 0; i < b.n_pieces; i++) {
        const struct board_piece *p = &b.pieces[i];
        json_t *j = json_pack("{s:i,s:i,s:s}", "cell", p->cell, "owner", p->owner,
                              "label", p->label);
        if (j && p->unknown) json_object_set_new(j, "unknown", json_true());
        json_array_append_new(pieces, j);
    }
    for (int i = 0; i < b.n_notes; i++)
        json_array_append_new(notes, json_pack("{s:i,s:s}", "player", b.notes[i].player,
                                               "text", b.notes[i].text));
    json_t *out = NULL;
    if (!b.failed)
        out =
            json_pack("{s:o,s:o,s:o,s:o,s:o}", "width", coord(b.width), "height",
                      coord(b.height), "cells", cells, "pieces", pieces, "notes", notes);
    else
        json_decref(cells), json_decref(pieces), json_decref(notes);
    board_free(&b);
    return out;
}
