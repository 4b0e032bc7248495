/* Kerx notation: cells, positions, moves, and the terminal drawing. */
#include "games/kerx/kerx_text.h"
#include "games/kerx/kerx.h"

#include <string.h>

enum { KERX_TEXT_MAX = 400 }; /* longer input is refused outright */

static const char kerx_glyph[2] = {'w', 'b'};

static bool kerx_has(const uint64_t w[2], int cell) {
    return (w[cell >> 6] >> (cell & 63)) & 1;
}

static void kerx_set(uint64_t w[2], int cell) {
    w[cell >> 6] |= UINT64_C(1) << (cell & 63);
}

/* Append to a bounded buffer (output truncated, never overrun). */
struct kerx_out {
    char *buf;
    size_t n, len;
};

static void kerx_put(struct kerx_out *o, const char *text) {
    for (; *text; text++) {
        if (o->len + 1 < o->n) o->buf[o->len] = *text;
        o->len++;
    }
    if (o->n) o->buf[o->len + 1 < o->n ? o->len : o->n - 1] = '\0';
}

static void kerx_cell_name(const struct kerx_geom *g, int cell, char name[8]) {
    snprintf(name, 8, "%c%d", 'a' + g->cell_file[cell], g->cell_row[cell] + 1);
}

/* Read a cell name at *p ("d4", "k11"); advance past it. -1 if none. */
static int kerx_read_cell(const struct kerx_geom *g, const char **p) {
    const char *s = *p;
    if (*s < 'a' || *s > 'z') return -1;
    int file = *s++ - 'a';
    if (*s < '1' || *s > '9') return -1;
    int row = *s++ - '0';
    if (*s >= '0' && *s <= '9') row = row * 10 + (*s++ - '0');
    int cell = kerx_cell(g, file, row - 1);
    if (cell >= 0) *p = s;
    return cell;
}

void kerx_format_position(const struct variant *v, const void *state, char *buf,
                          size_t n) {
    const struct kerx_geom *g = kerx_geom_of(v);
    const struct kerx_state *s = state;
    struct kerx_out o = {buf, n, 0};
    kerx_put(&o, "");
    for (int row = g->rows - 1; row >= 0; row--) {
        int run = 0;
        for (int k = 0; k < g->row_len[row]; k++) {
            int cell = g->row_start[row] + k;
            char piece = 0;
            for (int p = 0; p < 2; p++)
                if (kerx_has(s->pieces[p], cell)) piece = kerx_glyph[p];
            if (!piece) {
                run++;
                continue;
            }
            char text[16];
            if (run)
                snprintf(text, sizeof text, "%d%c", run, piece);
            else
                snprintf(text, sizeof text, "%c", piece);
            kerx_put(&o, text);
            run = 0;
        }
        char text[16];
        snprintf(text, sizeof text, "%d", run);
        if (run) kerx_put(&o, text);
        if (row) kerx_put(&o, "/");
    }
    kerx_put(&o, s->side == KERX_WHITE ? " w" : " b");
    if (kerx_huff_due(s)) {
        uint64_t cells[2];
        kerx_huff_cells(s, cells);
        const char *sep = " huff:";
        for (int cell = 0; cell < g->cells; cell++) {
            if (!kerx_has(cells, cell)) continue;
            char name[8];
            kerx_cell_name(g, cell, name);
            kerx_put(&o, sep);
            kerx_put(&o, name);
            sep = ",";
        }
    }
}

/* " huff:d4,e5" after the side to move (huff=1): the opponent's pieces one
 * of which the side to move must remove first. */
static int kerx_parse_huff(const struct variant *v, const char *p, struct kerx_state *s,
                           char *err) {
    const struct kerx_geom *g = kerx_geom_of(v);
    if (strncmp(p, "huff:", 5) != 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "unexpected text after the side to move (only 'huff:CELLS' may follow)");
        return -1;
    }
    if (!kerx_options(v)->huff) {
        snprintf(err, GAME_ERROR_BYTES, "'huff:' needs the variant huff=1");
        return -1;
    }
    uint64_t cells[2] = {0, 0};
    p += 5;
    for (;;) {
        const char *at = p;
        int cell = kerx_read_cell(g, &p);
        if (cell < 0) {
            snprintf(err, GAME_ERROR_BYTES, "huff: expected a cell at '%.12s'", at);
            return -1;
        }
        if (!kerx_has(s->pieces[s->side ^ 1], cell)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "huff: %.8s does not hold a piece of the side that just moved", at);
            return -1;
        }
        kerx_set(cells, cell);
        if (*p != ',') break;
        p++;
    }
    while (*p == ' ') p++;
    if (*p) {
        snprintf(err, GAME_ERROR_BYTES, "unexpected text after the huff cells");
        return -1;
    }
    kerx_huff_set(s, cells);
    return 0;
}

/* One row of the board text, `len` characters at `text`, into `s`. */
static int kerx_parse_row(const struct kerx_geom *g, int row, const char *text,
                          size_t len, struct kerx_state *s, char *err) {
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        int run = 0;
        if (c == '.') {
            run = 1;
        } else if (c >= '1' && c <= '9') {
            /* The whole number, so that a message quotes what was written. */
            size_t digits = 1;
            while (i + digits < len && text[i + digits] >= '0' && text[i + digits] <= '9')
                digits++;
            for (size_t d = 0; d < digits && run <= g->row_len[row]; d++)
                run = run * 10 + (text[i + d] - '0');
            if (k + run > g->row_len[row]) {
                snprintf(err, GAME_ERROR_BYTES,
                         "row %d has %d cells at size %d: a run of %.*s empty cells "
                         "does not fit",
                         row + 1, g->row_len[row], g->n, digits > 24 ? 24 : (int)digits,
                         text + i);
                return -1;
            }
            i += digits - 1;
        } else if (c == 'w' || c == 'b') {
            if (k < g->row_len[row]) kerx_set(s->pieces[c == 'b'], g->row_start[row] + k);
            if (++k > g->row_len[row]) break;
            continue;
        } else {
            snprintf(err, GAME_ERROR_BYTES,
                     "unexpected '%c' in row %d (use w, b, '.' or a number of "
                     "empty cells)",
                     (c >= 32 && c < 127) ? c : '?', row + 1);
            return -1;
        }
        k += run;
        if (k > g->row_len[row]) break;
    }
    if (k != g->row_len[row]) {
        snprintf(err, GAME_ERROR_BYTES, "row %d must have %d cells at size %d, not %s%d",
                 row + 1, g->row_len[row], g->n, k > g->row_len[row] ? "at least " : "",
                 k);
        return -1;
    }
    return 0;
}

int kerx_parse_position(const struct variant *v, const char *text, void *state,
                        char *err) {
    const struct kerx_geom *g = kerx_geom_of(v);
    struct kerx_state s;
    memset(&s, 0, sizeof s);
    size_t total = strnlen(text, KERX_TEXT_MAX + 1);
    if (total > KERX_TEXT_MAX) {
        snprintf(err, GAME_ERROR_BYTES, "position text is too long");
        return -1;
    }
    while (*text == ' ') text++;
    const char *p = text;
    for (int row = g->rows - 1; row >= 0; row--) {
        size_t len = strcspn(p, "/ ");
        if (kerx_parse_row(g, row, p, len, &s, err) != 0) return -1;
        p += len;
        if (row > 0) {
            if (*p != '/') {
                snprintf(err, GAME_ERROR_BYTES,
                         "expected %d rows separated by '/' at size %d, found %d",
                         g->rows, g->n, g->rows - row);
                return -1;
            }
            p++;
        }
    }
    if (*p == '/') {
        snprintf(err, GAME_ERROR_BYTES, "more than %d rows for size %d", g->rows, g->n);
        return -1;
    }
    if (*p != ' ') {
        snprintf(err, GAME_ERROR_BYTES, "missing the side to move (' w' or ' b')");
        return -1;
    }
    while (*p == ' ') p++;
    if ((*p != 'w' && *p != 'b') || (p[1] != '\0' && p[1] != ' ')) {
        snprintf(err, GAME_ERROR_BYTES, "side to move must be 'w' or 'b'");
        return -1;
    }
    s.side = *p == 'b' ? KERX_BLACK : KERX_WHITE;
    for (p++; *p == ' '; p++) continue;
    if (*p && kerx_parse_huff(v, p, &s, err) != 0) return -1;
    int most =
        __builtin_popcountll(g->start[0][0]) + __builtin_popcountll(g->start[0][1]);
    for (int player = 0; player < 2; player++) {
        int count = kerx_count(&s, player);
        if (count > most) {
            snprintf(err, GAME_ERROR_BYTES, "%s has %d pieces; at most %d at size %d",
                     player == KERX_WHITE ? "white" : "black", count, most, g->n);
            return -1;
        }
    }
    if (kerx_count(&s, 0) + kerx_count(&s, 1) == 0) {
        snprintf(err, GAME_ERROR_BYTES, "no pieces on the board");
        return -1;
    }
    if (!kerx_chains_bounded(g, &s, kerx_options(v)->huff)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "too dense: its capture chains take more than %d search steps to list "
                 "(the limit of RULES.md)",
                 (int)KERX_CHASE_CHECK_STEPS);
        return -1;
    }
    memcpy(state, &s, sizeof s);
    return 0;
}

void kerx_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                      size_t n) {
    const struct kerx_geom *g = kerx_geom_of(v);
    struct kerx_out o = {buf, n, 0};
    char name[8];
    kerx_put(&o, "");
    int from = kerx_move_from(move);
    if (move & KERX_MOVE_HUFF && from < g->cells) {
        kerx_cell_name(g, from, name);
        kerx_put(&o, "huff:");
        kerx_put(&o, name);
        return;
    }
    if (from >= g->cells || kerx_move_to(move) >= g->cells) {
        kerx_put(&o, "?");
        return;
    }
    kerx_cell_name(g, from, name);
    kerx_put(&o, name);
    uint8_t dirs[KERX_MAX_JUMPS];
    uint64_t captured[2];
    int jumps = kerx_capture_path(g, state, move, dirs, captured);
    if (jumps == 0) {
        kerx_cell_name(g, kerx_move_to(move), name);
        kerx_put(&o, "-");
        kerx_put(&o, name);
        return;
    }
    for (int k = 0, at = from; k < jumps; k++) {
        at = g->jump[at][dirs[k]];
        kerx_cell_name(g, at, name);
        kerx_put(&o, "x");
        kerx_put(&o, name);
    }
}

/* "huff:d4": the removal of a due huff (huff=1). */
static int kerx_parse_removal(const struct variant *v, const void *state,
                              const char *text, move_t *move, char *err) {
    const struct kerx_geom *g = kerx_geom_of(v);
    const char *p = text;
    while (*p == ' ') p++;
    p += 5;
    int cell = kerx_read_cell(g, &p);
    while (*p == ' ') p++;
    if (cell < 0 || *p) {
        snprintf(err, GAME_ERROR_BYTES,
                 "'%.40s' is not a move: a huff is written huff:d4", text);
        return -1;
    }
    move_t list[KERX_MAX_MOVES];
    int n = kerx_game.moves(v, state, list);
    for (int i = 0; i < n; i++)
        if (list[i] == (KERX_MOVE_HUFF | kerx_move_pack(cell, 0, 0))) {
            *move = list[i];
            return 0;
        }
    snprintf(err, GAME_ERROR_BYTES, "'%.40s' is not legal here: %s", text,
             kerx_huff_due(state) ? "that piece may not be huffed" : "no huff is due");
    return -1;
}

/* A typed move: its cells and the separator between them ('-' a step,
 * 'x' captures). */
struct typed_move {
    int cells[KERX_MAX_JUMPS + 2];
    int count;
    char sep;
};

/* The cells of `text` ("c3-d4", "b2xd4xf4"). 0, or -1 with err. */
static int read_typed(const struct kerx_geom *g, const char *text, struct typed_move *t,
                      char *err) {
    t->count = 0;
    t->sep = 0;
    const char *p = text;
    while (*p == ' ') p++;
    for (;;) {
        int cell = kerx_read_cell(g, &p);
        if (cell < 0) {
            snprintf(err, GAME_ERROR_BYTES,
                     "'%.40s' is not a move: expected cells like c3-d4 or b2xd4xf4 "
                     "on the size-%d board",
                     text, g->n);
            return -1;
        }
        t->cells[t->count++] = cell;
        if (*p != '-' && *p != 'x') break;
        if ((t->sep && *p != t->sep) || (*p == '-' && t->count > 1) ||
            t->count == KERX_MAX_JUMPS + 1) {
            snprintf(err, GAME_ERROR_BYTES, "'%.40s' is not a move", text);
            return -1;
        }
        t->sep = *p++;
    }
    while (*p == ' ') p++;
    if (*p || t->count < 2) {
        snprintf(err, GAME_ERROR_BYTES, "'%.40s' is not a move", text);
        return -1;
    }
    return 0;
}

/* The legal moves the typed one names: the index of the last into *found,
 * and how many. A capture written with every landing cell must capture the
 * pieces its legs jump over. */
static int match_typed(const struct kerx_geom *g, const struct kerx_state *s,
                       const struct typed_move *t, const move_t *list, int n,
                       int *found) {
    /* Captured set of a typed path whose every leg is a jump. */
    uint64_t typed[2] = {0, 0};
    bool path = t->sep == 'x';
    for (int k = 1; path && k < t->count; k++) {
        int d = 0;
        while (d < KERX_DIRS && g->jump[t->cells[k - 1]][d] != t->cells[k]) d++;
        if (d == KERX_DIRS)
            path = false;
        else
            kerx_set(typed, g->nb[t->cells[k - 1]][d]);
    }
    int matches = 0;
    for (int i = 0; i < n; i++) {
        if (kerx_move_from(list[i]) != t->cells[0] ||
            kerx_move_to(list[i]) != t->cells[t->count - 1])
            continue;
        int jumps = kerx_move_jumps(list[i]);
        if ((t->sep == '-') != (jumps == 0)) continue;
        if (t->sep == 'x' && path) {
            uint8_t dirs[KERX_MAX_JUMPS];
            uint64_t captured[2];
            kerx_capture_path(g, s, list[i], dirs, captured);
            if (jumps != t->count - 1 || captured[0] != typed[0] ||
                captured[1] != typed[1])
                continue;
        } else if (t->sep == 'x' && t->count != 2) {
            continue;
        }
        *found = i;
        matches++;
    }
    return matches;
}

int kerx_parse_move(const struct variant *v, const void *state, const char *text,
                    move_t *move, char *err) {
    const struct kerx_geom *g = kerx_geom_of(v);
    const struct kerx_state *s = state;
    if (strnlen(text, KERX_TEXT_MAX + 1) > KERX_TEXT_MAX) {
        snprintf(err, GAME_ERROR_BYTES, "move text is too long");
        return -1;
    }
    const char *p = text;
    while (*p == ' ') p++;
    if (strncmp(p, "huff:", 5) == 0) return kerx_parse_removal(v, state, text, move, err);
    struct typed_move t;
    if (read_typed(g, text, &t, err) != 0) return -1;
    move_t list[KERX_MAX_MOVES];
    int n = kerx_game.moves(v, state, list);
    int found = -1, matches = match_typed(g, s, &t, list, n, &found);
    if (matches == 1) {
        *move = list[found];
        return 0;
    }
    if (matches > 1) {
        snprintf(err, GAME_ERROR_BYTES,
                 "'%.40s' names %d different captures; write every landing cell", text,
                 matches);
        return -1;
    }
    if (kerx_huff_due(s))
        snprintf(err, GAME_ERROR_BYTES,
                 "'%.40s' is not legal here: first huff a piece (huff:CELL)", text);
    else if (n > 0 && kerx_move_jumps(list[0]) > 0 && !kerx_options(v)->huff)
        snprintf(err, GAME_ERROR_BYTES,
                 "'%.40s' is not legal here: the longest capture (%d piece%s) is "
                 "compulsory",
                 text, kerx_move_jumps(list[0]),
                 kerx_move_jumps(list[0]) == 1 ? "" : "s");
    else
        snprintf(err, GAME_ERROR_BYTES, "'%.40s' is not legal here", text);
    return -1;
}

void kerx_draw(const struct variant *v, const void *state, FILE *out) {
    const struct kerx_geom *g = kerx_geom_of(v);
    const struct kerx_state *s = state;
    for (int row = g->rows - 1; row >= 0; row--) {
        int indent = row > g->n - 1 ? row - (g->n - 1) : (g->n - 1) - row;
        /* The leftmost cell's name as moves write it ("c5:"), not a lone
         * letter that reads like a piece. */
        char label[16];
        snprintf(label, sizeof label, "%c%d:", 'a' + g->row_first[row], row + 1);
        fprintf(out, "%5s %*s", label, indent, "");
        for (int k = 0; k < g->row_len[row]; k++) {
            int cell = g->row_start[row] + k;
            char c = kerx_has(s->pieces[0], cell)   ? 'w'
                     : kerx_has(s->pieces[1], cell) ? 'b'
                                                    : '.';
            fprintf(out, "%s%c", k ? " " : "", c);
        }
        fputc('\n', out);
    }
    fprintf(out,
            "(each row starts with the name of its leftmost cell; files run up-left)\n");
    fprintf(out, "white (w) %d, black (b) %d pieces; %s to move\n", kerx_count(s, 0),
            kerx_count(s, 1), s->side == KERX_WHITE ? "white" : "black");
    if (kerx_huff_due(s)) {
        uint64_t cells[2];
        kerx_huff_cells(s, cells);
        fprintf(out, "%s missed a longest capture: %s first removes one of",
                s->side == KERX_WHITE ? "black" : "white",
                s->side == KERX_WHITE ? "white" : "black");
        for (int cell = 0; cell < g->cells; cell++) {
            char name[8];
            kerx_cell_name(g, cell, name);
            if (kerx_has(cells, cell)) fprintf(out, " %s", name);
        }
        fputc('\n', out);
    }
}
