#include "engine/registry.h"

#include <stdio.h>
#include <string.h>

extern const struct game kulibrat_game;
extern const struct game kerx_game;
extern const struct game kodrek_game;
extern const struct game kauda_baji_game;
extern const struct game kotra_game;

/* Listing order of `kibitz games`. */
static const struct game *const games[] = {
    &kulibrat_game, &kerx_game, &kodrek_game, &kauda_baji_game, &kotra_game,
};

const struct game *const *registry_games(int *count) {
    *count = (int)(sizeof games / sizeof games[0]);
    return games;
}

const struct game *registry_find(const char *name, char *err) {
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (strcmp(games[i]->name, name) == 0) return games[i];
    snprintf(err, GAME_ERROR_BYTES, "unknown game '%s' (try 'kibitz games')", name);
    return NULL;
}
