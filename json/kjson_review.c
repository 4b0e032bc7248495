/* The review document (see kjson_review.h). */
#include "json/kjson_review.h"
#include "json/kjson_value.h"

#include <string.h>

json_t *kjson_review(const struct game_record *r, const struct review_move *moves) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    json_t *doc = kjson_game_document("review", g, v);
    if (!doc) return NULL;
    char text[1024];
    g->format_position(v, r->start, text, sizeof text);
    json_object_set_new(doc, "start", json_string(text));
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, r->start, g->state_size);
    json_t *list = json_array();
    int mistakes = 0;
    for (int i = 0; i < r->count; i++) {
        const struct record_step *s = &r->steps[i];
        const struct review_move *m = &moves[i];
        g->format_position(v, state, text, sizeof text);
        json_t *item = json_pack("{s:i,s:s,s:o}", "ply", i + 1, "position", text, "turn",
                                 kjson_turn(g, v, s->turn));
        if (s->turn == TURN_SIMULTANEOUS && s->acting) {
            /* The choices, as in a record; nothing is judged. */
            char joint[512] = "";
            size_t used = 0;
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!(s->acting & (1u << p))) continue;
                char option[128];
                g->format_move(v, state, s->choice[p], option, sizeof option);
                int w = snprintf(joint + used, sizeof joint - used, "%s%s:%s",
                                 used ? " " : "", g->player_name(v, p), option);
                if (w > 0 && (size_t)w < sizeof joint - used) used += (size_t)w;
            }
            json_object_set_new(item, "played", json_string(joint));
        } else {
            json_object_set_new(item, "played", kjson_move(g, v, state, s->move));
        }
        json_object_set_new(item, "best",
                            m->has_best ? kjson_move(g, v, state, m->best) : json_null());
        json_object_set_new(item, "before",
                            m->judged ? kjson_value_eval(&m->before) : json_null());
        json_object_set_new(item, "after",
                            m->judged ? kjson_value_eval(&m->after) : json_null());
        json_object_set_new(item, "source", json_string(m->source));
        json_object_set_new(item, "mistake", kjson_string_or_null(m->mistake));
        mistakes += m->mistake != NULL;
        json_array_append_new(list, item);
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(v, state, s->choice);
        else
            g->apply(v, state, s->move);
    }
    json_object_set_new(doc, "mistakes", json_integer(mistakes));
    json_object_set_new(doc, "moves", list);
    return doc;
}
