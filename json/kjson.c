/* Documents, printing and the small shared pieces (see kjson.h). */
#include "json/kjson.h"
#include "engine/variant.h"

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

/* Length of the valid UTF-8 character at `p` (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF), or 0. */
static size_t utf8_length(const unsigned char *p) {
    unsigned c = p[0];
    if (c < 0x80) return 1;
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (!n) return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80) return 0;
    if (c == 0xE0 && p[1] < 0xA0) return 0; /* overlong */
    if (c == 0xED && p[1] > 0x9F) return 0; /* surrogate */
    if (c == 0xF0 && p[1] < 0x90) return 0; /* overlong */
    if (c == 0xF4 && p[1] > 0x8F) return 0; /* beyond U+10FFFF */
    return n;
}

json_t *kjson_string_lossy(const char *text) {
    json_t *s = json_string(text);
    if (s) return s;
    size_t len = strlen(text);
    char *clean = malloc(3 * len + 1), *to = clean;
    if (!clean) return NULL;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t n = utf8_length(p);
        if (n) {
            memcpy(to, p, n);
            to += n;
            p += n;
        } else {
            memcpy(to, "\xEF\xBF\xBD", 3); /* U+FFFD */
            to += 3;
            p++;
        }
    }
    *to = '\0';
    s = json_string(clean);
    free(clean);
    return s;
}

json_t *kjson_string_or_null(const char *text) {
    return text ? json_string(text) : json_null();
}

json_t *kjson_variant(const struct game *g, const struct variant *v) {
    char text[256];
    variant_format(g, v, text, sizeof text);
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
