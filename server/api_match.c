/* The game endpoints of the API (server/api.h, docs/API.md "Games kept on
 * the server"): POST /api/match/new, /load, /view, /move, /undo, /resign,
 * /record. Each reads the JSON body, names the bad field, and answers with
 * the view of the seat whose token was given (server/games.h). */
#include "server/api_match.h"
#include "server/api_search.h"
#include "server/games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int api_open_games(struct api *api, const char *file, char *err, size_t n) {
    struct games *gs = games_open(api, file, err, n);
    if (!gs) return -1;
    games_close(api->games);
    api->games = gs;
    return 0;
}

static void reply_text(struct api_response *out, char *text, size_t length) {
    if (!text) {
        api_fail(out, 500, "out of memory");
        return;
    }
    out->status = 200;
    out->body = text;
    out->length = length;
}

static void reply_view(struct api_response *out, struct live_game *g, int seat) {
    size_t length = 0;
    char *text = games_view(g, seat, &length);
    reply_text(out, text, length);
}

/* The seats: one "person" or engine spec per player, at least one person. */
static int read_seats(json_t *root, int players, const char **who,
                      struct api_response *out) {
    json_t *seats = json_object_get(root, "seats");
    if (!json_is_array(seats) || json_array_size(seats) != (size_t)players)
        return api_fail(
            out, 400,
            "seats: an array of %d seats (\"person\" or an engine spec) is wanted",
            players);
    int people = 0;
    for (int p = 0; p < players; p++) {
        json_t *j = json_array_get(seats, (size_t)p);
        const char *s = json_string_value(j);
        char err[KZ_ERROR_BYTES];
        if (!s || strlen(s) != json_string_length(j) || !s[0] ||
            strlen(s) > GAMES_SPEC_MAX)
            return api_fail(out, 400, "seats[%d]: \"person\" or an engine spec is wanted",
                            p);
        if (strcmp(s, "person") == 0)
            people++;
        else if (api_check_hash(s, err))
            return api_fail(out, 400, "seats[%d]: %s", p, err);
        who[p] = s;
    }
    if (!people) return api_fail(out, 400, "seats: at least one seat is a person's");
    return 0;
}

static int read_seed(json_t *root, uint64_t *seed, struct api_response *out) {
    json_t *j = json_object_get(root, "seed");
    if (j && !json_is_integer(j)) return api_fail(out, 400, "seed: an integer is wanted");
    *seed = j ? (uint64_t)json_integer_value(j) : 1;
    return 0;
}

/* The new game's id, each person's token and the first person's view. */
static void reply_created(struct api_response *out, struct live_game *g, int players,
                          char tokens[][GAMES_TOKEN_HEX + 1]) {
    json_t *list = json_array();
    int first = -1;
    for (int p = 0; p < players; p++) {
        json_array_append_new(list, tokens[p][0] ? json_string(tokens[p]) : json_null());
        if (first < 0 && tokens[p][0]) first = p;
    }
    size_t length;
    char *view = games_view(g, first, &length);
    json_t *doc = json_pack("{s:s,s:o,s:o}", "id", games_id(g), "tokens", list, "view",
                            view ? json_loadb(view, length, 0, NULL) : json_null());
    free(view);
    api_reply(out, doc);
}

static void create(struct api *api, json_t *root, const kz_state *start,
                   const kz_record *record, const struct api_watch *watch,
                   struct api_response *out) {
    int players = kz_game_players(kz_state_game(start));
    const char *who[KZ_MAX_PLAYERS];
    uint64_t seed = 1;
    if (read_seats(root, players, who, out) || read_seed(root, &seed, out)) return;
    char tokens[KZ_MAX_PLAYERS][GAMES_TOKEN_HEX + 1];
    struct games_answer a = {0};
    struct live_game *g = NULL;
    int status =
        games_create(api->games, start, who, seed, record, watch, &g, tokens, &a);
    if (status && !g) {
        api_fail(out, status, "%s", a.message);
        return;
    }
    reply_created(out, g, players, tokens);
}

/* POST /api/match/new: the common fields (game, variant, position) give
 * the start. */
static void match_new(struct api *api, const char *body, size_t length,
                      const struct api_watch *watch, struct api_response *out) {
    struct api_request r;
    if (api_request_parse(&r, body, length, out)) return;
    if (r.n_moves)
        api_fail(out, 400, "moves: a new game starts from its position");
    else
        create(api, r.root, r.start, NULL, watch, out);
    api_request_free(&r);
}

/* POST /api/match/load: {"record": a record document, "seats", "seed"}. */
static void match_load(struct api *api, json_t *root, const struct api_watch *watch,
                       struct api_response *out) {
    json_t *doc = json_object_get(root, "record");
    char *text = json_is_object(doc) ? json_dumps(doc, JSON_COMPACT) : NULL;
    kz_record *rec = NULL;
    kz_state *start = NULL;
    char err[KZ_ERROR_BYTES];
    if (!text) {
        api_fail(out, 400, "record: a record document (kind \"record\") is wanted");
    } else if (kz_record_parse(NULL, text, strlen(text), &rec, err, sizeof err) !=
               KZ_OK) {
        api_fail(out, 400, "%s", err);
    } else if (!(start = kz_state_new(kz_record_game(rec))) ||
               kz_record_replay(rec, 0, start, err, sizeof err) != KZ_OK) {
        api_fail(out, 500, "out of memory");
    } else {
        create(api, root, start, rec, watch, out);
    }
    kz_state_free(start);
    kz_record_free(rec);
    free(text);
}

/* The game and seat of {"id", "token"}. */
static int find(struct api *api, json_t *root, struct live_game **g, int *seat,
                struct api_response *out) {
    struct games_answer a = {0};
    if (games_find(api->games, json_string_value(json_object_get(root, "id")),
                   json_string_value(json_object_get(root, "token")), g, seat, &a))
        return api_fail(out, a.status, "%s", a.message);
    return 0;
}

void api_match(struct api *api, const char *action, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out) {
    if (!api->games) {
        api_fail(out, 503, "games: this server keeps no games");
        return;
    }
    if (strcmp(action, "new") == 0) {
        match_new(api, body, length, watch, out);
        return;
    }
    json_error_t jerr;
    json_t *root = json_loadb(body ? body : "", length, JSON_REJECT_DUPLICATES, &jerr);
    struct live_game *g;
    int seat;
    struct games_answer a = {0};
    size_t n = 0;
    if (!root || !json_is_object(root)) {
        api_fail(out, 400, "body: a JSON object is wanted%s%s", root ? "" : " (",
                 root ? "" : jerr.text);
    } else if (strcmp(action, "load") == 0) {
        match_load(api, root, watch, out);
    } else if (find(api, root, &g, &seat, out)) {
    } else if (strcmp(action, "record") == 0) {
        char *text = games_record(g, &n, &a);
        if (text)
            reply_text(out, text, n);
        else
            api_fail(out, a.status, "%s", a.message);
    } else {
        int status = 0;
        if (strcmp(action, "move") == 0)
            status =
                games_move(api->games, g, seat,
                           json_string_value(json_object_get(root, "move")), watch, &a);
        else if (strcmp(action, "undo") == 0)
            status = games_undo(api->games, g, seat, &a);
        else if (strcmp(action, "resign") == 0)
            status = games_resign(api->games, g, seat, &a);
        else
            status = games_poke(api->games, g, watch, &a);
        if (status && strcmp(action, "view") != 0)
            api_fail(out, status, "%s", a.message);
        else
            reply_view(out, g, seat); /* a view whatever an engine did */
    }
    json_decref(root);
}
