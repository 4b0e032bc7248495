/*
 * kz_record.h - the layout of a kz_record handle (include/kibitz.h), shared
 * by the library files that read records (kz_record.c, the review).
 * Internal: not installed.
 */
#ifndef KIBITZ_KZ_RECORD_H
#define KIBITZ_KZ_RECORD_H

#include "engine/record.h"
#include "lib/kz_internal.h"

struct kz_record {
    struct game_record rec;
    kz_game game; /* the record's game and variant */
};

#endif
