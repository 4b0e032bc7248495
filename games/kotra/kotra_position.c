/*
 * Kotra position notation: printing, parsing and checking (see RULES.md,
 * "Notation").
 *
 * Position: the board row by row from rank 9 down to rank 1 ('/' between
 * rows, each row's spaces in table order, '.' empty or a piece token), then
 * side, phase, dice dark/light/left, picked space, setup cursor, turns, the
 * two trays, the two reserves, bonuses and status:
 *   <rows> g pick 3/7/2 - 0 12 rI+1 - RRGX - 4:-6 Q:-
 * Piece token: a rank letter (gold upper case, silver lower case, X/x for a
 * rank the viewer does not know), then in this order: +N promotions,
 * ' moved, ! revealed, ^ has rescued, ~ boundary bonus taken, $ came from
 * the reserve, * moved this turn, @N safety turns, %N bog turns, :N door
 * jumps in a row.
 */
#include "games/kotra/kotra.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const rank_names[RANK_KINDS] = {"none",   "agent", "garresh", "gil",
                                                   "glinn",  "dalin", "dal",     "gul",
                                                   "legate", "mine",  "capital"};
static const char *const phase_names[] = {"setup", "roll", "enter",
                                          "pick",  "dest", "rescue"};
static const char *const over_names[] = {"", "over-capital", "over-surrender",
                                         "over-limit"};

/* ---- printing ---- */

struct out {
    char *buf;
    size_t n, used;
};

static void put(struct out *o, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    int k = vsnprintf(o->buf + o->used, o->used < o->n ? o->n - o->used : 0, format, ap);
    va_end(ap);
    if (k > 0) o->used += (size_t)k;
    if (o->used >= o->n && o->n > 0) o->used = o->n - 1;
}

static void put_piece(struct out *o, const struct kotra_state *s, int sp) {
    uint8_t f = s->flags[sp], x = s->extra[sp];
    put(o, "%c",
        kotra_piece_letter(kotra_owner(s->cell[sp]), kotra_rank_of(s->cell[sp])));
    if (x & KX_PROMO) put(o, "+%d", x & KX_PROMO);
    if (f & KF_MOVED) put(o, "'");
    if (f & KF_REVEALED) put(o, "!");
    if (f & KF_RESCUER) put(o, "^");
    if (f & KF_CROSSED) put(o, "~");
    if (x & KX_ENTERED) put(o, "$");
    if (x & KX_TURN) put(o, "*");
    if (kotra_shield(f)) put(o, "@%d", kotra_shield(f));
    if (kotra_stuck(f)) put(o, "%%%d", kotra_stuck(f));
    if (kotra_jumps(x)) put(o, ":%d", kotra_jumps(x));
}

static void put_list(struct out *o, const uint8_t *list, int n, int owner) {
    if (!list[0]) {
        put(o, " -");
        return;
    }
    put(o, " ");
    for (int i = 0; i < n && list[i]; i++) {
        put(o, "%c", kotra_piece_letter(owner, list[i] & 15));
        if (list[i] >> 4) put(o, "+%d", list[i] >> 4);
    }
}

static void put_status(struct out *o, const struct kotra_state *s, int p) {
    size_t before = o->used;
    if (s->status[p] & KS_UNLOCKED) put(o, "U");
    if (s->status[p] & KS_RELOCATED) put(o, "R");
    if (s->status[p] & KS_RESCUED) put(o, "Q");
    if (s->destroyed[p]) put(o, "%d", s->destroyed[p]);
    if (o->used == before) put(o, "-");
}

void kotra_format_position(const struct variant *v, const void *state, char *buf,
                           size_t n) {
    const struct kotra_state *s = state;
    struct out o = {buf, n, 0};
    if (n) buf[0] = '\0';
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (sp > 0 && kotra_board[sp].row != kotra_board[sp - 1].row) put(&o, "/");
        if (s->cell[sp])
            put_piece(&o, s, sp);
        else
            put(&o, ".");
    }
    put(&o, " %c %s", s->side == KOTRA_GOLD ? 'g' : 's',
        s->phase == PHASE_OVER ? over_names[s->over < 4 ? s->over : 0]
                               : phase_names[s->phase < PHASE_OVER ? s->phase : 0]);
    put(&o, " %d/%d/%d %s %d %d", s->dark, s->light, s->left,
        s->picked < KOTRA_SPACES ? kotra_board[s->picked].name : "-", s->cursor,
        s->turns);
    put_list(&o, s->tray[KOTRA_GOLD], KOTRA_PIECES, KOTRA_SILVER);
    put_list(&o, s->tray[KOTRA_SILVER], KOTRA_PIECES, KOTRA_GOLD);
    put_list(&o, s->reserve[KOTRA_GOLD], KOTRA_RESERVE, KOTRA_GOLD);
    put_list(&o, s->reserve[KOTRA_SILVER], KOTRA_RESERVE, KOTRA_SILVER);
    put(&o, " %d:%d ", s->bonus[KOTRA_GOLD], s->bonus[KOTRA_SILVER]);
    put_status(&o, s, KOTRA_GOLD);
    put(&o, ":");
    put_status(&o, s, KOTRA_SILVER);
}

/* ---- parsing ---- */

static int fail(char *err, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vsnprintf(err, GAME_ERROR_BYTES, format, ap);
    va_end(ap);
    return -1;
}

/* A number of at most `digits` digits, optionally negative; -1 on success
 * stored in *value, 0 if none. */
static int read_number(const char **p, int digits, int allow_minus, int *value) {
    const char *s = *p;
    int sign = 1, v = 0, k = 0;
    if (allow_minus && *s == '-') {
        sign = -1;
        s++;
    }
    while (isdigit((unsigned char)*s)) {
        if (++k > digits) return 0;
        v = v * 10 + (*s++ - '0');
    }
    if (k == 0) return 0;
    *value = sign * v;
    *p = s;
    return 1;
}

static int expect_space(const char **p, char *err, const char *what) {
    if (**p != ' ') return fail(err, "expected a space before the %s", what);
    while (**p == ' ') (*p)++;
    if (**p == '\0') return fail(err, "missing %s", what);
    return 0;
}

/* One piece token at *p into the space sp. */
static int read_piece(const char **p, struct kotra_state *s, int sp, char *err) {
    const char *q = *p;
    char c = *q++;
    int owner = isupper((unsigned char)c) ? KOTRA_GOLD : KOTRA_SILVER;
    int rank = kotra_letter_rank((char)toupper((unsigned char)c));
    if (rank < 0)
        return fail(err,
                    "unknown piece '%c' on %s (ranks L U D N G I R A M C, X unknown)", c,
                    kotra_board[sp].name);
    s->cell[sp] = kotra_cell(owner, rank);
    unsigned seen = 0;
    for (;;) {
        const char *mods = "+'!^~$*@%:";
        const char *m = *q ? strchr(mods, *q) : NULL;
        if (!m) break;
        unsigned bit = 1u << (m - mods);
        if (seen & bit)
            return fail(err, "repeated mark '%c' on %s", *q, kotra_board[sp].name);
        seen |= bit;
        char mark = *q++;
        int value = 0;
        if (mark == '+' || mark == '@' || mark == '%' || mark == ':') {
            if (!isdigit((unsigned char)*q))
                return fail(err, "mark '%c' on %s needs a digit", mark,
                            kotra_board[sp].name);
            value = *q++ - '0';
        }
        switch (mark) {
        case '+':
            if (value != 1)
                return fail(err, "promotions on %s: a piece goes up at most once (+1)",
                            kotra_board[sp].name);
            s->extra[sp] |= (uint8_t)value;
            break;
        case ':':
            if (value < 1 || value > KOTRA_MAX_JUMPS)
                return fail(err, "door jumps in a row on %s must be 1 or %d",
                            kotra_board[sp].name, KOTRA_MAX_JUMPS);
            s->extra[sp] |= (uint8_t)(value * KX_JUMPS1);
            break;
        case '\'': s->flags[sp] |= KF_MOVED; break;
        case '!': s->flags[sp] |= KF_REVEALED; break;
        case '^': s->flags[sp] |= KF_RESCUER; break;
        case '~': s->flags[sp] |= KF_CROSSED; break;
        case '$': s->extra[sp] |= KX_ENTERED; break;
        case '*': s->extra[sp] |= KX_TURN; break;
        default:
            if (value < 1 || value > 2)
                return fail(err, "'%c' on %s must be 1 or 2 turns", mark,
                            kotra_board[sp].name);
            s->flags[sp] |= (uint8_t)(value * (mark == '@' ? KF_SHIELD1 : KF_STUCK1));
            break;
        }
    }
    *p = q;
    return 0;
}

/* A tray or reserve list: letters of `owner` (with +N in trays), or '-'. */
static int read_list(const char **p, uint8_t *list, int cap, int owner, int promos,
                     const char *what, char *err) {
    const char *q = *p;
    if (*q == '-' && (q[1] == ' ' || q[1] == '\0')) {
        *p = q + 1;
        return 0;
    }
    int n = 0;
    while (*q && *q != ' ') {
        char c = *q++;
        int rank = kotra_letter_rank((char)toupper((unsigned char)c));
        if (rank < 0) return fail(err, "unknown piece '%c' in the %s", c, what);
        if ((owner == KOTRA_GOLD) != (isupper((unsigned char)c) != 0))
            return fail(err, "the %s holds %s pieces only (%s case)", what,
                        owner == KOTRA_GOLD ? "gold" : "silver",
                        owner == KOTRA_GOLD ? "upper" : "lower");
        if (rank == RANK_UNKNOWN && promos)
            return fail(err, "captured pieces are known: no 'X' in the %s", what);
        int promo = 0;
        if (*q == '+') {
            if (!promos) return fail(err, "no promotions in the %s", what);
            if (q[1] != '1')
                return fail(err, "bad promotion in the %s (a piece goes up once: +1)",
                            what);
            promo = q[1] - '0';
            q += 2;
        }
        if (n == cap)
            return fail(err, "too many pieces in the %s (at most %d)", what, cap);
        if (kotra_mobile(rank) && rank != RANK_UNKNOWN && rank - promo < RANK_AGENT)
            return fail(err, "impossible promotion in the %s", what);
        if (!kotra_mobile(rank) && promo)
            return fail(err, "mines and capitals are never promoted (%s)", what);
        kotra_list_insert(list, cap, (uint8_t)(rank | promo << 4));
        n++;
    }
    *p = q;
    return 0;
}

static int read_status(const char **p, struct kotra_state *s, int player, char *err) {
    const char *q = *p;
    if (*q == '-') {
        *p = q + 1;
        return 0;
    }
    const char *letters = "URQ";
    int count = 0;
    while (*q && strchr(letters, *q)) {
        int bit = *q == 'U' ? KS_UNLOCKED : *q == 'R' ? KS_RELOCATED : KS_RESCUED;
        if (s->status[player] & bit) return fail(err, "repeated status letter '%c'", *q);
        s->status[player] |= (uint8_t)bit;
        q++;
        count++;
    }
    if (isdigit((unsigned char)*q)) {
        if (*q > '3') return fail(err, "at most 3 mines can be destroyed");
        s->destroyed[player] = (uint8_t)(*q++ - '0');
        count++;
    }
    if (count == 0) return fail(err, "bad status: letters U R Q and a digit, or '-'");
    *p = q;
    return 0;
}

/* The board: KOTRA_SPACES fields by rows, '/' between rows. */
static int read_board(const char **pp, struct kotra_state *s, char *err) {
    const char *p = *pp;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (sp > 0 && kotra_board[sp].row != kotra_board[sp - 1].row) {
            if (*p != '/')
                return fail(err, "bad board: row of rank %d ends early or late (at %s)",
                            KOTRA_ROWS - kotra_board[sp - 1].row, kotra_board[sp].name);
            p++;
        }
        if (*p == '.') {
            p++;
            continue;
        }
        if (!isalpha((unsigned char)*p))
            return fail(err, "bad board: expected '.' or a piece at %s, found '%.1s'",
                        kotra_board[sp].name, *p ? p : "end");
        if (read_piece(&p, s, sp, err)) return -1;
    }
    if (*p == '/' || isalpha((unsigned char)*p) || *p == '.')
        return fail(err, "bad board: more than %d spaces", KOTRA_SPACES);
    *pp = p;
    return 0;
}

/* The phase's name (an over-* name also sets why the game ended). */
static int read_phase(const char **pp, struct kotra_state *s, char *err) {
    const char *p = *pp;
    int phase = -1;
    size_t len = strcspn(p, " ");
    for (int i = 0; i < PHASE_OVER; i++)
        if (strlen(phase_names[i]) == len && strncmp(p, phase_names[i], len) == 0)
            phase = i;
    for (int i = 1; i < 4; i++)
        if (strlen(over_names[i]) == len && strncmp(p, over_names[i], len) == 0) {
            phase = PHASE_OVER;
            s->over = (uint8_t)i;
        }
    if (phase < 0)
        return fail(err,
                    "unknown phase '%.*s' (setup, roll, enter, pick, dest, rescue, "
                    "over-capital, over-surrender, over-limit)",
                    (int)(len > 20 ? 20 : len), p);
    s->phase = (uint8_t)phase;
    *pp = p + len;
    return 0;
}

/* The dice (dark/light/left), then the picked space ('-' for none). */
static int read_dice_and_pick(const char **pp, struct kotra_state *s, char *err) {
    const char *p = *pp;
    int dark, light, left;
    if (!read_number(&p, 2, 0, &dark) || *p++ != '/' || !read_number(&p, 2, 0, &light) ||
        *p++ != '/' || !read_number(&p, 2, 0, &left))
        return fail(err, "bad dice: expected dark/light/left, e.g. 3/7/3");
    if (dark > 10 || light > 10 || left > dark)
        return fail(err, "bad dice %d/%d/%d: faces 1-10, left at most dark", dark, light,
                    left);
    s->dark = (uint8_t)dark;
    s->light = (uint8_t)light;
    s->left = (uint8_t)left;
    if (expect_space(&p, err, "picked space ('-' for none)")) return -1;
    size_t len = strcspn(p, " ");
    if (len == 1 && *p == '-') {
        s->picked = KOTRA_NO_SPACE;
    } else {
        char name[8];
        if (len >= sizeof name) return fail(err, "bad picked space '%.8s'", p);
        memcpy(name, p, len);
        name[len] = '\0';
        int sp = kotra_space_find(name);
        if (sp < 0) return fail(err, "unknown picked space '%s'", name);
        s->picked = (uint8_t)sp;
    }
    *pp = p + len;
    return 0;
}

/* The trays and reserves, the bonuses and the status, to the end. */
static int read_holdings(const char **pp, struct kotra_state *s, char *err) {
    const char *p = *pp;
    static const char *const what[4] = {"gold tray", "silver tray", "gold reserve",
                                        "silver reserve"};
    for (int k = 0; k < 4; k++) {
        if (expect_space(&p, err, what[k])) return -1;
        int r = k < 2 ? read_list(&p, s->tray[k], KOTRA_PIECES, 1 - k, 1, what[k], err)
                      : read_list(&p, s->reserve[k - 2], KOTRA_RESERVE, k - 2, 0, what[k],
                                  err);
        if (r) return -1;
    }
    if (expect_space(&p, err, "bonuses (gold:silver)")) return -1;
    int bg, bs;
    if (!read_number(&p, 4, 1, &bg) || *p++ != ':' || !read_number(&p, 4, 1, &bs))
        return fail(err, "bad bonuses: expected gold:silver, e.g. 2:-10");
    s->bonus[0] = (int16_t)bg;
    s->bonus[1] = (int16_t)bs;
    if (expect_space(&p, err, "status (gold:silver)")) return -1;
    if (read_status(&p, s, KOTRA_GOLD, err)) return -1;
    if (*p++ != ':') return fail(err, "bad status: expected gold:silver, e.g. UQ1:-");
    if (read_status(&p, s, KOTRA_SILVER, err)) return -1;
    while (*p == ' ') p++;
    if (*p) return fail(err, "unexpected text after the status: '%.20s'", p);
    *pp = p;
    return 0;
}

static int check_position(const struct variant *v, const struct kotra_state *s,
                          char *err);

int kotra_parse_position(const struct variant *v, const char *text, void *state,
                         char *err) {
    struct kotra_state s;
    memset(&s, 0, sizeof s);
    const char *p = text;
    while (*p == ' ') p++;
    if (read_board(&p, &s, err)) return -1;
    if (expect_space(&p, err, "side to move ('g' or 's')")) return -1;
    if ((*p != 'g' && *p != 's') || (p[1] != ' ' && p[1] != '\0'))
        return fail(err, "side to move must be 'g' (gold) or 's' (silver)");
    s.side = *p == 'g' ? KOTRA_GOLD : KOTRA_SILVER;
    p++;
    if (expect_space(&p, err, "phase")) return -1;
    if (read_phase(&p, &s, err)) return -1;
    if (expect_space(&p, err, "dice (dark/light/left)")) return -1;
    if (read_dice_and_pick(&p, &s, err)) return -1;
    int cursor, turns;
    if (expect_space(&p, err, "setup cursor")) return -1;
    if (!read_number(&p, 2, 0, &cursor) || cursor >= KOTRA_TERRITORY)
        return fail(err, "bad setup cursor: a number from 0 to %d", KOTRA_TERRITORY - 1);
    s.cursor = (uint8_t)cursor;
    if (expect_space(&p, err, "turn count")) return -1;
    if (!read_number(&p, 5, 0, &turns) || turns > kotra_options(v)->max_turns)
        return fail(err, "bad turn count: a number from 0 to %d (variant turns=)",
                    kotra_options(v)->max_turns);
    s.turns = (uint16_t)turns;
    if (read_holdings(&p, &s, err)) return -1;
    if (check_position(v, &s, err)) return -1;
    memcpy(state, &s, sizeof s);
    return 0;
}

/* The parts of check_position: each returns 0, or -1 with err. */

/* Player p's pieces (board, enemy tray, reserve, destroyed): no more of a
 * rank than exist, all of them once the setup is over, no move marks on
 * pieces that never move. Counts p's pieces on the board and the capitals
 * seen (on the board or captured). */
static int check_pieces(const struct variant *v, const struct kotra_state *s, int p,
                        int *on_board, int *capitals, char *err) {
    int known[RANK_KINDS] = {0};
    int total = s->destroyed[p];
    known[RANK_MINE] += s->destroyed[p];
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (!c || kotra_owner(c) != p) continue;
        (*on_board)++;
        total++;
        int rank = kotra_rank_of(c), promo = s->extra[sp] & KX_PROMO;
        const char *name = kotra_board[sp].name;
        if (rank == RANK_CAPITAL) (*capitals)++;
        if (!kotra_mobile(rank) && rank != RANK_UNKNOWN) {
            if (promo || kotra_jumps(s->extra[sp]) ||
                (s->flags[sp] & (KF_MOVED | KF_RESCUER | KF_CROSSED)) ||
                kotra_shield(s->flags[sp]) || kotra_stuck(s->flags[sp]))
                return fail(err, "the %s on %s never moves: no move marks",
                            rank_names[rank], name);
        }
        if (rank == RANK_UNKNOWN) continue;
        if (kotra_mobile(rank)) rank -= promo;
        if (rank < RANK_AGENT) return fail(err, "impossible promotion count on %s", name);
        known[rank]++;
    }
    for (int i = 0; i < KOTRA_PIECES && s->tray[1 - p][i]; i++) {
        int rank = s->tray[1 - p][i] & 15;
        total++;
        if (rank == RANK_CAPITAL) (*capitals)++;
        known[rank - (s->tray[1 - p][i] >> 4)]++;
    }
    for (int i = 0; i < KOTRA_RESERVE && s->reserve[p][i]; i++) {
        total++;
        if (s->reserve[p][i] != RANK_UNKNOWN) known[s->reserve[p][i]]++;
    }
    for (int r = 1; r < RANK_KINDS; r++)
        if (known[r] > kotra_rank_count[r])
            return fail(err, "%s has %d %s%s at setup rank; only %d exist",
                        kotra_player_name(v, p), known[r], rank_names[r],
                        known[r] > 1 ? "s" : "", kotra_rank_count[r]);
    int setting_up = s->phase == PHASE_SETUP && (p == s->side || p == KOTRA_SILVER);
    if (setting_up) {
        if (total != *on_board || s->reserve[p][0])
            return fail(err,
                        "%s is still placing pieces: no reserve, captures or "
                        "destroyed mines yet",
                        kotra_player_name(v, p));
        if (*on_board > KOTRA_ON_BOARD)
            return fail(err, "%s has placed more than %d pieces", kotra_player_name(v, p),
                        KOTRA_ON_BOARD);
    } else if (total != KOTRA_PIECES) {
        return fail(err,
                    "%s has %d pieces on the board, in the enemy tray, in "
                    "reserve and destroyed; must be %d",
                    kotra_player_name(v, p), total, KOTRA_PIECES);
    }
    return 0;
}

/* The setup phase: no marks, bonuses or status yet, pieces in their own
 * territory placed in order, and the setup still completable. */
static int check_setup(const struct kotra_state *s, const int on_board[2], char *err) {
    const int me = s->side;
    if (s->turns) return fail(err, "turn count must be 0 during the setup");
    if (s->bonus[0] || s->bonus[1] || s->status[0] || s->status[1])
        return fail(err, "no bonuses or status during the setup");
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (!c) continue;
        if (s->flags[sp] || s->extra[sp])
            return fail(err, "no marks on pieces during the setup (%s)",
                        kotra_board[sp].name);
        if (kotra_board[sp].zone != kotra_owner(c))
            return fail(err, "setup piece on %s outside its territory",
                        kotra_board[sp].name);
    }
    if (me == KOTRA_GOLD && on_board[KOTRA_SILVER])
        return fail(err, "silver places after gold: no silver pieces yet");
    for (int i = s->cursor; i < KOTRA_TERRITORY; i++)
        if (s->cell[kotra_territory_space(me, i)])
            return fail(err, "setup goes in order: %s is not decided yet",
                        kotra_board[kotra_territory_space(me, i)].name);
    int left[RANK_KINDS], unknown = 0;
    for (int r = 0; r < RANK_KINDS; r++) left[r] = kotra_rank_count[r];
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (!s->cell[sp] || kotra_owner(s->cell[sp]) != me) continue;
        if (kotra_rank_of(s->cell[sp]) < RANK_KINDS)
            left[kotra_rank_of(s->cell[sp])]--;
        else
            unknown++; /* a view: they may be the capital, legate or mine */
    }
    int to_place = KOTRA_ON_BOARD - on_board[me];
    int need = (left[RANK_CAPITAL] > 0) + (left[RANK_LEGATE] > 0) +
               (left[RANK_MINE] == kotra_rank_count[RANK_MINE]);
    if (to_place > KOTRA_TERRITORY - s->cursor || (need > to_place && !unknown))
        return fail(err, "this setup can no longer be completed (capital, legate "
                         "and a mine on 17 spaces)");
    return 0;
}

/* A phase inside a turn: dice rolled, and what the phase needs (doubles
 * to enter, pieces left to move, a movable picked piece, a rescue). */
static int check_turn(const struct kotra_state *s, char *err) {
    const int me = s->side;
    if (s->dark < 1 || s->light < 1)
        return fail(err, "dice faces are 1 to 10 during a turn");
    if (s->phase == PHASE_ENTER) {
        int base = kotra_space_of(me, TERRAIN_BASE);
        if (s->dark != s->light || s->left != s->dark || !s->reserve[me][0] ||
            s->cell[base])
            return fail(err, "phase enter needs doubles, a reserve and a free base");
    }
    if ((s->phase == PHASE_PICK || s->phase == PHASE_DEST) && s->left < 1)
        return fail(err, "no pieces left to move: the turn is over");
    if ((s->phase == PHASE_DEST || s->phase == PHASE_RESCUE) !=
        (s->picked != KOTRA_NO_SPACE))
        return fail(err, "a picked space goes with phases dest and rescue only");
    if (s->phase == PHASE_DEST) {
        uint8_t c = s->cell[s->picked];
        int rank = kotra_rank_of(c);
        if (!c || kotra_owner(c) != me || (s->extra[s->picked] & KX_TURN))
            return fail(err, "the picked space must hold a piece of the mover that "
                             "has not moved this turn");
        if (rank == RANK_CAPITAL
                ? (s->status[me] & (KS_UNLOCKED | KS_RELOCATED)) != KS_UNLOCKED
                : !kotra_mobile(rank) || kotra_stuck(s->flags[s->picked]))
            return fail(err, "the picked piece cannot move");
    }
    if (s->phase == PHASE_RESCUE) {
        uint8_t c = s->cell[s->picked];
        const struct kotra_space *b = &kotra_board[s->picked];
        if (!c || kotra_owner(c) != me || b->terrain != TERRAIN_LOYALTY ||
            b->zone != 1 - me || s->left >= s->dark)
            return fail(err, "rescue needs a mover's piece on the enemy loyalty space");
        if (s->cell[kotra_space_of(me, TERRAIN_BASE)])
            return fail(err, "rescue needs a free base");
    }
    return 0;
}

/* Whole-position checks: counts, phases, fields that must agree. */
static int check_position(const struct variant *v, const struct kotra_state *s,
                          char *err) {
    const int me = s->side;
    const int in_turn = s->phase >= PHASE_ENTER && s->phase <= PHASE_RESCUE;
    int on_board[2] = {0, 0}, capitals = 0;
    for (int p = 0; p < 2; p++)
        if (check_pieces(v, s, p, &on_board[p], &capitals, err)) return -1;
    if (capitals > 2) return fail(err, "at most one capital each");
    int captured_capital = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < KOTRA_PIECES && s->tray[p][i]; i++)
            if ((s->tray[p][i] & 15) == RANK_CAPITAL) captured_capital = 1;
    if (captured_capital != (s->phase == PHASE_OVER && s->over == OVER_CAPITAL))
        return fail(err, "a captured capital and the phase over-capital go together");
    if (!in_turn && (s->dark || s->light || s->left || s->picked != KOTRA_NO_SPACE))
        return fail(err, "dice must be 0/0/0 and picked '-' outside a turn");
    if (s->phase != PHASE_SETUP && s->cursor)
        return fail(err, "setup cursor must be 0 after the setup");
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (!s->cell[sp]) continue;
        if ((s->extra[sp] & KX_TURN) && (!in_turn || kotra_owner(s->cell[sp]) != me))
            return fail(err,
                        "'*' (moved this turn) on %s: only the mover's pieces, "
                        "during a turn",
                        kotra_board[sp].name);
    }
    if (s->phase == PHASE_SETUP) return check_setup(s, on_board, err);
    if (in_turn) return check_turn(s, err);
    return 0;
}
