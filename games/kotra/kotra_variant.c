/* Kotra variant options: turns=N (turns before the game ends on points),
 * surrender=loss|points (how a surrender is scored). */
#include "engine/number.h"
#include "games/kotra/kotra.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_TURNS = 200, MAX_TURNS = 10000 };

const struct variant_key kotra_variant_keys[] = {
    {"turns", "1..10000", "200", "turns (both players') before the game ends on points"},
    {"surrender", "loss|points", "loss",
     "a side that cannot move loses (text), or the game is scored on points"},
    {NULL, NULL, NULL, NULL},
};

static struct kotra_variant *options(struct variant *v) {
    return (struct kotra_variant *)v->bytes;
}

void kotra_variant_default(struct variant *v) {
    options(v)->max_turns = DEFAULT_TURNS;
}

int kotra_variant_set(struct variant *v, const char *key, const char *value, char *err) {
    if (strcmp(key, "turns") == 0) {
        long long turns;
        if (number_whole("turns", value, 1, MAX_TURNS, &turns, err, GAME_ERROR_BYTES))
            return -1;
        options(v)->max_turns = (uint16_t)turns;
        return 0;
    }
    if (strcmp(key, "surrender") == 0) {
        if (strcmp(value, "loss") != 0 && strcmp(value, "points") != 0) {
            snprintf(err, GAME_ERROR_BYTES, "surrender is loss or points, not '%.40s'",
                     value);
            return -1;
        }
        options(v)->surrender_points = strcmp(value, "points") == 0;
        return 0;
    }
    snprintf(err, GAME_ERROR_BYTES,
             "unknown variant option '%.40s' (known: turns, surrender)", key);
    return -1;
}

void kotra_variant_format(const struct variant *v, char *buf, size_t n) {
    snprintf(buf, n, "turns=%d,surrender=%s", kotra_options(v)->max_turns,
             kotra_options(v)->surrender_points ? "points" : "loss");
}
