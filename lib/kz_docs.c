/* libkibitz: the JSON documents of a game and a position as jansson
 * objects for the web server, and the web page's board (include/kibitz.h,
 * lib/kz_front.h). */
#include "engine/board.h"
#include "lib/kz_front.h"
#include "lib/kz_internal.h"
#include "lib/kz_json.h"
#include "json/kjson.h"
#include "json/kjson_position.h"
#include "json/kjson_reports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *kz_text_doc(const char *text) {
    return kjson_string_lossy(text);
}

long kz_give_json(json_t *doc, char *json, size_t n) {
    long need = kz_json_give(doc, json, n);
    return need < 0 ? KZ_ERUNTIME : need;
}

json_t *kz_games_doc(void) {
    return kjson_games();
}

json_t *kz_state_doc(const kz_state *s) {
    return kjson_position(s->game->g, &s->game->v, s->bytes);
}

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

json_t *kz_state_board_doc(const kz_state *s, int viewer) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    if (!g->describe) return NULL;
    _Alignas(8) unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, s->bytes, g->state_size);
    if ((g->flags & GAME_HAS_HIDDEN) && viewer >= 0 && viewer < s->game->players)
        g->view(v, seen, viewer);
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
    for (int i = 0; i < b.n_notes; i++) {
        json_t *note = json_pack("{s:i,s:s}", "player", b.notes[i].player, "text",
                                 b.notes[i].text);
        if (note && b.notes[i].line[0])
            json_object_set_new(note, "line", json_string(b.notes[i].line));
        json_array_append_new(notes, note);
    }
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

long kz_state_board_json(const kz_state *s, int viewer, char *json, size_t n) {
    if (!s->game->g->describe) {
        if (json && n) json[0] = '\0';
        return KZ_EUNSUPPORTED;
    }
    return kz_give_json(kz_state_board_doc(s, viewer), json, n);
}

int kz_state_action_cells(const kz_state *s, kz_action a, int *cells, int cap) {
    const struct game *g = s->game->g;
    if (!g->move_cells || g->turn(&s->game->v, s->bytes) < 0) return 0;
    const move_t *moves;
    int n = kz_state_moves(s, &moves), i = 0;
    while (i < n && moves[i] != kz_move(a)) i++;
    if (i == n) return 0;
    int path[BOARD_MAX_PATH];
    int k = g->move_cells(&s->game->v, s->bytes, moves[i], path);
    if (k > BOARD_MAX_PATH) k = BOARD_MAX_PATH;
    for (int j = 0; j < k && j < cap; j++) cells[j] = path[j];
    return k;
}
