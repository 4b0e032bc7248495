/*
 * kz_record.h - the layout of libkibitz's kz_record (a game record with its
 * own copy of the game), shared by lib/kz_record.c and lib/kz_match.c.
 * Internal to lib/ (not installed).
 */
#ifndef KIBITZ_KZ_RECORD_H
#define KIBITZ_KZ_RECORD_H

#include "engine/record.h"
#include "lib/kz_internal.h"

struct kz_record {
    kz_game game; /* the record's game and variant */
    struct game_record r;
};

#endif
