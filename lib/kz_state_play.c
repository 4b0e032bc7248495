/* libkibitz: what a game played at a prompt needs of a state beyond
 * kz_state.c (include/kibitz.h): a parsed position checked playable, a
 * typed line as moves, why a game ended. */
#include "engine/game_check.h"
#include "lib/kz_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kz_state_check(const kz_state *s, char *err, size_t err_n) {
    char gerr[GAME_ERROR_BYTES] = "";
    if (game_check_playable(s->game->g, &s->game->v, s->bytes, gerr) != 0)
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    return KZ_OK;
}

int kz_state_parse_line(const kz_state *s, const char *line, uint64_t seed,
                        kz_action *out, int cap, char *err, size_t err_n) {
    const struct game *g = s->game->g;
    const struct variant *v = &s->game->v;
    char gerr[GAME_ERROR_BYTES] = "";
    if (!line) return kz_fail(err, err_n, KZ_EINVAL, "no move given");
    if (!g->parse_line) {
        move_t m;
        if (g->parse_move(v, s->bytes, line, &m, gerr) != 0)
            return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
        if (cap > 0) out[0] = kz_action_of(m);
        return 1;
    }
    move_t *moves = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *moves);
    if (!moves) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    int n = g->parse_line(v, s->bytes, line, seed, moves, cap > 0 ? cap : 0, gerr);
    for (int i = 0; i < n && i < cap; i++) out[i] = kz_action_of(moves[i]);
    free(moves);
    if (n < 0) return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    return n;
}

size_t kz_state_end_reason(const kz_state *s, char *buf, size_t n) {
    const struct game *g = s->game->g;
    const char *why = g->end_reason && g->turn(&s->game->v, s->bytes) == TURN_OVER
                          ? g->end_reason(&s->game->v, s->bytes)
                          : NULL;
    return (size_t)snprintf(buf, n, "%s", why ? why : "");
}
