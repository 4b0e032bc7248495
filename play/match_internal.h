/*
 * match_internal.h - the layout of struct match (play/match.h), shared by
 * the files of play/ that implement it. Not for front ends.
 */
#ifndef KIBITZ_MATCH_INTERNAL_H
#define KIBITZ_MATCH_INTERNAL_H

#include "engine/repetition.h"
#include "play/match.h"

/* What every seat saw of one step: offsets in the text pool of its log
 * line and of the move's text as it saw it (one per seat; MATCH_ALL_SEATS's
 * is the last; MATCH_NO_TEXT: it saw nothing of the move), and the seats
 * that saw the move whole (bit seat). At a simultaneous step `text` holds
 * each acting player's choice instead (public once revealed). */
struct match_seen {
    size_t pool_start; /* the pool's length before this step's lines */
    size_t line[GAME_MAX_PLAYERS + 1];
    size_t text[GAME_MAX_PLAYERS + 1];
    unsigned whole;
};

#define MATCH_NO_TEXT ((size_t)-1)

struct match {
    const struct game *g;
    struct variant v;
    int players;
    uint64_t seed;
    int limit; /* plies */
    bool refereed; /* chance outcomes come from match_referee */
    /* The start, the seats and every step; steps from `at` on are the ones
     * undo took back, which redo plays again until a new step replaces
     * them. */
    struct game_record rec;
    int at;
    _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
    /* At a simultaneous node: who has chosen, and what (kept secret). */
    unsigned chosen;
    move_t choice[GAME_MAX_PLAYERS];
    /* The end. */
    bool over;
    double returns[GAME_MAX_PLAYERS];
    char reason[MATCH_REASON_BYTES];
    /* The positions on the line played (GAME_CAN_CYCLE). */
    struct repetition seen_positions;
    /* What each seat saw of each step of `rec` (play/match_seen.c). */
    struct match_seen *seen;
    int seen_count, seen_cap;
    char *pool;
    size_t pool_used, pool_cap;
};

/* Is the step legal in the current state (a simultaneous step: the options
 * of the seats in `acting`)? */
bool match_step_legal(const struct match *m, const struct record_step *st);

/* play/match_seen.c: note what each seat sees of `st`, about to be played
 * in the current state as step `at` (0, or -1 out of memory); forget the
 * steps from `count` on; free. */
int match_seen_add(struct match *m, const struct record_step *st);
void match_seen_truncate(struct match *m, int count);
void match_seen_free(struct match *m);

#endif
