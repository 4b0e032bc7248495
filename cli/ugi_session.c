/* The UGI engine loop (cli/ugi_session.h). */
#include "cli/ugi_session.h"
#include "cli/ugi_clock.h"
#include "cli/ugi_parse.h"
#include "cli/backend/kz_cli.h"

#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#ifndef KIBITZ_VERSION
#define KIBITZ_VERSION "0.1"
#endif

/* The alpha-beta table of a session when `setoption name hash` is not sent
 * (the size the command line's searches use). */
enum { UGI_DEFAULT_HASH_MIB = 64 };

struct session {
    kz_game *game;
    kz_game *owned; /* a game loaded by `setoption name variant` */
    kz_state *state;
    FILE *out;
    pthread_mutex_t lock; /* one output line at a time */
    /* The rules outside the position, as in arena (kz_match_play): the
     * game is a draw at the third occurrence of a position (games with
     * KZ_CAN_CYCLE) and after KZ_MATCH_MAX_PLIES plies. `ended` names the
     * rule that ended the game of `state`, NULL when none did. */
    kz_repetition *seen;
    const char *ended;
    /* options */
    char algo[256];
    int threads;
    unsigned long long seed;
    int side;     /* default player for simultaneous nodes (1-based; 0: first acting) */
    int hash_mib; /* the size of `table` */
    kz_table *table; /* alpha-beta's table: made once (at isready or the first
                        go), kept between searches, cleared at uginewgame */
    kz_rng *chance;  /* draws the outcome a `go` at a chance node answers */
    /* the search running on `thread` */
    bool searching;
    pthread_t thread;
    kz_stop *stop;
    kz_state *root;
    double time;
    long iterations;
    int depth;
    int search_side;
    bool infinite;   /* the running search waits for `stop` */
    double go_start; /* when `go` arrived (monotonic seconds) */
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

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

/* "info ..." from the search document, then "bestmove M". The `time` is
 * the whole answer's, from the arrival of `go` to now, not the search's
 * alone: what the runner's clock sees, less the pipe. */
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
        at += snprintf(line + at, sizeof line - (size_t)at, " time %d",
                       (int)((now() - s->go_start) * 1000));
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
    struct kz_search_options o = {.algo = s->algo[0] ? s->algo : NULL,
                                  .time = s->time,
                                  .iterations = s->iterations,
                                  .depth = s->depth,
                                  .threads = s->threads,
                                  .seed = s->seed,
                                  .stop = s->stop,
                                  .table = s->table};
    int status = json
                     ? kz_search_with(s->root, &o, best, json, cap, NULL, err, sizeof err)
                     : KZ_ERUNTIME;
    if (status == KZ_EINVAL && json && (s->depth > 0 || s->iterations > 0)) {
        /* A depth for MCTS or nodes for alpha-beta: say so, search anyway
         * (not after a runtime failure: threads that cannot start). */
        say(s, "info string %s; searching with the engine's own budget", err);
        o.depth = 0, o.iterations = 0;
        status = kz_search_with(s->root, &o, best, json, cap, NULL, err, sizeof err);
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

/* The table alpha-beta keeps between searches, made when first needed
 * (UCI engines do their heavy setup at `isready`, before the clock runs). */
static bool have_table(struct session *s) {
    if (s->table) return true;
    const char *engine = s->algo[0] ? s->algo : kz_game_default_engine(s->game);
    if (strncmp(engine, "alphabeta", 9) != 0) return false; /* the others keep none */
    char err[KZ_ERROR_BYTES];
    if (kz_table_new(s->hash_mib, &s->table, err, sizeof err) == KZ_OK) return true;
    say(s, "info string error: %s; each search makes its own", err);
    return false;
}

/* A `go` at a chance node: nature's outcome, drawn from the session's
 * seeded stream (`setoption name seed`; restarted at uginewgame), so that
 * a runner that asks the engines to move at every node drives a game of
 * chance like any other (docs/UGI.md, "Chance"). */
static void answer_chance(struct session *s) {
    kz_action outcome;
    char move[KZ_TEXT_BYTES];
    if (kz_rng_chance(s->chance, s->state, &outcome) != KZ_OK ||
        !kz_state_action_text(s->state, outcome, move, sizeof move)) {
        say(s, "info string error: no chance outcome here");
        say(s, "bestmove none");
        return;
    }
    one_word(move);
    say(s, "info string chance outcome drawn");
    say(s, "bestmove %s", move);
}

static void go(struct session *s, const struct ugi_go *g) {
    settle(s);
    s->go_start = now();
    int turn = kz_state_turn(s->state);
    if (turn == KZ_TURN_CHANCE && !s->ended) return answer_chance(s);
    if (turn == KZ_TURN_OVER || s->ended) {
        say(s, "info string the game is over%s%s: no move to search",
            s->ended ? " by " : "", s->ended ? s->ended : "");
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
    if (g->depth > 0) s->depth = (int)(g->depth < KZ_MAX_DEPTH ? g->depth : KZ_MAX_DEPTH);
    if (g->nodes > 0)
        s->iterations = g->nodes < KZ_MAX_ITERATIONS ? g->nodes : KZ_MAX_ITERATIONS;
    struct ugi_budget budget = ugi_budget(g, turn >= 0 ? turn : s->search_side);
    if (g->infinite) {
        s->time = KZ_MAX_SECONDS;                             /* until `stop` */
    } else if (budget.timed && !s->depth && !s->iterations) { /* one budget */
        s->time = budget.search_s;
        say(s, "info string budget %d limit %d", (int)(budget.search_s * 1000),
            (int)(budget.limit_s * 1000));
    }
    have_table(s);
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

/* Note the position `st` reached after `plies` plies of the line, as the
 * arena's game loop does before each ply: the rule that ends the game here
 * (a position seen for the third time, the ply limit), or NULL. */
static const char *rule_ending(struct session *s, const kz_state *st, int plies) {
    if (kz_state_turn(st) == KZ_TURN_OVER) return NULL; /* the game's own end */
    if (plies >= KZ_MATCH_MAX_PLIES) return "length";
    if ((kz_game_flags(s->game) & KZ_CAN_CYCLE) &&
        kz_repetition_add(s->seen, st) >= KZ_REPETITION_DRAW)
        return "repetition";
    return NULL;
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
    /* The positions are counted from the line's start, as one game. Moves
     * after an end by rule are still played (a runner may ignore the
     * rule), but the game stays over. */
    kz_repetition_clear(s->seen);
    const char *ended = rule_ending(s, next, 0);
    for (int i = 0; i < cmd->move_count; i++) {
        char *word = (char *)cmd->moves[i];
        int bad = strchr(word, '&') ? apply_joint_word(next, word, err, sizeof err)
                                    : kz_state_apply_text(next, word, err, sizeof err);
        if (bad) {
            kz_state_free(next);
            return say(s, "info string error: move %d: %s (position unchanged)", i + 1,
                       err);
        }
        const char *why = rule_ending(s, next, i + 1);
        if (!ended) ended = why;
    }
    kz_state_free(s->state);
    s->state = next;
    s->ended = ended;
}

/* ---------------------------------------------------------------- query */

static void query(struct session *s, enum ugi_query q) {
    int turn = s->ended ? KZ_TURN_OVER : kz_state_turn(s->state);
    const kz_game *g = kz_state_game(s->state);
    int players = kz_game_players(g);
    switch (q) {
    case UGI_Q_GAMEOVER:
        say(s, "response %s", turn == KZ_TURN_OVER ? "true" : "false");
        break;
    case UGI_Q_P1TURN: say(s, "response %s", turn == 0 ? "true" : "false"); break;
    case UGI_Q_RESULT: {
        double r[KZ_MAX_PLAYERS];
        if (s->ended) { /* a draw by rule */
            say(s, "response draw");
            break;
        }
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
            int n = s->ended              ? 0
                    : q == UGI_Q_OUTCOMES ? kz_state_chance(s->state, a, p, cap)
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

/* The chance stream starts again from the seed (a new game, a new seed). */
static void restart_chance(struct session *s) {
    kz_rng_free(s->chance);
    s->chance = kz_rng_new(s->seed);
}

/* uginewgame: the start position, and nothing kept from the last game, so
 * that games are played as arena plays them (its players forget their
 * tables between games). */
static void new_game(struct session *s) {
    settle(s);
    kz_state_free(s->state);
    s->state = kz_state_new(s->game);
    s->ended = NULL;
    kz_repetition_clear(s->seen);
    kz_table_clear(s->table);
    restart_chance(s);
}

static void setoption(struct session *s, const struct ugi_command *cmd) {
    settle(s);
    const char *name = cmd->option_name,
               *value = cmd->option_value ? cmd->option_value : "";
    char err[KZ_ERROR_BYTES];
    if (strcasecmp(name, "algo") == 0) {
        /* Refused now, not at the first `go`: an engine that cannot search
         * this game would answer no move and a runner would ask forever. */
        bool automatic = !value[0] || strcmp(value, "<auto>") == 0;
        if (!automatic && kz_search_check(s->game, value, err, sizeof err))
            return say(s, "info string error: %s (algo stays '%s')", err,
                       s->algo[0] ? s->algo : "<auto>");
        if (strlen(value) >= sizeof s->algo)
            return say(s, "info string error: algo: the spec is too long");
        snprintf(s->algo, sizeof s->algo, "%s", automatic ? "" : value);
    } else if (strcasecmp(name, "threads") == 0 || strcasecmp(name, "seed") == 0 ||
               strcasecmp(name, "side") == 0 || strcasecmp(name, "hash") == 0) {
        /* The one number parser (cli/backend/kz_cli.h), with the range each option
         * declares in the answer to `ugi`. */
        bool threads = strcasecmp(name, "threads") == 0,
             hash = strcasecmp(name, "hash") == 0, seed = strcasecmp(name, "seed") == 0;
        long long high = threads ? KZ_MAX_THREADS
                         : hash  ? KZ_MAX_TABLE_MIB
                         : seed  ? 1000000000
                                 : kz_game_players(s->game);
        long long v;
        char nerr[KZ_CLI_ERROR_BYTES];
        if (kz_cli_whole(name, value, threads || hash ? 1 : 0, high, &v, nerr) != KZ_OK)
            return say(s, "info string error: option %.200s", nerr);
        if (threads) s->threads = (int)v;
        if (seed) {
            s->seed = (unsigned long long)v;
            restart_chance(s);
        }
        if (strcasecmp(name, "side") == 0) {
            if (v > kz_game_players(s->game))
                return say(s, "info string error: no player %lld in this game", v);
            s->side = (int)v;
        }
        if (strcasecmp(name, "hash") == 0) {
            kz_table *table;
            if (kz_table_new((int)v, &table, err, sizeof err))
                return say(s, "info string error: hash: %s (hash stays %d MiB)", err,
                           s->hash_mib);
            kz_table_free(s->table);
            s->table = table;
            s->hash_mib = (int)v;
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
        s->ended = NULL;
        kz_table_clear(s->table); /* positions of other rules */
        if (s->algo[0] && kz_search_check(s->game, s->algo, err, sizeof err)) {
            say(s, "info string %s: algo back to <auto>", err);
            s->algo[0] = '\0';
        }
    } else {
        say(s, "info string unknown option '%s' ignored", name);
    }
}

/* ----------------------------------------------------------------- loop */

int ugi_serve(kz_game *game, FILE *in, FILE *out) {
    struct session s = {
        .game = game, .out = out, .threads = 1, .hash_mib = UGI_DEFAULT_HASH_MIB};
    pthread_mutex_init(&s.lock, NULL);
    s.state = kz_state_new(game);
    s.stop = kz_stop_new();
    s.seen = kz_repetition_new();
    s.chance = kz_rng_new(s.seed);
    struct ugi_command *cmd = malloc(sizeof *cmd);
    char *line = malloc(UGI_LINE_BYTES + 2);
    if (!s.state || !s.stop || !s.seen || !s.chance || !cmd || !line) {
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
                KZ_MAX_THREADS);
            say(&s, "option name hash type spin default %d min 1 max %d",
                UGI_DEFAULT_HASH_MIB, KZ_MAX_TABLE_MIB);
            say(&s, "option name seed type spin default 0 min 0 max 1000000000");
            say(&s, "option name side type spin default 0 min 0 max %d",
                kz_game_players(s.game));
            say(&s, "option name variant type string default %s", variant);
            say(&s, "ugiok");
            break;
        }
        case UGI_ISREADY:
            have_table(&s);
            say(&s, "readyok");
            break;
        case UGI_SETOPTION: setoption(&s, cmd); break;
        case UGI_NEWGAME: new_game(&s); break;
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
    kz_repetition_free(s.seen);
    kz_rng_free(s.chance);
    kz_table_free(s.table);
    free(cmd);
    free(line);
    pthread_mutex_destroy(&s.lock);
    return 0;
}
