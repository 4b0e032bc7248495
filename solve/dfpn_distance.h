/*
 * dfpn_distance.h - the length of the shortest win inside a df-pn proof
 * (solve/dfpn_distance.c). Not a public API.
 */
#ifndef KIBITZ_DFPN_DISTANCE_H
#define KIBITZ_DFPN_DISTANCE_H

#include "solve/dfpn_ctx.h"

/* The length in moves (passes not counted) of the shortest win for
 * `attacker` that stays inside the proof at `root` (its proved table
 * positions and leaves, a leaf's own remoteness where the probe knows it):
 * the attacker picks the quickest proved child, the defender the slowest.
 * An upper bound of the true remoteness, exact when the proof holds the
 * shortest win. -1 when it cannot be measured (no memory, or every line
 * of the proof runs through a repetition of a position on it). */
int dfpn_proof_distance(struct dfpn_ctx *c, const void *root, int attacker);

#endif
