/* libkibitz: what a game is and what a position shows, as text and as the
 * "games" and "position" documents (include/kibitz.h). */
#include "lib/kz_internal.h"
#include "lib/kz_json.h"
#include "json/kjson_position.h"
#include "json/kjson_reports.h"

const char *kz_game_summary(const kz_game *g) {
    if (!g) return NULL;
    return g->g->summary;
}

int kz_game_option(const kz_game *g, int i, const char **key, const char **values,
                   const char **fallback, const char **meaning) {
    if (!g) return KZ_EINVAL;
    const struct variant_key *k = g->g->variant_keys;
    for (int j = 0; k && k->key && j < i; j++) k++;
    if (i < 0 || !k || !k->key) return KZ_EINVAL;
    if (key) *key = k->key;
    if (values) *values = k->values;
    if (fallback) *fallback = k->fallback;
    if (meaning) *meaning = k->meaning;
    return KZ_OK;
}

/* A document into the caller's buffer (0 when it could not be made). */
static size_t give(json_t *doc, char *json, size_t n) {
    long need = kz_json_give(doc, json, n);
    return need < 0 ? 0 : (size_t)need;
}

size_t kz_games_json(char *json, size_t n) {
    return give(kjson_games(), json, n);
}

size_t kz_state_json(const kz_state *s, char *json, size_t n) {
    if (!s) return kz_no_text(json, n);
    return give(kjson_position(s->game->g, &s->game->v, s->bytes), json, n);
}
