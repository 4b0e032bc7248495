/* The "view" document of a match for one seat (json/kjson_match.h). Every
 * key comes from the seat's view, its own moves and its log, never from the
 * true state: the position is the view's text and the log lines are the
 * match's lines for that seat. */
#include "json/kjson_match.h"

#include "json/kjson_position.h"

#include <string.h>

/* The names of the players whose bit is set in `bits`. */
static json_t *players_in(const struct match *m, unsigned bits) {
    const struct game *g = match_game(m);
    json_t *list = json_array();
    for (int p = 0; p < match_players(m); p++)
        if (bits & (1u << p))
            json_array_append_new(list, json_string(g->player_name(match_variant(m), p)));
    return list;
}

json_t *kjson_match_view(const struct match *m, int seat) {
    const struct game *g = match_game(m);
    const struct variant *v = match_variant(m);
    json_t *doc = kjson_game_document("view", g, v);
    if (!doc) return NULL;
    const int players = match_players(m);
    json_object_set_new(doc, "seat",
                        seat >= 0 && seat < players ? json_string(g->player_name(v, seat))
                                                    : json_null());
    json_t *names = json_array(), *seats = json_array();
    for (int p = 0; p < players; p++) {
        json_array_append_new(names, json_string(g->player_name(v, p)));
        json_array_append_new(seats, json_string(match_seat(m, p)));
    }
    json_object_set_new(doc, "players", names);
    json_object_set_new(doc, "seats", seats);
    json_object_set_new(doc, "ply", json_integer(match_ply(m)));
    _Alignas(16) unsigned char view[GAME_MAX_STATE_BYTES];
    match_view(m, seat, view);
    char text[4096];
    g->format_position(v, view, text, sizeof text);
    json_object_set_new(doc, "position", json_string(text));
    json_object_set_new(doc, "turn", kjson_turn(g, v, match_turn(m)));
    json_object_set_new(doc, "waiting", players_in(m, match_waiting(m)));
    json_object_set_new(doc, "chosen", players_in(m, match_chosen(m)));
    json_t *moves = json_array();
    move_t legal[g->max_moves > 0 ? g->max_moves : 1];
    int n = seat >= 0 ? match_moves(m, seat, legal) : 0;
    for (int i = 0; i < n; i++) {
        /* The seat's own moves, printed on its own view. */
        g->format_move(v, view, legal[i], text, sizeof text);
        json_array_append_new(moves, json_string(text));
    }
    json_object_set_new(doc, "moves", moves);
    json_t *log = json_array();
    for (int i = 0; i < match_ply(m); i++)
        json_array_append_new(log, json_string(match_line(m, seat, i)));
    json_object_set_new(doc, "log", log);
    json_object_set_new(doc, "over", json_boolean(match_over(m)));
    if (match_over(m)) {
        double r[GAME_MAX_PLAYERS];
        match_returns(m, r);
        json_t *returns = json_array();
        for (int p = 0; p < players; p++) json_array_append_new(returns, json_real(r[p]));
        json_object_set_new(doc, "returns", returns);
        json_object_set_new(doc, "reason", json_string(match_reason(m)));
    }
    return doc;
}

static json_t *text_or_null(const char *text) {
    return text ? json_string(text) : json_null();
}

/* Step `step` as `seat` saw it (kjson_match_history). */
static json_t *history_step(const struct match *m, int seat, int step,
                            const struct record_step *st) {
    const struct game *g = match_game(m);
    const struct variant *v = match_variant(m);
    json_t *doc = json_object();
    if (st->turn == TURN_SIMULTANEOUS && st->acting) {
        json_t *choices = json_object();
        for (int p = 0; p < match_players(m); p++)
            if (st->acting & (1u << p))
                json_object_set_new(choices, g->player_name(v, p),
                                    text_or_null(match_choice_text(m, step, p)));
        json_object_set_new(doc, "by", json_string("simultaneous"));
        json_object_set_new(doc, "choices", choices);
    } else {
        bool whole;
        const char *seen = match_seen_text(m, seat, step, &whole);
        json_object_set_new(doc, "by",
                            json_string(st->turn == TURN_CHANCE ? "chance"
                                        : st->turn >= 0         ? g->player_name(v, st->turn)
                                                                : "simultaneous"));
        json_object_set_new(doc, "move", whole ? json_string(seen) : json_null());
        json_object_set_new(doc, "seen", text_or_null(seen));
    }
    json_object_set_new(doc, "line", json_string(match_line(m, seat, step)));
    return doc;
}

json_t *kjson_match_history(const struct match *m, int seat) {
    json_t *list = json_array();
    struct game_record rec = match_record(m);
    for (int i = 0; list && i < rec.count; i++)
        json_array_append_new(list, history_step(m, seat, i, &rec.steps[i]));
    return list;
}
