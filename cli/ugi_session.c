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
    /* The game of the last `position`, played through a refereed match
     * (chance outcomes are the runner's): the position, and the rules
     * outside it that end the game as in `play` and `arena` (repetition,
     * the move limit). `line` keeps the words it was built from, so that
     * the next `position` of the same game plays only its new moves. */
    kz_match *match;
    char *line_fen;
    char **line; /* room for UGI_MAX_MOVES words */
    int line_count;
    bool line_known; /* line_fen and line hold the match's line */
    FILE *out;
    pthread_mutex_t lock; /* one output line at a time */
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
    struct ugi_lag lag[UGI_MAX_PLAYERS]; /* each clock's cost beyond searches */
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
    const kz_state *state = kz_match_state(s->match);
    if (kz_rng_chance(s->chance, state, &outcome) != KZ_OK ||
        !kz_state_action_text(state, outcome, move, sizeof move)) {
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
    int turn = kz_match_turn(s->match);
    if (turn == KZ_TURN_CHANCE) return answer_chance(s);
    if (turn == KZ_TURN_OVER) {
        char why[64];
        kz_match_end_reason(s->match, why, sizeof why);
        say(s, "info string the game is over by %s: no move to search", why);
        say(s, "bestmove none");
        return;
    }
    int side = g->side ? g->side : s->side;
    unsigned acting = kz_match_waiting(s->match);
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
    struct ugi_budget budget =
        ugi_budget_learning(g, turn >= 0 ? turn : s->search_side, s->lag);
    if (g->infinite) {
        s->time = KZ_MAX_SECONDS;                             /* until `stop` */
    } else if (budget.timed && !s->depth && !s->iterations) { /* one budget */
        s->time = budget.search_s;
        say(s, "info string budget %d limit %d overhead %d", (int)(budget.search_s * 1000),
            (int)(budget.limit_s * 1000), (int)(budget.overhead_s * 1000));
    }
    have_table(s);
    /* The engine is shown what the seat it plays may know, nothing more:
     * in games with hidden information the seat's view (the runner sends
     * the true position). */
    s->root = kz_match_view(s->match, turn >= 0 ? turn : s->search_side);
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

/* One word of a `position` line played on the match: a player's move, a
 * chance outcome (the runner referees chance), or a simultaneous step,
 * written as the one move the game lists for it or as every acting
 * player's option joined by '&' in seat order ("h1&h3&h2"). */
static int play_word(kz_match *m, char *word, char *err, size_t n) {
    int turn = kz_match_turn(m);
    if (turn == KZ_TURN_SIMULTANEOUS && strchr(word, '&')) {
        unsigned acting = kz_match_waiting(m);
        int players = kz_game_players(kz_match_game(m));
        char *save = NULL, *part = strtok_r(word, "&", &save);
        for (int p = 0; p < players; p++) {
            if (!(acting & (1u << p))) continue;
            if (!part)
                return snprintf(err, n, "a choice is missing for player %d", p + 1), -1;
            if (kz_match_apply_text(m, p, part, err, n)) return -1;
            part = strtok_r(NULL, "&", &save);
        }
        if (part) return snprintf(err, n, "more choices than acting players"), -1;
        return 0;
    }
    if (strchr(word, '&'))
        return snprintf(err, n, "'%s': not a simultaneous node here", word), -1;
    /* A player's move, or the referee's step (chance, a joint move). */
    return kz_match_apply_text(m, turn, word, err, n) ? -1 : 0;
}

/* Play words[from..count) of a line on `m`. Words after the end of the
 * game (by any rule) are not played: the runner may not know the rule
 * (repetition, the move limit), and the game stays over. 0, or -1 with
 * the failing word's message in err. */
static int play_words(kz_match *m, char *const *words, int from, int count, char *err,
                      size_t n) {
    for (int i = from; i < count && !kz_match_over(m); i++) {
        char word[KZ_TEXT_BYTES];
        if (strlen(words[i]) >= sizeof word)
            return snprintf(err, n, "move %d: too long", i + 1), -1;
        strcpy(word, words[i]);
        size_t at = (size_t)snprintf(err, n, "move %d: ", i + 1);
        if (play_word(m, word, err + at, n - at)) return -1;
    }
    return 0;
}

/* A refereed match from `fen` (NULL: the start) with `count` words. NULL
 * with a message on error. */
static kz_match *match_of_line(const kz_game *g, const char *fen, char *const *words,
                               int count, char *err, size_t n) {
    kz_state *start = NULL;
    if (fen) {
        start = kz_state_new(g);
        if (!start) return snprintf(err, n, "out of memory"), NULL;
        if (kz_state_parse(start, fen, err, n)) {
            kz_state_free(start);
            return NULL;
        }
    }
    kz_match *m = NULL;
    int bad = kz_match_new_refereed(g, start, &m, err, n);
    kz_state_free(start);
    if (bad) return NULL;
    if (play_words(m, words, 0, count, err, n)) {
        kz_match_free(m);
        return NULL;
    }
    return m;
}

/* Forget the line of the current match. */
static void forget_line(struct session *s) {
    for (int i = 0; i < s->line_count; i++) free(s->line[i]);
    s->line_count = 0;
    free(s->line_fen);
    s->line_fen = NULL;
}

/* Keep the line (fen, words) the match was built from; false when out of
 * memory (then no line is kept: the next position rebuilds). */
static bool keep_line(struct session *s, const char *fen, const char *const *words,
                      int count) {
    forget_line(s);
    s->line_known = false;
    if (fen && !(s->line_fen = strdup(fen))) return false;
    for (; s->line_count < count; s->line_count++)
        if (!(s->line[s->line_count] = strdup(words[s->line_count]))) break;
    s->line_known = s->line_count == count;
    if (!s->line_known) forget_line(s);
    return s->line_known;
}

/* Does the command's line continue the current match's (same start, its
 * words first)? Then only the new words need playing: a runner sends the
 * whole game before each move, and replaying it all would cost the square
 * of its length. */
static bool continues_line(const struct session *s, const struct ugi_command *cmd) {
    if (!s->line_known || cmd->move_count < s->line_count) return false;
    if ((cmd->fen == NULL) != (s->line_fen == NULL)) return false;
    if (cmd->fen && strcmp(cmd->fen, s->line_fen) != 0) return false;
    for (int i = 0; i < s->line_count; i++)
        if (strcmp(cmd->moves[i], s->line[i]) != 0) return false;
    return true;
}

/* The match of the command's line: the game is played through one match
 * (include/kibitz.h, "matches"), so repetition and the move limit end it
 * as they end `play` and `arena`, chance outcomes are the runner's. */
static void position(struct session *s, struct ugi_command *cmd) {
    settle(s);
    char err[KZ_ERROR_BYTES];
    char *const *words = (char *const *)cmd->moves;
    if (continues_line(s, cmd)) {
        int from = s->line_count;
        if (play_words(s->match, words, from, cmd->move_count, err, sizeof err) == 0) {
            keep_line(s, cmd->fen, cmd->moves, cmd->move_count);
            return;
        }
        /* The new words failed part way: back to the line as it was. */
        char again[KZ_ERROR_BYTES];
        kz_match *m = match_of_line(s->game, s->line_fen, s->line, s->line_count, again,
                                    sizeof again);
        if (!m) return say(s, "info string error: %s", again);
        kz_match_free(s->match);
        s->match = m;
        return say(s, "info string error: %s (position unchanged)", err);
    }
    kz_match *m =
        match_of_line(s->game, cmd->fen, words, cmd->move_count, err, sizeof err);
    if (!m) return say(s, "info string error: %s (position unchanged)", err);
    kz_match_free(s->match);
    s->match = m;
    keep_line(s, cmd->fen, cmd->moves, cmd->move_count);
}

/* The start position as the match of a new game. */
static bool start_match(struct session *s) {
    char err[KZ_ERROR_BYTES];
    kz_match *m = match_of_line(s->game, NULL, NULL, 0, err, sizeof err);
    if (!m) return false;
    kz_match_free(s->match);
    s->match = m;
    keep_line(s, NULL, NULL, 0);
    return true;
}

/* ---------------------------------------------------------------- query */

/* Why the game is over, as an info line before the answer (a runner that
 * knows no repetition rule learns why the engine calls it a draw). */
static void tell_ending(struct session *s) {
    char why[64];
    if (kz_match_end_reason(s->match, why, sizeof why) > 0)
        say(s, "info string game over by %s", why);
}

static void query(struct session *s, enum ugi_query q) {
    int turn = kz_match_turn(s->match);
    const kz_state *state = kz_match_state(s->match);
    const kz_game *g = kz_match_game(s->match);
    int players = kz_game_players(g);
    switch (q) {
    case UGI_Q_GAMEOVER:
        tell_ending(s);
        say(s, "response %s", turn == KZ_TURN_OVER ? "true" : "false");
        break;
    case UGI_Q_P1TURN: say(s, "response %s", turn == 0 ? "true" : "false"); break;
    case UGI_Q_RESULT: {
        double r[KZ_MAX_PLAYERS];
        tell_ending(s);
        if (kz_match_returns(s->match, r)) {
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
            int n = turn == KZ_TURN_OVER  ? 0
                    : q == UGI_Q_OUTCOMES ? kz_state_chance(state, a, p, cap)
                                          : kz_state_actions(state, a, cap);
            size_t at = 0;
            line[0] = '\0';
            for (int i = 0; i < n && i < cap; i++) {
                char text[KZ_TEXT_BYTES];
                kz_state_action_text(state, a[i], text, sizeof text);
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
    if (!start_match(s)) say(s, "info string error: out of memory (position unchanged)");
    kz_table_clear(s->table);
    restart_chance(s);
    memset(s->lag, 0, sizeof s->lag);
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
        kz_match *m = match_of_line(g, NULL, NULL, 0, err, sizeof err);
        if (!m) {
            kz_game_free(g);
            return say(s, "info string error: %s", err);
        }
        kz_match_free(s->match);
        kz_game_free(s->owned);
        s->owned = s->game = g;
        s->match = m;
        keep_line(s, NULL, NULL, 0);
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
    s.line = calloc(UGI_MAX_MOVES, sizeof *s.line);
    s.stop = kz_stop_new();
    s.chance = kz_rng_new(s.seed);
    struct ugi_command *cmd = malloc(sizeof *cmd);
    char *line = malloc(UGI_LINE_BYTES + 2);
    if (!s.line || !start_match(&s) || !s.stop || !s.chance || !cmd || !line) {
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
    }
    /* The end of input: a search with a budget finishes and answers; only an
     * infinite one is stopped. */
    settle(&s);
done:
    kz_match_free(s.match);
    forget_line(&s);
    free(s.line);
    kz_game_free(s.owned);
    kz_stop_free(s.stop);
    kz_rng_free(s.chance);
    kz_table_free(s.table);
    free(cmd);
    free(line);
    pthread_mutex_destroy(&s.lock);
    return 0;
}
