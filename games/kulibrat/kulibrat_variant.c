/* Kulibrat variant options: target=N (points to win), first=black|red. */
#include "engine/number.h"
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct variant_key kulibrat_variant_keys[] = {
    {"target", "1..250", "5", "points needed to win"},
    {"first", "black|red", "black", "who moves first"},
    {NULL, NULL, NULL, NULL},
};

static struct kulibrat_variant *options(struct variant *v) {
    return (struct kulibrat_variant *)v->bytes;
}

void kulibrat_variant_default(struct variant *v) {
    options(v)->target = 5;
    options(v)->first = KULIBRAT_BLACK;
}

int kulibrat_variant_set(struct variant *v, const char *key, const char *value,
                         char *err) {
    if (strcmp(key, "target") == 0) {
        long long target;
        if (number_whole("target", value, 1, KULIBRAT_MAX_TARGET, &target, err,
                         GAME_ERROR_BYTES))
            return -1;
        options(v)->target = (uint8_t)target;
        return 0;
    }
    if (strcmp(key, "first") == 0) {
        if (strcmp(value, "black") == 0)
            options(v)->first = KULIBRAT_BLACK;
        else if (strcmp(value, "red") == 0)
            options(v)->first = KULIBRAT_RED;
        else {
            snprintf(err, GAME_ERROR_BYTES, "first must be black or red, not '%.40s'",
                     value);
            return -1;
        }
        return 0;
    }
    snprintf(err, GAME_ERROR_BYTES,
             "unknown variant option '%.40s' (known: target, first)", key);
    return -1;
}

void kulibrat_variant_format(const struct variant *v, char *buf, size_t n) {
    const struct kulibrat_variant *o = kulibrat_options(v);
    snprintf(buf, n, "target=%d,first=%s", o->target,
             o->first == KULIBRAT_BLACK ? "black" : "red");
}
