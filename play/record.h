/*
 * record.h - a game record in memory: the variant, the seed, the start
 * position, who sat where, and every move in order (a player's move, a
 * chance outcome, or the choices of a simultaneous node), enough to replay
 * the game exactly. Written and read as JSON by json/kjson_record.h (format
 * in docs/JSON.md, "record"); `play` keeps one for undo, redo and save,
 * `arena --record DIR` writes one per game, `review` judges one.
 *
 * Invariant: every step was legal when it was added (record_add_* take the
 * state before the step and check it), so replaying never fails.
 */
#ifndef KIBITZ_RECORD_H
#define KIBITZ_RECORD_H

#include "engine/game.h"

#include <stdbool.h>
#include <stdint.h>

enum { RECORD_SPEC_BYTES = 128 };

struct record_step {
    int turn;        /* the player, TURN_CHANCE or TURN_SIMULTANEOUS */
    move_t move;     /* a player's move or chance outcome; at a simultaneous node
                        with `acting` 0, the joint choice as one move (games
                        whose `moves` list joint choices) */
    unsigned acting; /* simultaneous: who chose (0: see move) */
    move_t choice[GAME_MAX_PLAYERS]; /* simultaneous: each chooser's option */
};

struct game_record {
    const struct game *game;
    struct variant variant;
    bool has_seed;
    uint64_t seed;
    _Alignas(8) unsigned char start[GAME_MAX_STATE_BYTES];
    int seats;                                         /* players in the variant */
    char players[GAME_MAX_PLAYERS][RECORD_SPEC_BYTES]; /* "human" or a spec */
    struct record_step *steps;
    int count, capacity;
    /* Set when the game ended by a rule outside the position (threefold
     * repetition, a move limit): the returns and why. Otherwise a record
     * whose last position is over has that position's returns. */
    bool ended;
    double returns[GAME_MAX_PLAYERS];
    char reason[64];
};

/* An empty record starting at `start`; players are "?" until set. */
void record_init(struct game_record *r, const struct game *g, const struct variant *v,
                 const void *start);
void record_free(struct game_record *r);

/* Name who plays seat `seat` ("human", or an engine spec). */
void record_set_player(struct game_record *r, int seat, const char *who);

/* Append a player's move or a chance outcome played in `before` (at a
 * simultaneous node: a joint choice the game lists as one move). 0, or -1
 * (out of memory, or `before` is over). */
int record_add_move(struct game_record *r, const void *before, move_t move);

/* Append the choices of the players acting at the simultaneous `before`. */
int record_add_joint(struct game_record *r, const void *before,
                     const move_t choice[GAME_MAX_PLAYERS]);

/* Play the first `steps` steps from the start into `state`. */
void record_replay(const struct game_record *r, int steps, void *state);

#endif
