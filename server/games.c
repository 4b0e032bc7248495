/* The games kept by the server (server/games.h): the registry of live
 * games, their rules of play (moves, chance, engines, the end) and their
 * storage. Views are drawn in server/games_view.c. */
#include "server/games.h"
#include "server/games_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

struct games {
    struct api *api;
    struct games_store *store;
    pthread_mutex_t lock; /* guards the table (not the games) */
    /* Open addressing on the id's bits, never more than half full; games
     * stay in memory until the server stops. */
    struct live_game *table[2 * GAMES_MAX_LIVE];
    int count;
};

/* ------------------------------------------------------------ registry */

static int fail(struct games_answer *a, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(struct games_answer *a, int status, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vsnprintf(a->message, sizeof a->message, format, ap);
    va_end(ap);
    a->status = status;
    return status;
}

static void random_hex(char *out, int digits) {
    unsigned char bytes[32];
    size_t want = (size_t)(digits + 1) / 2;
    size_t got = 0;
    while (got < want) {
        ssize_t n = getrandom(bytes + got, want - got, 0);
        if (n > 0) got += (size_t)n;
    }
    for (int i = 0; i < digits; i++)
        out[i] = "0123456789abcdef"[i % 2 ? bytes[i / 2] & 15 : bytes[i / 2] >> 4];
    out[digits] = '\0';
}

/* The slot of game `id`: where it is, or the empty one where it goes. */
static size_t slot_of(const struct games *gs, const char *id) {
    size_t n = sizeof gs->table / sizeof gs->table[0];
    size_t i = (size_t)strtoull(id + GAMES_ID_HEX - 12, NULL, 16) % n;
    while (gs->table[i] && strcmp(gs->table[i]->id, id) != 0) i = (i + 1) % n;
    return i;
}

static struct live_game *lookup(struct games *gs, const char *id) {
    return gs->table[slot_of(gs, id)];
}

static void live_free(struct live_game *g) {
    if (!g) return;
    for (int p = 0; p < KZ_MAX_PLAYERS; p++) {
        kz_agent_free(g->agent[p]);
        json_decref(g->history[p]);
        free(g->view[p]);
    }
    free(g->actor);
    kz_repetition_free(g->seen);
    kz_record_free(g->record);
    kz_state_free(g->state);
    kz_game_free(g->game);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

/* Add `g` to the table; when game `id` came in meanwhile, free `g` and
 * give that one; when the table is full, free `g`: NULL and 503. */
static struct live_game *enter(struct games *gs, struct live_game *g,
                               struct games_answer *a) {
    pthread_mutex_lock(&gs->lock);
    struct live_game *there = lookup(gs, g->id);
    bool full = !there && gs->count >= GAMES_MAX_LIVE;
    if (!there && !full) {
        gs->table[slot_of(gs, g->id)] = g;
        gs->count++;
    }
    pthread_mutex_unlock(&gs->lock);
    if (there || full) live_free(g);
    if (full) fail(a, 503, "busy: %d games are open on this server", GAMES_MAX_LIVE);
    return full ? NULL : there ? there : g;
}

struct games *games_open(struct api *api, const char *file, char *err, size_t n) {
    struct games *gs = calloc(1, sizeof *gs);
    if (!gs) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    gs->api = api;
    if (!(gs->store = games_store_open(file, err, n))) {
        free(gs);
        return NULL;
    }
    pthread_mutex_init(&gs->lock, NULL);
    return gs;
}

void games_close(struct games *gs) {
    if (!gs) return;
    for (size_t i = 0; i < sizeof gs->table / sizeof gs->table[0]; i++)
        live_free(gs->table[i]);
    games_store_close(gs->store);
    pthread_mutex_destroy(&gs->lock);
    free(gs);
}

const char *games_id(const struct live_game *g) {
    return g->id;
}

/* ------------------------------------------------------------- storage */

static char *record_text(const struct live_game *g) {
    long need = kz_record_json(g->record, -1, NULL, 0);
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (text) kz_record_json(g->record, -1, text, (size_t)need + 1);
    return text;
}

/* Write the game's row (under its lock). */
static int save(struct games *gs, struct live_game *g, struct games_answer *a) {
    json_t *seats = json_array(), *tokens = json_array();
    for (int p = 0; p < g->players; p++) {
        json_array_append_new(seats, json_string(g->who[p]));
        json_array_append_new(tokens, json_string(g->token[p]));
    }
    char *seats_text = json_dumps(seats, JSON_COMPACT);
    char *tokens_text = json_dumps(tokens, JSON_COMPACT);
    char *record = record_text(g);
    char err[256] = "out of memory";
    int status = -1;
    if (seats_text && tokens_text && record) {
        struct games_row row = {.id = g->id,
                                .game = kz_game_name(g->game),
                                .seats = seats_text,
                                .tokens = tokens_text,
                                .record = record,
                                .ending = g->ending[0] ? g->ending : NULL,
                                .seed = g->seed};
        status = games_store_put(gs->store, &row, err, sizeof err);
    }
    json_decref(seats);
    json_decref(tokens);
    free(seats_text);
    free(tokens_text);
    free(record);
    return status ? fail(a, 500, "%s", err) : 0;
}

/* --------------------------------------------------------------- steps */

/* Note step `before` -> g->state by `actor`, in the record's order. */
static int note_actor(struct live_game *g, int actor) {
    int n = kz_record_length(g->record);
    if (n > g->actor_cap) {
        int cap = n * 2 + 16;
        int *grown = realloc(g->actor, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        g->actor = grown, g->actor_cap = cap;
    }
    g->actor[n - 1] = actor;
    return 0;
}

/* The game ended outside its rules? Repetition and the move limit. */
static void check_end_rules(struct live_game *g) {
    if (g->ending[0] || kz_state_turn(g->state) == KZ_TURN_OVER) return;
    if ((kz_game_flags(g->game) & KZ_CAN_CYCLE) &&
        kz_repetition_add(g->seen, g->state) >= KZ_REPETITION_DRAW) {
        snprintf(g->ending, sizeof g->ending, "repetition");
        kz_record_set_ended(g->record, "repetition");
    } else if (kz_record_length(g->record) >= KZ_MATCH_MAX_PLIES) {
        snprintf(g->ending, sizeof g->ending, "length");
        kz_record_set_ended(g->record, "length");
    }
}

/* Play one step on g->state: a player's action (seat >= 0, or chance -1),
 * or with `joint` the choices of a simultaneous node; into the record and
 * every seat's history. */
static int play(struct live_game *g, int seat, kz_action action, const kz_action *joint) {
    kz_state *before = kz_state_clone(g->state);
    if (!before) return -1;
    int status = joint ? kz_record_add_joint(g->record, before, joint)
                       : kz_record_add(g->record, before, action);
    if (status == KZ_OK)
        status = joint ? kz_state_apply_joint(g->state, joint, NULL, 0)
                       : kz_state_apply(g->state, action, NULL, 0);
    if (status == KZ_OK) {
        games_history_add(g, before, joint ? -2 : seat, action, joint);
        status = note_actor(g, joint ? -2 : seat);
    }
    kz_state_free(before);
    memset(g->picked, 0, sizeof g->picked);
    g->version++;
    if (status == KZ_OK) check_end_rules(g);
    return status == KZ_OK ? 0 : -1;
}

bool games_over(const struct live_game *g) {
    return g->ending[0] || kz_state_turn(g->state) == KZ_TURN_OVER;
}

/* Does seat p act now (and has not chosen yet at a simultaneous node)? */
bool games_acts(const struct live_game *g, int p) {
    if (games_over(g)) return false;
    int turn = kz_state_turn(g->state);
    if (turn == KZ_TURN_SIMULTANEOUS)
        return (kz_state_acting(g->state) >> p & 1) && !g->picked[p];
    return turn == p;
}

/* Draw chance outcomes: the one at ply k from the seed and k. */
static int draw_chance(struct live_game *g) {
    while (!games_over(g) && kz_state_turn(g->state) == KZ_TURN_CHANCE) {
        uint64_t ply = (uint64_t)kz_record_length(g->record);
        kz_rng *rng = kz_rng_new(g->seed ^ (ply + 1) * 0x9E3779B97F4A7C15ull);
        kz_action outcome;
        int status = rng ? kz_rng_chance(rng, g->state, &outcome) : KZ_ERUNTIME;
        kz_rng_free(rng);
        if (status != KZ_OK || play(g, -1, outcome, NULL)) return -1;
    }
    return 0;
}

/* At a simultaneous node whose every acting player has chosen: play it. */
static int complete_joint(struct live_game *g) {
    if (games_over(g) || kz_state_turn(g->state) != KZ_TURN_SIMULTANEOUS) return 0;
    unsigned acting = kz_state_acting(g->state);
    for (int p = 0; p < g->players; p++)
        if ((acting >> p & 1) && !g->picked[p]) return 0;
    kz_action joint[KZ_MAX_PLAYERS] = {0};
    for (int p = 0; p < g->players; p++)
        if (acting >> p & 1) joint[p] = g->pick[p];
    return play(g, -2, 0, joint);
}

static bool is_engine(const struct live_game *g, int p) {
    return strcmp(g->who[p], "person") != 0;
}

/* The engine seat that acts now, or -1. */
static int engine_to_act(const struct live_game *g) {
    for (int p = 0; p < g->players; p++)
        if (is_engine(g, p) && games_acts(g, p)) return p;
    return -1;
}

/* Engines move until a person acts or the game ends. Called with g->lock
 * held; releases it while an engine thinks (on a copy of the state). */
static int run_engines(struct games *gs, struct live_game *g,
                       const struct api_watch *watch, struct games_answer *a) {
    for (;;) {
        if (draw_chance(g) || complete_joint(g)) return fail(a, 500, "out of memory");
        if (draw_chance(g)) return fail(a, 500, "out of memory");
        int p = engine_to_act(g);
        if (p < 0 || g->thinking) return 0;
        g->thinking = true;
        long version = g->version;
        kz_state *copy = kz_state_clone(g->state);
        bool joint = kz_state_turn(g->state) == KZ_TURN_SIMULTANEOUS;
        uint64_t seed =
            g->seed + (uint64_t)kz_record_length(g->record) * 7919u + (uint64_t)p;
        pthread_mutex_unlock(&g->lock);
        kz_action move = 0;
        char err[KZ_ERROR_BYTES] = "out of memory";
        int status = copy ? api_engine_move(gs->api, g->agent[p], copy, joint ? p : -1,
                                            seed, watch, &move, err, sizeof err)
                          : 500;
        kz_state_free(copy);
        pthread_mutex_lock(&g->lock);
        g->thinking = false;
        if (status) return fail(a, status, "engine %s: %s", g->who[p], err);
        if (g->version != version) continue; /* taken back meanwhile */
        if (joint) {
            g->pick[p] = move, g->picked[p] = true;
            g->version++;
        } else if (play(g, p, move, NULL)) {
            return fail(a, 500, "out of memory");
        }
    }
}

/* ------------------------------------------------------------ creating */

static struct live_game *live_new(const kz_state *start, const char *const *who,
                                  uint64_t seed, char *err, size_t n) {
    struct live_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    pthread_mutex_init(&g->lock, NULL);
    const kz_game *kind = kz_state_game(start);
    char variant[256];
    kz_game_variant(kind, variant, sizeof variant);
    g->players = kz_game_players(kind);
    g->seed = seed;
    if (kz_game_load(kz_game_name(kind), variant, &g->game, err, n) != KZ_OK ||
        !(g->state = kz_state_new(g->game)) || kz_state_copy(g->state, start) != KZ_OK ||
        !(g->record = kz_record_new(g->state)) || !(g->seen = kz_repetition_new())) {
        live_free(g);
        return NULL;
    }
    kz_record_set_seed(g->record, seed);
    for (int p = 0; p < g->players; p++) {
        snprintf(g->who[p], sizeof g->who[p], "%s", who[p]);
        kz_record_set_player(g->record, p, is_engine(g, p) ? who[p] : "human");
        if (!(g->history[p] = json_array())) {
            live_free(g);
            return NULL;
        }
        if (is_engine(g, p) &&
            kz_agent_new(g->game, who[p], &g->agent[p], err, n) != KZ_OK) {
            live_free(g);
            return NULL;
        }
    }
    kz_repetition_add(g->seen, g->state);
    return g;
}

/* Replay the steps of `rec` (a record of g's game from g's start). */
static int replay(struct live_game *g, const kz_record *rec, char *err, size_t n) {
    int count = kz_record_length(rec);
    for (int i = 0; i < count; i++) {
        kz_action action, choices[KZ_MAX_PLAYERS];
        unsigned acting;
        int turn = kz_record_step(rec, i, &action, choices, &acting);
        if (games_over(g)) {
            snprintf(err, n, "record: step %d comes after the end of the game", i + 1);
            return -1;
        }
        int status = turn == KZ_TURN_SIMULTANEOUS && acting
                         ? play(g, -2, 0, choices)
                         : play(g,
                                turn >= 0                ? turn
                                : turn == KZ_TURN_CHANCE ? -1
                                                         : -2,
                                action, NULL);
        if (status) {
            snprintf(err, n, "record: step %d does not replay", i + 1);
            return -1;
        }
    }
    return 0;
}

int games_create(struct games *gs, const kz_state *start, const char *const *who,
                 uint64_t seed, const kz_record *record, const struct api_watch *watch,
                 struct live_game **out, char tokens[][GAMES_TOKEN_HEX + 1],
                 struct games_answer *a) {
    char err[KZ_ERROR_BYTES] = "out of memory";
    struct live_game *g = live_new(start, who, seed, err, sizeof err);
    if (!g) return fail(a, 400, "seats: %s", err);
    if (record && replay(g, record, err, sizeof err)) {
        live_free(g);
        return fail(a, 400, "%s", err);
    }
    random_hex(g->id, GAMES_ID_HEX);
    for (int p = 0; p < g->players; p++) {
        if (!is_engine(g, p)) random_hex(g->token[p], GAMES_TOKEN_HEX);
        snprintf(tokens[p], GAMES_TOKEN_HEX + 1, "%s", g->token[p]);
    }
    a->status = 0;
    struct live_game *in = enter(gs, g, a);
    if (!in) return a->status;
    if (in != g) return fail(a, 500, "two new games drew the same id");
    pthread_mutex_lock(&g->lock);
    int status = save(gs, g, a);
    if (!status) status = run_engines(gs, g, watch, a);
    if (!status) status = save(gs, g, a);
    pthread_mutex_unlock(&g->lock);
    *out = g;
    return status;
}

/* ------------------------------------------------------------- finding */

struct loaded {
    struct games *gs;
    struct live_game *g;
    char err[KZ_ERROR_BYTES];
};

static void from_row(void *ctx, const struct games_row *row) {
    struct loaded *l = ctx;
    snprintf(l->err, sizeof l->err, "game %s: damaged", row->id);
    json_t *seats = json_loads(row->seats, 0, NULL);
    json_t *tokens = json_loads(row->tokens, 0, NULL);
    kz_record *rec = NULL;
    kz_state *start = NULL;
    const char *who[KZ_MAX_PLAYERS];
    size_t n = json_array_size(seats);
    bool ok = n >= 2 && n <= KZ_MAX_PLAYERS && json_array_size(tokens) == n &&
              kz_record_parse(NULL, row->record, strlen(row->record), &rec, l->err,
                              sizeof l->err) == KZ_OK &&
              (size_t)kz_game_players(kz_record_game(rec)) == n &&
              (start = kz_state_new(kz_record_game(rec))) &&
              kz_record_replay(rec, 0, start, NULL, 0) == KZ_OK;
    for (size_t p = 0; ok && p < n; p++)
        ok = (who[p] = json_string_value(json_array_get(seats, p))) &&
             json_string_value(json_array_get(tokens, p));
    if (ok) l->g = live_new(start, who, row->seed, l->err, sizeof l->err);
    if (l->g && replay(l->g, rec, l->err, sizeof l->err)) {
        live_free(l->g);
        l->g = NULL;
    }
    if (l->g) {
        snprintf(l->g->id, sizeof l->g->id, "%s", row->id);
        for (size_t p = 0; p < n; p++)
            snprintf(l->g->token[p], sizeof l->g->token[p], "%s",
                     json_string_value(json_array_get(tokens, p)));
        if (row->ending && !l->g->ending[0]) {
            snprintf(l->g->ending, sizeof l->g->ending, "%s", row->ending);
            games_ending_returns(l->g);
        }
    }
    kz_state_free(start);
    kz_record_free(rec);
    json_decref(seats);
    json_decref(tokens);
}

static bool id_text(const char *id) {
    if (!id || strlen(id) != GAMES_ID_HEX) return false;
    for (int i = 0; i < GAMES_ID_HEX; i++)
        if (!strchr("0123456789abcdef", id[i])) return false;
    return true;
}

/* Same text, in a time that does not depend on where they differ. */
static bool same_token(const char *a, const char *b) {
    unsigned diff = 0;
    for (int i = 0; i < GAMES_TOKEN_HEX; i++) diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

int games_find(struct games *gs, const char *id, const char *token,
               struct live_game **out, int *seat, struct games_answer *a) {
    if (!id_text(id))
        return fail(a, 400, "id: a game id (%d hex digits) is wanted", GAMES_ID_HEX);
    if (!token || strlen(token) != GAMES_TOKEN_HEX)
        return fail(a, 400, "token: a seat's token (%d hex digits) is wanted",
                    GAMES_TOKEN_HEX);
    pthread_mutex_lock(&gs->lock);
    struct live_game *g = lookup(gs, id);
    pthread_mutex_unlock(&gs->lock);
    if (!g) {
        struct loaded l = {.gs = gs};
        char err[256];
        int found = games_store_get(gs->store, id, from_row, &l, err, sizeof err);
        if (found < 0) return fail(a, 500, "%s", err);
        if (!found) return fail(a, 404, "id: no game %s on this server", id);
        if (!l.g) return fail(a, 500, "%s", l.err);
        a->status = 0;
        if (!(g = enter(gs, l.g, a))) return a->status;
    }
    for (int p = 0; p < g->players; p++)
        if (g->token[p][0] && same_token(g->token[p], token)) {
            *out = g, *seat = p;
            return 0;
        }
    return fail(a, 404, "token: not a seat of game %s", id);
}

/* -------------------------------------------------------------- acting */

static int parse_move(const struct live_game *g, int seat, const char *text,
                      kz_action *out, struct games_answer *a) {
    char err[KZ_ERROR_BYTES];
    if (kz_state_turn(g->state) != KZ_TURN_SIMULTANEOUS) {
        if (kz_state_parse_action(g->state, text, out, err, sizeof err) != KZ_OK)
            return fail(a, 400, "move: %s", err);
        return 0;
    }
    int cap = kz_game_max_actions(g->game);
    kz_action *options = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *options);
    if (!options) return fail(a, 500, "out of memory");
    int n = kz_state_joint_actions(g->state, seat, options, cap);
    char buf[128];
    for (int i = 0; i < n && i < cap; i++) {
        kz_state_joint_action_text(g->state, seat, options[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            *out = options[i];
            free(options);
            return 0;
        }
    }
    free(options);
    return fail(a, 400, "move: '%.60s' is not one of your options here", text);
}

int games_move(struct games *gs, struct live_game *g, int seat, const char *move,
               const struct api_watch *watch, struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0;
    kz_action action;
    if (games_over(g))
        status = fail(a, 409, "the game is over");
    else if (!games_acts(g, seat))
        status = fail(a, 409, "not your turn: %s acts",
                      api_turn_name(g->game, kz_state_turn(g->state)));
    else if (!move || strlen(move) > 120)
        status = fail(a, 400, "move: a move's text is wanted");
    else if (!(status = parse_move(g, seat, move, &action, a))) {
        if (kz_state_turn(g->state) == KZ_TURN_SIMULTANEOUS) {
            g->pick[seat] = action, g->picked[seat] = true;
            g->version++;
        } else if (play(g, seat, action, NULL)) {
            status = fail(a, 500, "out of memory");
        }
        if (!status) status = save(gs, g, a);
        if (!status) status = run_engines(gs, g, watch, a);
        if (!status) status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}

int games_undo(struct games *gs, struct live_game *g, int seat, struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0, last = -1;
    for (int p = 0; p < g->players; p++)
        if (p != seat && !is_engine(g, p))
            status = fail(a, 409, "undo: another person plays this game");
    for (int i = kz_record_length(g->record) - 1; !status && i >= 0 && last < 0; i--)
        if (g->actor[i] == seat || g->actor[i] == -2) last = i;
    if (!status && last < 0) status = fail(a, 409, "undo: you have made no move yet");
    if (!status) {
        /* Replay the steps before it into a fresh game, then take its place. */
        kz_record *rec = g->record;
        g->record = NULL;
        kz_state *start = kz_state_new(g->game);
        kz_record_replay(rec, 0, start, NULL, 0);
        kz_record_truncate(rec, last);
        kz_state_copy(g->state, start);
        kz_record *fresh = kz_record_new(start);
        kz_record_copy_players(fresh, rec);
        g->record = fresh;
        kz_repetition_clear(g->seen);
        kz_repetition_add(g->seen, g->state);
        for (int p = 0; p < g->players; p++) json_array_clear(g->history[p]);
        g->ending[0] = '\0';
        g->resigned = false;
        char err[KZ_ERROR_BYTES];
        if (replay(g, rec, err, sizeof err)) status = fail(a, 500, "undo: %s", err);
        kz_record_free(rec);
        kz_state_free(start);
        for (int p = 0; p < g->players; p++)
            if (g->agent[p]) kz_agent_new_game(g->agent[p]);
        g->version++;
        if (!status) status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}

void games_ending_returns(struct live_game *g) {
    const char *suffix = " resigned";
    size_t n = strlen(g->ending), k = strlen(suffix);
    g->resigned = false;
    if (n <= k || strcmp(g->ending + n - k, suffix) != 0) return;
    for (int p = 0; p < g->players; p++)
        if (strncmp(g->ending, kz_game_player_name(g->game, p), n - k) == 0 &&
            strlen(kz_game_player_name(g->game, p)) == n - k) {
            g->resigned = true;
            for (int q = 0; q < g->players; q++)
                g->returns[q] = q == p ? -1.0 : 1.0 / (g->players - 1);
        }
}

int games_resign(struct games *gs, struct live_game *g, int seat,
                 struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0;
    if (games_over(g)) {
        status = fail(a, 409, "the game is over");
    } else {
        snprintf(g->ending, sizeof g->ending, "%s resigned",
                 kz_game_player_name(g->game, seat));
        games_ending_returns(g);
        kz_record_set_reason(g->record, g->ending);
        g->version++;
        status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}

char *games_record(struct live_game *g, size_t *length, struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    char *text = NULL;
    if (!games_over(g))
        fail(a, 409,
             "the record is given once the game is over (it holds every hidden choice)");
    else if (!(text = record_text(g)))
        fail(a, 500, "out of memory");
    pthread_mutex_unlock(&g->lock);
    if (text) *length = strlen(text);
    return text;
}

int games_poke(struct games *gs, struct live_game *g, const struct api_watch *watch,
               struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0;
    if (!g->thinking && engine_to_act(g) >= 0) {
        status = run_engines(gs, g, watch, a);
        if (!status) status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}
