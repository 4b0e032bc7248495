/* What each seat of a kept game is shown (server/games.h): its history of
 * the steps as it saw them, and its view document, drawn from its view of
 * the state only and kept until the game changes. */
#include "server/games_internal.h"

#include <stdlib.h>
#include <string.h>

enum { TEXT_MAX = 128 };

static json_t *step_for(const struct live_game *g, const kz_state *before, int seat,
                        kz_action action, const kz_action *joint, int viewer) {
    char text[TEXT_MAX];
    if (seat == -1) {
        kz_state_action_text(before, action, text, sizeof text);
        return json_pack("{s:s,s:s}", "by", "chance", "move", text);
    }
    if (seat == -2 && joint) { /* shown once every acting player has chosen */
        json_t *choices = json_object();
        unsigned acting = kz_state_acting(before);
        for (int p = 0; p < g->players; p++)
            if (acting >> p & 1) {
                kz_state_joint_action_text(before, p, joint[p], text, sizeof text);
                json_object_set_new(choices, kz_game_player_name(g->game, p),
                                    json_string(text));
            }
        return json_pack("{s:s,s:o}", "by", "simultaneous", "choices", choices);
    }
    if (seat == -2) {
        kz_state_action_text(before, action, text, sizeof text);
        return json_pack("{s:s,s:s}", "by", "simultaneous", "move", text);
    }
    /* In a game of hidden information another seat's move is not named:
     * kz_state_action_visible judges from the true state and can name a
     * Kotra rank the viewer has not seen (issue 32); the board shows what
     * changed. */
    bool hidden = kz_game_flags(g->game) & KZ_HAS_HIDDEN;
    bool shown =
        seat == viewer || (!hidden && kz_state_action_visible(before, action, viewer));
    kz_state_action_text(before, action, text, sizeof text);
    return json_pack("{s:s,s:o}", "by", kz_game_player_name(g->game, seat), "move",
                     shown ? json_string(text) : json_null());
}

void games_history_add(struct live_game *g, const kz_state *before, int seat,
                       kz_action action, const kz_action *joint) {
    for (int p = 0; p < g->players; p++)
        json_array_append_new(g->history[p], step_for(g, before, seat, action, joint, p));
}

/* The seat's legal moves now (its own options at a simultaneous node). */
static json_t *moves_of(const struct live_game *g, int seat) {
    json_t *list = json_array();
    int cap = kz_game_max_actions(g->game);
    kz_action *actions = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *actions);
    if (!actions) return list;
    char text[TEXT_MAX];
    bool joint = kz_state_turn(g->state) == KZ_TURN_SIMULTANEOUS;
    int n = joint ? kz_state_joint_actions(g->state, seat, actions, cap)
                  : kz_state_actions(g->state, actions, cap);
    for (int i = 0; i < n && i < cap; i++) {
        if (joint)
            kz_state_joint_action_text(g->state, seat, actions[i], text, sizeof text);
        else
            kz_state_action_text(g->state, actions[i], text, sizeof text);
        json_array_append_new(list, json_string(text));
    }
    free(actions);
    return list;
}

static json_t *result_of(const struct live_game *g) {
    double returns[KZ_MAX_PLAYERS] = {0};
    if (g->resigned)
        memcpy(returns, g->returns, sizeof returns);
    else if (!g->ending[0] && kz_state_returns(g->state, returns) != KZ_OK)
        return json_null();
    json_t *list = json_array();
    for (int p = 0; p < g->players; p++)
        json_array_append_new(list, json_real(returns[p]));
    return list;
}

static json_t *view_doc(const struct live_game *g, int seat) {
    bool hidden = kz_game_flags(g->game) & KZ_HAS_HIDDEN;
    /* Everything drawn comes from what the seat may know. */
    kz_state *seen = hidden ? kz_state_view(g->state, seat) : kz_state_clone(g->state);
    if (!seen) return NULL;
    char text[4096], variant[256];
    kz_state_format(seen, text, sizeof text);
    kz_game_variant(g->game, variant, sizeof variant);
    int turn = kz_state_turn(g->state);
    bool acts = games_acts(g, seat);
    json_t *seats = json_array(), *waiting = json_array();
    for (int p = 0; p < g->players; p++) {
        json_array_append_new(seats, json_pack("{s:s,s:s}", "player",
                                               kz_game_player_name(g->game, p), "who",
                                               g->who[p]));
        if (turn == KZ_TURN_SIMULTANEOUS && !games_over(g) &&
            (kz_state_acting(g->state) >> p & 1) && !g->picked[p])
            json_array_append_new(waiting, json_string(kz_game_player_name(g->game, p)));
    }
    json_t *board = kz_state_board_doc(seen, hidden ? seat : -1);
    json_t *cells =
        acts && turn != KZ_TURN_SIMULTANEOUS ? api_move_cells(g->state) : NULL;
    char chosen[TEXT_MAX] = "";
    if (turn == KZ_TURN_SIMULTANEOUS && g->picked[seat])
        kz_state_joint_action_text(g->state, seat, g->pick[seat], chosen, sizeof chosen);
    json_t *doc = json_pack(
        "{s:s,s:s,s:s,s:i,s:s,s:I,s:i,s:o,s:s,s:b,s:o,s:o,s:o,s:o,s:s,s:O,s:b,s:o,s:o}",
        "id", g->id, "game", kz_game_name(g->game), "variant", variant, "seat", seat,
        "player", kz_game_player_name(g->game, seat), "version", (json_int_t)g->version,
        "ply", kz_record_length(g->record), "seats", seats, "turn",
        games_over(g) ? "over" : api_turn_name(g->game, turn), "to_act", acts, "moves",
        acts ? moves_of(g, seat) : json_array(), "move_cells",
        cells ? cells : json_array(), "waiting_for", waiting, "board",
        board ? board : json_null(), "position", text, "history", g->history[seat],
        "over", games_over(g), "result", result_of(g), "ending",
        g->ending[0] ? json_string(g->ending) : json_null());
    if (doc && chosen[0]) json_object_set_new(doc, "chosen", json_string(chosen));
    kz_state_free(seen);
    return doc;
}

char *games_view(struct live_game *g, int seat, size_t *length) {
    pthread_mutex_lock(&g->lock);
    if (!g->view[seat] || g->view_version[seat] != g->version) {
        json_t *doc = view_doc(g, seat);
        char *text = doc ? json_dumps(doc, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;
        json_decref(doc);
        if (text) {
            free(g->view[seat]);
            g->view[seat] = text;
            g->view_length[seat] = strlen(text);
            g->view_version[seat] = g->version;
        }
    }
    char *copy = NULL;
    if (g->view[seat] && g->view_version[seat] == g->version &&
        (copy = malloc(g->view_length[seat] + 1))) {
        memcpy(copy, g->view[seat], g->view_length[seat] + 1);
        *length = g->view_length[seat];
    }
    pthread_mutex_unlock(&g->lock);
    return copy;
}
