/* Game records as JSON (see kjson_record.h). */
#include "json/kjson_record.h"
#include "engine/registry.h"
#include "engine/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *step_object(const struct game_record *r, const void *state,
                           const struct record_step *s) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    json_t *obj = json_pack("{s:o}", "turn", kjson_turn(g, v, s->turn));
    if (s->turn != TURN_SIMULTANEOUS || !s->acting) {
        json_object_set_new(obj, "move", kjson_move(g, v, state, s->move));
        return obj;
    }
    json_t *choices = json_array();
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (s->acting & (1u << p))
            json_array_append_new(
                choices, json_pack("{s:s,s:o}", "player", g->player_name(v, p), "move",
                                   kjson_move(g, v, state, s->choice[p])));
    json_object_set_new(obj, "choices", choices);
    return obj;
}

/* The result object, or null while the game goes on. */
static json_t *result_object(const struct game_record *r, const void *final) {
    const struct game *g = r->game;
    double returns[GAME_MAX_PLAYERS] = {0};
    if (r->ended)
        memcpy(returns, r->returns, sizeof returns);
    else if (g->turn(&r->variant, final) == TURN_OVER)
        g->returns(&r->variant, final, returns);
    else
        return json_null();
    json_t *list = json_array();
    int best = 0, ties = 0;
    for (int p = 0; p < r->seats; p++) {
        json_array_append_new(list, json_real(returns[p]));
        if (returns[p] > returns[best])
            best = p, ties = 0;
        else if (p != best && returns[p] == returns[best])
            ties++;
    }
    json_t *result =
        json_pack("{s:o,s:o}", "returns", list, "winner",
                  ties ? json_null() : json_string(g->player_name(&r->variant, best)));
    if (r->reason[0]) json_object_set_new(result, "reason", json_string(r->reason));
    return result;
}

json_t *kjson_record(const struct game_record *r) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    json_t *doc = kjson_game_document("record", g, v);
    if (!doc) return NULL;
    json_object_set_new(doc, "seed",
                        r->has_seed ? json_integer((json_int_t)r->seed) : json_null());
    char text[1024];
    g->format_position(v, r->start, text, sizeof text);
    json_object_set_new(doc, "start", json_string(text));
    json_t *players = json_array();
    for (int p = 0; p < r->seats; p++)
        json_array_append_new(players, json_string(r->players[p]));
    json_object_set_new(doc, "players", players);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, r->start, g->state_size);
    json_t *moves = json_array();
    for (int i = 0; i < r->count; i++) {
        const struct record_step *s = &r->steps[i];
        json_array_append_new(moves, step_object(r, state, s));
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(v, state, s->choice);
        else
            g->apply(v, state, s->move);
    }
    json_object_set_new(doc, "moves", moves);
    json_object_set_new(doc, "result", result_object(r, state));
    return doc;
}

int kjson_record_write(const struct game_record *r, const char *path, char *err) {
    char temp[4200];
    snprintf(temp, sizeof temp, "%s.tmp", path);
    FILE *f = fopen(temp, "w");
    if (!f) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.120s", temp);
        return -1;
    }
    int bad = kjson_print(kjson_record(r), f);
    if (fclose(f) != 0 || bad || rename(temp, path) != 0) {
        remove(temp);
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.120s", path);
        return -1;
    }
    return 0;
}

/* The text of a string member, or NULL. */
static const char *text_of(json_t *obj, const char *key) {
    return json_string_value(json_object_get(obj, key));
}

/* The option of `player` at the simultaneous `state` spelt `word`. */
static int parse_choice(const struct game *g, const struct variant *v, const void *state,
                        int player, const char *word, move_t *out) {
    move_t options[g->max_moves];
    int count = g->joint_moves(v, state, player, options);
    char text[256];
    for (int i = 0; i < count; i++) {
        g->format_move(v, state, options[i], text, sizeof text);
        if (strcmp(text, word) == 0) {
            *out = options[i];
            return 0;
        }
    }
    return -1;
}

/* Replay one step of the file onto `state` and into `r`. */
static int read_step(struct game_record *r, void *state, json_t *step, int number,
                     char *err) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    char why[GAME_ERROR_BYTES];
    int turn = g->turn(v, state);
    const char *move_text = text_of(step, "move");
    json_t *choices = json_object_get(step, "choices");
    if (!json_is_object(step) || (!move_text && !json_is_array(choices))) {
        snprintf(err, GAME_ERROR_BYTES,
                 "move %d: not {\"turn\", \"move\" or \"choices\"}", number);
        return -1;
    }
    if (turn == TURN_OVER) {
        snprintf(err, GAME_ERROR_BYTES, "move %d: the game is already over", number);
        return -1;
    }
    if (turn == TURN_SIMULTANEOUS && json_is_array(choices)) {
        move_t choice[GAME_MAX_PLAYERS] = {0};
        unsigned acting = g->acting(v, state), seen = 0;
        size_t i;
        json_t *c;
        json_array_foreach(choices, i, c) {
            const char *name = text_of(c, "player"), *word = text_of(c, "move");
            int p = 0;
            while (p < r->seats && !(name && strcmp(name, g->player_name(v, p)) == 0))
                p++;
            if (!name || !word || p == r->seats || !(acting & (1u << p)) ||
                parse_choice(g, v, state, p, word, &choice[p]) != 0) {
                snprintf(err, GAME_ERROR_BYTES, "move %d: bad choice %.30s for %.20s",
                         number, word ? word : "?", name ? name : "?");
                return -1;
            }
            seen |= 1u << p;
        }
        if (seen != acting) {
            snprintf(err, GAME_ERROR_BYTES, "move %d: a choice is missing", number);
            return -1;
        }
        if (record_add_joint(r, state, choice) != 0) goto memory;
        g->apply_joint(v, state, choice);
        return 0;
    }
    move_t move;
    if (!move_text || g->parse_move(v, state, move_text, &move, why) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "move %d: %.120s", number,
                 move_text ? why : "no move");
        return -1;
    }
    if (record_add_move(r, state, move) != 0) goto memory;
    g->apply(v, state, move);
    return 0;
memory:
    snprintf(err, GAME_ERROR_BYTES, "out of memory");
    return -1;
}

int kjson_record_read(struct game_record *r, const char *path, const struct game *game,
                      char *err) {
    memset(r, 0, sizeof *r);
    json_error_t jerr;
    json_t *doc = json_load_file(path, 0, &jerr);
    if (!doc) {
        snprintf(err, GAME_ERROR_BYTES, "record %.80s: %.60s (line %d)", path, jerr.text,
                 jerr.line);
        return -1;
    }
    int status = kjson_record_parse(r, doc, path, game, err);
    json_decref(doc);
    return status;
}

int kjson_record_parse(struct game_record *r, json_t *doc, const char *name,
                       const struct game *game, char *err) {
    memset(r, 0, sizeof *r);
    char why[GAME_ERROR_BYTES] = "";
    if (!json_is_object(doc)) snprintf(why, sizeof why, "not a JSON object");
    const struct game *g = NULL;
    const char *game_name = text_of(doc, "game"), *variant_text = text_of(doc, "variant"),
               *start_text = text_of(doc, "start");
    json_t *moves = json_object_get(doc, "moves");
    if (why[0]) {
    } else if (json_integer_value(json_object_get(doc, "schema")) != KIBITZ_SCHEMA_VERSION ||
        !text_of(doc, "kind") || strcmp(text_of(doc, "kind"), "record") != 0 ||
        !game_name || !variant_text || !start_text || !json_is_array(moves)) {
        snprintf(why, sizeof why,
                 "not a kibitz game record (schema 1, kind record, "
                 "game, variant, start, moves)");
    } else if (!(g = registry_find(game_name, why))) {
    } else if (game && g != game) {
        snprintf(why, sizeof why, "a record of %.20s, not %.20s", g->name, game->name);
    } else {
        struct variant v;
        variant_init(g, &v);
        _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
        if (variant_parse(g, &v, variant_text, why) == 0 &&
            variant_finish(g, &v, why) == 0 &&
            g->parse_position(&v, start_text, state, why) == 0) {
            record_init(r, g, &v, state);
            json_t *seed = json_object_get(doc, "seed");
            r->has_seed = json_is_integer(seed);
            r->seed = (uint64_t)json_integer_value(seed);
            json_t *players = json_object_get(doc, "players");
            for (int p = 0; p < r->seats; p++) {
                const char *who = json_string_value(json_array_get(players, (size_t)p));
                if (who) record_set_player(r, p, who);
            }
            size_t i;
            json_t *step;
            json_array_foreach(moves, i, step) {
                if (read_step(r, state, step, (int)i + 1, why) != 0) break;
            }
            if (why[0]) record_free(r);
        }
    }
    if (!why[0]) return 0;
    snprintf(err, GAME_ERROR_BYTES, "record %.60s: %.90s", name, why);
    return -1;
}
