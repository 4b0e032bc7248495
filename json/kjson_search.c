/* Search documents (see kjson_search.h). */
#include "json/kjson_search.h"
#include "json/kjson_position.h"
#include "json/kjson_value.h"

#include <string.h>

json_t *kjson_search_head(const struct game *g, const struct variant *v,
                          const void *state, const char *engine) {
    json_t *doc = kjson_game_document("search", g, v);
    if (!doc) return NULL;
    kjson_add_position(doc, g, v, state);
    json_object_set_new(doc, "engine", json_string(engine));
    return doc;
}

static json_t *move_or_null(const struct game *g, const struct variant *v,
                            const void *state, bool has_move, move_t move) {
    return has_move ? kjson_move(g, v, state, move) : json_null();
}

static void set_counts(json_t *doc, uint64_t nodes, double seconds) {
    json_object_set_new(doc, "nodes", json_integer((json_int_t)nodes));
    json_object_set_new(doc, "seconds", json_real(seconds));
}

json_t *kjson_search_alphabeta(const struct game *g, const struct variant *v,
                               const void *state, const struct ab_result *res,
                               bool all_moves) {
    json_t *doc = kjson_search_head(g, v, state, "alphabeta");
    if (!doc) return NULL;
    json_object_set_new(doc, "move", move_or_null(g, v, state, res->has_move, res->move));
    json_object_set_new(doc, "value",
                        kjson_value_alphabeta(res->score, res->draw_proven));
    json_object_set_new(doc, "pv", kjson_line(g, v, state, res->pv, res->pv_length));
    json_object_set_new(doc, "depth", json_integer(res->depth));
    set_counts(doc, res->nodes, res->seconds);
    /* Databases probed by the search (search/search_probe.h): how often they
     * answered, and whether the root's value is theirs (exact). */
    if (res->probe_hits || res->root_held) {
        json_object_set_new(doc, "database_hits",
                            json_integer((json_int_t)res->probe_hits));
        json_object_set_new(doc, "root_held", json_boolean(res->root_held));
    }
    if (all_moves) {
        json_t *list = json_array();
        for (int i = 0; i < res->root_count; i++)
            json_array_append_new(
                list, json_pack("{s:o,s:o}", "move",
                                kjson_move(g, v, state, res->root_moves[i]), "value",
                                kjson_value_alphabeta(res->root_scores[i],
                                                      res->root_draws[i])));
        json_object_set_new(doc, "moves", list);
    }
    return doc;
}

/* MCTS proof flags: +1 win, -1 loss, 2 draw (root moves) or the result's
 * proven / proven_draw; otherwise the mean return as an estimate. */
static json_t *mcts_value(int proven, bool draw, double mean) {
    if (proven == 1) return kjson_value_proven(1, -1);
    if (proven == -1) return kjson_value_proven(-1, -1);
    if (proven == 2 || draw) return kjson_value_proven(0, -1);
    return kjson_value_estimate(mean);
}

static json_t *joint_players(const struct game *g, const struct variant *v,
                             const void *state, const struct mcts_result *res,
                             int player) {
    json_t *list = json_array();
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(res->acting & (1u << p)) || (player >= 0 && p != player)) continue;
        int pick = 0;
        json_t *options = json_array();
        for (int i = 0; i < res->sim_count[p]; i++) {
            if (res->sim_moves[p][i] == res->sim_choice[p]) pick = i;
            json_array_append_new(
                options, json_pack("{s:o,s:I,s:o}", "move",
                                   kjson_move(g, v, state, res->sim_moves[p][i]),
                                   "visits", (json_int_t)res->sim_visits[p][i], "value",
                                   kjson_value_estimate(res->sim_values[p][i])));
        }
        json_array_append_new(
            list, json_pack("{s:s,s:o,s:o,s:o}", "player", g->player_name(v, p), "move",
                            kjson_move(g, v, state, res->sim_choice[p]), "value",
                            kjson_value_estimate(res->sim_values[p][pick]), "options",
                            options));
    }
    return list;
}

/* The plan's steps after the root's joint choice, up to the next
 * simultaneous node: {"player" (or "chance"), "move", "visits"}. */
static json_t *joint_plan(const struct game *g, const struct variant *v,
                          const void *state, const struct mcts_result *res) {
    unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    json_t *plan = json_array();
    for (int i = 0; i < res->plan_length; i++) {
        const struct mcts_plan_step *step = &res->plan[i];
        if (step->turn == TURN_SIMULTANEOUS) {
            if (i > 0) break;
            g->apply_joint(v, s, step->joint);
            continue;
        }
        json_array_append_new(plan, json_pack("{s:o,s:o,s:I}", "player",
                                              kjson_turn(g, v, step->turn), "move",
                                              kjson_move(g, v, s, step->move), "visits",
                                              (json_int_t)step->visits));
        g->apply(v, s, step->move);
    }
    return plan;
}

json_t *kjson_search_mcts(const struct game *g, const struct variant *v,
                          const void *state, const char *engine,
                          const struct mcts_result *res, int player, bool all_moves) {
    json_t *doc = kjson_search_head(g, v, state, engine);
    if (!doc) return NULL;
    if (res->simultaneous) {
        json_object_set_new(doc, "move", json_null());
        json_object_set_new(doc, "value", kjson_value_estimate(res->value));
        json_object_set_new(doc, "pv", json_array());
        json_object_set_new(doc, "players", joint_players(g, v, state, res, player));
        json_object_set_new(doc, "plan", joint_plan(g, v, state, res));
    } else {
        json_object_set_new(doc, "move",
                            move_or_null(g, v, state, res->has_move, res->move));
        json_object_set_new(doc, "value",
                            mcts_value(res->proven, res->proven_draw, res->value));
        /* The most visited line: the plan's steps while they are plain moves. */
        unsigned char s[GAME_MAX_STATE_BYTES];
        memcpy(s, state, g->state_size);
        json_t *pv = json_array();
        for (int i = 0; i < res->plan_length && res->plan[i].turn >= 0; i++) {
            json_array_append_new(pv, kjson_move(g, v, s, res->plan[i].move));
            g->apply(v, s, res->plan[i].move);
        }
        if (json_array_size(pv) == 0 && res->has_move)
            json_array_append_new(pv, kjson_move(g, v, state, res->move));
        json_object_set_new(doc, "pv", pv);
    }
    json_object_set_new(doc, "iterations", json_integer(res->iterations));
    set_counts(doc, res->nodes, res->seconds);
    if (all_moves && !res->simultaneous) {
        json_t *list = json_array();
        for (int i = 0; i < res->root_count; i++)
            json_array_append_new(
                list,
                json_pack("{s:o,s:o,s:I}", "move",
                          kjson_move(g, v, state, res->root_moves[i]), "value",
                          mcts_value(res->root_proven[i], false, res->root_values[i]),
                          "visits", (json_int_t)res->root_visits[i]));
        json_object_set_new(doc, "moves", list);
    }
    json_object_set_new(
        doc, "stats",
        json_pack("{s:I}", "playout_plies", (json_int_t)res->playout_plies));
    return doc;
}

json_t *kjson_search_expectimax(const struct game *g, const struct variant *v,
                                const void *state, const struct expecti_result *res,
                                bool all_moves) {
    json_t *doc = kjson_search_head(g, v, state, "expectimax");
    if (!doc) return NULL;
    const struct expecti_stats *st = &res->stats;
    json_object_set_new(doc, "move", move_or_null(g, v, state, res->has_move, res->move));
    json_object_set_new(doc, "value", kjson_value_estimate(res->score / GAME_EVAL_MAX));
    json_t *pv = json_array();
    if (res->has_move) json_array_append_new(pv, kjson_move(g, v, state, res->move));
    json_object_set_new(doc, "pv", pv);
    json_object_set_new(doc, "depth", json_integer(res->depth));
    set_counts(doc, st->nodes, res->seconds);
    if (all_moves) {
        json_t *list = json_array();
        for (int i = 0; i < res->root_count; i++)
            json_array_append_new(
                list,
                json_pack("{s:o,s:o}", "move",
                          kjson_move(g, v, state, res->root_moves[i]), "value",
                          kjson_value_estimate(res->root_scores[i] / GAME_EVAL_MAX)));
        json_object_set_new(doc, "moves", list);
    }
    json_object_set_new(doc, "stats",
                        json_pack("{s:I,s:I,s:I}", "chance_nodes",
                                  (json_int_t)st->chance_nodes, "star1_cuts",
                                  (json_int_t)st->star1_cuts, "star2_cuts",
                                  (json_int_t)st->star2_cuts));
    return doc;
}

static json_t *dfpn_value(int value) {
    switch (value) {
    case DFPN_WIN: return kjson_value_proven(1, -1);
    case DFPN_LOSS: return kjson_value_proven(-1, -1);
    case DFPN_DRAW: return kjson_value_proven(0, -1);
    default: return json_pack("{s:s}", "result", "unknown");
    }
}

static const char *known_word(int k) {
    return k == 1 ? "proved" : k == 0 ? "disproved" : "unknown";
}

json_t *kjson_search_dfpn(const struct game *g, const struct variant *v,
                          const void *state, const struct dfpn_result *res,
                          const char *database) {
    json_t *doc = kjson_search_head(g, v, state, "dfpn");
    if (!doc) return NULL;
    json_object_set_new(doc, "move", move_or_null(g, v, state, res->has_move, res->move));
    json_object_set_new(doc, "value", dfpn_value(res->value));
    json_t *pv = json_array();
    if (res->has_move) json_array_append_new(pv, kjson_move(g, v, state, res->move));
    json_object_set_new(doc, "pv", pv);
    set_counts(doc, res->nodes, res->seconds);
    /* The shortest win inside the proof (an upper bound of the exact one). */
    if (res->remoteness >= 0)
        json_object_set_new(doc, "remoteness", json_integer(res->remoteness));
    if (database) json_object_set_new(doc, "database", json_string(database));
    json_t *list = json_array();
    for (int i = 0; i < res->root_count; i++)
        json_array_append_new(list, json_pack("{s:o,s:o}", "move",
                                              kjson_move(g, v, state, res->root_moves[i]),
                                              "value", dfpn_value(res->root_values[i])));
    json_object_set_new(doc, "moves", list);
    json_object_set_new(
        doc, "stats",
        json_pack("{s:b,s:s,s:s,s:s,s:I,s:I,s:I,s:I,s:s?}", "finished",
                  res->value != DFPN_UNKNOWN, "mover_wins", known_word(res->mover_wins),
                  "mover_loses", known_word(res->mover_loses), "pn_init",
                  dfpn_init_name(res->init), "proof_size", (json_int_t)res->proof_size,
                  "table_entries", (json_int_t)res->table_entries, "table_collections",
                  (json_int_t)res->table_collections, "table_removed",
                  (json_int_t)res->table_removed, "stopped",
                  res->stopped[0] ? res->stopped : NULL));
    return doc;
}

json_t *kjson_search_forced(const struct game *g, const struct variant *v,
                            const void *state, move_t move) {
    json_t *doc = kjson_search_head(g, v, state, "forced");
    if (!doc) return NULL;
    json_object_set_new(doc, "move", kjson_move(g, v, state, move));
    json_object_set_new(doc, "value", json_pack("{s:s}", "result", "unknown"));
    json_t *pv = json_array();
    json_array_append_new(pv, kjson_move(g, v, state, move));
    json_object_set_new(doc, "pv", pv);
    set_counts(doc, 0, 0);
    return doc;
}

json_t *kjson_search_database(const struct game *g, const struct variant *v,
                              const void *state, const char *database,
                              const move_t *moves, const retro_cell *values, int count,
                              bool all_moves) {
    json_t *doc = kjson_search_head(g, v, state, "database");
    if (!doc) return NULL;
    json_t *pv = json_array();
    if (count > 0) {
        json_object_set_new(doc, "move", kjson_move(g, v, state, moves[0]));
        json_object_set_new(doc, "value", kjson_value_cell(values[0]));
        json_array_append_new(pv, kjson_move(g, v, state, moves[0]));
    } else {
        json_object_set_new(doc, "move", json_null());
        json_object_set_new(doc, "value", json_pack("{s:s}", "result", "unknown"));
    }
    json_object_set_new(doc, "pv", pv);
    set_counts(doc, 0, 0);
    json_object_set_new(doc, "database", json_string(database));
    if (all_moves) {
        json_t *list = json_array();
        for (int i = 0; i < count; i++)
            json_array_append_new(list, json_pack("{s:o,s:o}", "move",
                                                  kjson_move(g, v, state, moves[i]),
                                                  "value", kjson_value_cell(values[i])));
        json_object_set_new(doc, "moves", list);
    }
    return doc;
}

json_t *kjson_search_report(const struct game *g, const struct variant *v,
                            const void *state, const struct engine_report *r, int player,
                            bool analyse) {
    if (r->ab) return kjson_search_alphabeta(g, v, state, r->ab, analyse);
    if (r->ex) return kjson_search_expectimax(g, v, state, r->ex, analyse);
    if (r->mcts) return kjson_search_mcts(g, v, state, r->engine, r->mcts, player, analyse);
    json_t *doc = kjson_search_head(g, v, state, r->engine);
    json_t *text = r->has_move ? kjson_move(g, v, state, r->move) : json_null();
    json_object_set_new(doc, "move", json_incref(text));
    json_object_set_new(doc, "value",
                        r->value == ENGINE_VALUE_PROVEN
                            ? kjson_value_proven(r->outcome, r->distance)
                        : r->value == ENGINE_VALUE_ESTIMATE
                            ? kjson_value_estimate(r->score)
                            : json_pack("{s:s}", "result", "unknown"));
    json_object_set_new(doc, "pv", r->has_move ? json_pack("[o]", text) : json_array());
    if (!r->has_move) json_decref(text);
    json_object_set_new(doc, "nodes", json_integer((json_int_t)r->nodes));
    json_object_set_new(doc, "seconds", json_real(r->seconds));
    return doc;
}
