/* Kodrek notation and board drawing (games/kodrek/RULES.md, "Notation").
 *
 * Position: "<turn> <phase> <green> <blue> <red>"
 *   phase   s (secret choice) | t<cursor> (thrusts) |
 *           p<cursor><a|b><tails left> (pulls) | x (game over)
 *   player  <craft>/<stack>/<tails on table>[!][n]   (! lost, n returning)
 *   point   <row>.<position>, either may be negative off the board
 * Moves: hG.B.R (everyone's heads at once), hN (one player's heads),
 *        t<point> (thrust the stack there), p<g|b|r><N> (pull with N tails). */
#include "games/kodrek/kodrek.h"

#include <stdio.h>
#include <string.h>

static const char initials[] = "gbr";

/* Read an optionally signed decimal of at most 5 digits; advances *text. */
static bool read_int(const char **text, int *out) {
    const char *p = *text;
    bool negative = *p == '-';
    if (negative) p++;
    int value = 0, digits = 0;
    while (*p >= '0' && *p <= '9') {
        if (++digits > 5) return false;
        value = value * 10 + (*p++ - '0');
    }
    if (!digits) return false;
    *out = negative ? -value : value;
    *text = p;
    return true;
}

static bool read_point(const char **text, struct kodrek_point *out) {
    int r, k;
    if (!read_int(text, &r) || **text != '.') return false;
    ++*text;
    if (!read_int(text, &k)) return false;
    if (r < -KODREK_COORD_LIMIT || r > KODREK_COORD_LIMIT || k < -KODREK_COORD_LIMIT ||
        k > KODREK_COORD_LIMIT)
        return false;
    *out = kodrek_point(r, k);
    return true;
}

static int parse_phase(const char *word, struct kodrek_state *s, char *err) {
    const char *p = word + 1;
    int cursor = 0, left = 0;
    switch (word[0]) {
    case 's': s->phase = KODREK_SECRET; break;
    case 'x': s->phase = KODREK_OVER; break;
    case 't':
        s->phase = KODREK_THRUST;
        if (!read_int(&p, &cursor)) goto bad;
        break;
    case 'p':
        s->phase = KODREK_PULL;
        if (!read_int(&p, &cursor) || (*p != 'a' && *p != 'b')) goto bad;
        s->sub = *p++ == 'b';
        if (!read_int(&p, &left) || left < 0 || left > KODREK_MAX_TOLEKS) goto bad;
        break;
    default: goto bad;
    }
    if (*p != '\0' || cursor < 0 || cursor >= KODREK_PLAYERS) goto bad;
    s->cursor = (uint8_t)cursor;
    s->left = (uint8_t)left;
    return 0;
bad:
    snprintf(err, GAME_ERROR_BYTES,
             "bad phase '%.20s' (want s, t<0-2>, p<0-2><a|b><tails> or x)", word);
    return -1;
}

static int parse_player(const char *word, int player, struct kodrek_state *s, char *err) {
    const char *p = word;
    int tails;
    if (!read_point(&p, &s->craft[player]) || *p++ != '/' ||
        !read_point(&p, &s->stack[player]) || *p++ != '/' || !read_int(&p, &tails) ||
        tails < 0 || tails > KODREK_MAX_TOLEKS) {
        snprintf(err, GAME_ERROR_BYTES,
                 "bad %s field '%.30s' (want craft/stack/tails, points as row.pos)",
                 kodrek_player_name(NULL, player), word);
        return -1;
    }
    s->tails[player] = (uint8_t)tails;
    if (*p == '!') {
        s->lost |= (uint8_t)(1u << player);
        p++;
    }
    if (*p == 'n') {
        s->returning |= (uint8_t)(1u << player);
        p++;
    }
    if (*p != '\0') {
        snprintf(err, GAME_ERROR_BYTES, "unexpected '%c' in %s's field '%.30s'", *p,
                 kodrek_player_name(NULL, player), word);
        return -1;
    }
    return 0;
}

int kodrek_parse_position(const struct variant *v, const char *text, void *state,
                          char *err) {
    struct kodrek_state s;
    memset(&s, 0, sizeof s);
    if (strlen(text) > 200) {
        snprintf(err, GAME_ERROR_BYTES, "position is too long (%zu characters)",
                 strlen(text));
        return -1;
    }
    char buf[256], *words[6], *save = NULL;
    strcpy(buf, text);
    int count = 0;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (count == 5) {
            snprintf(err, GAME_ERROR_BYTES,
                     "too many fields (want 5: turn phase green blue red)");
            return -1;
        }
        words[count++] = w;
    }
    if (count < 5) {
        snprintf(err, GAME_ERROR_BYTES, "%d fields, want 5: turn phase green blue red",
                 count);
        return -1;
    }
    const char *p = words[0];
    int turn;
    if (!read_int(&p, &turn) || *p != '\0' || turn < 1 || turn > 255) {
        snprintf(err, GAME_ERROR_BYTES, "bad turn '%.20s'", words[0]);
        return -1;
    }
    s.turn = (uint8_t)turn;
    if (parse_phase(words[1], &s, err)) return -1;
    for (int pl = 0; pl < KODREK_PLAYERS; pl++)
        if (parse_player(words[2 + pl], pl, &s, err)) return -1;
    if (kodrek_check_state(v, &s, err)) return -1;
    memcpy(state, &s, sizeof s);
    return 0;
}

void kodrek_format_position(const struct variant *v, const void *state, char *buf,
                            size_t n) {
    (void)v;
    const struct kodrek_state *s = state;
    char phase[16];
    switch (s->phase) {
    case KODREK_SECRET: snprintf(phase, sizeof phase, "s"); break;
    case KODREK_THRUST: snprintf(phase, sizeof phase, "t%d", s->cursor); break;
    case KODREK_PULL:
        snprintf(phase, sizeof phase, "p%d%c%d", s->cursor, s->sub ? 'b' : 'a', s->left);
        break;
    default: snprintf(phase, sizeof phase, "x"); break;
    }
    int used = snprintf(buf, n, "%d %s", s->turn, phase);
    for (int p = 0; p < KODREK_PLAYERS && used >= 0 && (size_t)used < n; p++)
        used += snprintf(buf + used, n - (size_t)used, " %d.%d/%d.%d/%d%s%s",
                         s->craft[p].r, s->craft[p].k, s->stack[p].r, s->stack[p].k,
                         s->tails[p], (s->lost & (1u << p)) ? "!" : "",
                         (s->returning & (1u << p)) ? "n" : "");
}

void kodrek_format_move(const struct variant *v, const void *state, move_t move,
                        char *buf, size_t n) {
    (void)v;
    (void)state;
    switch (kodrek_move_kind(move)) {
    case KODREK_MOVE_HEADS: snprintf(buf, n, "h%d", kodrek_move_heads(move, 0)); break;
    case KODREK_MOVE_JOINT:
        snprintf(buf, n, "h%d.%d.%d", kodrek_move_heads(move, 0),
                 kodrek_move_heads(move, 1), kodrek_move_heads(move, 2));
        break;
    case KODREK_MOVE_THRUST: {
        struct kodrek_point to = kodrek_move_point(move);
        snprintf(buf, n, "t%d.%d", to.r, to.k);
        break;
    }
    case KODREK_MOVE_PULL:
        snprintf(buf, n, "p%c%d", initials[kodrek_move_target(move) % KODREK_PLAYERS],
                 kodrek_move_tails(move));
        break;
    default: snprintf(buf, n, "?"); break;
    }
}

/* The move the text spells, without checking legality; 0 or -1. */
static int read_move(const char *text, move_t *move) {
    const char *p = text + 1;
    int a, b, c;
    switch (text[0]) {
    case 'h':
        if (!read_int(&p, &a) || *p++ != '.' || !read_int(&p, &b) || *p++ != '.' ||
            !read_int(&p, &c) || *p != '\0')
            return -1;
        if (a < 0 || b < 0 || c < 0 || a > 15 || b > 15 || c > 15) return -1;
        *move = kodrek_joint_move(a, b, c);
        return 0;
    case 't': {
        struct kodrek_point to;
        if (!read_point(&p, &to) || *p != '\0') return -1;
        *move = kodrek_thrust_move(to);
        return 0;
    }
    case 'p': {
        const char *at = strchr(initials, *p);
        if (*p == '\0' || !at) return -1;
        p++;
        if (!read_int(&p, &a) || *p != '\0' || a < 0 || a > 63) return -1;
        *move = kodrek_pull_move((int)(at - initials), a);
        return 0;
    }
    default: return -1;
    }
}

int kodrek_parse_move(const struct variant *v, const void *state, const char *text,
                      move_t *move, char *err) {
    const struct kodrek_state *s = state;
    move_t m;
    if (strlen(text) > 40 || read_move(text, &m) != 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "malformed move '%.40s' (want hG.B.R, t<row>.<pos> or p<g|b|r><tails>)",
                 text);
        return -1;
    }
    move_t list[KODREK_MAX_MOVES];
    int count = kodrek_list_moves(v, s, list);
    for (int i = 0; i < count; i++)
        if (list[i] == m) {
            *move = m;
            return 0;
        }
    static const char *const wanted[] = {"everyone's heads hG.B.R",
                                         "a thrust t<row>.<pos>",
                                         "a pull p<g|b|r><tails>", "nothing: game over"};
    snprintf(err, GAME_ERROR_BYTES, "illegal move '%.40s' (%s wanted here)", text,
             wanted[s->phase <= KODREK_OVER ? s->phase : KODREK_OVER]);
    return -1;
}

/* What to show at a juncture: pieces first (several pieces: '*'). */
static char cell(const struct kodrek_variant *o, const struct kodrek_state *s,
                 struct kodrek_point q) {
    static const char crafts[] = "GBR", stacks[] = "gbr";
    char c = 0;
    int pieces = 0;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        if (kodrek_point_equal(s->craft[p], q)) c = crafts[p], pieces++;
        if (kodrek_point_equal(s->stack[p], q)) c = stacks[p], pieces++;
    }
    if (pieces > 1) return '*';
    if (pieces == 1) return c;
    return kodrek_in_inner(q, kodrek_side(o), o->margin) ? '+' : '.';
}

void kodrek_draw(const struct variant *v, const void *state, FILE *out) {
    const struct kodrek_variant *o = kodrek_options(v);
    const struct kodrek_state *s = state;
    const int side = kodrek_side(o);
    for (int r = 0; r < side; r++) {
        fprintf(out, "%3d %*s", r, side - 1 - r, "");
        for (int k = 0; k <= r; k++)
            fprintf(out, "%c%s", cell(o, s, kodrek_point(r, k)), k < r ? " " : "\n");
    }
    static const char *const phases[] = {"secret choice", "thrusts", "pulls",
                                         "game over"};
    fprintf(out,
            "turn %d, %s. G/B/R craft, g/b/r speakers, * several, + inner triangle\n",
            s->turn, phases[s->phase <= KODREK_OVER ? s->phase : KODREK_OVER]);
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        struct kodrek_point c = s->craft[p], k = s->stack[p];
        fprintf(
            out,
            "%-5s craft %d.%d speakers %d.%d%s velocity (%+d,%+d), %s %d, tails %d%s%s\n",
            kodrek_player_name(v, p), c.r, c.k, k.r, k.k,
            kodrek_on_board(k, side) ? "" : " (off board)", k.r - c.r, k.k - c.k,
            s->phase == KODREK_SECRET ? "hand" : "heads", kodrek_hand(s, p), s->tails[p],
            (s->lost & (1u << p)) ? ", LOST" : "",
            (s->returning & (1u << p)) ? ", returning (no pulls)" : "");
    }
}
