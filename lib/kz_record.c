/* libkibitz: game records, the JSON files `kibitz play --save` and
 * `kibitz arena --record` write (include/kibitz.h): reading and replaying
 * them, and making them as a game is played. */
#include "lib/kz_record.h"
#include "lib/kz_internal.h"
#include "json/kjson_record.h"

#include "lib/kz_front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kz_record_load(const kz_game *g, const char *file, kz_record **out, char *err,
                   size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_record_load: no place for the record");
    *out = NULL;
    if (!g || !file) return kz_fail(err, err_n, KZ_EINVAL, "kz_record_load: no game or file");
    *out = NULL;
    if (!file) return kz_fail(err, err_n, KZ_EINVAL, "no record file given");
    if (!g) return kz_fail(err, err_n, KZ_EINVAL, "no game given for record %s", file);
    kz_record *r = calloc(1, sizeof *r);
    if (!r) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (kjson_record_read(&r->rec, file, g->g, gerr) != 0) {
        free(r);
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    r->game.g = r->rec.game;
    r->game.v = r->rec.variant;
    r->game.players = r->rec.seats;
    *out = r;
    return KZ_OK;
}

int kz_record_parse(const kz_game *g, const char *json, size_t n, kz_record **out,
                    char *err, size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_record_parse: no place for the record");
    *out = NULL;
    json_error_t jerr;
    json_t *doc = json ? json_loadb(json, n, JSON_REJECT_DUPLICATES, &jerr) : NULL;
    if (!doc)
        return kz_fail(err, err_n, KZ_EINVAL, "record: not JSON (%s)",
                       json ? jerr.text : "nothing given");
    kz_record *r = calloc(1, sizeof *r);
    char gerr[GAME_ERROR_BYTES] = "";
    int status = !r ? -2 : kjson_record_parse(&r->rec, doc, "given", g ? g->g : NULL, gerr);
    json_decref(doc);
    if (status) {
        free(r);
        return status == -2 ? kz_fail(err, err_n, KZ_ERUNTIME, "out of memory")
                            : kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    r->game.g = r->rec.game;
    r->game.v = r->rec.variant;
    r->game.players = r->rec.seats;
    *out = r;
    return KZ_OK;
}

void kz_record_free(kz_record *r) {
    if (!r) return;
    record_free(&r->rec);
    free(r);
}

const kz_game *kz_record_game(const kz_record *r) {
    if (!r) return NULL;
    return &r->game;
}

int kz_record_length(const kz_record *r) {
    if (!r) return KZ_EINVAL;
    return r->rec.count;
}

int kz_record_replay(const kz_record *r, int ply, kz_state *into, char *err,
                     size_t err_n) {
    if (!r || !into) return kz_fail(err, err_n, KZ_EINVAL, "kz_record_replay: no record or state");
    const kz_game *g = into->game;
    if (g->g != r->game.g || memcmp(&g->v, &r->game.v, sizeof g->v) != 0)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "the state is not of the record's game and variant");
    if (ply < 0 || ply > r->rec.count) ply = r->rec.count;
    record_replay(&r->rec, ply, into->bytes);
    kz_state_changed(into);
    return KZ_OK;
}

int kz_record_step(const kz_record *r, int i, kz_action *action,
                   kz_action choices[KZ_MAX_PLAYERS], unsigned *acting) {
    if (!r) return KZ_EINVAL;
    if (i < 0 || i >= r->rec.count) return KZ_EINVAL;
    const struct record_step *st = &r->rec.steps[i];
    *action = (kz_action)st->move;
    *acting = st->turn == TURN_SIMULTANEOUS ? st->acting : 0;
    for (int p = 0; p < KZ_MAX_PLAYERS && p < GAME_MAX_PLAYERS; p++)
        choices[p] = (kz_action)st->choice[p];
    return st->turn;
}

kz_record *kz_record_new(const kz_state *start) {
    if (!start) return NULL;
    kz_record *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->game = *start->game;
    record_init(&r->rec, r->game.g, &r->game.v, start->bytes);
    return r;
}

void kz_record_truncate(kz_record *r, int count) {
    if (!r) return;
    if (count >= 0 && count < r->rec.count) r->rec.count = count;
}

/* Is `before` a position of the record's variant? */
static bool same_game(const kz_record *r, const kz_state *s) {
    return s->game->g == r->game.g &&
           memcmp(&s->game->v, &r->game.v, sizeof r->game.v) == 0;
}

int kz_record_add(kz_record *r, const kz_state *before, kz_action a) {
    if (!r || !before) return KZ_EINVAL;
    if (!same_game(r, before)) return KZ_EINVAL;
    const move_t *moves;
    int n = kz_state_moves(before, &moves), i = 0;
    while (i < n && moves[i] != kz_move(a)) i++;
    if (i == n) return KZ_EINVAL;
    return record_add_move(&r->rec, before->bytes, kz_move(a)) ? KZ_ERUNTIME : KZ_OK;
}

int kz_record_add_joint(kz_record *r, const kz_state *before,
                        const kz_action choices[KZ_MAX_PLAYERS]) {
    if (!r || !before || !choices) return KZ_EINVAL;
    if (!same_game(r, before) || kz_state_turn(before) != KZ_TURN_SIMULTANEOUS)
        return KZ_EINVAL;
    move_t choice[GAME_MAX_PLAYERS] = {0};
    for (int p = 0; p < GAME_MAX_PLAYERS && p < KZ_MAX_PLAYERS; p++)
        choice[p] = kz_move(choices[p]);
    return record_add_joint(&r->rec, before->bytes, choice) ? KZ_ERUNTIME : KZ_OK;
}

void kz_record_set_player(kz_record *r, int seat, const char *who) {
    if (!r) return;
    record_set_player(&r->rec, seat, who);
}

void kz_record_copy_players(kz_record *to, const kz_record *from) {
    if (!to || !from) return;
    memcpy(to->rec.players, from->rec.players, sizeof to->rec.players);
    to->rec.has_seed = from->rec.has_seed;
    to->rec.seed = from->rec.seed;
}

void kz_record_set_seed(kz_record *r, uint64_t seed) {
    if (!r) return;
    r->rec.has_seed = true;
    r->rec.seed = seed;
}

void kz_record_set_ended(kz_record *r, const char *reason) {
    if (!r) return;
    r->rec.ended = true;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) r->rec.returns[p] = 0;
    snprintf(r->rec.reason, sizeof r->rec.reason, "%s", reason ? reason : "");
}

void kz_record_set_reason(kz_record *r, const char *reason) {
    if (!r) return;
    snprintf(r->rec.reason, sizeof r->rec.reason, "%s", reason ? reason : "");
}

/* The record cut at `steps` (< 0: all), sharing the steps. */
static struct game_record upto(const kz_record *r, int steps) {
    struct game_record cut = r->rec;
    if (steps >= 0 && steps < cut.count) cut.count = steps;
    return cut;
}

long kz_record_json(const kz_record *r, int steps, char *json, size_t n) {
    if (!r) {
        kz_no_text(json, n);
        return KZ_EINVAL;
    }
    struct game_record cut = upto(r, steps);
    return kz_give_json(kjson_record(&cut), json, n);
}

int kz_record_write(const kz_record *r, int steps, const char *path, char *err,
                    size_t err_n) {
    if (!r || !path) return kz_fail(err, err_n, KZ_EINVAL, "kz_record_write: no record or file");
    struct game_record cut = upto(r, steps);
    char gerr[GAME_ERROR_BYTES] = "";
    if (kjson_record_write(&cut, path, gerr) != 0)
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

long kz_record_moves_text(const kz_record *rec, int steps, char *buf, size_t n) {
    if (!rec) {
        kz_no_text(buf, n);
        return KZ_EINVAL;
    }
    const struct game *g = rec->game.g;
    const struct variant *v = &rec->game.v;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], a[GAME_MAX_STATE_BYTES],
        b[GAME_MAX_STATE_BYTES];
    memcpy(s, rec->rec.start, g->state_size);
    size_t used = 0;
    if (n) buf[0] = '\0';
    for (int i = 0; i < steps && i < rec->rec.count; i++) {
        const struct record_step *st = &rec->rec.steps[i];
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
