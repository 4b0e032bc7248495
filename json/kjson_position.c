/* Positions and move lists (see kjson_position.h). */
#include "json/kjson_position.h"
#include "engine/variant.h"

#include <stdlib.h>

void kjson_add_position(json_t *doc, const struct game *g, const struct variant *v,
                        const void *state) {
    char text[1024];
    g->format_position(v, state, text, sizeof text);
    json_object_set_new(doc, "position", json_string(text));
    json_object_set_new(doc, "turn", kjson_turn(g, v, g->turn(v, state)));
}

json_t *kjson_legal_moves(const struct game *g, const struct variant *v,
                          const void *state) {
    json_t *list = json_array();
    if (!list || g->turn(v, state) == TURN_OVER) return list;
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    if (!moves) return list;
    int count = g->moves(v, state, moves);
    for (int i = 0; i < count; i++)
        json_array_append_new(list, kjson_move(g, v, state, moves[i]));
    free(moves);
    return list;
}

json_t *kjson_position(const struct game *g, const struct variant *v, const void *state) {
    json_t *doc = kjson_game_document("position", g, v);
    if (!doc) return NULL;
    kjson_add_position(doc, g, v, state);
    int players = variant_players(g, v);
    json_t *names = json_array();
    for (int p = 0; p < players; p++)
        json_array_append_new(names, json_string(g->player_name(v, p)));
    json_object_set_new(doc, "players", names);
    json_object_set_new(doc, "moves", kjson_legal_moves(g, v, state));
    int turn = g->turn(v, state);
    if (turn == TURN_CHANCE && g->chance) {
        move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
        double *prob = malloc((size_t)g->max_moves * sizeof *prob);
        if (moves && prob) {
            int count = g->moves(v, state, moves);
            g->chance(v, state, moves, count, prob);
            json_t *odds = json_array();
            for (int i = 0; i < count; i++)
                json_array_append_new(odds, json_real(prob[i]));
            json_object_set_new(doc, "chance", odds);
        }
        free(moves);
        free(prob);
    } else if (turn == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS] = {0};
        g->returns(v, state, ret);
        json_t *returns = json_array();
        for (int p = 0; p < players; p++)
            json_array_append_new(returns, json_real(ret[p]));
        json_object_set_new(doc, "returns", returns);
    }
    return doc;
}
