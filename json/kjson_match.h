/*
 * kjson_match.h - the "view" document of a match (docs/JSON.md): what one
 * seat of a game being played (play/match.h) may see, built from that
 * seat's view alone.
 */
#ifndef KIBITZ_KJSON_MATCH_H
#define KIBITZ_KJSON_MATCH_H

#include "play/match.h"
#include "json/kjson.h"

/* The "view" document of `m` for `seat` (MATCH_ALL_SEATS: everything):
 * game, variant, seat, players, seats, ply, position (the seat's view),
 * turn, waiting, chosen, moves (the seat's legal moves when it must act),
 * log (every step as the seat saw it), over, and once over returns and
 * reason. */
json_t *kjson_match_view(const struct match *m, int seat);

/* Every step of `m` as `seat` saw it, one object each: "by" (the player,
 * "chance" or "simultaneous"), "line" (its log line), and for a move
 * "move" (its text when the seat saw it whole, else null: what it names
 * can be played again by the seat) and "seen" (the text as the seat saw
 * it, null when hidden); for a simultaneous step "choices" (player name:
 * its revealed choice). */
json_t *kjson_match_history(const struct match *m, int seat);

#endif
