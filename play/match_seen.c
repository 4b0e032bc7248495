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

/* Append a line to the pool; its offset, or (size_t)-1 out of memory. */
static size_t pool_add(struct match *m, const char *line) {
    size_t len = strlen(line) + 1;
    if (m->pool_used + len > m->pool_cap) {
        size_t cap = m->pool_cap ? m->pool_cap : 4096;
        while (m->pool_used + len > cap) cap *= 2;
        char *pool = realloc(m->pool, cap);
        if (!pool) return (size_t)-1;
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
 * or TURN_CHANCE) in the current state. */
static void move_line(const struct match *m, int seat, int mover, move_t move, char *line,
                      size_t n) {
    const struct game *g = m->g;
    const char *who = mover == TURN_CHANCE ? "chance" : g->player_name(&m->v, mover);
    char text[MATCH_LINE_BYTES];
    move_t seen;
    if (!match_seen_move(g, &m->v, m->state, mover, move, seat == ALL ? -1 : seat,
                         &seen)) {
        snprintf(line, n, "%.40s makes a hidden choice", who);
        return;
    }
    _Alignas(16) unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, m->state, g->state_size);
    if (seat != ALL && (g->flags & GAME_HAS_HIDDEN)) g->view(&m->v, view, seat);
    g->format_move(&m->v, view, seen, text, sizeof text);
    snprintf(line, n, "%.40s plays %.200s", who, text);
}

/* Everyone's line for the choices of a simultaneous node, revealed. */
static void reveal_line(const struct match *m, const struct record_step *st, char *line,
                        size_t n) {
    const struct game *g = m->g;
    size_t used = (size_t)snprintf(line, n, "reveal:");
    for (int p = 0; p < m->players && used < n; p++) {
        if (!(st->acting & (1u << p))) continue;
        char text[MATCH_LINE_BYTES];
        g->format_move(&m->v, m->state, st->choice[p], text, sizeof text);
        used += (size_t)snprintf(line + used, n - used, " %s %s",
                                 g->player_name(&m->v, p), text);
    }
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
    char line[MATCH_LINE_BYTES];
    for (int seat = 0; seat <= ALL; seat++) {
        if (seat >= m->players && seat != ALL) {
            s->line[seat] = (size_t)-1;
            continue;
        }
        if (st->turn == TURN_SIMULTANEOUS && st->acting)
            reveal_line(m, st, line, sizeof line);
        else
            move_line(m, seat, st->turn == TURN_SIMULTANEOUS ? ALL : st->turn, st->move,
                      line, sizeof line);
        s->line[seat] = pool_add(m, line);
        if (s->line[seat] == (size_t)-1) {
            m->pool_used = s->pool_start;
            return -1;
        }
    }
    m->seen_count++;
    return 0;
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

const char *match_line(const struct match *m, int seat, int step) {
    if (step < 0 || step >= m->at || step >= m->seen_count) return "";
    int which = seat == MATCH_ALL_SEATS || m->over ? ALL : seat;
    if (which != ALL && (which < 0 || which >= m->players)) return "";
    return m->pool + m->seen[step].line[which];
}

void match_view(const struct match *m, int seat, void *out) {
    const struct game *g = m->g;
    memcpy(out, m->state, g->state_size);
    if (seat != MATCH_ALL_SEATS && !m->over && (g->flags & GAME_HAS_HIDDEN) &&
        seat >= 0 && seat < m->players)
        g->view(&m->v, out, seat);
}
