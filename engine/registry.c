#include "engine/registry.h"

#include <stdio.h>
#include <string.h>

extern const struct game kulibrat_game;
extern const struct game kerx_game;
extern const struct game kodrek_game;
extern const struct game kauda_baji_game;
extern const struct game kotra_game;

/* Games appear here as their rules land; a NULL entry is listed as "not yet
 * available" so users see the whole plan without being offered a fake. */
static const struct registry_entry entries[] = {
    {"kulibrat", "two players, 3x4 board, race pieces across and score", &kulibrat_game},
    {"kerx", "two-player draughts on a hexagon of 37 cells", &kerx_game},
    {"kodrek", "three players, secret coin choices, vector movement", &kodrek_game},
    {"kauda-baji", "four-player cowrie-shell race game with tuples", &kauda_baji_game},
    {"kotra", "two players, dice, hidden ranks and terrain", &kotra_game},
};

const struct registry_entry *registry_list(int *count) {
    *count = (int)(sizeof entries / sizeof entries[0]);
    return entries;
}

const struct game *registry_find(const char *name, char *err) {
    int count;
    const struct registry_entry *list = registry_list(&count);
    for (int i = 0; i < count; i++) {
        if (strcmp(list[i].name, name) != 0) continue;
        if (list[i].game) return list[i].game;
        snprintf(err, GAME_ERROR_BYTES, "game '%s' is not yet available", name);
        return NULL;
    }
    snprintf(err, GAME_ERROR_BYTES, "unknown game '%s' (try 'kibitz games')", name);
    return NULL;
}
