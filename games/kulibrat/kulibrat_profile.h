/*
 * kulibrat_profile.h - what a Kulibrat solution (every tier up to a target T)
 * says about each board regardless of the score: the boards won for one
 * side at every pair of points still needed, the boards drawn at every pair,
 * the start position's value at every pair, and how often each remoteness
 * occurs. Built from the tiers of a stored database or of a solve run in
 * memory; used to check the winning-cycle definition of kulibrat_cycles.h.
 *
 * Nodes are numbered as in kulibrat_cycles.h (2 * board index + side).
 */
#ifndef KIBITZ_KULIBRAT_PROFILE_H
#define KIBITZ_KULIBRAT_PROFILE_H

#include "engine/game.h"
#include "solve/retro_cell.h"

#include <stdint.h>

#include "solve/solver_db.h"

enum {
    KULIBRAT_PROFILE_MAX_REMOTENESS = 4096,
    KULIBRAT_PROFILE_SOURCE_BYTES = SOLVER_DB_PATH_BYTES + 32, /* "database <path>" */
};

struct kulibrat_profile {
    int target;             /* T: tiers (nb, nr) with 1 <= nb, nr <= T */
    uint64_t tiers_seen;    /* tiers added so far (T*T when complete) */
    uint8_t *won_always[2]; /* per node: won for black / red in every tier */
    uint8_t *drawn_always;  /* per node: drawn in every tier */
    retro_cell *start;      /* start position (black to move, empty board)
                               at tier (nb, nr): start[(nb-1)*T + nr-1] */
    /* Positions by remoteness, won (for the side to move) and lost; the
     * last entry collects anything longer. Terminal positions not counted. */
    uint64_t won_by_remoteness[KULIBRAT_PROFILE_MAX_REMOTENESS];
    uint64_t lost_by_remoteness[KULIBRAT_PROFILE_MAX_REMOTENESS];
};

/* Empty profile for target T. 0, or -1 with `err` (GAME_ERROR_BYTES). */
int kulibrat_profile_init(struct kulibrat_profile *p, int target, char *err);
void kulibrat_profile_free(struct kulibrat_profile *p);

/* Take in one solved tier (any order; each tier once). */
void kulibrat_profile_add_tier(struct kulibrat_profile *p, tier_t tier,
                               const retro_cell *values, uint64_t size);

/* Fill the profile of variant `v` (Kulibrat): from the database `db_option`
 * finds (see solver_db_find) when one answers v, else by solving v in
 * memory with `threads` threads (db_option "none": always; NULL: when the
 * default folder has none; a named file or folder must hold one). `source` gets "database
 * <path>" or "solved in memory". 0, or -1 with `err`. */
int kulibrat_profile_build(struct kulibrat_profile *p, const struct variant *v,
                           const char *db_option, int threads, char *source,
                           size_t source_bytes, char *err);

#endif
