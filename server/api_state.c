/* GET /api/games and POST /api/state (server/api.h). */
#include "engine/board.h"
#include "engine/registry.h"
#include "engine/variant.h"
#include "server/api_internal.h"
#include "json/kjson_position.h"
#include "json/kjson_reports.h"

#include <stdlib.h>
#include <string.h>

void api_games(struct api *api, struct api_response *out) {
    (void)api;
    /* The command line's "games" document, plus what the page needs: the
     * players' names, whether a game has a web board, and whether it is a
     * two-player zero-sum game. */
    json_t *doc = kjson_games();
    int count;
    const struct game *const *games = registry_games(&count);
    json_t *list = json_object_get(doc, "games");
    for (int i = 0; i < count && i < (int)json_array_size(list); i++) {
        const struct game *g = games[i];
        json_t *entry = json_array_get(list, (size_t)i);
        struct variant v;
        variant_init(g, &v);
        json_t *names = json_array();
        for (int p = 0; p < variant_players(g, &v); p++)
            json_array_append_new(names, json_string(g->player_name(&v, p)));
        json_object_set_new(entry, "player_names", names);
        json_object_set_new(entry, "board", json_boolean(g->describe != NULL));
        json_object_set_new(entry, "zero_sum", json_boolean(g->flags & GAME_ZERO_SUM_2P));
    }
    api_reply(out, doc);
}

/* The cells each legal move touches, in the order of "moves". */
static json_t *move_cells_json(const struct game *g, const struct variant *v,
                               const void *state) {
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    json_t *list = json_array();
    if (!moves || !list) {
        free(moves);
        json_decref(list);
        return NULL;
    }
    int n = g->turn(v, state) >= 0 ? g->moves(v, state, moves) : 0;
    for (int i = 0; i < n; i++) {
        json_t *cells = json_array();
        if (g->move_cells) {
            int path[BOARD_MAX_PATH];
            int k = g->move_cells(v, state, moves[i], path);
            for (int j = 0; j < k && j < BOARD_MAX_PATH; j++)
                json_array_append_new(cells, json_integer(path[j]));
        }
        json_array_append_new(list, cells);
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

void api_state(struct api *api, const char *body, size_t length,
               struct api_response *out) {
    (void)api;
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const struct game *g = r.g;
    const struct variant *v = &r.v;
    const void *state = r.state;
    bool hidden = (g->flags & GAME_HAS_HIDDEN) && r.viewer >= 0;
    int turn = g->turn(v, state);
    /* The command line's "position" document (game, variant, position,
     * turn, players, moves, chance odds or returns), plus the drawing. */
    json_t *doc = kjson_position(g, v, state);
    if (hidden) {
        _Alignas(8) unsigned char seen[GAME_MAX_STATE_BYTES];
        char text[API_MAX_POSITION + 1024];
        memcpy(seen, state, g->state_size);
        g->view(v, seen, r.viewer);
        g->format_position(v, seen, text, sizeof text);
        json_object_set_new(doc, "view_position", json_string(text));
        json_object_set_new(doc, "viewer", json_integer(r.viewer));
    }
    json_object_set_new(doc, "to_act", json_integer(turn >= 0 ? turn : -1));
    json_object_set_new(doc, "over", json_boolean(turn == TURN_OVER));
    json_object_set_new(doc, "played", json_incref(r.played));
    json_t *board = api_board_json(g, v, state, hidden ? r.viewer : -1);
    json_object_set_new(doc, "board", board ? board : json_null());
    if (turn == TURN_SIMULTANEOUS) {
        json_object_set_new(doc, "acting",
                            options_json(g, v, state, r.players, hidden ? r.viewer : -1));
    } else if (hidden && turn >= 0 && turn != r.viewer) {
        /* Another player's decisions can tell what the viewer may not know. */
        json_object_set_new(doc, "moves", json_array());
    }
    json_t *cells = json_array_size(json_object_get(doc, "moves")) && turn >= 0
                        ? move_cells_json(g, v, state)
                        : json_array();
    json_object_set_new(doc, "move_cells", cells ? cells : json_array());
    api_request_free(&r);
    api_reply(out, doc);
}
