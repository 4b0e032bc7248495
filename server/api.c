/* The API's entry point (server/api.h): routing, the common request fields,
 * error replies and the small JSON pieces every handler uses. */
#include "engine/registry.h"
#include "engine/variant.h"
#include "server/api_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VARIANT_TEXT_MAX = 256, MOVE_TEXT_MAX = 128 };

struct api *api_create(const char *data, int threads) {
    struct api *api = calloc(1, sizeof *api);
    if (!api) return NULL;
    if (data && !(api->data = strdup(data))) {
        free(api);
        return NULL;
    }
    api->threads = threads < 1 ? 1 : threads;
    api->max_seconds = API_MAX_SECONDS;
    api->max_iterations = API_MAX_ITERATIONS;
    pthread_mutex_init(&api->lock, NULL);
    return api;
}

void api_limit_searches(struct api *api, double seconds, long iterations) {
    if (seconds > 0 && seconds < api->max_seconds) api->max_seconds = seconds;
    if (iterations > 0 && iterations < api->max_iterations)
        api->max_iterations = iterations;
}

void api_free(struct api *api) {
    if (!api) return;
    api_databases_close(api);
    pthread_mutex_destroy(&api->lock);
    free(api->data);
    free(api);
}

int api_reply(struct api_response *out, json_t *doc) {
    char *text = doc ? json_dumps(doc, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(doc);
    if (!text) {
        static const char oom[] = "{\"error\":\"out of memory\"}";
        out->status = 500;
        out->body = strdup(oom);
        out->length = out->body ? strlen(oom) : 0;
        return out->status;
    }
    out->status = 200;
    out->body = text;
    out->length = strlen(text);
    return 200;
}

int api_fail(struct api_response *out, int status, const char *format, ...) {
    char message[512];
    va_list ap;
    va_start(ap, format);
    vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    api_reply(out, json_pack("{s:s}", "error", message));
    if (out->status == 200) out->status = status;
    return status;
}

const char *api_turn_name(const struct game *g, const struct variant *v, int turn) {
    switch (turn) {
    case TURN_OVER: return "over";
    case TURN_CHANCE: return "chance";
    case TURN_SIMULTANEOUS: return "simultaneous";
    default: return g->player_name(v, turn);
    }
}

/* A string field: NULL when absent; sets *bad when present but not a string
 * without NUL bytes of at most `max` characters. */
static const char *string_field(json_t *root, const char *key, size_t max, bool *bad) {
    json_t *j = json_object_get(root, key);
    if (!j || json_is_null(j)) return NULL;
    const char *s = json_string_value(j);
    if (!s || strlen(s) != json_string_length(j) || strlen(s) > max) {
        *bad = true;
        return NULL;
    }
    return s;
}

/* A player given as an index or a name; -1 when absent, -2 when bad. */
static int player_field(const struct api_request *r, const char *key) {
    json_t *j = json_object_get(r->root, key);
    if (!j || json_is_null(j)) return -1;
    if (json_is_integer(j)) {
        json_int_t p = json_integer_value(j);
        return p >= 0 && p < r->players ? (int)p : -2;
    }
    const char *name = json_string_value(j);
    for (int p = 0; name && p < r->players; p++)
        if (strcmp(name, r->g->player_name(&r->v, p)) == 0) return p;
    return -2;
}

/* One option of `player` at a simultaneous node, by its text. */
static int find_joint_option(const struct game *g, const struct variant *v,
                             const void *state, int player, const char *text,
                             move_t *move) {
    move_t options[g->max_moves];
    int n = g->joint_moves(v, state, player, options);
    char buf[MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++) {
        g->format_move(v, state, options[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            *move = options[i];
            return 0;
        }
    }
    return -1;
}

/* Play moves[i] (a move text, or {"joint": [text or null per player]}) on
 * r->state; its text goes to `played`. 0, or -1 with `err`. */
static int play_one(struct api_request *r, json_t *item, char *err, size_t n) {
    const struct game *g = r->g;
    char gerr[GAME_ERROR_BYTES], text[MOVE_TEXT_MAX];
    int turn = g->turn(&r->v, r->state);
    if (turn == TURN_OVER) {
        snprintf(err, n, "the game is already over");
        return -1;
    }
    const char *s = json_string_value(item);
    if (s) {
        move_t m;
        if (strlen(s) != json_string_length(item) || strlen(s) >= MOVE_TEXT_MAX) {
            snprintf(err, n, "not a move");
            return -1;
        }
        if (g->parse_move(&r->v, r->state, s, &m, gerr)) {
            snprintf(err, n, "%s", gerr);
            return -1;
        }
        g->format_move(&r->v, r->state, m, text, sizeof text);
        g->apply(&r->v, r->state, m);
        json_array_append_new(r->played, json_string(text));
        return 0;
    }
    json_t *joint = json_object_get(item, "joint");
    if (!json_is_array(joint)) {
        snprintf(err, n, "a move is a string, or {\"joint\": [one option per player]}");
        return -1;
    }
    if (turn != TURN_SIMULTANEOUS) {
        snprintf(err, n, "joint choice where %s acts", api_turn_name(g, &r->v, turn));
        return -1;
    }
    unsigned acting = g->acting(&r->v, r->state);
    move_t choice[GAME_MAX_PLAYERS] = {0};
    char shown[MOVE_TEXT_MAX * GAME_MAX_PLAYERS] = "";
    size_t used = 0;
    for (int p = 0; p < r->players; p++) {
        if (!(acting >> p & 1)) continue;
        const char *option = json_string_value(json_array_get(joint, (size_t)p));
        if (!option || find_joint_option(g, &r->v, r->state, p, option, &choice[p])) {
            snprintf(err, n, "joint[%d]: no option %.40s%s%s of %s here", p,
                     option ? "'" : "", option ? option : "", option ? "'" : "",
                     g->player_name(&r->v, p));
            return -1;
        }
        used += (size_t)snprintf(shown + used, sizeof shown - used, "%s%s",
                                 used ? " " : "", option);
    }
    g->apply_joint(&r->v, r->state, choice);
    json_array_append_new(r->played, json_string(shown));
    return 0;
}

const void *api_request_state(const struct api_request *r, int i) {
    return r->states + (size_t)i * r->g->state_size;
}

void api_request_free(struct api_request *r) {
    json_decref(r->root);
    json_decref(r->played);
    free(r->states);
    memset(r, 0, sizeof *r);
}

int api_request_parse(struct api_request *r, const char *body, size_t length,
                      struct api_response *out) {
    memset(r, 0, sizeof *r);
    json_error_t jerr;
    r->root = json_loadb(body ? body : "", length, JSON_REJECT_DUPLICATES, &jerr);
    int status = 0;
    char err[GAME_ERROR_BYTES];
    bool bad = false;
    if (!r->root) {
        status = api_fail(out, 400, "body: not JSON (%s)", jerr.text);
        goto done;
    }
    if (!json_is_object(r->root)) {
        status = api_fail(out, 400, "body: a JSON object is wanted");
        goto done;
    }
    const char *name = string_field(r->root, "game", 64, &bad);
    if (!name) {
        status = api_fail(out, 400, "game: a game name is required");
        goto done;
    }
    if (!(r->g = registry_find(name, err))) {
        status = api_fail(out, 400, "game: %s", err);
        goto done;
    }
    const struct game *g = r->g;
    const char *spec = string_field(r->root, "variant", VARIANT_TEXT_MAX, &bad);
    if (bad) {
        status = api_fail(out, 400, "variant: a string of key=value pairs is wanted");
        goto done;
    }
    variant_init(g, &r->v);
    if (spec && spec[0] &&
        (variant_parse(g, &r->v, spec, err) || variant_finish(g, &r->v, err))) {
        status = api_fail(out, 400, "variant: %s", err);
        goto done;
    }
    r->players = variant_players(g, &r->v);
    const char *position = string_field(r->root, "position", API_MAX_POSITION, &bad);
    if (bad) {
        status =
            api_fail(out, 400, "position: a string of at most %d characters is wanted",
                     API_MAX_POSITION);
        goto done;
    }
    memset(r->state, 0, sizeof r->state);
    if (position && position[0]) {
        if (g->parse_position(&r->v, position, r->state, err)) {
            status = api_fail(out, 400, "position: %s", err);
            goto done;
        }
    } else {
        g->start(&r->v, r->state);
    }
    r->viewer = player_field(r, "viewer");
    if (r->viewer == -2) {
        status = api_fail(out, 400, "viewer: a player index or name is wanted");
        goto done;
    }
    json_t *moves = json_object_get(r->root, "moves");
    if (moves && !json_is_null(moves) && !json_is_array(moves)) {
        status = api_fail(out, 400, "moves: an array of moves is wanted");
        goto done;
    }
    size_t count = moves ? json_array_size(moves) : 0;
    if (count > API_MAX_MOVES) {
        status = api_fail(out, 400, "moves: more than %d moves", API_MAX_MOVES);
        goto done;
    }
    r->played = json_array();
    r->states = malloc((count + 1) * g->state_size);
    if (!r->played || !r->states) {
        status = api_fail(out, 500, "out of memory");
        goto done;
    }
    memcpy(r->states, r->state, g->state_size);
    for (size_t i = 0; i < count; i++) {
        char why[GAME_ERROR_BYTES + 64];
        if (play_one(r, json_array_get(moves, i), why, sizeof why)) {
            status = api_fail(out, 400, "moves[%zu]: %s", i, why);
            goto done;
        }
        memcpy(r->states + (i + 1) * g->state_size, r->state, g->state_size);
        r->n_moves = (int)i + 1;
    }
done:
    if (status) api_request_free(r);
    return status;
}

void api_handle(struct api *api, const char *method, const char *path, const char *body,
                size_t length, struct api_response *out) {
    memset(out, 0, sizeof *out);
    static const struct {
        const char *path, *method;
    } routes[] = {{"/api/games", "GET"},
                  {"/api/state", "POST"},
                  {"/api/search", "POST"},
                  {"/api/query", "POST"}};
    int route = -1;
    for (int i = 0; i < 4; i++)
        if (path && strcmp(path, routes[i].path) == 0) route = i;
    if (route < 0) {
        api_fail(out, 404, "no such path");
        return;
    }
    if (!method || strcmp(method, routes[route].method) != 0) {
        api_fail(out, 405, "%s wants %s", routes[route].path, routes[route].method);
        return;
    }
    if (length > API_MAX_BODY) {
        api_fail(out, 413, "body: more than %d bytes", API_MAX_BODY);
        return;
    }
    switch (route) {
    case 0: api_games(api, out); break;
    case 1: api_state(api, body, length, out); break;
    case 2: api_search(api, body, length, out); break;
    default: api_query(api, body, length, out); break;
    }
}
