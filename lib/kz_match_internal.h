/*
 * kz_match_internal.h - the layout of a kz_match handle (include/kibitz.h)
 * for the library files that play through it (kz_match_api.c, the arena's
 * kz_match.c). Internal: not installed.
 */
#ifndef KIBITZ_KZ_MATCH_INTERNAL_H
#define KIBITZ_KZ_MATCH_INTERNAL_H

#include "lib/kz_internal.h"
#include "lib/kz_record.h"
#include "play/match.h"

struct kz_match {
    struct match *m;
    kz_game game;
    kz_state *state; /* the true state, kept equal to the match's */
};

/* Replace the steps, seed and end of `into` (a record of the match's
 * game) by the match's: 0, or -1 out of memory. */
int kz_match_fill_record(const kz_match *km, kz_record *into);

#endif
