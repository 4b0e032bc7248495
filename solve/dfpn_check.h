/*
 * dfpn_check.h - df-pn's walks over its table after a search
 * (solve/dfpn_check.c): the check that a disproof holds and the walk of a
 * proof. Not a public API.
 */
#ifndef KIBITZ_DFPN_CHECK_H
#define KIBITZ_DFPN_CHECK_H

#include "solve/dfpn_ctx.h"

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

#endif
