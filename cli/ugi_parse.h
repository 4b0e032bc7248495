/*
 * ugi_parse.h - one line of the UGI match protocol (docs/UGI.md) read into a
 * command, without any I/O or engine state, so that it can be tested and
 * fuzzed alone (tests/fuzz/fuzz_ugi_parse.c).
 *
 * A line is split into words at spaces and tabs. The parser never fails:
 * a line it cannot use becomes UGI_UNKNOWN (ignored, as UCI requires) or
 * UGI_BAD with a message in `error` (the session reports it as an `info
 * string`). Words of the command point into `buf`, a copy of the line owned
 * by the command: the command stays valid after the line is gone.
 */
#ifndef KIBITZ_UGI_PARSE_H
#define KIBITZ_UGI_PARSE_H

#include <stdbool.h>

enum {
    /* A whole game fits one `position startpos moves ...` line: as many
     * moves as a match plays at most (MATCH_DEFAULT_PLY_LIMIT of
     * play/match.h), of up to 25 bytes. */
    UGI_LINE_BYTES = 1 << 18, /* longer lines are refused (UGI_BAD) */
    UGI_MAX_MOVES = 10000,    /* moves after `position ... moves` */
    UGI_MAX_PLAYERS = 4,
};

enum ugi_kind {
    UGI_EMPTY,   /* blank line */
    UGI_UNKNOWN, /* not a UGI command: ignored */
    UGI_BAD,     /* a UGI command with bad arguments: `error` says why */
    UGI_UGI,
    UGI_ISREADY,
    UGI_SETOPTION,
    UGI_NEWGAME,
    UGI_POSITION,
    UGI_GO,
    UGI_STOP,
    UGI_QUIT,
    UGI_QUERY,
};

/* `query` questions; the last three are kibitz's extensions. */
enum ugi_query {
    UGI_Q_GAMEOVER,
    UGI_Q_P1TURN,
    UGI_Q_RESULT,
    UGI_Q_TURN,     /* who acts: 1..n, chance, simultaneous or over */
    UGI_Q_OUTCOMES, /* chance outcomes with probabilities */
    UGI_Q_MOVES,    /* legal moves */
};

struct ugi_go {
    long movetime_ms, depth, nodes;                         /* -1 when not given */
    long time_ms[UGI_MAX_PLAYERS], inc_ms[UGI_MAX_PLAYERS]; /* p1time.. p4inc */
    bool infinite;
    int side; /* extension `side N`: the player (1-based) whose option a
                 simultaneous node's search returns; 0 when not given */
};

struct ugi_command {
    enum ugi_kind kind;
    char error[160];
    /* setoption name <name...> [value <value...>] */
    const char *option_name, *option_value; /* value NULL when absent */
    /* position startpos|fen <text up to 'moves'> [moves m1 m2 ...] */
    const char *fen; /* NULL for startpos */
    int move_count;
    const char *moves[UGI_MAX_MOVES];
    struct ugi_go go;
    enum ugi_query query;
    char buf[UGI_LINE_BYTES];
};

/* Read `line` (a NUL-terminated line, trailing newline allowed) into `cmd`. */
void ugi_parse(const char *line, struct ugi_command *cmd);

#endif
