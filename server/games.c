/* The games kept by the server (server/games.h): the registry of live
 * games, their rules of play (moves, chance, engines, the end) and their
 * storage. Views are drawn in server/games_view.c. */
#include "server/api_search.h"
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
        free(g->view[p]);
    }
    kz_match_free(g->match);
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
    kz_record *rec = kz_match_record(g->match);
    long need = rec ? kz_record_json(rec, -1, NULL, 0) : -1;
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (text) kz_record_json(rec, -1, text, (size_t)need + 1);
    kz_record_free(rec);
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
    char err[256] = "out of memory", ending[96] = "";
    kz_match_end_reason(g->match, ending, sizeof ending);
    int status = -1;
    if (seats_text && tokens_text && record) {
        struct games_row row = {.id = g->id,
                                .game = kz_game_name(kz_match_game(g->match)),
                                .seats = seats_text,
                                .tokens = tokens_text,
                                .record = record,
                                .ending = ending[0] ? ending : NULL,
                                .seed = kz_match_seed(g->match)};
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

static bool games_over(const struct live_game *g) {
    return kz_match_over(g->match);
}

/* Does seat p act now (and has not chosen yet at a simultaneous node)? */
static bool games_acts(const struct live_game *g, int p) {
    return kz_match_waiting(g->match) >> p & 1;
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

/* The match changed: views are drawn again, picks made before are gone
 * once their node is crossed. */
static void changed(struct live_game *g) {
    g->version++;
    for (int p = 0; p < KZ_MAX_PLAYERS; p++)
        if (!(kz_match_chosen(g->match) >> p & 1)) g->pick[p][0] = '\0';
}

/* Engines move until a person acts or the game ends (chance is drawn by
 * the match). Called with g->lock held; releases it while an engine
 * thinks (on a copy of the state). */
static int run_engines(struct games *gs, struct live_game *g,
                       const struct api_watch *watch, struct games_answer *a) {
    for (;;) {
        int p = engine_to_act(g);
        if (p < 0 || g->thinking) return 0;
        g->thinking = true;
        long version = g->version;
        kz_state *copy = kz_state_clone(kz_match_state(g->match));
        bool joint = kz_match_turn(g->match) == KZ_TURN_SIMULTANEOUS;
        uint64_t seed = kz_match_seed(g->match) +
                        (uint64_t)kz_match_ply(g->match) * 7919u + (uint64_t)p;
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
        if (kz_match_apply(g->match, p, move, err, sizeof err) != KZ_OK)
            return fail(a, 500, "engine %s: %s", g->who[p], err);
        changed(g);
    }
}

/* ------------------------------------------------------------ creating */

/* A kept game around `match` (taken; freed on failure) with `who[p]` at
 * each seat. NULL with `err`. */
static struct live_game *live_new(kz_match *match, const char *const *who, char *err,
                                  size_t n) {
    struct live_game *g = calloc(1, sizeof *g);
    if (!g) {
        kz_match_free(match);
        snprintf(err, n, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&g->lock, NULL);
    g->match = match;
    const kz_game *game = kz_match_game(match);
    g->players = kz_game_players(game);
    for (int p = 0; p < g->players; p++) {
        snprintf(g->who[p], sizeof g->who[p], "%s", who[p]);
        kz_match_set_seat(match, p, is_engine(g, p) ? who[p] : "human");
        if (is_engine(g, p) && kz_agent_new(game, who[p], &g->agent[p], err, n) != KZ_OK) {
            live_free(g);
            return NULL;
        }
    }
    return g;
}

/* The match of a new game: from `start` with `seed`, or replaying
 * `record` (its start, seed and steps). NULL with `err`. */
static kz_match *match_for(const kz_state *start, uint64_t seed, const kz_record *record,
                           char *err, size_t n) {
    kz_match *m = NULL;
    if (record) {
        if (kz_match_from_record(record, &m, err, n) != KZ_OK) return NULL;
    } else if (kz_match_new(kz_state_game(start), start, seed, &m, err, n) != KZ_OK) {
        return NULL;
    }
    return m;
}

int games_create(struct games *gs, const kz_state *start, const char *const *who,
                 uint64_t seed, const kz_record *record, const struct api_watch *watch,
                 struct live_game **out, char tokens[][GAMES_TOKEN_HEX + 1],
                 struct games_answer *a) {
    char err[KZ_ERROR_BYTES] = "out of memory";
    kz_match *m = match_for(start, seed, record, err, sizeof err);
    if (!m) return fail(a, 400, "%s%s", record ? "record: " : "position: ", err);
    struct live_game *g = live_new(m, who, err, sizeof err);
    if (!g) return fail(a, 400, "seats: %s", err);
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

/* A stored game, read back: its record replayed once into a match. */
static void from_row(void *ctx, const struct games_row *row) {
    struct loaded *l = ctx;
    snprintf(l->err, sizeof l->err, "game %s: damaged", row->id);
    json_t *seats = json_loads(row->seats, 0, NULL);
    json_t *tokens = json_loads(row->tokens, 0, NULL);
    kz_record *rec = NULL;
    kz_match *m = NULL;
    const char *who[KZ_MAX_PLAYERS];
    size_t n = json_array_size(seats);
    bool ok = n >= 2 && n <= KZ_MAX_PLAYERS && json_array_size(tokens) == n &&
              kz_record_parse(NULL, row->record, strlen(row->record), &rec, l->err,
                              sizeof l->err) == KZ_OK &&
              (size_t)kz_game_players(kz_record_game(rec)) == n &&
              kz_match_from_record(rec, &m, l->err, sizeof l->err) == KZ_OK;
    for (size_t p = 0; ok && p < n; p++)
        ok = (who[p] = json_string_value(json_array_get(seats, p))) &&
             json_string_value(json_array_get(tokens, p));
    if (ok) {
        l->g = live_new(m, who, l->err, sizeof l->err);
        m = NULL;
    }
    if (l->g) {
        snprintf(l->g->id, sizeof l->g->id, "%s", row->id);
        for (size_t p = 0; p < n; p++)
            snprintf(l->g->token[p], sizeof l->g->token[p], "%s",
                     json_string_value(json_array_get(tokens, p)));
    }
    kz_match_free(m);
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

/* The HTTP status of a match's refusal. */
static int refused(int kz_status) {
    return kz_status == KZ_EOVER || kz_status == KZ_ETURN ? 409
           : kz_status == KZ_EINVAL                       ? 400
                                                          : 500;
}

int games_move(struct games *gs, struct live_game *g, int seat, const char *move,
               const struct api_watch *watch, struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0;
    kz_action action;
    char err[KZ_ERROR_BYTES];
    bool joint = kz_match_turn(g->match) == KZ_TURN_SIMULTANEOUS;
    if (!move || strlen(move) > GAMES_SPEC_MAX) {
        status = fail(a, 400, "move: a move's text is wanted");
    } else if ((status = kz_match_parse_action(g->match, seat, move, &action, err,
                                               sizeof err)) != KZ_OK ||
               (status = kz_match_apply(g->match, seat, action, err, sizeof err)) !=
                   KZ_OK) {
        status = fail(a, refused(status), "move: %s", err);
    } else {
        if (joint) snprintf(g->pick[seat], sizeof g->pick[seat], "%s", move);
        changed(g);
        status = save(gs, g, a);
        if (!status) status = run_engines(gs, g, watch, a);
        if (!status) status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}

/* The last step `seat` took part in (a move of its own or a simultaneous
 * node where it acted), or -1. */
static int last_step_of(const struct live_game *g, int seat) {
    kz_record *rec = kz_match_record(g->match);
    int last = -1;
    for (int i = rec ? kz_record_length(rec) - 1 : -1; i >= 0 && last < 0; i--) {
        kz_action action, choices[KZ_MAX_PLAYERS];
        unsigned acting = 0;
        int turn = kz_record_step(rec, i, &action, choices, &acting);
        if (turn == seat || (turn == KZ_TURN_SIMULTANEOUS && (acting >> seat & 1)))
            last = i;
    }
    kz_record_free(rec);
    return last;
}

int games_undo(struct games *gs, struct live_game *g, int seat, struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    int status = 0;
    for (int p = 0; p < g->players; p++)
        if (p != seat && !is_engine(g, p))
            status = fail(a, 409, "undo: another person plays this game");
    bool picked = kz_match_chosen(g->match) >> seat & 1;
    int last = picked ? kz_match_ply(g->match) : last_step_of(g, seat);
    if (!status && last < 0) status = fail(a, 409, "undo: you have made no move yet");
    char err[KZ_ERROR_BYTES];
    /* The match takes back one step a player made at a time (with the
     * chance after it), or the picks made at this node. */
    while (!status && (picked || kz_match_ply(g->match) > last)) {
        picked = false;
        if (kz_match_undo(g->match, err, sizeof err) != KZ_OK)
            status = fail(a, 500, "undo: %s", err);
    }
    if (!status) {
        for (int p = 0; p < g->players; p++)
            if (g->agent[p]) kz_agent_new_game(g->agent[p]);
        changed(g);
        status = save(gs, g, a);
    }
    pthread_mutex_unlock(&g->lock);
    return status;
}

int games_resign(struct games *gs, struct live_game *g, int seat,
                 struct games_answer *a) {
    pthread_mutex_lock(&g->lock);
    char err[KZ_ERROR_BYTES];
    int status = kz_match_resign(g->match, seat, err, sizeof err);
    if (status != KZ_OK) {
        status = fail(a, refused(status), "%s", err);
    } else {
        changed(g);
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
