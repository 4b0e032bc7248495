/* The UGI engine loop (cli/ugi_session.h). */
#include "cli/ugi_session.h"
#include "cli/ugi_parse.h"
#include "lib/kz_cli.h"

#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifndef KIBITZ_VERSION
#define KIBITZ_VERSION "0.1"
#endif

struct session {
    kz_game *game;
    kz_game *owned; /* a game loaded by `setoption name variant` */
    kz_state *state;
    FILE *out;
    pthread_mutex_t lock; /* one output line at a time */
    /* options */
    char algo[256];
    int threads;
    unsigned long long seed;
    int side; /* default player for simultaneous nodes (1-based; 0: first acting) */
    /* the search running on `thread` */
    bool searching;
    pthread_t thread;
    kz_stop *stop;
    kz_state *root;
    double time;
    long iterations;
    int depth;
    int search_side;
    bool infinite; /* the running search waits for `stop` */
};

static void say(struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(struct session *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&s->lock);
    vfprintf(s->out, fmt, ap);
    fputc('\n', s->out);
    fflush(s->out);
    pthread_mutex_unlock(&s->lock);
    va_end(ap);
}

/* One protocol word: a text with no spaces (a space would split it). */
static void one_word(char *text) {
    for (char *c = text; *c; c++)
        if (*c == ' ' || *c == '\t') *c = '_';
    if (!text[0]) strcpy(text, "none");
}

/* ---------------------------------------------------------------- search */

/* "info ..." from the search document, then "bestmove M". */
static void report(struct session *s, const char *json_text, const char *move) {
    json_t *doc = json_loads(json_text, 0, NULL);
    if (doc) {
        char line[4096];
        int at = snprintf(line, sizeof line, "info");
        json_t *depth = json_object_get(doc, "depth");
        json_t *value = json_object_get(doc, "value");
        json_t *score = value ? json_object_get(value, "score") : NULL;
        json_t *nodes = json_object_get(doc, "nodes");
        json_t *iterations = json_object_get(doc, "iterations");
        json_t *seconds = json_object_get(doc, "seconds");
        json_t *pv = json_object_get(doc, "pv");
        if (json_is_integer(depth))
            at += snprintf(line + at, sizeof line - (size_t)at, " depth %lld",
                           (long long)json_integer_value(depth));
        if (json_is_number(score))
            at += snprintf(line + at, sizeof line - (size_t)at, " score cp %d",
                           (int)(json_number_value(score) * 100));
        if (json_is_integer(nodes))
            at += snprintf(line + at, sizeof line - (size_t)at, " nodes %lld",
                           (long long)json_integer_value(nodes));
        if (json_is_integer(iterations))
            at += snprintf(line + at, sizeof line - (size_t)at, " iterations %lld",
                           (long long)json_integer_value(iterations));
        if (json_is_number(seconds))
            at += snprintf(line + at, sizeof line - (size_t)at, " time %d",
                           (int)(json_number_value(seconds) * 1000));
        if (json_array_size(pv) > 0) {
            at += snprintf(line + at, sizeof line - (size_t)at, " pv");
            size_t i;
            json_t *m;
            json_array_foreach(pv, i, m) {
                if (at >= (int)sizeof line - 200) break;
                char word[KZ_TEXT_BYTES];
                snprintf(word, sizeof word, "%s",
                         json_string_value(m) ? json_string_value(m) : "");
                one_word(word);
                at += snprintf(line + at, sizeof line - (size_t)at, " %s", word);
            }
        }
        if (at > 4) say(s, "%s", line);
        json_decref(doc);
    }
    say(s, "bestmove %s", move);
}

static void *search_thread(void *arg) {
    struct session *s = arg;
    char err[KZ_ERROR_BYTES], move[KZ_TEXT_BYTES] = "none";
    size_t cap = 1 << 16;
    char *json = malloc(cap);
    kz_action best[KZ_MAX_PLAYERS];
    const char *algo = s->algo[0] ? s->algo : NULL;
    int status =
        json ? kz_search(s->root, algo, s->time, s->iterations, s->depth, s->threads,
                         s->seed, 0, s->stop, best, json, cap, NULL, err, sizeof err)
             : KZ_ERUNTIME;
    if (status && json && (s->depth > 0 || s->iterations > 0)) {
        /* A depth for MCTS or nodes for alpha-beta: say so, search anyway. */
        say(s, "info string %s; searching with the engine's own budget", err);
        status = kz_search(s->root, algo, s->time, 0, 0, s->threads, s->seed, 0, s->stop,
                           best, json, cap, NULL, err, sizeof err);
    }
    if (status) {
        say(s, "info string error: %s", json ? err : "out of memory");
        say(s, "bestmove none");
    } else {
        if (kz_state_turn(s->root) == KZ_TURN_SIMULTANEOUS) {
            int side = s->search_side;
            kz_state_joint_action_text(s->root, side, best[side], move, sizeof move);
        } else {
            kz_state_action_text(s->root, best[0], move, sizeof move);
        }
        one_word(move);
        report(s, json, move);
    }
    free(json);
    return NULL;
}

/* Wait for a running search (stopping it first when `stop`). Commands other
 * than `stop` and `quit` that arrive while a search runs wait for it to end
 * (UCI does not expect them then; a script that pipes its lines in at once
 * still gets every answer); an infinite search is stopped. */
static void settle(struct session *s);
static void finish_search(struct session *s, bool stop) {
    if (!s->searching) return;
    if (stop) kz_stop_request(s->stop);
    pthread_join(s->thread, NULL);
    s->searching = false;
    kz_state_free(s->root);
    s->root = NULL;
}

static void settle(struct session *s) {
    finish_search(s, s->infinite);
}

/* The thinking time from the clock of the player to move. */
static double clock_budget(const struct ugi_go *go, int player) {
    if (player < 0 || player >= UGI_MAX_PLAYERS || go->time_ms[player] < 0) return 0;
    double left = go->time_ms[player] / 1000.0;
    double inc = go->inc_ms[player] > 0 ? go->inc_ms[player] / 1000.0 : 0;
    double t = left / 20 + inc / 2;
    if (t > left / 2) t = left / 2;
    return t < 0.005 ? 0.005 : t;
}

static void go(struct session *s, const struct ugi_go *g) {
    settle(s);
    int turn = kz_state_turn(s->state);
    if (turn == KZ_TURN_OVER || turn == KZ_TURN_CHANCE) {
        say(s, "info string %s",
            turn == KZ_TURN_OVER ? "the game is over: no move to search"
                                 : "chance decides here: send the outcome in the moves");
        say(s, "bestmove none");
        return;
    }
    int side = g->side ? g->side : s->side;
    unsigned acting = kz_state_acting(s->state);
    if (turn == KZ_TURN_SIMULTANEOUS) {
        if (side && !(acting & (1u << (side - 1)))) {
            say(s, "info string player %d does not choose here", side);
            say(s, "bestmove none");
            return;
        }
        int p = 0;
        while (!side && !(acting & (1u << p))) p++;
        s->search_side = side ? side - 1 : p;
    }
    s->time = 0;
    s->iterations = 0;
    s->depth = 0;
    s->infinite = g->infinite;
    if (g->infinite)
        s->time = 1e9; /* until `stop` */
    else if (g->movetime_ms >= 0)
        s->time = g->movetime_ms > 0 ? g->movetime_ms / 1000.0 : 0.001;
    else
        s->time = clock_budget(g, turn >= 0 ? turn : s->search_side);
    if (g->depth > 0) s->depth = (int)(g->depth < 1000 ? g->depth : 1000);
    if (g->nodes > 0) s->iterations = g->nodes;
    if (s->time > 0 && (s->depth > 0 || s->iterations > 0)) s->time = 0; /* one budget */
    s->root = kz_state_clone(s->state);
    kz_stop_reset(s->stop);
    if (!s->root || pthread_create(&s->thread, NULL, search_thread, s) != 0) {
        kz_state_free(s->root);
        s->root = NULL;
        say(s, "info string error: cannot start the search");
        say(s, "bestmove none");
        return;
    }
    s->searching = true;
}

/* ------------------------------------------------------------- position */

/* A simultaneous step written as every acting player's option joined by
 * '&' in seat order ("h1&h3&h2"). */
static int apply_joint_word(kz_state *st, char *word, char *err, size_t n) {
    unsigned acting = kz_state_acting(st);
    if (!acting) return snprintf(err, n, "'%s': not a simultaneous node here", word), -1;
    kz_action choice[KZ_MAX_PLAYERS] = {0};
    char *save = NULL, *part = strtok_r(word, "&", &save);
    int players = kz_game_players(kz_state_game(st));
    for (int p = 0; p < players; p++) {
        if (!(acting & (1u << p))) continue;
        if (!part)
            return snprintf(err, n, "a choice is missing for player %d", p + 1), -1;
        int count = kz_state_joint_actions(st, p, NULL, 0);
        kz_action options[count > 0 ? count : 1];
        kz_state_joint_actions(st, p, options, count);
        int i = 0;
        char text[KZ_TEXT_BYTES];
        for (; i < count; i++) {
            kz_state_joint_action_text(st, p, options[i], text, sizeof text);
            if (strcmp(text, part) == 0) break;
        }
        if (i == count)
            return snprintf(err, n, "'%s' is not an option of player %d here", part,
                            p + 1),
                   -1;
        choice[p] = options[i];
        part = strtok_r(NULL, "&", &save);
    }
    if (part) return snprintf(err, n, "more choices than acting players"), -1;
    return kz_state_apply_joint(st, choice, err, n) ? -1 : 0;
}

static void position(struct session *s, struct ugi_command *cmd) {
    settle(s);
    char err[KZ_ERROR_BYTES];
    kz_state *next = kz_state_new(s->game);
    if (!next) return say(s, "info string error: out of memory");
    if (cmd->fen && kz_state_parse(next, cmd->fen, err, sizeof err)) {
        kz_state_free(next);
        return say(s, "info string error: %s (position unchanged)", err);
    }
    for (int i = 0; i < cmd->move_count; i++) {
        char *word = (char *)cmd->moves[i];
        int bad = strchr(word, '&') ? apply_joint_word(next, word, err, sizeof err)
                                    : kz_state_apply_text(next, word, err, sizeof err);
        if (bad) {
            kz_state_free(next);
            return say(s, "info string error: move %d: %s (position unchanged)", i + 1,
                       err);
        }
    }
    kz_state_free(s->state);
    s->state = next;
}

/* ---------------------------------------------------------------- query */

static void query(struct session *s, enum ugi_query q) {
    int turn = kz_state_turn(s->state);
    const kz_game *g = kz_state_game(s->state);
    int players = kz_game_players(g);
    switch (q) {
    case UGI_Q_GAMEOVER:
        say(s, "response %s", turn == KZ_TURN_OVER ? "true" : "false");
        break;
    case UGI_Q_P1TURN: say(s, "response %s", turn == 0 ? "true" : "false"); break;
    case UGI_Q_RESULT: {
        double r[KZ_MAX_PLAYERS];
        if (kz_state_returns(s->state, r)) {
            say(s, "response none");
            break;
        }
        int best = 0, ties = 0;
        for (int p = 1; p < players; p++)
            if (r[p] > r[best]) best = p;
        for (int p = 0; p < players; p++) ties += r[p] == r[best];
        if (ties > 1)
            say(s, "response draw");
        else
            say(s, "response p%dwin", best + 1);
        break;
    }
    case UGI_Q_TURN:
        if (turn >= 0)
            say(s, "response %d", turn + 1);
        else
            say(s, "response %s",
                turn == KZ_TURN_OVER     ? "over"
                : turn == KZ_TURN_CHANCE ? "chance"
                                         : "simultaneous");
        break;
    case UGI_Q_OUTCOMES:
    case UGI_Q_MOVES: {
        int cap = kz_game_max_actions(g);
        kz_action *a = malloc(sizeof *a * (size_t)cap);
        double *p = malloc(sizeof *p * (size_t)cap);
        size_t size = (size_t)cap * 64 + 16;
        char *line = malloc(size);
        if (!a || !p || !line) {
            say(s, "info string error: out of memory");
        } else {
            int n = q == UGI_Q_OUTCOMES ? kz_state_chance(s->state, a, p, cap)
                                        : kz_state_actions(s->state, a, cap);
            size_t at = 0;
            line[0] = '\0';
            for (int i = 0; i < n && i < cap; i++) {
                char text[KZ_TEXT_BYTES];
                kz_state_action_text(s->state, a[i], text, sizeof text);
                one_word(text);
                if (q == UGI_Q_OUTCOMES)
                    at += (size_t)snprintf(line + at, size - at, "%s%s:%.6g",
                                           i ? "," : "", text, p[i]);
                else
                    at += (size_t)snprintf(line + at, size - at, "%s%s", i ? "," : "",
                                           text);
                if (at >= size) break;
            }
            say(s, "response %s", line[0] ? line : "none");
        }
        free(a);
        free(p);
        free(line);
        break;
    }
    }
}

/* ------------------------------------------------------------- options */

static void setoption(struct session *s, const struct ugi_command *cmd) {
    settle(s);
    const char *name = cmd->option_name,
               *value = cmd->option_value ? cmd->option_value : "";
    char err[KZ_ERROR_BYTES];
    if (strcasecmp(name, "algo") == 0) {
        snprintf(s->algo, sizeof s->algo, "%s", value);
    } else if (strcasecmp(name, "threads") == 0 || strcasecmp(name, "seed") == 0 ||
               strcasecmp(name, "side") == 0) {
        /* The one number parser (lib/kz_cli.h), with the ranges the
         * options declare (threads: 1 to UGI_THREADS_MAX, as `ugi` says). */
        bool threads = strcasecmp(name, "threads") == 0;
        long long v = 0;
        uint64_t seed = 0;
        char nerr[KZ_CLI_ERROR_BYTES];
        int bad = strcasecmp(name, "seed") == 0
                      ? kz_cli_unsigned(name, value, &seed, nerr)
                      : kz_cli_whole(name, value, threads ? 1 : 0,
                                     threads ? UGI_THREADS_MAX : kz_game_players(s->game),
                                     &v, nerr);
        if (bad != KZ_OK) return say(s, "info string error: option %s", nerr);
        if (threads) s->threads = (int)v;
        if (strcasecmp(name, "seed") == 0) s->seed = seed;
        if (strcasecmp(name, "side") == 0) {
            if (v > kz_game_players(s->game))
                return say(s, "info string error: no player %lld in this game", v);
            s->side = (int)v;
        }
    } else if (strcasecmp(name, "variant") == 0) {
        kz_game *g;
        if (kz_game_load(kz_game_name(s->game), value, &g, err, sizeof err))
            return say(s, "info string error: %s", err);
        kz_state *st = kz_state_new(g);
        if (!st) {
            kz_game_free(g);
            return say(s, "info string error: out of memory");
        }
        kz_state_free(s->state);
        kz_game_free(s->owned);
        s->owned = s->game = g;
        s->state = st;
    } else {
        say(s, "info string unknown option '%s' ignored", name);
    }
}

/* ----------------------------------------------------------------- loop */

int ugi_serve(kz_game *game, FILE *in, FILE *out) {
    struct session s = {.game = game, .out = out, .threads = 1};
    pthread_mutex_init(&s.lock, NULL);
    s.state = kz_state_new(game);
    s.stop = kz_stop_new();
    struct ugi_command *cmd = malloc(sizeof *cmd);
    char *line = malloc(UGI_LINE_BYTES + 2);
    if (!s.state || !s.stop || !cmd || !line) {
        fprintf(stderr, "kibitz: out of memory\n");
        return 1;
    }
    while (fgets(line, UGI_LINE_BYTES + 2, in)) {
        size_t len = strlen(line);
        if (len > UGI_LINE_BYTES) { /* too long: skip the rest of it */
            int c;
            while ((c = fgetc(in)) != EOF && c != '\n') {
            }
            say(&s, "info string error: line too long, ignored");
            continue;
        }
        ugi_parse(line, cmd);
        switch (cmd->kind) {
        case UGI_EMPTY:
        case UGI_UNKNOWN: break; /* UCI: unknown commands are ignored */
        case UGI_BAD: say(&s, "info string error: %s", cmd->error); break;
        case UGI_UGI: {
            char variant[KZ_TEXT_BYTES];
            kz_game_variant(s.game, variant, sizeof variant);
            say(&s, "id name kibitz %s (%s %s)", KIBITZ_VERSION, kz_game_name(s.game),
                variant);
            say(&s, "id author the kibitz authors");
            say(&s, "option name algo type string default <auto>");
            say(&s, "option name threads type spin default 1 min 1 max %d",
                UGI_THREADS_MAX);
            say(&s, "option name seed type spin default 0 min 0 max 1000000000");
            say(&s, "option name side type spin default 0 min 0 max %d",
                kz_game_players(s.game));
            say(&s, "option name variant type string default %s", variant);
            say(&s, "ugiok");
            break;
        }
        case UGI_ISREADY: say(&s, "readyok"); break;
        case UGI_SETOPTION: setoption(&s, cmd); break;
        case UGI_NEWGAME:
            settle(&s);
            kz_state_free(s.state);
            s.state = kz_state_new(s.game);
            break;
        case UGI_POSITION: position(&s, cmd); break;
        case UGI_GO: go(&s, &cmd->go); break;
        case UGI_STOP: finish_search(&s, true); break;
        case UGI_QUERY: query(&s, cmd->query); break;
        case UGI_QUIT: finish_search(&s, true); goto done;
        }
        if (!s.state) { /* kz_state_new failed in uginewgame */
            fprintf(stderr, "kibitz: out of memory\n");
            break;
        }
    }
    /* The end of input: a search with a budget finishes and answers; only an
     * infinite one is stopped. */
    settle(&s);
done:
    kz_state_free(s.state);
    kz_game_free(s.owned);
    kz_stop_free(s.stop);
    free(cmd);
    free(line);
    pthread_mutex_destroy(&s.lock);
    return 0;
}
