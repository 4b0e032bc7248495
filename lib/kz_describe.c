/* libkibitz: what a game is and what a position shows, as text and as the
 * "games" and "position" documents (include/kibitz.h). */
#include "lib/kz_internal.h"
#include "engine/registry.h"
#include "engine/variant.h"
#include "lib/kz_json.h"
#include "json/kjson_position.h"
#include "json/kjson_reports.h"

#include <pthread.h>

const char *kz_game_summary(const kz_game *g) {
    if (!g) return NULL;
    return g->g->summary;
}

/* The documented values and default of every registered game's declared
 * parameters (engine/variant.h), made once: kz_game_option hands out
 * pointers that stay valid for the program's life. */
enum { DESCRIBED_GAMES_MAX = 64 };
static struct option_text {
    char values[VARIANT_TEXT_BYTES], fallback[VARIANT_TEXT_BYTES];
} option_texts[DESCRIBED_GAMES_MAX][VARIANT_MAX_PARAMS];
static const struct game *described[DESCRIBED_GAMES_MAX];
static pthread_once_t described_once = PTHREAD_ONCE_INIT;

static void describe_games(void) {
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count && i < DESCRIBED_GAMES_MAX; i++) {
        described[i] = games[i];
        for (int j = 0; j < variant_param_count(games[i]) && j < VARIANT_MAX_PARAMS; j++) {
            const struct variant_param *p = &games[i]->variant_params[j];
            variant_param_values(p, option_texts[i][j].values, VARIANT_TEXT_BYTES);
            variant_param_default(p, option_texts[i][j].fallback, VARIANT_TEXT_BYTES);
        }
    }
}

int kz_game_option(const kz_game *g, int i, const char **key, const char **values,
                   const char **fallback, const char **meaning) {
    if (!g || i < 0 || i >= variant_param_count(g->g) || i >= VARIANT_MAX_PARAMS)
        return KZ_EINVAL;
    pthread_once(&described_once, describe_games);
    int slot = 0;
    while (slot < DESCRIBED_GAMES_MAX && described[slot] != g->g) slot++;
    if (slot == DESCRIBED_GAMES_MAX) return KZ_EINVAL; /* not a registered game */
    const struct variant_param *p = &g->g->variant_params[i];
    if (key) *key = p->name;
    if (values) *values = option_texts[slot][i].values;
    if (fallback) *fallback = option_texts[slot][i].fallback;
    if (meaning) *meaning = p->help;
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
