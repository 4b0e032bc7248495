/*
 * Kauda-Baji notation (see RULES.md).
 *
 * Position: PIECES SIDE THROWS ORDER [bonus:N] [killed:LETTERS], e.g.
 *     6d1/6g4/6d7/6a4 s roll -
 *     3d1,1e1,1f3,1c7/5g4,1d4/6d7/6a4 e use:12,3 -
 * PIECES lists each player's tuples "<size><square>" joined by ',', players
 * joined by '/'; on cross squares the size is the heap's count. SIDE is the
 * letter of the player to act ('-' when over); THROWS is "roll" or
 * "roll:6,12" (throwing, with the 6/12s of this series), "use:..." (throws to
 * assign) or "over"; ORDER is the finishing order so far ('-': nobody yet).
 * "bonus:N" is present with bonus=1, "killed:..." with killfirst=1.
 *
 * Moves: "t4" (a throw), "pass", "THROWS:[SELECTION]FROM-TO", e.g. "6:d1-g4",
 * "12:2e1-b1", "4:1+1b3-b5", "6+2:4e2-g2"; THROWS is the value of the throw
 * used, or the values added together (combine=1) joined by '+', largest
 * first; the selection lists the sizes of the tuples that move together
 * (omitted for one single piece).
 */
#include "games/kauda-baji/kauda_text.h"
#include "games/kauda-baji/kauda.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const seat_names[KAUDA_SEATS] = {"south", "east", "north", "west"};
static const char seat_letters[KAUDA_SEATS] = {'s', 'e', 'n', 'w'};

const char *kauda_player_name(const struct variant *v, int player) {
    return seat_names[kauda_seat(v, player)];
}

char kauda_player_letter(const struct variant *v, int player) {
    return seat_letters[kauda_seat(v, player)];
}

void kauda_square_name(int square, char *buf) {
    buf[0] = (char)('a' + square % KAUDA_SIDE);
    buf[1] = (char)('1' + square / KAUDA_SIDE);
    buf[2] = '\0';
}

/* Reads "a1".."g7"; the square, or -1. */
static int parse_square(const char **p) {
    const char *s = *p;
    if (s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7') return -1;
    *p = s + 2;
    return (s[1] - '1') * KAUDA_SIDE + (s[0] - 'a');
}

static int player_of_letter(const struct variant *v, char c) {
    for (int p = 0; p < kauda_options(v)->players; p++)
        if (kauda_player_letter(v, p) == c) return p;
    return -1;
}

/* snprintf at the end of what `buf` holds; output past `n` is dropped. */
static void append(char *buf, size_t n, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t n, size_t *used, const char *fmt, ...) {
    if (*used >= n) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *used, n - *used, fmt, ap);
    va_end(ap);
    if (k > 0) *used += (size_t)k;
}

static void format_values(const uint8_t *values, char *buf, size_t n, size_t *used) {
    for (int i = 0; i < KAUDA_MAX_PENDING && values[i]; i++)
        append(buf, n, used, i ? ",%d" : ":%d", values[i]);
}

void kauda_format_position(const struct variant *v, const void *state, char *buf,
                           size_t n) {
    const struct kauda_state *s = state;
    const struct kauda_variant *o = kauda_options(v);
    size_t used = 0;
    buf[0] = '\0';
    for (int p = 0; p < o->players; p++) {
        if (p) append(buf, n, &used, "/");
        for (int i = 0; i < KAUDA_PIECES && s->tuples[p][i].size; i++) {
            char sq[3];
            kauda_square_name(kauda_square(kauda_seat(v, p), s->tuples[p][i].step), sq);
            append(buf, n, &used, "%s%d%s", i ? "," : "", s->tuples[p][i].size, sq);
        }
    }
    if (s->phase == KAUDA_OVER) {
        append(buf, n, &used, " - over");
    } else {
        append(buf, n, &used, " %c %s", kauda_player_letter(v, s->player),
               s->phase == KAUDA_ROLL ? "roll" : "use");
        format_values(s->pending, buf, n, &used);
    }
    append(buf, n, &used, " %s", s->finished ? "" : "-");
    for (int r = 1; r <= s->finished; r++)
        for (int p = 0; p < o->players; p++)
            if (s->rank[p] == r) append(buf, n, &used, "%c", kauda_player_letter(v, p));
    if (o->bonus) append(buf, n, &used, " bonus:%d", s->bonus);
    if (o->killfirst) {
        append(buf, n, &used, " killed:%s", s->killed ? "" : "-");
        for (int p = 0; p < o->players; p++)
            if (s->killed >> p & 1)
                append(buf, n, &used, "%c", kauda_player_letter(v, p));
    }
}

/* ---- parsing positions ---- */

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, GAME_ERROR_BYTES, fmt, ap);
    va_end(ap);
    return -1;
}

/* Reads one player's tuples "3d1,1e1" (up to the end of `text`). */
static int parse_pieces(const struct variant *v, struct kauda_state *s, int p,
                        const char *text, char *err) {
    const int seat = kauda_seat(v, p);
    const char *name = kauda_player_name(v, p);
    int total = 0;
    const char *c = text;
    for (;;) {
        if (*c < '1' || *c > '6')
            return fail(err, "%s: expected a tuple size 1-6 at '%.12s'", name, c);
        int size = *c++ - '0';
        int square = parse_square(&c);
        if (square < 0)
            return fail(err, "%s: expected a square a1-g7 at '%.12s'", name, c);
        total += size;
        if (total > KAUDA_PIECES)
            return fail(err, "%s has more than %d pieces", name, KAUDA_PIECES);
        int step = kauda_step(seat, square);
        struct kauda_tuple *t = s->tuples[p];
        int i = 0;
        if (kauda_is_cross(square))
            while (i < KAUDA_PIECES && !(t[i].size && t[i].step == step)) i++;
        if (i == KAUDA_PIECES || !kauda_is_cross(square))
            for (i = 0; t[i].size; i++) continue;
        t[i].step = (uint8_t)step;
        t[i].size = (uint8_t)(t[i].size + size);
        if (*c == '\0') break;
        if (*c++ != ',')
            return fail(err, "%s: expected ',' or '/' at '%.12s'", name, c - 1);
    }
    if (total != KAUDA_PIECES)
        return fail(err, "%s has %d pieces, needs %d", name, total, KAUDA_PIECES);
    kauda_sort(s, p);
    return 0;
}

/* Equal enemy tuples cannot share a non-cross square: the later one would
 * have killed the other on landing. */
static int check_combat(const struct variant *v, const struct kauda_state *s, char *err) {
    const int players = kauda_options(v)->players;
    for (int p = 0; p < players; p++)
        for (int q = p + 1; q < players; q++)
            for (int i = 0; i < KAUDA_PIECES && s->tuples[p][i].size; i++)
                for (int j = 0; j < KAUDA_PIECES && s->tuples[q][j].size; j++) {
                    const struct kauda_tuple *a = &s->tuples[p][i], *b = &s->tuples[q][j];
                    int square = kauda_square(kauda_seat(v, p), a->step);
                    if (a->size != b->size || kauda_is_cross(square) ||
                        square != kauda_square(kauda_seat(v, q), b->step))
                        continue;
                    char sq[3];
                    kauda_square_name(square, sq);
                    return fail(err,
                                "%s and %s have tuples of size %d on %s, which is not a "
                                "cross square: the later would have killed the other",
                                kauda_player_name(v, p), kauda_player_name(v, q), a->size,
                                sq);
                }
    return 0;
}

/* "roll", "roll:6,12", "use:12,6,3": sets phase and pending. */
static int parse_throws(struct kauda_state *s, const char *text, char *err) {
    const char *c = text;
    if (strncmp(c, "roll", 4) == 0) {
        s->phase = KAUDA_ROLL;
        c += 4;
    } else if (strncmp(c, "use", 3) == 0) {
        s->phase = KAUDA_USE;
        c += 3;
    } else {
        return fail(err,
                    "expected 'roll', 'use:...' or 'over' for the throws, not '%.20s'",
                    text);
    }
    int count = 0, doubles = 0;
    if (*c == ':') {
        do {
            c++;
            char *end;
            long value = strtol(c, &end, 10);
            if (end == c || !isdigit((unsigned char)*c) || end - c > 2 ||
                !((value >= 1 && value <= 6) || value == 12))
                return fail(err, "bad throw value at '%.12s' (1-6 or 12)", c);
            if (count == KAUDA_MAX_PENDING)
                return fail(err, "more than %d throws listed", KAUDA_MAX_PENDING);
            s->pending[count++] = (uint8_t)value;
            doubles += value == 6 || value == 12;
            c = end;
        } while (*c == ',');
    }
    if (*c != '\0') return fail(err, "unexpected '%.12s' after the throws", c);
    if (doubles > 2)
        return fail(err, "three throws of 6 or 12 would have cancelled the turn");
    if (count - doubles > 1)
        return fail(err, "only one throw other than 6 or 12 ends a series");
    if (s->phase == KAUDA_ROLL && doubles != count)
        return fail(err, "while rolling only 6s and 12s can be pending");
    if (s->phase == KAUDA_USE && count == 0)
        return fail(err, "'use' needs the throws to assign, e.g. 'use:4'");
    /* descending order is canonical */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && s->pending[j] > s->pending[j - 1]; j--) {
            uint8_t x = s->pending[j];
            s->pending[j] = s->pending[j - 1];
            s->pending[j - 1] = x;
        }
    return 0;
}

static int parse_order(const struct variant *v, struct kauda_state *s, const char *text,
                       char *err) {
    const int players = kauda_options(v)->players;
    for (const char *c = strcmp(text, "-") == 0 ? "" : text; *c; c++) {
        int p = player_of_letter(v, *c);
        if (p < 0) return fail(err, "finishing order: '%c' names no player", *c);
        if (s->rank[p]) return fail(err, "finishing order names '%c' twice", *c);
        s->rank[p] = ++s->finished;
    }
    if (s->finished == players - 1)
        return fail(err, "finishing order: with one player left the order is complete");
    for (int p = 0; p < players; p++) {
        bool home_free = kauda_in_centre(s, p) == KAUDA_PIECES;
        bool last = s->finished == players && s->rank[p] == players;
        if (s->rank[p] && !last && !home_free)
            return fail(err,
                        "%s is in the finishing order but not all pieces are in the "
                        "centre",
                        kauda_player_name(v, p));
        if (!s->rank[p] && home_free)
            return fail(err,
                        "%s has all pieces in the centre but is not in the "
                        "finishing order",
                        kauda_player_name(v, p));
    }
    return 0;
}

static int parse_extra(const struct variant *v, struct kauda_state *s, const char *word,
                       char *err) {
    const struct kauda_variant *o = kauda_options(v);
    if (strncmp(word, "bonus:", 6) == 0) {
        if (!o->bonus) return fail(err, "'bonus:' needs the variant bonus=1");
        char *end;
        long n = strtol(word + 6, &end, 10);
        if (!isdigit((unsigned char)word[6]) || *end || n > KAUDA_MAX_BONUS)
            return fail(err, "bonus must be 0 to %d, not '%.12s'", KAUDA_MAX_BONUS,
                        word + 6);
        s->bonus = (uint8_t)n;
        return 1;
    }
    if (strncmp(word, "killed:", 7) == 0) {
        if (!o->killfirst) return fail(err, "'killed:' needs the variant killfirst=1");
        if (strcmp(word + 7, "-") == 0) return 2;
        for (const char *c = word + 7; *c; c++) {
            int p = player_of_letter(v, *c);
            if (p < 0) return fail(err, "killed: '%c' names no player", *c);
            s->killed |= (uint8_t)(1u << p);
        }
        return 2;
    }
    return fail(err, "unexpected field '%.20s'", word);
}

int kauda_parse_position(const struct variant *v, const char *text, void *state,
                         char *err) {
    struct kauda_state *s = state;
    const struct kauda_variant *o = kauda_options(v);
    memset(s, 0, sizeof *s);
    char buf[256];
    if (strlen(text) >= sizeof buf) return fail(err, "position text is too long");
    strcpy(buf, text);
    char *words[8];
    int count = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (count == 8) return fail(err, "too many fields");
        words[count++] = w;
    }
    const int wanted = 4 + o->bonus + o->killfirst;
    if (count != wanted)
        return fail(err, "expected %d fields (pieces, side, throws, order%s%s), found %d",
                    wanted, o->bonus ? ", bonus:N" : "",
                    o->killfirst ? ", killed:..." : "", count);

    char *lists[GAME_MAX_PLAYERS + 1];
    int groups = 0;
    for (char *c = words[0];; c++) {
        if (groups <= GAME_MAX_PLAYERS) lists[groups] = c;
        groups++;
        c = strchr(c, '/');
        if (!c) break;
        *c = '\0';
    }
    if (groups != o->players)
        return fail(err, "expected %d piece lists joined by '/', found %d", o->players,
                    groups);
    for (int p = 0; p < o->players; p++)
        if (parse_pieces(v, s, p, lists[p], err)) return -1;
    if (check_combat(v, s, err)) return -1;

    if (parse_order(v, s, words[3], err)) return -1;
    const bool over = s->finished == o->players;
    if (strcmp(words[1], "-") == 0 || strcmp(words[2], "over") == 0) {
        if (strcmp(words[1], "-") != 0 || strcmp(words[2], "over") != 0 || !over)
            return fail(err, "side '-' and throws 'over' go together, with a complete "
                             "finishing order");
        s->phase = KAUDA_OVER;
    } else {
        if (over) return fail(err, "the finishing order is complete: the game is over");
        int p = strlen(words[1]) == 1 ? player_of_letter(v, words[1][0]) : -1;
        if (p < 0) return fail(err, "side '%.8s' names no player", words[1]);
        if (s->rank[p]) return fail(err, "side '%.8s' has already finished", words[1]);
        s->player = (uint8_t)p;
        if (parse_throws(s, words[2], err)) return -1;
    }
    for (int i = 4, last = 0; i < count; i++) {
        int kind = parse_extra(v, s, words[i], err);
        if (kind < 0) return -1;
        if (kind <= last) return fail(err, "extra fields go 'bonus:N' then 'killed:...'");
        last = kind;
    }
    if (s->phase == KAUDA_OVER && s->bonus)
        return fail(err, "no bonus throws are owed once the game is over");
    if (o->killfirst)
        for (int p = 0; p < o->players; p++) {
            if (s->killed >> p & 1) continue;
            for (int i = 0; i < KAUDA_PIECES; i++)
                if (s->tuples[p][i].size && s->tuples[p][i].step >= KAUDA_MIDDLE)
                    return fail(err,
                                "%s has pieces past the outer ring without a kill "
                                "(killfirst=1)",
                                kauda_player_name(v, p));
        }
    return 0;
}

/* ---- moves ---- */

void kauda_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                       size_t n) {
    const struct kauda_state *s = state;
    if (move == GAME_MOVE_PASS) {
        snprintf(buf, n, "pass");
        return;
    }
    if (kauda_move_kind(move) == KAUDA_THROW) {
        snprintf(buf, n, "t%d", kauda_move_value(move));
        return;
    }
    const int seat = kauda_seat(v, s->player);
    struct kauda_pick pick;
    kauda_move_pick(move, &pick);
    char sel[32] = "";
    size_t used = 0;
    if (!(pick.count[1] == 1 && kauda_pick_size(&pick) == 1))
        for (int z = 1; z <= KAUDA_PIECES; z++)
            for (int k = 0; k < pick.count[z]; k++)
                used += (size_t)snprintf(sel + used, sizeof sel - used, "%s%d",
                                         used ? "+" : "", z);
    char from[3], to[3];
    kauda_square_name(kauda_square(seat, kauda_move_from(move)), from);
    kauda_square_name(kauda_square(seat, kauda_move_to(move)), to);
    uint8_t values[KAUDA_MAX_PENDING];
    const int count = kauda_move_throws(move, values);
    char throws[16];
    size_t tn = 0;
    for (int i = 0; i < count; i++)
        tn += (size_t)snprintf(throws + tn, sizeof throws - tn, "%s%d", i ? "+" : "",
                               values[i]);
    snprintf(buf, n, "%s:%s%s-%s", throws, sel, from, to);
}

static int legal(const struct variant *v, const void *state, const char *text, move_t m,
                 move_t *move, char *err) {
    move_t list[KAUDA_MAX_MOVES];
    int count = kauda_baji_game.moves(v, state, list);
    for (int i = 0; i < count; i++)
        if (list[i] == m) {
            *move = m;
            return 0;
        }
    return fail(err, "illegal move '%.40s'", text);
}

int kauda_parse_move(const struct variant *v, const void *state, const char *text,
                     move_t *move, char *err) {
    const struct kauda_state *s = state;
    if (strcmp(text, "pass") == 0)
        return legal(v, state, text, GAME_MOVE_PASS, move, err);
    const char *c = text;
    if (*c == 't') {
        char *end;
        long value = strtol(c + 1, &end, 10);
        if (!isdigit((unsigned char)c[1]) || *end || end - c > 3 ||
            !((value >= 1 && value <= 6) || value == 12))
            return fail(err, "malformed move '%.40s' (a throw is t1..t6 or t12)", text);
        return legal(v, state, text, kauda_throw_move((int)value), move, err);
    }
    /* THROWS: one value, or up to three joined by '+' (any order is read) */
    uint8_t values[KAUDA_MAX_PENDING] = {0};
    int count = 0;
    for (;;) {
        char *end;
        long value = strtol(c, &end, 10);
        if (!isdigit((unsigned char)*c) || (*end != ':' && *end != '+') || end - c > 2 ||
            !((value >= 1 && value <= 6) || value == 12) || count == KAUDA_MAX_PENDING)
            return fail(err,
                        "malformed move '%.40s' (e.g. 6:d1-g4, 4:2b3-b5, 6+2:4e2-g2, t6, "
                        "pass)",
                        text);
        values[count++] = (uint8_t)value;
        c = end + 1;
        if (*end == ':') break;
    }
    for (int i = 1; i < count; i++) /* descending is the packing's order */
        for (int j = i; j > 0 && values[j] > values[j - 1]; j--) {
            uint8_t x = values[j];
            values[j] = values[j - 1];
            values[j - 1] = x;
        }
    struct kauda_pick pick = {{0}};
    int parts = 0;
    while (isdigit((unsigned char)*c)) {
        int z = *c++ - '0';
        if (z < 1 || z > KAUDA_PIECES || ++parts > KAUDA_PIECES)
            return fail(err, "malformed move '%.40s' (tuple sizes are 1-6)", text);
        pick.count[z]++;
        if (*c == '+') {
            c++;
            if (!isdigit((unsigned char)*c))
                return fail(err, "malformed move '%.40s' ('+' needs a size)", text);
        }
    }
    if (parts == 0) pick.count[1] = 1;
    int from = parse_square(&c);
    int to = from >= 0 && *c == '-' ? (c++, parse_square(&c)) : -1;
    if (from < 0 || to < 0 || *c)
        return fail(
            err, "malformed move '%.40s' (e.g. 6:d1-g4, 4:2b3-b5, 6+2:4e2-g2, t6, pass)",
            text);
    if (s->phase != KAUDA_USE) return fail(err, "illegal move '%.40s'", text);
    const int seat = kauda_seat(v, s->player);
    int size = kauda_pick_size(&pick);
    if (size > KAUDA_PIECES) return fail(err, "illegal move '%.40s'", text);
    if (kauda_is_cross(from)) {
        /* pieces on a cross square form one heap: only the count matters */
        memset(&pick, 0, sizeof pick);
        pick.count[size] = 1;
    }
    static const uint8_t room[KAUDA_PIECES + 1] = {0, 7, 3, 3, 1, 1, 1};
    for (int z = 1; z <= KAUDA_PIECES; z++)
        if (pick.count[z] > room[z]) return fail(err, "illegal move '%.40s'", text);
    move_t m = kauda_combined_move(values, count, kauda_step(seat, from),
                                   kauda_step(seat, to), &pick);
    return legal(v, state, text, m, move, err);
}
