/*
 * dfpn_ctx.h - the context that df-pn's parts share: the search
 * (dfpn_search.c), the check of disproofs and the walk of proofs (dfpn_check.h),
 * the proof's distance (dfpn_distance.h) and the initial numbers
 * (dfpn_init.c). The table keys, the leaves and the stop reason are here
 * (dfpn_ctx.c), below all of them. Not a public API.
 */
#ifndef KIBITZ_DFPN_CTX_H
#define KIBITZ_DFPN_CTX_H

#include "solve/dfpn.h"
#include "solve/dfpn_table.h"

#include "engine/hash.h"

#include <string.h>

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

/* What the store or the other proof settled of `state` (the mover `t` not
 * over): 1 the attacker wins, 0 it does not, -1 nothing known. */
int dfpn_settled(const struct dfpn_ctx *c, const void *state, int attacker, int t);

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

/* The table key of `state` for `attacker` into `key`; returns its hash.
 * Inline: the search computes it for every child it looks at. */
static inline uint64_t dfpn_key(const struct dfpn_ctx *c, const void *state, int attacker,
                                unsigned char *key) {
    memcpy(key, state, c->g->state_size);
    memset(key + c->g->state_size, 0, c->key_size - c->g->state_size);
    key[c->g->state_size] = (unsigned char)attacker;
    return hash_bytes(key, c->key_size);
}

#endif
