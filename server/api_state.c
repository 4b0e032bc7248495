/* GET /api/games and POST /api/state (server/api.h). */
#include "engine/board.h"
#include "engine/registry.h"
#include "engine/variant.h"
#include "server/api_internal.h"

#include <stdlib.h>
#include <string.h>

void api_games(struct api *api, struct api_response *out) {
    (void)api;
    int count;
    const struct game *const *games = registry_games(&count);
    json_t *list = json_array();
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        struct variant v;
        variant_init(g, &v);
        json_t *keys = json_array(), *players = json_array();
        for (const struct variant_key *k = g->variant_keys; k && k->key; k++)
            json_array_append_new(keys, json_pack("{s:s,s:s,s:s,s:s}", "key", k->key,
                                                  "values", k->values, "default",
                                                  k->fallback, "meaning", k->meaning));
        int n = variant_players(g, &v);
        for (int p = 0; p < n; p++) json_array_append_new(players, json_string(g->player_name(&v, p)));
        json_t *entry = api_document("game", g, &v);
        json_object_del(entry, "schema");
        json_object_del(entry, "kind");
        json_object_set_new(entry, "summary", json_string(g->summary));
        json_object_set_new(entry, "players", players);
        json_object_set_new(entry, "variant_keys", keys);
        json_object_set_new(entry, "board", json_boolean(g->describe != NULL));
        json_object_set_new(entry, "chance", json_boolean(g->flags & GAME_HAS_CHANCE));
        json_object_set_new(entry, "simultaneous",
                            json_boolean(g->flags & GAME_HAS_SIMULTANEOUS));
        json_object_set_new(entry, "hidden", json_boolean(g->flags & GAME_HAS_HIDDEN));
        json_object_set_new(entry, "zero_sum", json_boolean(g->flags & GAME_ZERO_SUM_2P));
        json_array_append_new(list, entry);
    }
    json_t *doc = json_pack("{s:i,s:s,s:o}", "schema", 1, "kind", "games", "games", list);
    api_reply(out, doc);
}

/* The legal moves with the cells each touches. */
static json_t *moves_json(const struct game *g, const struct variant *v, const void *state) {
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    json_t *list = json_array();
    if (!moves || !list) {
        free(moves);
        json_decref(list);
        return NULL;
    }
    int n = g->moves(v, state, moves);
    char text[128];
    for (int i = 0; i < n; i++) {
        g->format_move(v, state, moves[i], text, sizeof text);
        json_t *cells = json_array();
        if (g->move_cells) {
            int path[BOARD_MAX_PATH];
            int k = g->move_cells(v, state, moves[i], path);
            for (int j = 0; j < k && j < BOARD_MAX_PATH; j++)
                json_array_append_new(cells, json_integer(path[j]));
        }
        json_array_append_new(list, json_pack("{s:s,s:o}", "move", text, "cells", cells));
    }
    free(moves);
    return list;
}

/* Every acting player's options at a simultaneous node. */
static json_t *options_json(const struct game *g, const struct variant *v,
                            const void *state, int players, int viewer) {
    unsigned acting = g->acting(v, state);
    move_t *options = malloc((size_t)g->max_moves * sizeof *options);
    json_t *list = json_array();
    char text[128];
    for (int p = 0; options && p < players; p++) {
        if (!(acting >> p & 1) || (viewer >= 0 && viewer != p)) continue;
        json_t *texts = json_array();
        int n = g->joint_moves(v, state, p, options);
        for (int i = 0; i < n; i++) {
            g->format_move(v, state, options[i], text, sizeof text);
            json_array_append_new(texts, json_string(text));
        }
        json_array_append_new(list, json_pack("{s:i,s:s,s:o}", "player", p, "name",
                                              g->player_name(v, p), "moves", texts));
    }
    free(options);
    return list;
}

static json_t *chance_json(const struct game *g, const struct variant *v, const void *state) {
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    double *prob = malloc((size_t)g->max_moves * sizeof *prob);
    json_t *list = json_array();
    if (moves && prob) {
        int n = g->moves(v, state, moves);
        g->chance(v, state, moves, n, prob);
        char text[128];
        for (int i = 0; i < n; i++) {
            g->format_move(v, state, moves[i], text, sizeof text);
            json_array_append_new(list, json_pack("{s:s,s:f}", "move", text, "probability",
                                                  prob[i]));
        }
    }
    free(moves);
    free(prob);
    return list;
}

void api_state(struct api *api, const char *body, size_t length, struct api_response *out) {
    (void)api;
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const struct game *g = r.g;
    const struct variant *v = &r.v;
    const void *state = r.state;
    bool hidden = (g->flags & GAME_HAS_HIDDEN) && r.viewer >= 0;
    int turn = g->turn(v, state);
    json_t *doc = api_document("state", g, v);
    char text[API_MAX_POSITION + 1024];
    g->format_position(v, state, text, sizeof text);
    json_object_set_new(doc, "position", json_string(text));
    if (hidden) {
        _Alignas(8) unsigned char seen[GAME_MAX_STATE_BYTES];
        memcpy(seen, state, g->state_size);
        g->view(v, seen, r.viewer);
        g->format_position(v, seen, text, sizeof text);
        json_object_set_new(doc, "view_position", json_string(text));
        json_object_set_new(doc, "viewer", json_integer(r.viewer));
    }
    json_t *players = json_array();
    for (int p = 0; p < r.players; p++)
        json_array_append_new(players, json_string(g->player_name(v, p)));
    json_object_set_new(doc, "players", players);
    json_object_set_new(doc, "turn", json_string(api_turn_name(g, v, turn)));
    json_object_set_new(doc, "to_act", json_integer(turn >= 0 ? turn : -1));
    json_object_set_new(doc, "played", json_incref(r.played));
    json_t *board = api_board_json(g, v, state, hidden ? r.viewer : -1);
    json_object_set_new(doc, "board", board ? board : json_null());
    json_t *moves = json_array();
    if (turn == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS] = {0};
        g->returns(v, state, ret);
        json_t *returns = json_array();
        for (int p = 0; p < r.players; p++) json_array_append_new(returns, json_real(ret[p]));
        json_object_set_new(doc, "returns", returns);
    } else if (turn == TURN_CHANCE) {
        json_object_set_new(doc, "chance", chance_json(g, v, state));
    } else if (turn == TURN_SIMULTANEOUS) {
        json_object_set_new(doc, "acting", options_json(g, v, state, r.players,
                                                        hidden ? r.viewer : -1));
    } else if (!hidden || turn == r.viewer) {
        json_decref(moves);
        moves = moves_json(g, v, state);
    }
    json_object_set_new(doc, "over", json_boolean(turn == TURN_OVER));
    json_object_set_new(doc, "moves", moves ? moves : json_array());
    api_request_free(&r);
    api_reply(out, doc);
}
