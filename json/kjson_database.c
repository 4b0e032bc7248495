/* The "query" document (see kjson_database.h). */
#include "json/kjson_database.h"
#include "engine/variant.h"
#include "json/kjson_position.h"
#include "json/kjson_value.h"

json_t *kjson_query(const struct game *g, const struct variant *v, const void *state,
                    const char *database, retro_cell cell, const move_t *moves,
                    const retro_cell *values, const int *order, int count) {
    json_t *doc = kjson_game_document("query", g, v);
    if (!doc) return NULL;
    kjson_add_position(doc, g, v, state);
    json_object_set_new(doc, "database", kjson_string_or_null(database));
    json_t *value = cell == RETRO_TERMINAL ? NULL : kjson_value_cell(cell);
    json_object_set_new(doc, "value", value ? value : json_null());
    if (cell == RETRO_TERMINAL) {
        double ret[GAME_MAX_PLAYERS] = {0};
        g->returns(v, state, ret);
        json_t *returns = json_array();
        for (int p = 0; p < variant_players(g, v); p++)
            json_array_append_new(returns, json_real(ret[p]));
        json_object_set_new(doc, "returns", returns);
    }
    json_t *list = json_array();
    for (int k = 0; k < count; k++) {
        int i = order[k];
        json_t *mv = kjson_value_cell(values[i]);
        json_array_append_new(list, json_pack("{s:o,s:o}", "move",
                                              kjson_move(g, v, state, moves[i]), "value",
                                              mv ? mv : json_null()));
    }
    json_object_set_new(doc, "moves", list);
    return doc;
}
