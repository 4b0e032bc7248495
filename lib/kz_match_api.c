/* libkibitz: a game being played (include/kibitz.h, "matches"), the public
 * handle over play/match.h: errors as kz_status with messages, actions as
 * kz_action, the true state as a kz_state kept in step with the match. */
#include "lib/kz_match_internal.h"

#include "engine/game_check.h"
#include "lib/kz_front.h"
#include "json/kjson_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* After the match changed: the kz_state follows. */
static void sync(kz_match *km) {
    memcpy(km->state->bytes, match_state(km->m), km->game.g->state_size);
    kz_state_changed(km->state);
}

static int wrap(struct match *m, const kz_game *g, kz_match **out, char *err,
                size_t err_n) {
    kz_match *km = calloc(1, sizeof *km);
    if (km) km->game = *g;
    if (km) km->state = kz_state_new(&km->game);
    if (!m || !km || !km->state) {
        match_free(m);
        if (km) kz_state_free(km->state);
        free(km);
        return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
    km->m = m;
    sync(km);
    *out = km;
    return KZ_OK;
}

/* A start position a match of `g` can begin from (NULL: the game's). */
static int check_start(const kz_game *g, const kz_state *start, char *err, size_t err_n) {
    if (!start) return KZ_OK;
    const kz_game *sg = start->game;
    if (sg->g != g->g || memcmp(&sg->v, &g->v, sizeof g->v) != 0)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "the start position is not of the match's game and variant");
    char gerr[GAME_ERROR_BYTES] = "";
    if (game_check_playable(g->g, &g->v, start->bytes, gerr) != 0)
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    return KZ_OK;
}

int kz_match_new(const kz_game *g, const kz_state *start, uint64_t seed, kz_match **out,
                 char *err, size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_match_new: no out");
    *out = NULL;
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "kz_match_new: no game");
    int status = check_start(g, start, err, err_n);
    if (status) return status;
    struct match *m = match_new(g->g, &g->v, start ? start->bytes : NULL, seed);
    return wrap(m, g, out, err, err_n);
}

int kz_match_new_refereed(const kz_game *g, const kz_state *start, kz_match **out,
                          char *err, size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_match_new_refereed: no out");
    *out = NULL;
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "kz_match_new_refereed: no game");
    int status = check_start(g, start, err, err_n);
    if (status) return status;
    struct match *m = match_new_refereed(g->g, &g->v, start ? start->bytes : NULL);
    return wrap(m, g, out, err, err_n);
}

int kz_match_from_record(const kz_record *r, kz_match **out, char *err, size_t err_n) {
    *out = NULL;
    char gerr[GAME_ERROR_BYTES] = "";
    struct match *m = match_from_record(&r->rec, gerr);
    if (!m) return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    return wrap(m, &r->game, out, err, err_n);
}

void kz_match_free(kz_match *km) {
    if (!km) return;
    match_free(km->m);
    kz_state_free(km->state);
    free(km);
}

const kz_game *kz_match_game(const kz_match *km) {
    return &km->game;
}
const kz_state *kz_match_state(const kz_match *km) {
    return km->state;
}
int kz_match_turn(const kz_match *km) {
    return match_turn(km->m);
}
unsigned kz_match_waiting(const kz_match *km) {
    return match_waiting(km->m);
}
unsigned kz_match_chosen(const kz_match *km) {
    return match_chosen(km->m);
}
int kz_match_ply(const kz_match *km) {
    return match_ply(km->m);
}
uint64_t kz_match_seed(const kz_match *km) {
    return match_seed(km->m);
}
int kz_match_over(const kz_match *km) {
    return match_over(km->m);
}

static bool seat_ok(const kz_match *km, int seat) {
    return seat >= 0 && seat < km->game.players;
}

int kz_match_set_seat(kz_match *km, int seat, const char *who) {
    if (!seat_ok(km, seat) || !who) return KZ_EINVAL;
    match_set_seat(km->m, seat, who);
    return KZ_OK;
}

size_t kz_match_seat(const kz_match *km, int seat, char *buf, size_t n) {
    return (size_t)snprintf(buf, n, "%s", match_seat(km->m, seat));
}

int kz_match_actions(const kz_match *km, int seat, kz_action *out, int cap) {
    const struct game *g = km->game.g;
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    int n = match_moves(km->m, seat, moves);
    for (int i = 0; i < n && i < cap; i++) out[i] = kz_action_of(moves[i]);
    return n;
}

size_t kz_match_action_text(const kz_match *km, int seat, kz_action a, char *buf,
                            size_t n) {
    const struct game *g = km->game.g;
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    int count = match_moves(km->m, seat, moves);
    for (int i = 0; i < count; i++)
        if (moves[i] == kz_move(a)) {
            char text[KZ_TEXT_BYTES];
            g->format_move(&km->game.v, match_state(km->m), moves[i], text, sizeof text);
            return (size_t)snprintf(buf, n, "%s", text);
        }
    if (n) buf[0] = '\0';
    return 0;
}

/* Why `seat` cannot act now, as a status with a message; KZ_OK if it can. */
static int can_act(const kz_match *km, int seat, char *err, size_t err_n) {
    const struct game *g = km->game.g;
    if (match_over(km->m)) return kz_fail(err, err_n, KZ_EOVER, "the game is over");
    if (!seat_ok(km, seat))
        return kz_fail(err, err_n, KZ_EINVAL, "no seat %d in a game of %d players", seat,
                       km->game.players);
    if (!(match_waiting(km->m) & (1u << seat))) {
        const char *who = g->player_name(&km->game.v, seat);
        return match_chosen(km->m) & (1u << seat)
                   ? kz_fail(err, err_n, KZ_ETURN, "%s has chosen already", who)
                   : kz_fail(err, err_n, KZ_ETURN, "it is not %s's turn", who);
    }
    return KZ_OK;
}

/* Is `seat` the referee's (a chance outcome, a joint choice as one move)? */
static bool referee_seat(int seat) {
    return seat == KZ_TURN_CHANCE || seat == KZ_TURN_SIMULTANEOUS;
}

/* Why the referee cannot play a `seat` step now; KZ_OK if it can. */
static int referee_can_act(const kz_match *km, int seat, char *err, size_t err_n) {
    if (match_over(km->m)) return kz_fail(err, err_n, KZ_EOVER, "the game is over");
    int turn = match_turn(km->m);
    if (seat != turn)
        return kz_fail(err, err_n, KZ_ETURN, "not a %s node here",
                       seat == KZ_TURN_CHANCE ? "chance" : "simultaneous");
    if (turn == KZ_TURN_SIMULTANEOUS && match_chosen(km->m))
        return kz_fail(err, err_n, KZ_ETURN, "seats have chosen at this node already");
    return KZ_OK;
}

int kz_match_parse_action(const kz_match *km, int seat, const char *text, kz_action *a,
                          char *err, size_t err_n) {
    if (!km || !a)
        return kz_fail(err, err_n, KZ_EINVAL, "kz_match_parse_action: no match");
    int status = referee_seat(seat) ? referee_can_act(km, seat, err, err_n)
                                    : can_act(km, seat, err, err_n);
    if (status != KZ_OK) return status;
    if (!text) return kz_fail(err, err_n, KZ_EINVAL, "no move given");
    const struct game *g = km->game.g;
    if (match_turn(km->m) == TURN_SIMULTANEOUS && !referee_seat(seat)) {
        /* An option is found by its text among the seat's options. */
        move_t moves[g->max_moves > 0 ? g->max_moves : 1];
        int n = match_moves(km->m, seat, moves);
        for (int i = 0; i < n; i++) {
            char t[KZ_TEXT_BYTES];
            g->format_move(&km->game.v, match_state(km->m), moves[i], t, sizeof t);
            if (strcmp(t, text) == 0) {
                *a = kz_action_of(moves[i]);
                return KZ_OK;
            }
        }
        return kz_fail(err, err_n, KZ_EINVAL, "'%.40s' is not one of %s's options", text,
                       g->player_name(&km->game.v, seat));
    }
    /* A move (or the referee's step) in the game's notation, legal here. */
    return kz_state_parse_action(km->state, text, a, err, err_n);
}

int kz_match_apply(kz_match *km, int seat, kz_action a, char *err, size_t err_n) {
    if (!km) return kz_fail(err, err_n, KZ_EINVAL, "kz_match_apply: no match");
    bool referee = referee_seat(seat);
    int status =
        referee ? referee_can_act(km, seat, err, err_n) : can_act(km, seat, err, err_n);
    if (status != KZ_OK) return status;
    switch (referee ? match_referee(km->m, kz_move(a))
                    : match_apply(km->m, seat, kz_move(a))) {
    case MATCH_OK: sync(km); return KZ_OK;
    case MATCH_ILLEGAL:
        if (referee)
            return kz_fail(err, err_n, KZ_EINVAL, "not a legal %s here",
                           seat == KZ_TURN_CHANCE ? "chance outcome" : "joint choice");
        return kz_fail(err, err_n, KZ_EINVAL, "not a legal move for %s here",
                       km->game.g->player_name(&km->game.v, seat));
    case MATCH_NOT_YOUR_TURN:
        return kz_fail(err, err_n, KZ_ETURN, "no step of that kind here");
    default: return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    }
}

int kz_match_apply_text(kz_match *km, int seat, const char *text, char *err,
                        size_t err_n) {
    kz_action a;
    int status = kz_match_parse_action(km, seat, text, &a, err, err_n);
    return status != KZ_OK ? status : kz_match_apply(km, seat, a, err, err_n);
}

/* A step back or forward: KZ_OK, or the reason with a message. */
static int step_result(kz_match *km, int r, const char *what, char *err, size_t err_n) {
    if (r == MATCH_NOTHING) return kz_fail(err, err_n, KZ_EINVAL, "nothing to %s", what);
    if (r != MATCH_OK) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    sync(km);
    return KZ_OK;
}

int kz_match_undo(kz_match *km, char *err, size_t err_n) {
    return step_result(km, match_undo(km->m), "undo", err, err_n);
}

int kz_match_redo(kz_match *km, char *err, size_t err_n) {
    return step_result(km, match_redo(km->m), "redo", err, err_n);
}

int kz_match_resign(kz_match *km, int seat, char *err, size_t err_n) {
    if (match_over(km->m)) return kz_fail(err, err_n, KZ_EOVER, "the game is over");
    if (!seat_ok(km, seat))
        return kz_fail(err, err_n, KZ_EINVAL, "no seat %d in a game of %d players", seat,
                       km->game.players);
    match_resign(km->m, seat);
    return KZ_OK;
}

int kz_match_returns(const kz_match *km, double out[KZ_MAX_PLAYERS]) {
    if (!match_over(km->m)) return KZ_EINVAL;
    double r[GAME_MAX_PLAYERS];
    match_returns(km->m, r);
    for (int p = 0; p < KZ_MAX_PLAYERS && p < GAME_MAX_PLAYERS; p++) out[p] = r[p];
    return KZ_OK;
}

size_t kz_match_end_reason(const kz_match *km, char *buf, size_t n) {
    return (size_t)snprintf(buf, n, "%s", match_reason(km->m));
}

int kz_match_fill_record(const kz_match *km, kz_record *into) {
    struct game_record cut = match_record(km->m);
    struct record_step *steps = NULL;
    if (cut.count > 0) {
        steps = malloc((size_t)cut.count * sizeof *steps);
        if (!steps) return -1;
        memcpy(steps, cut.steps, (size_t)cut.count * sizeof *steps);
    }
    record_free(&into->rec);
    into->rec = cut;
    into->rec.steps = steps;
    into->rec.capacity = cut.count;
    return 0;
}

kz_record *kz_match_record(const kz_match *km) {
    kz_record *r = kz_record_new(km->state);
    if (r && kz_match_fill_record(km, r) != 0) {
        kz_record_free(r);
        return NULL;
    }
    return r;
}

size_t kz_match_line(const kz_match *km, int seat, int step, char *buf, size_t n) {
    return (size_t)snprintf(buf, n, "%s", match_line(km->m, seat, step));
}

kz_state *kz_match_view(const kz_match *km, int seat) {
    if (seat != KZ_SEAT_ALL && !seat_ok(km, seat)) return NULL;
    kz_state *s = kz_state_new(&km->game);
    if (!s) return NULL;
    match_view(km->m, seat, s->bytes);
    kz_state_changed(s);
    return s;
}

json_t *kz_match_view_doc(const kz_match *km, int seat) {
    return kjson_match_view(km->m, seat);
}

json_t *kz_match_history_doc(const kz_match *km, int seat) {
    return kjson_match_history(km->m, seat);
}

long kz_match_view_json(const kz_match *km, int seat, char *json, size_t n) {
    if (seat != KZ_SEAT_ALL && !seat_ok(km, seat)) return KZ_EINVAL;
    return kz_give_json(kz_match_view_doc(km, seat), json, n);
}
