/*
 * Kulibrat notation (see RULES.md).
 *
 * Position: the four rows from the top (black's start row) down, three
 * squares each, '.' empty, 'b' black, 'r' red, rows joined by '/'; then the
 * side to move ('b' or 'r'); then the scores "black-red":
 *     .b./.../r../... r 1-0
 * Squares: column a-c from the left, rank 1-4 from the bottom (red's start
 * row is rank 1, black's is rank 4). Moves: "+b4" insert, "b4-a3" diagonal,
 * "b3xb2" attack, "b3:b1" jump, "a1-off" / "b2:off" leaving the board,
 * "pass".
 */
#include "games/kulibrat/kulibrat_text.h"
#include "games/kulibrat/kulibrat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char piece_char[2] = {'b', 'r'};

const char *kulibrat_player_name(const struct variant *v, int player) {
    return player == KULIBRAT_BLACK ? "black" : "red";
}

void kulibrat_square_name(int square, char *buf) {
    if (square == KULIBRAT_OFF) {
        strcpy(buf, "off");
        return;
    }
    buf[0] = (char)('a' + square % KULIBRAT_COLS);
    buf[1] = (char)('0' + KULIBRAT_ROWS - square / KULIBRAT_COLS);
    buf[2] = '\0';
}

/* Reads a square name ("a1".."c4") or "off"; returns the square or -1. */
static int parse_square(const char **p) {
    const char *s = *p;
    if (strncmp(s, "off", 3) == 0) {
        *p = s + 3;
        return KULIBRAT_OFF;
    }
    if (s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '4') return -1;
    *p = s + 2;
    return (KULIBRAT_ROWS - (s[1] - '0')) * KULIBRAT_COLS + (s[0] - 'a');
}

void kulibrat_format_position(const struct variant *v, const void *state, char *buf,
                              size_t n) {
    const struct kulibrat_state *s = state;
    char text[64];
    int k = 0;
    for (int row = 0; row < KULIBRAT_ROWS; row++) {
        if (row > 0) text[k++] = '/';
        for (int col = 0; col < KULIBRAT_COLS; col++) {
            int sq = row * KULIBRAT_COLS + col;
            char c = '.';
            for (int p = 0; p < 2; p++)
                if (s->pieces[p] & (1u << sq)) c = piece_char[p];
            text[k++] = c;
        }
    }
    text[k] = '\0';
    snprintf(buf, n, "%s %c %d-%d", text, piece_char[s->side], s->score[0], s->score[1]);
}

/* Reads a non-negative decimal number of at most 3 digits; -1 if none. */
static int parse_small_number(const char **p) {
    const char *s = *p;
    int value = 0, digits = 0;
    while (isdigit((unsigned char)*s) && digits < 4)
        value = value * 10 + (*s++ - '0'), digits++;
    if (digits == 0 || digits > 3) return -1;
    *p = s;
    return value;
}

static int fail(char *err, const char *message) {
    snprintf(err, GAME_ERROR_BYTES, "%s", message);
    return -1;
}

int kulibrat_parse_position(const struct variant *v, const char *text, void *state,
                            char *err) {
    struct kulibrat_state s;
    memset(&s, 0, sizeof s);
    const char *p = text;
    while (*p == ' ') p++;
    for (int row = 0; row < KULIBRAT_ROWS; row++) {
        if (row > 0) {
            if (*p != '/')
                return fail(err, "bad board: expected 4 rows of 3 squares joined by '/', "
                                 "e.g. '.b./.../r../...'");
            p++;
        }
        for (int col = 0; col < KULIBRAT_COLS; col++, p++) {
            int sq = row * KULIBRAT_COLS + col;
            if (*p == 'b')
                s.pieces[KULIBRAT_BLACK] |= (uint16_t)(1u << sq);
            else if (*p == 'r')
                s.pieces[KULIBRAT_RED] |= (uint16_t)(1u << sq);
            else if (*p != '.') {
                if (*p == '/' || *p == ' ' || *p == '\0')
                    return fail(err, "bad board: each row needs exactly 3 squares");
                snprintf(err, GAME_ERROR_BYTES,
                         "bad board: unknown square '%c' (use '.', 'b' or 'r')", *p);
                return -1;
            }
        }
    }
    if (*p == '/' || (*p != ' ' && *p != '\0'))
        return fail(err, "bad board: expected exactly 4 rows of 3 squares");
    for (int player = 0; player < 2; player++) {
        if (__builtin_popcount(s.pieces[player]) > KULIBRAT_PIECES) {
            snprintf(err, GAME_ERROR_BYTES, "too many %s pieces: at most %d",
                     kulibrat_player_name(v, player), KULIBRAT_PIECES);
            return -1;
        }
    }
    while (*p == ' ') p++;
    if (*p == 'b')
        s.side = KULIBRAT_BLACK;
    else if (*p == 'r')
        s.side = KULIBRAT_RED;
    else if (*p == '\0')
        return fail(err, "missing side to move after the board ('b' or 'r')");
    else {
        snprintf(err, GAME_ERROR_BYTES, "side to move must be 'b' or 'r', not '%c'", *p);
        return -1;
    }
    p++;
    if (*p == '\0') return fail(err, "missing scores after the side to move, e.g. '0-0'");
    if (*p != ' ') return fail(err, "side to move must be a single 'b' or 'r'");
    while (*p == ' ') p++;
    int black = parse_small_number(&p);
    if (black < 0 || *p != '-')
        return fail(err, "missing scores after the side to move, e.g. '0-0'");
    p++;
    int red = parse_small_number(&p);
    if (red < 0) return fail(err, "bad red score: expected a number after '-'");
    while (*p == ' ') p++;
    if (*p != '\0') {
        snprintf(err, GAME_ERROR_BYTES, "unexpected text after the scores: '%.30s'", p);
        return -1;
    }
    const int target = kulibrat_options(v)->target;
    if (black > target || red > target) {
        snprintf(err, GAME_ERROR_BYTES, "impossible score %d-%d: the target is %d", black,
                 red, target);
        return -1;
    }
    if (black == target && red == target)
        return fail(err, "impossible scores: both sides cannot have reached the target");
    if ((black == target && s.side == KULIBRAT_BLACK) ||
        (red == target && s.side == KULIBRAT_RED))
        return fail(err, "impossible position: the side that reached the target made "
                         "the last move, so it cannot be to move");
    s.score[KULIBRAT_BLACK] = (uint8_t)black;
    s.score[KULIBRAT_RED] = (uint8_t)red;
    memcpy(state, &s, sizeof s);
    return 0;
}

void kulibrat_format_move(const struct variant *v, const void *state, move_t move,
                          char *buf, size_t n) {
    if (move == GAME_MOVE_PASS) {
        snprintf(buf, n, "pass");
        return;
    }
    char from[4], to[4];
    kulibrat_square_name(kulibrat_move_from(move), from);
    kulibrat_square_name(kulibrat_move_to(move), to);
    switch (kulibrat_move_kind(move)) {
    case KULIBRAT_INSERT: snprintf(buf, n, "+%s", to); break;
    case KULIBRAT_DIAGONAL: snprintf(buf, n, "%s-%s", from, to); break;
    case KULIBRAT_ATTACK: snprintf(buf, n, "%sx%s", from, to); break;
    case KULIBRAT_JUMP: snprintf(buf, n, "%s:%s", from, to); break;
    default: snprintf(buf, n, "?"); break;
    }
}

static const char move_help[] = "(expected +b4, b4-a3, b3xb2, b3:b1, a1-off or pass)";

int kulibrat_parse_move(const struct variant *v, const void *state, const char *text,
                        move_t *move, char *err) {
    move_t legal[KULIBRAT_MAX_MOVES];
    int count = kulibrat_game.moves(v, state, legal);
    const char *p = text;
    while (*p == ' ') p++;
    int kind = 0, from = -1, to = -1;
    if (strncmp(p, "pass", 4) == 0) {
        p += 4;
        kind = -1;
    } else if (*p == '+') {
        p++;
        kind = KULIBRAT_INSERT;
        to = from = parse_square(&p);
        if (to == KULIBRAT_OFF) to = -1;
    } else {
        from = parse_square(&p);
        if (from == KULIBRAT_OFF) from = -1;
        if (from >= 0) {
            /* Step past the separator only when there is one: a square that
             * ends the text must not walk over the terminating NUL. */
            char sep = *p;
            if (sep) p++;
            kind = sep == '-'   ? 0
                   : sep == 'x' ? KULIBRAT_ATTACK
                   : sep == ':' ? KULIBRAT_JUMP
                                : -2;
            to = kind == -2 ? -1 : parse_square(&p);
        }
    }
    while (*p == ' ') p++;
    if ((kind != -1 && (from < 0 || to < 0)) || *p != '\0') {
        snprintf(err, GAME_ERROR_BYTES, "malformed move '%.20s' %s", text, move_help);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        move_t m = legal[i];
        if (kind == -1) {
            if (m == GAME_MOVE_PASS) {
                *move = m;
                return 0;
            }
            continue;
        }
        if (m == GAME_MOVE_PASS) continue;
        if (kulibrat_move_from(m) != from || kulibrat_move_to(m) != to) continue;
        /* '-' is accepted for any move; 'x', ':' and '+' must name the kind. */
        if (kind != 0 && kulibrat_move_kind(m) != kind) continue;
        if (kind == 0 && kulibrat_move_kind(m) == KULIBRAT_INSERT) continue;
        *move = m;
        return 0;
    }
    snprintf(err, GAME_ERROR_BYTES, "illegal move '%.20s' in this position", text);
    return -1;
}

void kulibrat_draw(const struct variant *v, const void *state, FILE *out) {
    const struct kulibrat_state *s = state;
    const int target = kulibrat_options(v)->target;
    fprintf(out, "     a b c\n");
    for (int row = 0; row < KULIBRAT_ROWS; row++) {
        fprintf(out, "  %d ", KULIBRAT_ROWS - row);
        for (int col = 0; col < KULIBRAT_COLS; col++) {
            int sq = row * KULIBRAT_COLS + col;
            char c = '.';
            for (int p = 0; p < 2; p++)
                if (s->pieces[p] & (1u << sq)) c = piece_char[p];
            fprintf(out, " %c", c);
        }
        if (row == 0) fprintf(out, "    black enters here, moves down");
        if (row == KULIBRAT_ROWS - 1) fprintf(out, "    red enters here, moves up");
        fputc('\n', out);
    }
    for (int p = 0; p < 2; p++)
        fprintf(out, "  %-5s %d of %d points, %d in hand\n", kulibrat_player_name(v, p),
                s->score[p], target, KULIBRAT_PIECES - __builtin_popcount(s->pieces[p]));
    int turn = kulibrat_game.turn(v, state);
    if (turn == TURN_OVER) {
        double result[GAME_MAX_PLAYERS];
        kulibrat_game.returns(v, state, result);
        fprintf(out, "  game over: %s wins\n",
                kulibrat_player_name(v, result[0] > 0 ? KULIBRAT_BLACK : KULIBRAT_RED));
    } else {
        fprintf(out, "  %s to move\n", kulibrat_player_name(v, s->side));
    }
}
