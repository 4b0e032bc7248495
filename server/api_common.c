/* What every request handler of the API uses (server/api_common.h): the
 * replies, error replies, the turn's name, and the common request fields
 * (game, variant, position, viewer, the line of moves) read and played. */
#include "server/api_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VARIANT_TEXT_MAX = 256, MOVE_TEXT_MAX = 128, ERROR_MAX = API_MAX_POSITION + 512 };

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
    /* The message quotes the request: a cut character or bytes that are
     * not UTF-8 must not cost the reply its message (json_pack's "s" would
     * refuse them). */
    api_reply(out, json_pack("{s:o}", "error", kz_text_doc(message)));
    if (out->status == 200) out->status = status;
    return status;
}

const char *api_turn_name(const kz_game *g, int turn) {
    switch (turn) {
    case KZ_TURN_OVER: return "over";
    case KZ_TURN_CHANCE: return "chance";
    case KZ_TURN_SIMULTANEOUS: return "simultaneous";
    default: return kz_game_player_name(g, turn);
    }
}

/* The game's own reason in a library message that starts with `prefix`
 * ("bad position 'x': "): the API names the field itself. */
static const char *reason(const char *message, const char *prefix_format,
                          const char *text) {
    char prefix[API_MAX_POSITION + 64];
    snprintf(prefix, sizeof prefix, prefix_format, text);
    size_t n = strlen(prefix);
    return strncmp(message, prefix, n) == 0 ? message + n : message;
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
        if (strcmp(name, kz_game_player_name(r->game, p)) == 0) return p;
    return -2;
}

/* One option of `player` at a simultaneous node, by its text. */
static int find_joint_option(const kz_state *s, int player, const char *text,
                             kz_action *choice) {
    int cap = kz_game_max_actions(kz_state_game(s));
    kz_action options[cap > 0 ? cap : 1];
    int n = kz_state_joint_actions(s, player, options, cap);
    char buf[MOVE_TEXT_MAX];
    for (int i = 0; i < n && i < cap; i++) {
        kz_state_joint_action_text(s, player, options[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            *choice = options[i];
            return 0;
        }
    }
    return -1;
}

/* Play moves[i] (a move text, or {"joint": [text or null per player]}) on
 * r->state into `step`; its text goes to `played`. 0, or -1 with `err`. */
static int play_one(struct api_request *r, json_t *item, struct api_step *step, char *err,
                    size_t n) {
    char lerr[ERROR_MAX], text[MOVE_TEXT_MAX];
    int turn = kz_state_turn(r->state);
    memset(step, 0, sizeof *step);
    if (turn == KZ_TURN_OVER) {
        snprintf(err, n, "the game is already over");
        return -1;
    }
    const char *s = json_string_value(item);
    if (s) {
        if (strlen(s) != json_string_length(item) || strlen(s) >= MOVE_TEXT_MAX) {
            snprintf(err, n, "not a move");
            return -1;
        }
        if (kz_state_parse_action(r->state, s, &step->action, lerr, sizeof lerr)) {
            snprintf(err, n, "%s", reason(lerr, "bad move '%s': ", s));
            return -1;
        }
        kz_state_action_text(r->state, step->action, text, sizeof text);
        kz_state_apply(r->state, step->action, NULL, 0);
        json_array_append_new(r->played, json_string(text));
        return 0;
    }
    json_t *joint = json_object_get(item, "joint");
    if (!json_is_array(joint)) {
        snprintf(err, n, "a move is a string, or {\"joint\": [one option per player]}");
        return -1;
    }
    if (turn != KZ_TURN_SIMULTANEOUS) {
        snprintf(err, n, "joint choice where %s acts", api_turn_name(r->game, turn));
        return -1;
    }
    unsigned acting = kz_state_acting(r->state);
    char shown[MOVE_TEXT_MAX * KZ_MAX_PLAYERS] = "";
    size_t used = 0;
    step->joint = true;
    for (int p = 0; p < r->players; p++) {
        if (!(acting >> p & 1)) continue;
        const char *option = json_string_value(json_array_get(joint, (size_t)p));
        if (!option || find_joint_option(r->state, p, option, &step->choices[p])) {
            snprintf(err, n, "joint[%d]: no option %.40s%s%s of %s here", p,
                     option ? "'" : "", option ? option : "", option ? "'" : "",
                     kz_game_player_name(r->game, p));
            return -1;
        }
        used += (size_t)snprintf(shown + used, sizeof shown - used, "%s%s",
                                 used ? " " : "", option);
    }
    kz_state_apply_joint(r->state, step->choices, NULL, 0);
    json_array_append_new(r->played, json_string(shown));
    return 0;
}

void api_request_step(const struct api_request *r, int i, kz_state *s) {
    const struct api_step *step = &r->steps[i];
    if (step->joint)
        kz_state_apply_joint(s, step->choices, NULL, 0);
    else
        kz_state_apply(s, step->action, NULL, 0);
}

void api_request_free(struct api_request *r) {
    json_decref(r->root);
    json_decref(r->played);
    free(r->steps);
    kz_state_free(r->start);
    kz_state_free(r->state);
    kz_game_free(r->game);
    memset(r, 0, sizeof *r);
}

/* The parts of api_request_parse: each returns 0, or the HTTP status of an
 * error written to `out`. */

/* "game" and "variant": the game loaded into r->game. */
static int parse_game(struct api_request *r, struct api_response *out) {
    char err[ERROR_MAX];
    bool bad = false;
    const char *name = string_field(r->root, "game", 64, &bad);
    if (!name) return api_fail(out, 400, "game: a game name is required");
    const char *spec = string_field(r->root, "variant", VARIANT_TEXT_MAX, &bad);
    /* A plain name (the variant comes only from "variant"); the library
     * refuses unknown names in the registry's words. */
    int loaded = !name[0] || strchr(name, '(')
                     ? KZ_EINVAL
                     : kz_game_load(name, NULL, &r->game, err, sizeof err);
    if (loaded != KZ_OK) {
        if (!name[0] || strchr(name, '('))
            snprintf(err, sizeof err, "unknown game '%s' (try 'kibitz games')", name);
        return api_fail(out, 400, "game: %s", err);
    }
    if (bad) return api_fail(out, 400, "variant: a string of key=value pairs is wanted");
    if (spec && spec[0]) {
        kz_game_free(r->game);
        r->game = NULL;
        if (kz_game_load(name, spec, &r->game, err, sizeof err) != KZ_OK)
            return api_fail(out, 400, "variant: %s", err);
    }
    r->players = kz_game_players(r->game);
    return 0;
}

/* "position" (the start, r->start) and "viewer". */
static int parse_start(struct api_request *r, struct api_response *out) {
    char err[ERROR_MAX];
    bool bad = false;
    const char *position = string_field(r->root, "position", API_MAX_POSITION, &bad);
    if (bad)
        return api_fail(out, 400, "position: a string of at most %d characters is wanted",
                        API_MAX_POSITION);
    r->start = kz_state_new(r->game);
    if (!r->start) return api_fail(out, 500, "out of memory");
    if (position && position[0] &&
        kz_state_parse(r->start, position, err, sizeof err) != KZ_OK)
        return api_fail(out, 400, "position: %s",
                        reason(err, "bad position '%s': ", position));
    r->viewer = player_field(r, "viewer");
    if (r->viewer == -2)
        return api_fail(out, 400, "viewer: a player index or name is wanted");
    return 0;
}

/* "moves", played from the start into r->state (r->steps, r->played). */
static int parse_moves(struct api_request *r, struct api_response *out) {
    json_t *moves = json_object_get(r->root, "moves");
    if (moves && !json_is_null(moves) && !json_is_array(moves))
        return api_fail(out, 400, "moves: an array of moves is wanted");
    size_t count = moves ? json_array_size(moves) : 0;
    if (count > API_MAX_MOVES)
        return api_fail(out, 400, "moves: more than %d moves", API_MAX_MOVES);
    r->played = json_array();
    r->state = kz_state_clone(r->start);
    r->steps = malloc((count + 1) * sizeof *r->steps);
    if (!r->played || !r->state || !r->steps) return api_fail(out, 500, "out of memory");
    for (size_t i = 0; i < count; i++) {
        char why[ERROR_MAX + 64];
        if (play_one(r, json_array_get(moves, i), &r->steps[i], why, sizeof why))
            return api_fail(out, 400, "moves[%zu]: %s", i, why);
        r->n_moves = (int)i + 1;
    }
    return 0;
}

int api_request_parse(struct api_request *r, const char *body, size_t length,
                      struct api_response *out) {
    memset(r, 0, sizeof *r);
    json_error_t jerr;
    r->root = json_loadb(body ? body : "", length, JSON_REJECT_DUPLICATES, &jerr);
    int status = 0;
    if (!r->root)
        status = api_fail(out, 400, "body: not JSON (%s)", jerr.text);
    else if (!json_is_object(r->root))
        status = api_fail(out, 400, "body: a JSON object is wanted");
    else if (!(status = parse_game(r, out)) && !(status = parse_start(r, out)))
        status = parse_moves(r, out);
    if (status) api_request_free(r);
    return status;
}
