/* libkibitz: the library's identity and loading games (include/kibitz.h). */
#include "engine/registry.h"
#include "engine/variant.h"
#include "lib/kz_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KIBITZ_VERSION
#define KIBITZ_VERSION "0.1"
#endif

int kz_fail(char *err, size_t n, int code, const char *fmt, ...) {
    if (err && n > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *kz_version(void) {
    return KIBITZ_VERSION;
}

int kz_game_count(void) {
    int count;
    registry_games(&count);
    return count;
}

const char *kz_game_name_at(int i) {
    int count;
    const struct game *const *games = registry_games(&count);
    return i >= 0 && i < count ? games[i]->name : NULL;
}

int kz_game_find(const char *name, kz_game **out, char *err, size_t err_n) {
    char gerr[GAME_ERROR_BYTES];
    *out = NULL;
    const struct game *g = registry_find(name, gerr);
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    kz_game *game = calloc(1, sizeof *game);
    if (!game) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    game->g = g;
    variant_init(g, &game->v);
    game->players = variant_players(g, &game->v);
    *out = game;
    return KZ_OK;
}

int kz_game_load(const char *name, const char *variant, kz_game **out, char *err,
                 size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_game_load: no place for the game");
    *out = NULL;
    if (!name) return kz_fail(err, err_n, KZ_EINVAL, "no game name given");
    /* "kulibrat(target=5)": the name, then the variant in parentheses. */
    char base[64], inner[512] = "";
    size_t len = strcspn(name, "(");
    if (len == 0 || len >= sizeof base)
        return kz_fail(err, err_n, KZ_EINVAL, "bad game name '%s'", name);
    memcpy(base, name, len);
    base[len] = '\0';
    if (name[len] == '(') {
        const char *open = name + len + 1;
        size_t inner_len = strlen(open);
        if (inner_len == 0 || open[inner_len - 1] != ')')
            return kz_fail(err, err_n, KZ_EINVAL,
                           "'%s': the variant in parentheses lacks its ')'", name);
        if (inner_len >= sizeof inner)
            return kz_fail(err, err_n, KZ_EINVAL, "variant text too long");
        memcpy(inner, open, inner_len - 1);
        inner[inner_len - 1] = '\0';
        if (strchr(inner, '(') || strchr(inner, ')'))
            return kz_fail(err, err_n, KZ_EINVAL, "'%s': unbalanced parentheses", name);
    }
    char gerr[GAME_ERROR_BYTES];
    kz_game *game;
    int status = kz_game_find(base, &game, err, err_n);
    if (status) return status;
    const struct game *g = game->g;
    if ((inner[0] && variant_parse(g, &game->v, inner, gerr)) ||
        (variant && variant[0] && variant_parse(g, &game->v, variant, gerr)) ||
        variant_finish(g, &game->v, gerr)) {
        free(game);
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    game->players = variant_players(g, &game->v);
    *out = game;
    return KZ_OK;
}

void kz_game_free(kz_game *g) {
    free(g);
}

const char *kz_game_name(const kz_game *g) {
    if (!g) return NULL;
    return g->g->name;
}

size_t kz_game_variant(const kz_game *g, char *buf, size_t n) {
    if (!g) return kz_no_text(buf, n);
    char text[512];
    variant_format(g->g, &g->v, text, sizeof text);
    return (size_t)snprintf(buf, n, "%s", text);
}

int kz_game_players(const kz_game *g) {
    if (!g) return 0;
    return g->players;
}

unsigned kz_game_flags(const kz_game *g) {
    if (!g) return 0;
    return g->g->flags | (g->g->tier_of ? KZ_CAN_SOLVE : 0u) |
           (g->g->describe ? KZ_HAS_BOARD : 0u) |
           (g->g->parse_line ? KZ_READS_LINES : 0u) |
           (g->g->end_reason ? KZ_TELLS_ENDING : 0u) |
           (g->g->database ? KZ_OWN_DATABASES : 0u);
}

int kz_game_max_actions(const kz_game *g) {
    if (!g) return 0;
    return g->g->max_moves;
}

const char *kz_game_player_name(const kz_game *g, int p) {
    if (!g) return NULL;
    return p >= 0 && p < g->players ? g->g->player_name(&g->v, p) : NULL;
}
