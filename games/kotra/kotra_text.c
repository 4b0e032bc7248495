/*
 * Kotra names and move notation (see RULES.md, "Notation"); the position
 * notation is kotra_position.c, the drawing kotra_draw.c.
 */
#include "games/kotra/kotra.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char rank_letters[RANK_KINDS] = {'?', 'A', 'R', 'I', 'G', 'N',
                                              'D', 'U', 'L', 'M', 'C'};

const char *kotra_player_name(const struct variant *v, int player) {
    return player == KOTRA_GOLD ? "gold" : "silver";
}

char kotra_rank_letter(int rank) {
    if (rank == RANK_UNKNOWN) return 'X';
    return rank > 0 && rank < RANK_KINDS ? rank_letters[rank] : '?';
}

char kotra_piece_letter(int owner, int rank) {
    char c = kotra_rank_letter(rank);
    return owner == KOTRA_SILVER ? (char)tolower((unsigned char)c) : c;
}

int kotra_letter_rank(char c) {
    if (c == 'X') return RANK_UNKNOWN;
    for (int r = 1; r < RANK_KINDS; r++)
        if (rank_letters[r] == c) return r;
    return -1;
}

/* ---- moves ---- */

void kotra_format_move(const struct variant *v, const void *state, move_t move, char *buf,
                       size_t n) {
    const struct kotra_state *s = state;
    const int owner = s->side;
    const int a = kotra_move_a(move), b = kotra_move_b(move);
    const char *na = a < KOTRA_SPACES ? kotra_board[a].name : "?";
    const char *nb = b < KOTRA_SPACES ? kotra_board[b].name : "?";
    switch (kotra_move_kind(move)) {
    case 0: snprintf(buf, n, "pass"); break;
    case MV_SETUP:
        snprintf(buf, n, "%s=%c", na, b ? kotra_piece_letter(owner, b) : '-');
        break;
    case MV_ROLL: snprintf(buf, n, "%d/%d", a, b); break;
    case MV_ENTER:
        snprintf(buf, n, "in=%c", b ? kotra_piece_letter(owner, b) : '-');
        break;
    case MV_PICK: snprintf(buf, n, "%s", na); break;
    case MV_RELOC: snprintf(buf, n, "reloc"); break;
    case MV_STEP: snprintf(buf, n, "%s-%s", na, nb); break;
    case MV_ATTACK: snprintf(buf, n, "%sx%s", na, nb); break;
    case MV_PLACE: snprintf(buf, n, "%s>%s", na, nb); break;
    case MV_RESCUE:
        if (!b)
            snprintf(buf, n, "res=-");
        else if (b >> 4)
            snprintf(buf, n, "res=%c+%d", kotra_piece_letter(owner, b & 15), b >> 4);
        else
            snprintf(buf, n, "res=%c", kotra_piece_letter(owner, b & 15));
        break;
    case MV_DONE: snprintf(buf, n, "done"); break;
    default: snprintf(buf, n, "?"); break;
    }
}

static const char move_help[] =
    "(forms: d1=C d1=- 3/7 in=R in=- d3 reloc d3-d5 d3xd5 d1>f1 res=G res=- done pass)";

/* Does the text look like some Kotra move at all? */
static int well_formed(const char *t) {
    static const char *const words[] = {"pass", "done", "reloc", "in=-", "res=-"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(t, words[i]) == 0) return 1;
    if (isdigit((unsigned char)t[0])) {
        int a, b;
        char extra;
        return sscanf(t, "%d/%d%c", &a, &b, &extra) == 2;
    }
    if (strncmp(t, "in=", 3) == 0 || strncmp(t, "res=", 4) == 0) {
        const char *r = t + (t[0] == 'i' ? 3 : 4);
        return kotra_letter_rank((char)toupper((unsigned char)*r)) > 0;
    }
    char first[8];
    size_t len = strcspn(t, "=-x>");
    if (len == 0 || len >= sizeof first) return 0;
    memcpy(first, t, len);
    first[len] = '\0';
    if (kotra_space_find(first) < 0) return 0;
    if (t[len] == '\0') return 1;
    if (t[len] == '=')
        return t[len + 2] == '\0' &&
               (t[len + 1] == '-' ||
                kotra_letter_rank((char)toupper((unsigned char)t[len + 1])) > 0);
    return kotra_space_find(t + len + 1) >= 0;
}

int kotra_parse_move(const struct variant *v, const void *state, const char *text,
                     move_t *move, char *err) {
    char t[32];
    while (*text == ' ') text++;
    size_t len = strlen(text);
    while (len > 0 && text[len - 1] == ' ') len--;
    if (len == 0 || len >= sizeof t) {
        snprintf(err, GAME_ERROR_BYTES, "malformed move '%.20s' %s", text, move_help);
        return -1;
    }
    memcpy(t, text, len);
    t[len] = '\0';
    if (kotra_game.turn(v, state) == TURN_OVER) {
        snprintf(err, GAME_ERROR_BYTES, "the game is over: no move '%s'", t);
        return -1;
    }
    move_t legal[KOTRA_MAX_MOVES];
    int count = kotra_game.moves(v, state, legal);
    for (int i = 0; i < count; i++) {
        char name[32];
        kotra_format_move(v, state, legal[i], name, sizeof name);
        if (strcmp(name, t) == 0) {
            *move = legal[i];
            return 0;
        }
    }
    /* Rank letters may be given in either case. */
    for (int i = 0; i < count; i++) {
        char name[32];
        kotra_format_move(v, state, legal[i], name, sizeof name);
        if (strcasecmp(name, t) == 0) {
            *move = legal[i];
            return 0;
        }
    }
    if (!well_formed(t)) {
        snprintf(err, GAME_ERROR_BYTES, "malformed move '%s' %s", t, move_help);
        return -1;
    }
    const struct kotra_state *s = state;
    static const char *const expect[] = {"a setup choice",   "a roll",
                                         "a reserve choice", "a piece to move",
                                         "a destination",    "a rescue choice"};
    snprintf(err, GAME_ERROR_BYTES, "illegal move '%s' in this position (%s expected)", t,
             s->phase < PHASE_OVER ? expect[s->phase] : "nothing");
    return -1;
}
