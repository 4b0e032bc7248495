/* What each seat of a match sees of each step (play/match.h): the log
 * lines, decided from the seat's view alone. A move of another player in a
 * game with hidden information is shown only as the game's `seen_move`
 * allows, printed on the seat's view of the position, so nothing the seat
 * cannot know reaches its text. */
#include "play/match_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ALL = GAME_MAX_PLAYERS }; /* the line of MATCH_ALL_SEATS */

/* Append a line to the pool; its offset, or MATCH_NO_TEXT out of memory. */
static size_t pool_add(struct match *m, const char *line) {
    size_t len = strlen(line) + 1;
    if (m->pool_used + len > m->pool_cap) {
        size_t cap = m->pool_cap ? m->pool_cap : 4096;
        while (m->pool_used + len > cap) cap *= 2;
        char *pool = realloc(m->pool, cap);
        if (!pool) return MATCH_NO_TEXT;
        m->pool = pool, m->pool_cap = cap;
    }
    memcpy(m->pool + m->pool_used, line, len);
    m->pool_used += len;
    return m->pool_used - len;
}

bool match_seen_move(const struct game *g, const struct variant *v, const void *state,
                     int mover, move_t move, int seat, move_t *seen) {
    *seen = move;
    if (seat < 0 || seat == mover || !(g->flags & GAME_HAS_HIDDEN)) return true;
    return g->seen_move ? g->seen_move(v, state, move, seat, seen) : mover == TURN_CHANCE;
}

/* The line `seat` (ALL: everything) reads for a move of `mover` (a player
 * or TURN_CHANCE) in the current state, and the move's text as it saw it
 * into text[MATCH_LINE_BYTES] ("" when hidden); true when it saw the move
 * whole. */
static bool move_line(const struct match *m, int seat, int mover, move_t move, char *line,
                      size_t n, char *text) {
    const struct game *g = m->g;
    const char *who = mover == TURN_CHANCE ? "chance" : g->player_name(&m->v, mover);
    move_t seen;
    text[0] = '\0';
    if (!match_seen_move(g, &m->v, m->state, mover, move, seat == ALL ? -1 : seat,
                         &seen)) {
        snprintf(line, n, "%.40s makes a hidden choice", who);
        return false;
    }
    _Alignas(16) unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, m->state, g->state_size);
    if (seat != ALL && (g->flags & GAME_HAS_HIDDEN)) g->view(&m->v, view, seat);
    g->format_move(&m->v, view, seen, text, MATCH_LINE_BYTES);
    snprintf(line, n, "%.40s plays %.200s", who, text);
    return seen == move;
}

/* Everyone's line for the choices of a simultaneous node, revealed, and
 * each acting player's choice into the step's texts. -1 out of memory. */
static int reveal_line(struct match *m, const struct record_step *st,
                       struct match_seen *s, char *line, size_t n) {
    const struct game *g = m->g;
    size_t used = (size_t)snprintf(line, n, "reveal:");
    for (int p = 0; p < m->players; p++) {
        if (!(st->acting & (1u << p))) continue;
        char text[MATCH_LINE_BYTES];
        g->format_move(&m->v, m->state, st->choice[p], text, sizeof text);
        if (used < n)
            used += (size_t)snprintf(line + used, n - used, " %s %s",
                                     g->player_name(&m->v, p), text);
        if ((s->text[p] = pool_add(m, text)) == MATCH_NO_TEXT) return -1;
    }
    return 0;
}

int match_seen_add(struct match *m, const struct record_step *st) {
    if (m->seen_count == m->seen_cap) {
        int cap = m->seen_cap ? 2 * m->seen_cap : 64;
        struct match_seen *seen = realloc(m->seen, (size_t)cap * sizeof *seen);
        if (!seen) return -1;
        m->seen = seen, m->seen_cap = cap;
    }
    struct match_seen *s = &m->seen[m->seen_count];
    s->pool_start = m->pool_used;
    s->whole = 0;
    for (int seat = 0; seat <= ALL; seat++) s->line[seat] = s->text[seat] = MATCH_NO_TEXT;
    const bool reveal = st->turn == TURN_SIMULTANEOUS && st->acting;
    char line[MATCH_LINE_BYTES], text[MATCH_LINE_BYTES];
    if (reveal && reveal_line(m, st, s, line, sizeof line) != 0) goto out_of_memory;
    for (int seat = 0; seat <= ALL; seat++) {
        if (seat >= m->players && seat != ALL) continue;
        if (!reveal) {
            if (move_line(m, seat, st->turn == TURN_SIMULTANEOUS ? ALL : st->turn,
                          st->move, line, sizeof line, text))
                s->whole |= 1u << seat;
            if (text[0] && (s->text[seat] = pool_add(m, text)) == MATCH_NO_TEXT)
                goto out_of_memory;
        }
        if ((s->line[seat] = pool_add(m, line)) == MATCH_NO_TEXT) goto out_of_memory;
    }
    m->seen_count++;
    return 0;
out_of_memory:
    m->pool_used = s->pool_start;
    return -1;
}

void match_seen_truncate(struct match *m, int count) {
    if (count < 0 || count >= m->seen_count) return;
    m->pool_used = m->seen[count].pool_start;
    m->seen_count = count;
}

void match_seen_free(struct match *m) {
    free(m->seen);
    free(m->pool);
}

/* The seat whose texts `seat` reads at step `step` (once over: ALL), or
 * -1 when there is no such step or seat. */
static int reader(const struct match *m, int seat, int step) {
    if (step < 0 || step >= m->at || step >= m->seen_count) return -1;
    int which = seat == MATCH_ALL_SEATS || m->over ? ALL : seat;
    return which == ALL || (which >= 0 && which < m->players) ? which : -1;
}

const char *match_line(const struct match *m, int seat, int step) {
    int which = reader(m, seat, step);
    return which < 0 ? "" : m->pool + m->seen[step].line[which];
}

const char *match_seen_text(const struct match *m, int seat, int step, bool *whole) {
    int which = reader(m, seat, step);
    *whole = false;
    if (which < 0) return NULL;
    const struct record_step *st = &m->rec.steps[step];
    if (st->turn == TURN_SIMULTANEOUS && st->acting) return NULL;
    const struct match_seen *s = &m->seen[step];
    if (s->text[which] == MATCH_NO_TEXT) return NULL;
    *whole = s->whole >> which & 1;
    return m->pool + s->text[which];
}

const char *match_choice_text(const struct match *m, int step, int player) {
    if (step < 0 || step >= m->at || step >= m->seen_count || player < 0 ||
        player >= m->players)
        return NULL;
    const struct record_step *st = &m->rec.steps[step];
    if (st->turn != TURN_SIMULTANEOUS || !(st->acting & (1u << player))) return NULL;
    return m->pool + m->seen[step].text[player];
}

void match_view(const struct match *m, int seat, void *out) {
    const struct game *g = m->g;
    memcpy(out, m->state, g->state_size);
    if (seat != MATCH_ALL_SEATS && !m->over && (g->flags & GAME_HAS_HIDDEN) &&
        seat >= 0 && seat < m->players)
        g->view(&m->v, out, seat);
}
