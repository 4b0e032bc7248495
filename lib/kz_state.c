/* libkibitz: positions, actions, turns, chance, simultaneous moves, returns
 * and views (include/kibitz.h). */
#include "lib/kz_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static kz_state *state_alloc(const kz_game *game) {
    const struct game *g = game->g;
    kz_state *s = calloc(1, sizeof *s + g->state_size);
    if (!s) return NULL;
    s->moves = malloc((size_t)g->max_moves * sizeof *s->moves);
    if (!s->moves) {
        free(s);
        return NULL;
    }
    s->game = game;
    s->cached = -1;
    return s;
}

kz_state *kz_state_new(const kz_game *game) {
    if (!game) return NULL;
    kz_state *s = state_alloc(game);
    if (s) game->g->start(&game->v, s->bytes);
    return s;
}

kz_state *kz_state_clone(const kz_state *from) {
    if (!from) return NULL;
    kz_state *s = state_alloc(from->game);
    if (s) memcpy(s->bytes, from->bytes, from->game->g->state_size);
    return s;
}

void kz_state_free(kz_state *s) {
    if (!s) return;
    free(s->moves);
    free(s);
}

int kz_state_copy(kz_state *to, const kz_state *from) {
    if (!to || !from) return KZ_EINVAL;
    if (to->game->g != from->game->g ||
        memcmp(&to->game->v, &from->game->v, sizeof to->game->v) != 0)
        return KZ_EINVAL;
    memcpy(to->bytes, from->bytes, from->game->g->state_size);
    kz_state_changed(to);
    return KZ_OK;
}

const kz_game *kz_state_game(const kz_state *s) {
    if (!s) return NULL;
    return s->game;
}

int kz_state_parse(kz_state *s, const char *text, char *err, size_t err_n) {
    if (!s) return kz_fail(err, err_n, KZ_EINVAL, "kz_state_parse: no state");
    const struct game *g = s->game->g;
    unsigned char parsed[GAME_MAX_STATE_BYTES];
    char gerr[GAME_ERROR_BYTES] = "";
    if (!text) return kz_fail(err, err_n, KZ_EINVAL, "no position given");
    memset(parsed, 0, sizeof parsed);
    if (g->parse_position(&s->game->v, text, parsed, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "bad position '%s': %s", text, gerr);
    memcpy(s->bytes, parsed, g->state_size);
    kz_state_changed(s);
    return KZ_OK;
}

size_t kz_state_format(const kz_state *s, char *buf, size_t n) {
    if (!s) return kz_no_text(buf, n);
    char text[KZ_TEXT_BYTES];
    s->game->g->format_position(&s->game->v, s->bytes, text, sizeof text);
    return (size_t)snprintf(buf, n, "%s", text);
}

size_t kz_state_draw(const kz_state *s, char *buf, size_t n) {
    if (!s) return kz_no_text(buf, n);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        if (n) buf[0] = '\0';
        return 0;
    }
    s->game->g->draw(&s->game->v, s->bytes, f);
    fclose(f);
    size_t need = (size_t)snprintf(buf, n, "%s", text ? text : "");
    free(text);
    return need;
}

int kz_state_turn(const kz_state *s) {
    if (!s) return KZ_TURN_OVER;
    return s->game->g->turn(&s->game->v, s->bytes);
}

int kz_state_moves(const kz_state *s, const move_t **moves) {
    kz_state *m = (kz_state *)s; /* the cache only; the position is const */
    if (m->cached < 0) m->cached = s->game->g->moves(&s->game->v, s->bytes, m->moves);
    *moves = s->moves;
    return s->cached;
}

int kz_state_actions(const kz_state *s, kz_action *out, int cap) {
    if (!s) return 0;
    if (!out) cap = 0;
    const move_t *moves;
    int n = kz_state_moves(s, &moves);
    for (int i = 0; i < n && i < cap; i++) out[i] = kz_action_of(moves[i]);
    return n;
}

static bool is_legal(const kz_state *s, move_t m) {
    const move_t *moves;
    int n = kz_state_moves(s, &moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return true;
    return false;
}

size_t kz_state_action_text(const kz_state *s, kz_action a, char *buf, size_t n) {
    if (!s) return kz_no_text(buf, n);
    if (!is_legal(s, kz_move(a))) {
        if (n) buf[0] = '\0';
        return 0;
    }
    char text[KZ_TEXT_BYTES];
    s->game->g->format_move(&s->game->v, s->bytes, kz_move(a), text, sizeof text);
    return (size_t)snprintf(buf, n, "%s", text);
}

int kz_state_parse_action(const kz_state *s, const char *text, kz_action *a, char *err,
                          size_t err_n) {
    if (!s || !text || !a)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "kz_state_parse_action: no state, move or place for the action");
    const struct game *g = s->game->g;
    if (!text) return kz_fail(err, err_n, KZ_EINVAL, "no move given");
    if (g->turn(&s->game->v, s->bytes) == TURN_OVER)
        return kz_fail(err, err_n, KZ_EINVAL, "move '%s': the game is over", text);
    char gerr[GAME_ERROR_BYTES] = "";
    move_t m;
    if (g->parse_move(&s->game->v, s->bytes, text, &m, gerr))
        return kz_fail(err, err_n, KZ_EINVAL, "bad move '%s': %s", text, gerr);
    if (!is_legal(s, m))
        return kz_fail(err, err_n, KZ_EINVAL, "move '%s' is not legal here", text);
    *a = kz_action_of(m);
    return KZ_OK;
}

int kz_state_apply(kz_state *s, kz_action a, char *err, size_t err_n) {
    if (!s) return kz_fail(err, err_n, KZ_EINVAL, "kz_state_apply: no state");
    if (!is_legal(s, kz_move(a))) {
        if (kz_state_turn(s) == TURN_OVER)
            return kz_fail(err, err_n, KZ_EINVAL, "action %lld: the game is over",
                           (long long)a);
        return kz_fail(err, err_n, KZ_EINVAL, "action %lld is not legal here",
                       (long long)a);
    }
    s->game->g->apply(&s->game->v, s->bytes, kz_move(a));
    kz_state_changed(s);
    return KZ_OK;
}

int kz_state_apply_text(kz_state *s, const char *text, char *err, size_t err_n) {
    if (!s || !text)
        return kz_fail(err, err_n, KZ_EINVAL, "kz_state_apply_text: no state or no move");
    kz_action a;
    int status = kz_state_parse_action(s, text, &a, err, err_n);
    return status ? status : kz_state_apply(s, a, err, err_n);
}

int kz_state_chance(const kz_state *s, kz_action *outcomes, double *probs, int cap) {
    if (!s) return 0;
    if (!outcomes || !probs) cap = 0;
    const struct game *g = s->game->g;
    if (g->turn(&s->game->v, s->bytes) != TURN_CHANCE || !g->chance) return 0;
    const move_t *moves;
    int n = kz_state_moves(s, &moves);
    if (n > cap) return n;
    g->chance(&s->game->v, s->bytes, moves, n, probs);
    for (int i = 0; i < n; i++) outcomes[i] = kz_action_of(moves[i]);
    return n;
}

unsigned kz_state_acting(const kz_state *s) {
    if (!s) return 0;
    const struct game *g = s->game->g;
    if (g->turn(&s->game->v, s->bytes) != TURN_SIMULTANEOUS || !g->acting) return 0;
    return g->acting(&s->game->v, s->bytes);
}

int kz_state_joint_actions(const kz_state *s, int p, kz_action *out, int cap) {
    if (!s) return 0;
    if (!out) cap = 0;
    const struct game *g = s->game->g;
    if (p < 0 || p >= s->game->players || !(kz_state_acting(s) & (1u << p))) return 0;
    move_t moves[g->max_moves];
    int n = g->joint_moves(&s->game->v, s->bytes, p, moves);
    for (int i = 0; i < n && i < cap; i++) out[i] = kz_action_of(moves[i]);
    return n;
}

int kz_state_apply_joint(kz_state *s, const kz_action choices[KZ_MAX_PLAYERS], char *err,
                         size_t err_n) {
    if (!s || !choices)
        return kz_fail(err, err_n, KZ_EINVAL, "kz_state_apply_joint: no state or no choices");
    const struct game *g = s->game->g;
    unsigned acting = kz_state_acting(s);
    if (!acting)
        return kz_fail(err, err_n, KZ_EINVAL, "not a simultaneous node: play one action");
    move_t joint[GAME_MAX_PLAYERS] = {0};
    move_t options[g->max_moves];
    for (int p = 0; p < s->game->players; p++) {
        if (!(acting & (1u << p))) continue;
        int n = g->joint_moves(&s->game->v, s->bytes, p, options), i = 0;
        while (i < n && options[i] != kz_move(choices[p])) i++;
        if (i == n)
            return kz_fail(err, err_n, KZ_EINVAL,
                           "choice %lld is not one of %s's options here",
                           (long long)choices[p], g->player_name(&s->game->v, p));
        joint[p] = options[i];
    }
    g->apply_joint(&s->game->v, s->bytes, joint);
    kz_state_changed(s);
    return KZ_OK;
}

int kz_state_returns(const kz_state *s, double out[KZ_MAX_PLAYERS]) {
    if (!s || !out) return KZ_EINVAL;
    if (kz_state_turn(s) != TURN_OVER) return KZ_EINVAL;
    double r[GAME_MAX_PLAYERS] = {0};
    s->game->g->returns(&s->game->v, s->bytes, r);
    for (int p = 0; p < s->game->players; p++) out[p] = r[p];
    return KZ_OK;
}

kz_state *kz_state_view(const kz_state *s, int p) {
    if (!s) return NULL;
    if (p < 0 || p >= s->game->players) return NULL;
    kz_state *view = kz_state_clone(s);
    if (view && s->game->g->view) s->game->g->view(&s->game->v, view->bytes, p);
    return view;
}

int kz_game_observation_shape(const kz_game *game, int dims[3]) {
    if (!game || !dims) return 0;
    if (!game->g->observe) return 0;
    return game->g->observe(&game->v, NULL, 0, NULL, dims);
}

long kz_state_observation(const kz_state *s, int p, float *out, long cap) {
    if (!s) return KZ_EINVAL;
    if (!out) cap = 0;
    const kz_game *game = s->game;
    int dims[3] = {1, 1, 1};
    if (!game->g->observe) return KZ_EUNSUPPORTED;
    if (p < 0 || p >= game->players) return KZ_EINVAL;
    int rank = game->g->observe(&game->v, NULL, p, NULL, dims);
    long size = 1;
    for (int i = 0; i < rank; i++) size *= dims[i];
    if (size > cap) return size;
    /* The tensor is computed from the player's view only. */
    unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, s->bytes, game->g->state_size);
    if (game->g->view) game->g->view(&game->v, view, p);
    memset(out, 0, (size_t)size * sizeof *out);
    game->g->observe(&game->v, view, p, out, dims);
    return size;
}

size_t kz_state_joint_action_text(const kz_state *s, int p, kz_action a, char *buf,
                                  size_t n) {
    if (!s) return kz_no_text(buf, n);
    const struct game *g = s->game->g;
    int cap = g->max_moves, count = kz_state_joint_actions(s, p, NULL, 0);
    kz_action options[cap > count ? cap : count];
    count = kz_state_joint_actions(s, p, options, count);
    for (int i = 0; i < count; i++)
        if (options[i] == a) {
            char text[KZ_TEXT_BYTES];
            g->format_move(&s->game->v, s->bytes, kz_move(a), text, sizeof text);
            return (size_t)snprintf(buf, n, "%s", text);
        }
    if (n) buf[0] = '\0';
    return 0;
}
