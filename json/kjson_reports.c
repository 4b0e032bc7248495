/* games, perft and arena documents (see kjson_reports.h). */
#include "json/kjson_reports.h"
#include "engine/registry.h"
#include "engine/variant.h"
#include "json/kjson_position.h"

#include <math.h>

json_t *kjson_games(void) {
    json_t *doc = kjson_document("games");
    if (!doc) return NULL;
    json_t *list = json_array();
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        struct variant v;
        variant_init(g, &v);
        json_t *keys = json_array();
        for (const struct variant_param *k = g->variant_params; k && k->name; k++) {
            char values[VARIANT_TEXT_BYTES], fallback[VARIANT_TEXT_BYTES];
            variant_param_values(k, values, sizeof values);
            variant_param_default(k, fallback, sizeof fallback);
            json_array_append_new(keys, json_pack("{s:s,s:s,s:s,s:s}", "key", k->name,
                                                  "values", values, "default", fallback,
                                                  "meaning", k->help));
        }
        json_array_append_new(
            list,
            json_pack("{s:s,s:s,s:i,s:o,s:b,s:b,s:b,s:b,s:o}", "name", g->name, "summary",
                      g->summary, "players", variant_players(g, &v), "variant",
                      kjson_variant(g, &v), "chance", (g->flags & GAME_HAS_CHANCE) != 0,
                      "simultaneous", (g->flags & GAME_HAS_SIMULTANEOUS) != 0, "hidden",
                      (g->flags & GAME_HAS_HIDDEN) != 0, "solvable", g->tier_of != NULL,
                      "variant_keys", keys));
    }
    json_object_set_new(doc, "games", list);
    return doc;
}

json_t *kjson_perft(const struct game *g, const struct variant *v, const void *state,
                    int depth, uint64_t leaves, double seconds, int threads,
                    const move_t *moves, const uint64_t *divide, int count) {
    json_t *doc = kjson_game_document("perft", g, v);
    if (!doc) return NULL;
    kjson_add_position(doc, g, v, state);
    json_object_set_new(doc, "depth", json_integer(depth));
    json_object_set_new(doc, "leaves", json_integer((json_int_t)leaves));
    json_object_set_new(doc, "seconds", json_real(seconds));
    json_object_set_new(doc, "leaves_per_second",
                        json_real(seconds > 0 ? (double)leaves / seconds : 0));
    json_object_set_new(doc, "threads", json_integer(threads));
    if (divide) {
        json_t *list = json_array();
        for (int i = 0; i < count; i++)
            json_array_append_new(list, json_pack("{s:o,s:I}", "move",
                                                  kjson_move(g, v, state, moves[i]),
                                                  "leaves", (json_int_t)divide[i]));
        json_object_set_new(doc, "divide", list);
    }
    return doc;
}

json_t *kjson_interval(double share, double low, double high) {
    return json_pack("{s:f,s:f,s:f}", "share", share, "low", low, "high", high);
}

static json_t *finite_or_null(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

json_t *kjson_elo(double elo, double low, double high) {
    return json_pack("{s:o,s:o,s:o}", "elo", finite_or_null(elo), "low",
                     finite_or_null(low), "high", finite_or_null(high));
}

json_t *kjson_arena(const struct game *g, const struct variant *v, long games,
                    const struct kjson_arena_row *rows, int count, const double *score,
                    const double elo[3], const char *records) {
    json_t *doc = kjson_game_document("arena", g, v);
    if (!doc) return NULL;
    json_object_set_new(doc, "games", json_integer(games));
    json_t *list = json_array();
    for (int i = 0; i < count; i++) {
        const struct kjson_arena_row *r = &rows[i];
        json_t *row =
            json_pack("{s:s,s:o,s:o,s:o}", "spec", r->spec, "win",
                      kjson_interval(r->win[0], r->win[1], r->win[2]), "draw",
                      kjson_interval(r->draw[0], r->draw[1], r->draw[2]), "loss",
                      kjson_interval(r->loss[0], r->loss[1], r->loss[2]));
        if (r->has_first)
            json_object_set_new(row, "first",
                                kjson_interval(r->first[0], r->first[1], r->first[2]));
        json_array_append_new(list, row);
    }
    json_object_set_new(doc, "players", list);
    if (score) json_object_set_new(doc, "score", json_real(*score));
    if (elo) json_object_set_new(doc, "elo", kjson_elo(elo[0], elo[1], elo[2]));
    if (records) json_object_set_new(doc, "records", json_string(records));
    return doc;
}
