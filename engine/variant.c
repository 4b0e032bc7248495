#include "engine/variant.h"

#include <stdio.h>
#include <string.h>

void variant_init(const struct game *g, struct variant *v) {
    memset(v, 0, sizeof *v);
    g->variant_default(v);
}

int variant_parse(const struct game *g, struct variant *v, const char *spec, char *err) {
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, GAME_ERROR_BYTES, "variant text is too long");
        return -1;
    }
    strcpy(buf, spec);
    if (!buf[0]) return 0; /* no option: the defaults */
    const char *keys[64];
    int nkeys = 0;
    /* Split at every comma: an empty option (",", "target=5,", "a=1,,b=2")
     * is a mistake, not nothing. */
    for (char *item = buf, *next; item; item = next) {
        char *comma = strchr(item, ',');
        next = comma ? comma + 1 : NULL;
        if (comma) *comma = '\0';
        if (!item[0]) {
            snprintf(err, GAME_ERROR_BYTES,
                     "variant text '%.60s' has an empty option (a comma too many)", spec);
            return -1;
        }
        char *eq = strchr(item, '=');
        if (!eq || eq == item || eq[1] == '\0') {
            snprintf(err, GAME_ERROR_BYTES,
                     "variant option '%.60s' is not of the form key=value", item);
            return -1;
        }
        *eq = '\0';
        /* A key given twice is a mistake, not "the last one wins". */
        for (int k = 0; k < nkeys; k++)
            if (strcmp(keys[k], item) == 0) {
                snprintf(err, GAME_ERROR_BYTES, "variant key '%.40s' is given twice",
                         item);
                return -1;
            }
        if (nkeys < 64) keys[nkeys++] = item;
        char message[GAME_ERROR_BYTES];
        if (g->variant_set(v, item, eq + 1, message) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "%.20s: %.120s", g->name, message);
            return -1;
        }
    }
    return 0;
}

int variant_finish(const struct game *g, const struct variant *v, char *err) {
    char message[GAME_ERROR_BYTES];
    if (g->variant_check && g->variant_check(v, message) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "%.20s: %.120s", g->name, message);
        return -1;
    }
    return 0;
}

int variant_players(const struct game *g, const struct variant *v) {
    return g->player_count ? g->player_count(v) : g->players;
}
