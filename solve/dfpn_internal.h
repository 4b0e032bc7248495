/*
 * dfpn_internal.h - what dfpn.c (the search) and dfpn_check.c (the walk
 * that checks disproofs and measures proofs) share. Not a public API.
 */
#ifndef KIBITZ_DFPN_INTERNAL_H
#define KIBITZ_DFPN_INTERNAL_H

#include "solve/dfpn.h"
#include "solve/dfpn_table.h"

/* A table key: the state bytes, then one byte naming the attacker, zero
 * padded to a multiple of 8 bytes (so keys in the table stay aligned and
 * can be read as states in place). */
struct dfpn_ctx {
    const struct dfpn_config *cfg;
    const struct game *g;
    const struct variant *v;
    size_t key_size; /* state_size + 1, rounded up to 8 */
    struct dfpn_table table;
    uint64_t check_expansions; /* positions the disproof checks expanded (one
                                  per candidate and sweep) */
    double deadline;           /* the time limit's end (timer_now), 0: none */
    uint64_t facts_added;      /* to the config's store */
    char store_error[256];     /* the first failure to add a fact, else "" */
};

/* What a position is worth without search, for `attacker`: true with
 * (pn, dn) = (0, INF) or (INF, 0) when it is terminal or the probe knows it. */
bool dfpn_leaf(const struct dfpn_ctx *c, const void *state, int attacker, uint32_t *pn,
               uint32_t *dn);

/* The numbers of a position not in the table and not a leaf (see enum
 * dfpn_init): both within [1, DFPN_INIT_MAX], never 0 or DFPN_INF, so they
 * only order the search. */
enum { DFPN_INIT_MAX = 1024 };
void dfpn_initial_numbers(const struct dfpn_ctx *c, const void *state, int attacker,
                          uint32_t *pn, uint32_t *dn);

/* Why a search or a check must stop at `now` (timer_now): "interrupted"
 * (the config's interrupt is set), "time limit" (c->deadline passed), or
 * NULL to go on. */
const char *dfpn_stop_reason(const struct dfpn_ctx *c, double now);

/* The table key of `state` for `attacker` into `key`; returns its hash. */
uint64_t dfpn_key(const struct dfpn_ctx *c, const void *state, int attacker,
                  unsigned char *key);

/* Check the disproof of "attacker wins" at `root` (see dfpn.h): 0 and the
 * size of the closed set (and, when the defender moves at the root, the
 * index of the move it keeps in `*move_index`), or -1 with why in `err`.
 * Either way, table disproofs outside the set are voided (reset to 1, 1;
 * their count in `*voided`) so that searching on can correct them.
 * DFPN_CHECK_STOPPED when the time limit (c->deadline) passed or the
 * config's interrupt was set during the check (it can take long on a large
 * table): nothing certified, and what it voided so far was rightly voided
 * (the set only shrinks towards the closed one). */
enum { DFPN_CHECK_STOPPED = -2 };
int dfpn_check_disproof(struct dfpn_ctx *c, const void *root, int attacker,
                        uint64_t *size, int *move_index, uint64_t *voided, char *err);

/* Walk the proof of "attacker wins" at `root` (every position of it must be
 * proved in the table): 0 with its size (and the attacker's move at the
 * root), or -1 with why in `err`. */
int dfpn_walk_proof(struct dfpn_ctx *c, const void *root, int attacker, uint64_t *size,
                    int *move_index, char *err);

/* The length in moves (passes not counted) of the shortest win for
 * `attacker` that stays inside the proof at `root` (its proved table
 * positions and leaves, a leaf's own remoteness where the probe knows it):
 * the attacker picks the quickest proved child, the defender the slowest.
 * An upper bound of the true remoteness, exact when the proof holds the
 * shortest win. -1 when it cannot be measured (no memory, or every line
 * of the proof runs through a repetition of a position on it). */
int dfpn_proof_distance(struct dfpn_ctx *c, const void *root, int attacker);

#endif
