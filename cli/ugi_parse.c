/* The UGI line parser (cli/ugi_parse.h): words in, one command out. */
#include "cli/ugi_parse.h"
#include "cli/backend/kz_cli.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_WORDS = UGI_MAX_MOVES + 64 };

static int bad(struct ugi_command *cmd, const char *message, const char *word) {
    cmd->kind = UGI_BAD;
    snprintf(cmd->error, sizeof cmd->error, "%s%s%.80s%s", message, word ? " '" : "",
             word ? word : "", word ? "'" : "");
    return -1;
}

/* A whole non-negative number; -1 (with the error set) otherwise. */
static long number(struct ugi_command *cmd, const char *key, const char *word) {
    if (!word) return bad(cmd, "a number is missing after", key), -1;
    char err[KZ_CLI_ERROR_BYTES];
    long long v;
    if (kz_cli_whole(key, word, 0, 1000000000000LL, &v, err) != KZ_OK) {
        cmd->kind = UGI_BAD;
        snprintf(cmd->error, sizeof cmd->error, "%.150s", err);
        return -1;
    }
    return (long)v;
}

/* Words of `buf` split in place at spaces and tabs. */
static int split(char *buf, char **words) {
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t\r\n", &save); w && n < MAX_WORDS;
         w = strtok_r(NULL, " \t\r\n", &save))
        words[n++] = w;
    return n;
}

/* Join words[from..to) with single spaces, in place (the words lie in order
 * in the buffer, so moving each down over the gaps is safe). */
static const char *join(char **words, int from, int to) {
    char *out = words[from];
    char *at = out + strlen(out);
    for (int i = from + 1; i < to; i++) {
        size_t len = strlen(words[i]);
        *at++ = ' ';
        memmove(at, words[i], len);
        at += len;
    }
    *at = '\0';
    return out;
}

static void parse_setoption(struct ugi_command *cmd, char **w, int n) {
    if (n < 3 || strcmp(w[1], "name") != 0) {
        bad(cmd, "setoption wants: setoption name <id> [value <x>]", NULL);
        return;
    }
    int value_at = 2;
    while (value_at < n && strcmp(w[value_at], "value") != 0) value_at++;
    if (value_at == 2) {
        bad(cmd, "setoption: the option name is missing", NULL);
        return;
    }
    cmd->kind = UGI_SETOPTION;
    if (value_at < n) {
        cmd->option_value = value_at + 1 < n ? join(w, value_at + 1, n) : "";
    }
    cmd->option_name = join(w, 2, value_at);
}

static void parse_position(struct ugi_command *cmd, char **w, int n) {
    int at = 1;
    if (at < n && strcmp(w[at], "startpos") == 0) {
        at++;
    } else if (at < n && strcmp(w[at], "fen") == 0) {
        int end = ++at;
        while (end < n && strcmp(w[end], "moves") != 0) end++;
        if (end == at) {
            bad(cmd, "position fen: the position is missing", NULL);
            return;
        }
        cmd->fen = join(w, at, end);
        at = end;
    } else {
        bad(cmd, "position wants startpos or fen <position>", at < n ? w[at] : NULL);
        return;
    }
    if (at < n) {
        if (strcmp(w[at], "moves") != 0) {
            bad(cmd, "position: 'moves' expected, not", w[at]);
            return;
        }
        for (at++; at < n; at++) {
            if (cmd->move_count == UGI_MAX_MOVES) {
                bad(cmd, "position: too many moves", NULL);
                return;
            }
            cmd->moves[cmd->move_count++] = w[at];
        }
    }
    cmd->kind = UGI_POSITION;
}

static void parse_go(struct ugi_command *cmd, char **w, int n) {
    struct ugi_go *go = &cmd->go;
    go->movetime_ms = go->depth = go->nodes = -1;
    for (int p = 0; p < UGI_MAX_PLAYERS; p++) go->time_ms[p] = go->inc_ms[p] = -1;
    for (int i = 1; i < n; i++) {
        const char *key = w[i];
        const char *next = i + 1 < n ? w[i + 1] : NULL;
        long *slot = NULL;
        if (strcmp(key, "infinite") == 0) {
            go->infinite = true;
            continue;
        }
        if (strcmp(key, "movetime") == 0) slot = &go->movetime_ms;
        if (strcmp(key, "depth") == 0) slot = &go->depth;
        if (strcmp(key, "nodes") == 0) slot = &go->nodes;
        if (key[0] == 'p' && key[1] >= '1' && key[1] <= '4') {
            int p = key[1] - '1';
            if (strcmp(key + 2, "time") == 0) slot = &go->time_ms[p];
            if (strcmp(key + 2, "inc") == 0) slot = &go->inc_ms[p];
        }
        if (strcmp(key, "side") == 0) {
            long side = number(cmd, key, next);
            if (side < 0) return;
            if (side < 1 || side > UGI_MAX_PLAYERS) {
                bad(cmd, "go side wants a player from 1 to 4, not", next);
                return;
            }
            go->side = (int)side;
            i++;
            continue;
        }
        if (!slot) continue; /* unknown words of go are ignored (UCI) */
        /* A clock already overstepped comes as a negative time (runners
         * send it so): out of time, think as little as possible. */
        const char *digits = next;
        if (slot >= go->time_ms && slot < go->time_ms + UGI_MAX_PLAYERS && next &&
            next[0] == '-')
            digits = next + 1;
        if ((*slot = number(cmd, key, digits)) < 0) return;
        if (digits != next) *slot = 0;
        i++;
    }
    cmd->kind = UGI_GO;
}

static void parse_query(struct ugi_command *cmd, char **w, int n) {
    static const struct {
        const char *word;
        enum ugi_query q;
    } questions[] = {
        {"gameover", UGI_Q_GAMEOVER}, {"p1turn", UGI_Q_P1TURN},
        {"result", UGI_Q_RESULT},     {"turn", UGI_Q_TURN},
        {"outcomes", UGI_Q_OUTCOMES}, {"moves", UGI_Q_MOVES},
    };
    if (n < 2) {
        bad(cmd, "query wants gameover, p1turn, result, turn, outcomes or moves", NULL);
        return;
    }
    for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++)
        if (strcmp(w[1], questions[i].word) == 0) {
            cmd->kind = UGI_QUERY;
            cmd->query = questions[i].q;
            return;
        }
    bad(cmd, "unknown query", w[1]);
}

void ugi_parse(const char *line, struct ugi_command *cmd) {
    memset(cmd, 0, offsetof(struct ugi_command, buf));
    cmd->buf[0] = '\0';
    size_t len = strlen(line);
    if (len >= sizeof cmd->buf) {
        bad(cmd, "line too long", NULL);
        return;
    }
    memcpy(cmd->buf, line, len + 1);
    static _Thread_local char *words[MAX_WORDS];
    int n = split(cmd->buf, words);
    if (n == 0) {
        cmd->kind = UGI_EMPTY;
        return;
    }
    static const struct {
        const char *word;
        enum ugi_kind kind;
    } simple[] = {
        {"ugi", UGI_UGI},   {"isready", UGI_ISREADY}, {"uginewgame", UGI_NEWGAME},
        {"stop", UGI_STOP}, {"quit", UGI_QUIT},
    };
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
        if (strcmp(words[0], simple[i].word) == 0) {
            cmd->kind = simple[i].kind;
            return;
        }
    if (strcmp(words[0], "setoption") == 0)
        parse_setoption(cmd, words, n);
    else if (strcmp(words[0], "position") == 0)
        parse_position(cmd, words, n);
    else if (strcmp(words[0], "go") == 0)
        parse_go(cmd, words, n);
    else if (strcmp(words[0], "query") == 0)
        parse_query(cmd, words, n);
    else
        cmd->kind = UGI_UNKNOWN;
}
