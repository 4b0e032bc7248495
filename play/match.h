/*
 * match.h - one game being played: the object every front end (`play`,
 * `arena`, `ugi`, `serve`, Python) plays through, so the rules of play
 * outside the position are written once.
 *
 * Contract:
 * - A match owns the game and variant, the current state, the seats' labels
 *   ("human" or an engine spec: the match never chooses a player's move),
 *   the record (play/record.h, the `--record` format), and what each seat
 *   has seen of every step.
 * - Chance is resolved by the match: whenever a chance node is reached its
 *   outcome is drawn from the seed and the step number alone, so a game is
 *   reproducible from its seed and the players' moves (and taking a move back
 *   and playing it again draws the same outcome).
 * - A refereed match (match_new_refereed) takes its chance outcomes from the
 *   caller instead, as a match runner names them to a UGI engine: it stops
 *   at each chance node (match_turn TURN_CHANCE) until match_referee plays
 *   the outcome.
 * - The game ends by the game's own rules (the state is over), by threefold
 *   repetition of a position in games flagged GAME_CAN_CYCLE (a draw), by the
 *   game's move limit (`play_limit` of engine/game.h, else
 *   MATCH_DEFAULT_PLY_LIMIT plies: a draw), or by a resignation.
 * - At a simultaneous node each acting seat chooses in turn of arrival; the
 *   choices are kept inside the match (no seat sees another's) and applied
 *   together when the last acting seat has chosen.
 * - What a seat is shown depends only on that seat's view: a move of another
 *   player is shown as the game's `seen_move` hook allows (formatted on the
 *   seat's view of the position), else hidden in games with hidden
 *   information. Chance outcomes and simultaneous choices (once revealed) are
 *   public.
 * - Every operation is incremental: reading the state, the view or the log
 *   never replays the game. Only undo and redo replay (from the record).
 * - Not thread-safe: one match, one thread at a time.
 */
#ifndef KIBITZ_MATCH_H
#define KIBITZ_MATCH_H

#include "engine/game.h"
#include "play/record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    MATCH_DEFAULT_PLY_LIMIT = 10000, /* plies, for games that declare none */
    MATCH_REPETITION_COUNT = 3,      /* a position's third occurrence draws */
    MATCH_ALL_SEATS = -1,            /* the seat that sees everything */
    MATCH_REASON_BYTES = 64,
    MATCH_LINE_BYTES = 256, /* a log line (longer move texts are cut) */
};

/* What an operation can answer. */
enum match_error {
    MATCH_OK = 0,
    MATCH_ILLEGAL = -1,       /* not a legal move (or option) here */
    MATCH_NOT_YOUR_TURN = -2, /* the seat does not act now (or has chosen) */
    MATCH_OVER = -3,          /* the game has ended */
    MATCH_NO_MEMORY = -4,
    MATCH_NOTHING = -5, /* nothing to undo or redo */
    MATCH_BAD_SEAT = -6,
};

struct match;

/* A match of `g` in variant `v` from `start` (NULL: the game's start), with
 * chance drawn from `seed`. Chance at the start is resolved at once. NULL
 * when out of memory. */
struct match *match_new(const struct game *g, const struct variant *v, const void *start,
                        uint64_t seed);
void match_free(struct match *m);
/* A match whose chance outcomes the caller gives (match_referee), from
 * `start` (NULL: the game's start). NULL when out of memory. */
struct match *match_new_refereed(const struct game *g, const struct variant *v,
                                 const void *start);
/* A step no seat makes: in a refereed match the chance outcome at a chance
 * node; in any match, at a simultaneous node where no seat has chosen yet,
 * every acting seat's choice at once as the one move the game lists for it
 * (its `moves`). MATCH_OK, or MATCH_OVER, MATCH_NOT_YOUR_TURN (no such
 * node here, or choices were made) or MATCH_ILLEGAL; nothing changes on
 * error. */
int match_referee(struct match *m, move_t move);

/* A match replaying `rec` (its start, seats, seed and every step; a step
 * that is not legal, or comes after the end, is refused with a message in
 * err[GAME_ERROR_BYTES] naming it). NULL on error. */
struct match *match_from_record(const struct game_record *rec, char *err);

const struct game *match_game(const struct match *m);
const struct variant *match_variant(const struct match *m);
int match_players(const struct match *m);
uint64_t match_seed(const struct match *m);
/* The true state (never at a chance node unless the game is over). */
const void *match_state(const struct match *m);
/* Steps played (moves, chance outcomes, joint choices). */
int match_ply(const struct match *m);
/* Who acts: a player, TURN_SIMULTANEOUS, or TURN_OVER once ended (by any
 * rule); TURN_CHANCE only in a refereed match. */
int match_turn(const struct match *m);
/* Seats that must still act now (bit p): the player to move, or the acting
 * seats at a simultaneous node that have not chosen yet; 0 when over. */
unsigned match_waiting(const struct match *m);
/* Seats that have chosen at the current simultaneous node (bit p). */
unsigned match_chosen(const struct match *m);

/* Seat labels ("human", an engine spec), kept in the record. */
void match_set_seat(struct match *m, int seat, const char *who);
const char *match_seat(const struct match *m, int seat);

/* The moves `seat` may play now, into `out` (room for the game's
 * max_moves): its moves on its turn, its options at a simultaneous node
 * where it has still to choose, else none. */
int match_moves(const struct match *m, int seat, move_t *out);
/* Play `seat`'s move (at a simultaneous node: its option). MATCH_OK, or an
 * enum match_error; nothing changes on error. */
int match_apply(struct match *m, int seat, move_t move);
/* Take back the last step made by a player (with the chance steps after
 * it; in a refereed match a chance step is taken back on its own) or, at a
 * simultaneous node, the choices made there so far. */
int match_undo(struct match *m);
/* Play again the step the last undo took back (and its chance steps). */
int match_redo(struct match *m);
/* `seat` gives up: the game ends, the resigning seat -1 and the others
 * +1 (two players) or 0 (more). */
int match_resign(struct match *m, int seat);

/* Has the game ended (by any rule)? Then its returns and why: the game's
 * end_reason, else "end", "repetition", "move limit" or "<player>
 * resigned". */
bool match_over(const struct match *m);
void match_returns(const struct match *m, double out[GAME_MAX_PLAYERS]);
const char *match_reason(const struct match *m);

/* The record of the steps played (valid until the match changes): its
 * `count` is match_ply; steps undone are not in it. */
struct game_record match_record(const struct match *m);

/* The state as `seat` sees it into `out` (MATCH_ALL_SEATS, or any seat once
 * the game is over: the true state). */
void match_view(const struct match *m, int seat, void *out);
/* What `seat` (MATCH_ALL_SEATS: everything) is shown of `move`, played in
 * `state` by `mover` (a player or TURN_CHANCE): false when nothing of it
 * (another player's move in a game with hidden information and no
 * `seen_move`), else true with `*seen` the move as the seat sees it (to be
 * printed on its view of `state`). The rule of the match's log lines. */
bool match_seen_move(const struct game *g, const struct variant *v, const void *state,
                     int mover, move_t move, int seat, move_t *seen);
/* Step `step` (0 .. match_ply-1) as `seat` saw it (once the game is over,
 * as everyone may now see it: hidden moves revealed), one log line without
 * its number: "black plays a1-b2", "chance plays 3/4", "silver makes a
 * hidden choice", "reveal: red h2 blue g3". */
const char *match_line(const struct match *m, int seat, int step);
/* The move of step `step` (a player's or chance's) as `seat` saw it, as
 * in its log line: NULL when it saw nothing of it, else its text with
 * *whole telling whether the seat saw the move itself (not a part of it,
 * such as where a hidden piece went but not its rank). Once the game is
 * over everything is seen whole. NULL for a simultaneous step. */
const char *match_seen_text(const struct match *m, int seat, int step, bool *whole);
/* Player `player`'s choice at simultaneous step `step` (revealed: the same
 * for every seat), or NULL when the step is not one or `player` did not
 * act there. */
const char *match_choice_text(const struct match *m, int step, int player);

#endif
