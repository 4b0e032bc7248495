/* libkibitz: a state's hash, equality and the dense index of its actions
 * (include/kibitz.h). */
#include "engine/hash.h"
#include "lib/kz_internal.h"

#include <string.h>

uint64_t kz_state_hash(const kz_state *s) {
    if (!s) return 0;
    return game_hash(s->game->g, &s->game->v, s->bytes);
}

int kz_state_equal(const kz_state *a, const kz_state *b) {
    if (!a || !b) return 0;
    const kz_game *ga = a->game, *gb = b->game;
    return ga->g == gb->g && memcmp(&ga->v, &gb->v, sizeof ga->v) == 0 &&
           memcmp(a->bytes, b->bytes, ga->g->state_size) == 0;
}

int kz_state_action_index(const kz_state *s, kz_action a) {
    if (!s) return KZ_EINVAL;
    const move_t *moves;
    int n = kz_state_moves(s, &moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == kz_move(a)) return i;
    return KZ_EINVAL;
}

int kz_state_action_at(const kz_state *s, int index, kz_action *out) {
    if (!s || !out) return KZ_EINVAL;
    const move_t *moves;
    int n = kz_state_moves(s, &moves);
    if (index < 0 || index >= n) return KZ_EINVAL;
    *out = kz_action_of(moves[index]);
    return KZ_OK;
}
