/* Documents, printing and the small shared pieces (see kjson.h). */
#include "json/kjson.h"

#include <stdlib.h>
#include <string.h>

/* Ten significant digits: scores and times round-trip closely enough and
 * 0.35 prints as 0.35, not 0.34999999999999998. */
enum { KJSON_DUMP_FLAGS = JSON_COMPACT | JSON_REAL_PRECISION(10) };

json_t *kjson_document(const char *kind) {
    return json_pack("{s:i,s:s}", "schema", KIBITZ_SCHEMA_VERSION, "kind", kind);
}

json_t *kjson_game_document(const char *kind, const struct game *g,
                            const struct variant *v) {
    json_t *doc = kjson_document(kind);
    if (!doc) return NULL;
    json_object_set_new(doc, "game", json_string(g->name));
    json_object_set_new(doc, "variant", kjson_variant(g, v));
    return doc;
}

int kjson_print(json_t *doc, FILE *out) {
    if (!doc) return -1;
    int status = json_dumpf(doc, out, KJSON_DUMP_FLAGS);
    json_decref(doc);
    if (status == 0 && fputc('\n', out) == EOF) status = -1;
    fflush(out);
    return status ? -1 : 0;
}

char *kjson_text(const json_t *doc) {
    return doc ? json_dumps(doc, KJSON_DUMP_FLAGS) : NULL;
}

json_t *kjson_string_or_null(const char *text) {
    return text ? json_string(text) : json_null();
}

json_t *kjson_variant(const struct game *g, const struct variant *v) {
    char text[256];
    g->variant_format(v, text, sizeof text);
    return json_string(text);
}

json_t *kjson_move(const struct game *g, const struct variant *v, const void *state,
                   move_t move) {
    char text[256];
    g->format_move(v, state, move, text, sizeof text);
    return json_string(text);
}

json_t *kjson_line(const struct game *g, const struct variant *v, const void *state,
                   const move_t *moves, int count) {
    unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    json_t *line = json_array();
    for (int i = 0; i < count && line; i++) {
        json_array_append_new(line, kjson_move(g, v, s, moves[i]));
        g->apply(v, s, moves[i]);
    }
    return line;
}

json_t *kjson_turn(const struct game *g, const struct variant *v, int turn) {
    switch (turn) {
    case TURN_OVER: return json_string("over");
    case TURN_CHANCE: return json_string("chance");
    case TURN_SIMULTANEOUS: return json_string("simultaneous");
    default: return json_string(g->player_name(v, turn));
    }
}
