/*
 * kz_internal.h - what the files of libkibitz share behind include/kibitz.h:
 * the handles' real layout and the error helper. Not installed; only lib/
 * and the command line's library users inside the tree include it.
 */
#ifndef KIBITZ_KZ_INTERNAL_H
#define KIBITZ_KZ_INTERNAL_H

#include "engine/game.h"
#include "include/kibitz.h"

#include <stdatomic.h>
#include <stdbool.h>

struct kz_game {
    const struct game *g;
    struct variant v;
    int players;
};

struct kz_state {
    const kz_game *game;
    /* The legal moves of `bytes`, kept from the last kz_state_actions so
     * that kz_state_apply checks legality without generating them again
     * (a Python rollout loop calls both once per ply). */
    int cached; /* count, or -1 when not computed for this position */
    move_t *moves;
    _Alignas(16) unsigned char bytes[];
};

struct kz_stop {
    atomic_bool raised;
};

/* Write a message into (err, n) and return `code`. */
int kz_fail(char *err, size_t n, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* What a text function gives for a NULL handle: an empty text, length 0. */
static inline size_t kz_no_text(char *buf, size_t n) {
    if (buf && n) buf[0] = '\0';
    return 0;
}

/* A new game called `name` (no parentheses) with its default variant, not
 * yet finished (variant_finish): KZ_OK, KZ_EINVAL (unknown name, the
 * registry's message) or KZ_ERUNTIME. */
int kz_game_find(const char *name, kz_game **out, char *err, size_t err_n);

/* The engine table inside a kz_table (NULL for NULL). */
struct tt;
struct tt *kz_table_tt(kz_table *t);

/* The state's moves (cached); the count. */
int kz_state_moves(const kz_state *s, const move_t **moves);
/* Forget the cached moves after the position changed. */
static inline void kz_state_changed(kz_state *s) {
    s->cached = -1;
}
/* The engine's move for an action and back. */
static inline move_t kz_move(kz_action a) {
    return (move_t)a;
}
static inline kz_action kz_action_of(move_t m) {
    return (kz_action)m;
}

#endif
