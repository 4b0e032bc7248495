/* libkibitz: game records in memory and as the "record" document
 * (include/kibitz.h; engine/record.h, json/kjson_record.h underneath). */
#include "lib/kz_record.h"
#include "lib/kz_front.h"
#include "json/kjson_record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

kz_record *kz_record_new(const kz_state *start) {
    kz_record *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->game = *start->game;
    record_init(&r->r, r->game.g, &r->game.v, start->bytes);
    return r;
}

int kz_record_read(const kz_game *g, const char *path, kz_record **out, char *err,
                   size_t err_n) {
    *out = NULL;
    if (!path) return kz_fail(err, err_n, KZ_EINVAL, "no record file given");
    if (access(path, R_OK) != 0)
        return kz_fail(err, err_n, KZ_ERUNTIME, "cannot read record %s: %s", path,
                       strerror(errno));
    kz_record *r = calloc(1, sizeof *r);
    if (!r) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (kjson_record_read(&r->r, path, g ? g->g : NULL, gerr) != 0) {
        free(r);
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    r->game.g = r->r.game;
    r->game.v = r->r.variant;
    r->game.players = r->r.seats;
    *out = r;
    return KZ_OK;
}

void kz_record_free(kz_record *r) {
    if (!r) return;
    record_free(&r->r);
    free(r);
}

const kz_game *kz_record_game(const kz_record *r) {
    return &r->game;
}

int kz_record_count(const kz_record *r) {
    return r->r.count;
}

void kz_record_truncate(kz_record *r, int count) {
    if (count >= 0 && count < r->r.count) r->r.count = count;
}

/* Is `before` a position of the record's variant? */
static bool same_game(const kz_record *r, const kz_state *s) {
    return s->game->g == r->game.g &&
           memcmp(&s->game->v, &r->game.v, sizeof r->game.v) == 0;
}

int kz_record_add(kz_record *r, const kz_state *before, kz_action a) {
    if (!same_game(r, before)) return KZ_EINVAL;
    const move_t *moves;
    int n = kz_state_moves(before, &moves), i = 0;
    while (i < n && moves[i] != kz_move(a)) i++;
    if (i == n) return KZ_EINVAL;
    return record_add_move(&r->r, before->bytes, kz_move(a)) ? KZ_ERUNTIME : KZ_OK;
}

int kz_record_add_joint(kz_record *r, const kz_state *before,
                        const kz_action choices[KZ_MAX_PLAYERS]) {
    if (!same_game(r, before) || kz_state_turn(before) != KZ_TURN_SIMULTANEOUS)
        return KZ_EINVAL;
    move_t choice[GAME_MAX_PLAYERS] = {0};
    for (int p = 0; p < GAME_MAX_PLAYERS && p < KZ_MAX_PLAYERS; p++)
        choice[p] = kz_move(choices[p]);
    return record_add_joint(&r->r, before->bytes, choice) ? KZ_ERUNTIME : KZ_OK;
}

int kz_record_replay(const kz_record *r, int steps, kz_state *out) {
    if (!same_game(r, out)) return KZ_EINVAL;
    record_replay(&r->r, steps, out->bytes);
    kz_state_changed(out);
    return KZ_OK;
}

void kz_record_set_player(kz_record *r, int seat, const char *who) {
    record_set_player(&r->r, seat, who);
}

void kz_record_copy_players(kz_record *to, const kz_record *from) {
    memcpy(to->r.players, from->r.players, sizeof to->r.players);
    to->r.has_seed = from->r.has_seed;
    to->r.seed = from->r.seed;
}

void kz_record_set_seed(kz_record *r, uint64_t seed) {
    r->r.has_seed = true;
    r->r.seed = seed;
}

void kz_record_set_ended(kz_record *r, const char *reason) {
    r->r.ended = true;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) r->r.returns[p] = 0;
    snprintf(r->r.reason, sizeof r->r.reason, "%s", reason ? reason : "");
}

void kz_record_set_reason(kz_record *r, const char *reason) {
    snprintf(r->r.reason, sizeof r->r.reason, "%s", reason ? reason : "");
}

/* The record cut at `steps` (< 0: all), sharing the steps. */
static struct game_record upto(const kz_record *r, int steps) {
    struct game_record cut = r->r;
    if (steps >= 0 && steps < cut.count) cut.count = steps;
    return cut;
}

long kz_record_json(const kz_record *r, int steps, char *json, size_t n) {
    struct game_record cut = upto(r, steps);
    return kz_give_json(kjson_record(&cut), json, n);
}

int kz_record_write(const kz_record *r, int steps, const char *path, char *err,
                    size_t err_n) {
    struct game_record cut = upto(r, steps);
    char gerr[GAME_ERROR_BYTES] = "";
    if (kjson_record_write(&cut, path, gerr) != 0)
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

long kz_record_moves_text(const kz_record *rec, int steps, char *buf, size_t n) {
    const struct game *g = rec->game.g;
    const struct variant *v = &rec->game.v;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], a[GAME_MAX_STATE_BYTES],
        b[GAME_MAX_STATE_BYTES];
    memcpy(s, rec->r.start, g->state_size);
    size_t used = 0;
    if (n) buf[0] = '\0';
    for (int i = 0; i < steps && i < rec->r.count; i++) {
        const struct record_step *st = &rec->r.steps[i];
        move_t m = st->move;
        if (st->turn == TURN_SIMULTANEOUS && st->acting) {
            /* The one move the game lists for this joint choice, if any. */
            memcpy(a, s, g->state_size);
            g->apply_joint(v, a, st->choice);
            move_t moves[g->max_moves];
            int count = g->moves(v, s, moves), found = -1;
            for (int k = 0; k < count && found < 0; k++) {
                memcpy(b, s, g->state_size);
                g->apply(v, b, moves[k]);
                if (memcmp(a, b, g->state_size) == 0) found = k;
            }
            if (found < 0) return KZ_EUNSUPPORTED;
            m = moves[found];
        }
        char text[KZ_TEXT_BYTES];
        g->format_move(v, s, m, text, sizeof text);
        int w = snprintf(buf + (used < n ? used : n), used < n ? n - used : 0, "%s%s",
                         i ? " " : "", text);
        if (w < 0) return KZ_ERUNTIME;
        used += (size_t)w;
        g->apply(v, s, m);
    }
    return (long)used;
}
