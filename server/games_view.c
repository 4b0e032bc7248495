/* What each seat of a kept game is shown (server/games.h): its view
 * document, drawn from the match's view of that seat only (the position,
 * its legal moves, the steps as it saw them) and kept until the game
 * changes. */
#include "server/api_state.h"
#include "server/games_internal.h"

#include <stdlib.h>
#include <string.h>

static json_t *result_of(const kz_match *m, int players) {
    double returns[KZ_MAX_PLAYERS] = {0};
    if (kz_match_returns(m, returns) != KZ_OK) return json_null();
    json_t *list = json_array();
    for (int p = 0; p < players; p++) json_array_append_new(list, json_real(returns[p]));
    return list;
}

static json_t *take(json_t *doc, const char *key) {
    json_t *j = json_object_get(doc, key);
    return j ? json_incref(j) : json_null();
}

static json_t *view_doc(const struct live_game *g, int seat) {
    const kz_match *m = g->match;
    const kz_game *game = kz_match_game(m);
    bool hidden = kz_game_flags(game) & KZ_HAS_HIDDEN;
    /* Everything drawn comes from what the seat may know. */
    kz_state *seen = kz_match_view(m, seat);
    json_t *mine = kz_match_view_doc(m, seat);
    if (!seen || !mine) {
        kz_state_free(seen);
        json_decref(mine);
        return NULL;
    }
    char variant[256];
    kz_game_variant(game, variant, sizeof variant);
    int turn = kz_match_turn(m);
    bool over = kz_match_over(m);
    unsigned waiting = kz_match_waiting(m);
    bool acts = waiting >> seat & 1;
    json_t *seats = json_array(), *waiting_for = json_array();
    for (int p = 0; p < g->players; p++) {
        json_array_append_new(seats, json_pack("{s:s,s:s}", "player",
                                               kz_game_player_name(game, p), "who",
                                               g->who[p]));
        if (turn == KZ_TURN_SIMULTANEOUS && (waiting >> p & 1))
            json_array_append_new(waiting_for, json_string(kz_game_player_name(game, p)));
    }
    json_t *board = kz_state_board_doc(seen, hidden ? seat : -1);
    /* The cells of the moves, in the order of "moves" (a cell names a
     * square, never what stands on it). */
    json_t *cells =
        acts && turn != KZ_TURN_SIMULTANEOUS ? api_move_cells(kz_match_state(m)) : NULL;
    char reason[96];
    kz_match_end_reason(m, reason, sizeof reason);
    json_t *doc = json_pack(
        "{s:s,s:s,s:s,s:i,s:s,s:I,s:i,s:o,s:s,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:b,s:o,s:o}",
        "id", g->id, "game", kz_game_name(game), "variant", variant, "seat", seat,
        "player", kz_game_player_name(game, seat), "version", (json_int_t)g->version,
        "ply", kz_match_ply(m), "seats", seats, "turn",
        over ? "over" : api_turn_name(game, turn), "to_act", acts, "moves",
        acts ? take(mine, "moves") : json_array(), "move_cells",
        cells ? cells : json_array(), "waiting_for", waiting_for, "board",
        board ? board : json_null(), "position", take(mine, "position"), "history",
        kz_match_history_doc(m, seat), "over", over, "result", result_of(m, g->players),
        "ending", over ? json_string(reason) : json_null());
    if (doc && (kz_match_chosen(m) >> seat & 1) && g->pick[seat][0])
        json_object_set_new(doc, "chosen", json_string(g->pick[seat]));
    kz_state_free(seen);
    json_decref(mine);
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
