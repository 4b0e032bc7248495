/* GET /api/games and POST /api/state (server/api.h). */
#include "server/api_state.h"

#include <stdlib.h>
#include <string.h>

enum { PATH_MAX_CELLS = 64 }; /* cells one move touches (engine/board.h) */
/* Most moves one typed line may stand for (a whole Kotra setup is 24). */
enum { API_LINE_MAX_ACTIONS = 64 };

void api_games(struct api *api, struct api_response *out) {
    (void)api;
    /* The command line's "games" document, plus what the page needs: the
     * players' names, whether a game has a web board, and whether it is a
     * two-player zero-sum game. */
    json_t *doc = kz_games_doc();
    json_t *list = json_object_get(doc, "games");
    for (int i = 0; i < kz_game_count() && i < (int)json_array_size(list); i++) {
        kz_game *g;
        if (kz_game_load(kz_game_name_at(i), NULL, &g, NULL, 0) != KZ_OK) continue;
        json_t *entry = json_array_get(list, (size_t)i);
        json_t *names = json_array();
        for (int p = 0; p < kz_game_players(g); p++)
            json_array_append_new(names, json_string(kz_game_player_name(g, p)));
        unsigned flags = kz_game_flags(g);
        json_object_set_new(entry, "player_names", names);
        json_object_set_new(entry, "board", json_boolean(flags & KZ_HAS_BOARD));
        json_object_set_new(entry, "zero_sum", json_boolean(flags & KZ_ZERO_SUM_2P));
        kz_game_free(g);
    }
    api_reply(out, doc);
}

json_t *api_move_cells(const kz_state *s) {
    int cap = kz_game_max_actions(kz_state_game(s));
    kz_action *actions = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *actions);
    int path[PATH_MAX_CELLS];
    json_t *list = json_array();
    if (!actions || !list) {
        free(actions);
        json_decref(list);
        return NULL;
    }
    int n = kz_state_turn(s) >= 0 ? kz_state_actions(s, actions, cap) : 0;
    for (int i = 0; i < n && i < cap; i++) {
        json_t *cells = json_array();
        int k = kz_state_action_cells(s, actions[i], path, PATH_MAX_CELLS);
        for (int j = 0; j < k && j < PATH_MAX_CELLS; j++)
            json_array_append_new(cells, json_integer(path[j]));
        json_array_append_new(list, cells);
    }
    free(actions);
    return list;
}

/* Every acting player's options at a simultaneous node. */
static json_t *options_json(const kz_state *s, int players, int viewer) {
    const kz_game *g = kz_state_game(s);
    unsigned acting = kz_state_acting(s);
    int cap = kz_game_max_actions(g);
    kz_action *options = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *options);
    json_t *list = json_array();
    char text[128];
    for (int p = 0; options && p < players; p++) {
        if (!(acting >> p & 1) || (viewer >= 0 && viewer != p)) continue;
        json_t *texts = json_array();
        int n = kz_state_joint_actions(s, p, options, cap);
        for (int i = 0; i < n && i < cap; i++) {
            kz_state_joint_action_text(s, p, options[i], text, sizeof text);
            json_array_append_new(texts, json_string(text));
        }
        json_array_append_new(list, json_pack("{s:i,s:s,s:o}", "player", p, "name",
                                              kz_game_player_name(g, p), "moves", texts));
    }
    free(options);
    return list;
}

/* "line": a line a person typed (a setup preset, several moves), read by
 * the game as at `play`'s prompt from the position reached, with "seed" for
 * its random choices: the moves it stands for go into doc's "line_moves".
 * 0, or -1 with a 400 in `out`. */
static int line_moves(struct api_request *r, json_t *doc, struct api_response *out) {
    json_t *line = json_object_get(r->root, "line");
    if (!line) return 0;
    const char *text = json_string_value(line);
    if (!text || strlen(text) != json_string_length(line) || strlen(text) > 200) {
        api_fail(out, 400, "line: a string of at most 200 characters is wanted");
        return -1;
    }
    json_t *seed = json_object_get(r->root, "seed");
    kz_action actions[API_LINE_MAX_ACTIONS];
    char err[256], move[128];
    int n = kz_state_parse_line(r->state, text,
                                json_is_integer(seed) ? (uint64_t)json_integer_value(seed) : 0,
                                actions, API_LINE_MAX_ACTIONS, err, sizeof err);
    if (n < 0) {
        api_fail(out, 400, "line: %s", err);
        return -1;
    }
    /* The texts are those of the successive positions the moves reach. */
    kz_state *walk = kz_state_clone(r->state);
    json_t *list = json_array();
    for (int i = 0; walk && i < n; i++) {
        kz_state_action_text(walk, actions[i], move, sizeof move);
        json_array_append_new(list, json_string(move));
        kz_state_apply(walk, actions[i], NULL, 0);
    }
    kz_state_free(walk);
    json_object_set_new(doc, "line_moves", list);
    return 0;
}

void api_state(struct api *api, const char *body, size_t length,
               struct api_response *out) {
    (void)api;
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    const kz_state *state = r.state;
    bool hidden = (kz_game_flags(r.game) & KZ_HAS_HIDDEN) && r.viewer >= 0;
    int turn = kz_state_turn(state);
    /* The command line's "position" document (game, variant, position,
     * turn, players, moves, chance odds or returns), plus the drawing. */
    json_t *doc = kz_state_doc(state);
    if (hidden) {
        char text[API_MAX_POSITION + 1024];
        kz_state *seen = kz_state_view(state, r.viewer);
        if (seen) kz_state_format(seen, text, sizeof text);
        json_object_set_new(doc, "view_position", seen ? json_string(text) : json_null());
        json_object_set_new(doc, "viewer", json_integer(r.viewer));
        kz_state_free(seen);
    }
    json_object_set_new(doc, "to_act", json_integer(turn >= 0 ? turn : -1));
    json_object_set_new(doc, "over", json_boolean(turn == KZ_TURN_OVER));
    char reason[64];
    if (turn == KZ_TURN_OVER && kz_state_end_reason(state, reason, sizeof reason) > 0)
        json_object_set_new(doc, "reason", json_string(reason)); /* why it ended */
    json_object_set_new(doc, "played", json_incref(r.played));
    json_t *board = kz_state_board_doc(state, hidden ? r.viewer : -1);
    json_object_set_new(doc, "board", board ? board : json_null());
    if (turn == KZ_TURN_SIMULTANEOUS) {
        json_object_set_new(doc, "acting",
                            options_json(state, r.players, hidden ? r.viewer : -1));
    } else if (hidden && turn >= 0 && turn != r.viewer) {
        /* Another player's decisions can tell what the viewer may not know. */
        json_object_set_new(doc, "moves", json_array());
    }
    if (line_moves(&r, doc, out)) {
        json_decref(doc);
        api_request_free(&r);
        return;
    }
    json_t *cells = json_array_size(json_object_get(doc, "moves")) && turn >= 0
                        ? api_move_cells(state)
                        : json_array();
    json_object_set_new(doc, "move_cells", cells ? cells : json_array());
    api_request_free(&r);
    api_reply(out, doc);
}
