/*
 * kz_record.h - the layout of a kz_record handle (include/kibitz.h), shared
 * by the library files that read records (kz_record.c, the review).
 * Internal: not installed.
 */
#ifndef KIBITZ_KZ_RECORD_H
#define KIBITZ_KZ_RECORD_H

#include "play/record.h"
#include "lib/kz_internal.h"
#include "play/review.h"

#include <stddef.h>
#include <stdint.h>

struct kz_record {
    struct game_record rec;
    kz_game game; /* the record's game and variant */
};

/* The moves of `r` judged (play/review.h) into a new array (free it), with
 * exact values from `db` where it holds them (NULL: none) and the search
 * budget given (0 or less: not given); NULL with a message in (err, err_n).
 * Shared by the "review" document and `kibitz review`'s table. */
struct review_move *kz_review_judge(const kz_record *r, const kz_db *db, int depth,
                                    double time, long iterations, int hash_mib,
                                    uint64_t seed, char *err, size_t err_n);

#endif
