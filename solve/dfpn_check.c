/* After a df-pn search: the check that makes a disproof trustworthy (a
 * closed defence set, see dfpn.h) and the walk that counts a proof's
 * positions (without recursion: lines can be long). */
#include "solve/dfpn_check.h"

#include "engine/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct walk {
    struct dfpn_ctx *c;
    int attacker;
    struct dfpn_table seen; /* positions in the set (exact keys) */
    unsigned char *stack;   /* key_size each */
    size_t depth, capacity;
};

static int walk_push(struct walk *w, const unsigned char *key, uint64_t h, char *err) {
    if (!dfpn_table_store(&w->seen, h, key, 0, 0, 0, 0, 0)) {
        snprintf(err, GAME_ERROR_BYTES, "the check ran out of table room");
        return -1;
    }
    if (w->depth == w->capacity) {
        size_t cap = w->capacity ? 2 * w->capacity : 1024;
        unsigned char *st = realloc(w->stack, cap * w->c->key_size);
        if (!st) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory in the check");
            return -1;
        }
        w->stack = st;
        w->capacity = cap;
    }
    memcpy(w->stack + w->depth++ * w->c->key_size, key, w->c->key_size);
    return 0;
}

/* The table's numbers for a key, or (1, 1) when absent. The walks only ask
 * whether a number is 0 (proved or disproved), so an absent position is
 * simply neither; the initial numbers of enum dfpn_init, which only order
 * the search, have no say here. */
static void numbers(struct dfpn_ctx *c, uint64_t h, const unsigned char *key,
                    uint32_t *pn, uint32_t *dn) {
    const struct dfpn_slot *e = dfpn_table_find(&c->table, h, key);
    *pn = e ? e->pn : 1;
    *dn = e ? e->dn : 1;
}

/* At a "one" node (one child must hold) the child kept, into *pick (-1:
 * none): a leaf that holds, else one already in the set (a cycle is a draw,
 * never a proof), else the table's choice, path-free disproofs first (that
 * child is pushed to be walked). 0, or -1 with err. */
static int pick_child(struct walk *w, const unsigned char *keys, const uint64_t *hashes,
                      int n, bool proof, int *pick, char *err) {
    struct dfpn_ctx *c = w->c;
    const struct game *g = c->g;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    uint32_t pn, dn;
    for (int pass = 0; pass < 4 && *pick < 0; pass++)
        for (int i = 0; i < n && *pick < 0; i++) {
            const unsigned char *k = keys + (size_t)i * c->key_size;
            memcpy(state, k, g->state_size);
            if (pass == 0) { /* a leaf that holds */
                if (dfpn_leaf(c, state, w->attacker, &pn, &dn) && (proof ? pn : dn) == 0)
                    *pick = i;
            } else if (pass == 1) { /* already in the set */
                if (!proof && dfpn_table_find(&w->seen, hashes[i], k)) *pick = i;
                if (proof && dfpn_table_find(&w->seen, hashes[i], k)) {
                    numbers(c, hashes[i], k, &pn, &dn);
                    if (pn == 0) *pick = i;
                }
            } else { /* the table's choice, path-free disproofs first */
                const struct dfpn_slot *e = dfpn_table_find(&c->table, hashes[i], k);
                if (!e || (!proof && pass == 2 && e->dep)) continue;
                if ((proof ? e->pn : e->dn) == 0) {
                    *pick = i;
                    if (walk_push(w, k, hashes[i], err) != 0) return -1;
                }
            }
        }
    return 0;
}

/* proof: every attacker node keeps one proved child, every defender node all
 * children. Disproof: the other way round, with "in the set" (a cycle:
 * endless play) as good as disproved. */
static int walk_run(struct dfpn_ctx *c, const void *root, int attacker, bool proof,
                    uint64_t *size, int *move_index, char *err) {
    const struct game *g = c->g;
    struct walk w = {.c = c, .attacker = attacker};
    size_t mib = c->cfg->table_mib / 4 > 16 ? c->cfg->table_mib / 4 : 16;
    if (dfpn_table_init(&w.seen, mib, c->key_size) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the check");
        return -1;
    }
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    move_t *moves = malloc(m * sizeof *moves);
    unsigned char *keys = malloc(m * c->key_size);
    uint64_t *hashes = malloc(m * sizeof *hashes);
    int status = -1;
    *move_index = -1;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    if (!moves || !keys || !hashes) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory in the check");
        goto done;
    }
    uint64_t h = dfpn_key(c, root, attacker, key);
    if (walk_push(&w, key, h, err) != 0) goto done;
    bool at_root = true;
    while (w.depth) {
        memcpy(key, w.stack + --w.depth * c->key_size, c->key_size);
        memcpy(state, key, g->state_size);
        uint32_t pn, dn;
        if (dfpn_leaf(c, state, attacker, &pn, &dn)) {
            if ((proof ? pn : dn) != 0) {
                snprintf(err, GAME_ERROR_BYTES, "a leaf of the %s goes the other way",
                         proof ? "proof" : "disproof");
                goto done;
            }
            continue;
        }
        bool attacker_moves = g->turn(c->v, state) == attacker;
        int n = g->moves(c->v, state, moves);
        if (proof && !attacker_moves && c->cfg->certificate)
            c->cfg->certificate(c->cfg->certificate_ctx, key, attacker, true, false, 0);
        for (int i = 0; i < n; i++) {
            memcpy(state, key, g->state_size);
            g->apply(c->v, state, moves[i]);
            hashes[i] = dfpn_key(c, state, attacker, keys + (size_t)i * c->key_size);
        }
        /* "All" nodes: every child must hold; "one" nodes: one child. */
        bool all = proof ? !attacker_moves : attacker_moves;
        if (all) {
            for (int i = 0; i < n; i++) {
                unsigned char *k = keys + (size_t)i * c->key_size;
                if (dfpn_table_find(&w.seen, hashes[i], k)) continue;
                if (walk_push(&w, k, hashes[i], err) != 0) goto done;
            }
        } else {
            int pick = -1;
            if (pick_child(&w, keys, hashes, n, proof, &pick, err) != 0) goto done;
            if (pick < 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "a position of the %s has no child that holds",
                         proof ? "proof" : "disproof");
                goto done;
            }
            if (at_root) *move_index = pick;
            if (proof && c->cfg->certificate)
                c->cfg->certificate(c->cfg->certificate_ctx, key, attacker, true, true,
                                    moves[pick]);
        }
        at_root = false;
    }
    *size = w.seen.count;
    status = 0;
done:
    free(moves);
    free(keys);
    free(hashes);
    free(w.stack);
    dfpn_table_free(&w.seen);
    return status;
}

/* Is the child `key` good for a disproof: a leaf the attacker does not win,
 * or a table position still in the set? */
static bool good_child(struct dfpn_ctx *c, const uint8_t *in, const unsigned char *key,
                       uint64_t h, int attacker) {
    uint32_t pn, dn;
    if (dfpn_leaf(c, key, attacker, &pn, &dn)) return dn == 0;
    const struct dfpn_slot *e = dfpn_table_find(&c->table, h, key);
    return e && in[e - c->table.slots];
}

/* Report the part of the closed set `in` reachable from `root` to the
 * config's certificate callback: the defender's first good move, every
 * attacker move. 0 or -1 (err). */
static int emit_closed_set(struct dfpn_ctx *c, const uint8_t *in, const void *root,
                           int attacker, char *err) {
    const struct game *g = c->g;
    struct walk w = {.c = c, .attacker = attacker};
    size_t mib = c->cfg->table_mib / 4 > 16 ? c->cfg->table_mib / 4 : 16;
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    move_t *moves = malloc(m * sizeof *moves);
    int status = -1;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    _Alignas(8) unsigned char self[GAME_MAX_STATE_BYTES];
    if (!moves || dfpn_table_init(&w.seen, mib, c->key_size) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the certificate");
        free(moves);
        return -1;
    }
    uint64_t h = dfpn_key(c, root, attacker, key);
    if (walk_push(&w, key, h, err) != 0) goto done;
    while (w.depth) {
        memcpy(self, w.stack + --w.depth * c->key_size, c->key_size);
        bool all = g->turn(c->v, self) == attacker;
        int n = g->moves(c->v, self, moves), pick = -1;
        for (int k = 0; k < n && (all || pick < 0); k++) {
            memcpy(state, self, g->state_size);
            g->apply(c->v, state, moves[k]);
            uint64_t hc = dfpn_key(c, state, attacker, key);
            if (!all && !good_child(c, in, key, hc, attacker)) continue;
            if (!all) pick = k;
            uint32_t pn, dn;
            if (dfpn_leaf(c, state, attacker, &pn, &dn)) continue;
            if (dfpn_table_find(&w.seen, hc, key)) continue;
            if (walk_push(&w, key, hc, err) != 0) goto done;
        }
        c->cfg->certificate(c->cfg->certificate_ctx, self, attacker, false, pick >= 0,
                            pick >= 0 ? moves[pick] : 0);
    }
    status = 0;
done:
    free(moves);
    free(w.stack);
    dfpn_table_free(&w.seen);
    return status;
}

/* The greatest set of table positions (for this attacker, not proved won)
 * closed for the defender: every attacker move stays in it or reaches a leaf
 * the attacker does not win, and the defender always has such a move. The
 * defender can then stay in it forever (endless play is a draw) or reach
 * such a leaf, so the attacker wins from none of it, whatever the search
 * believed. Found by removing positions until nothing changes. */
/* Does position `self` (a candidate of the set) keep its place: at the
 * attacker's move every child good, at the defender's one child good? */
static bool keeps_place(struct dfpn_ctx *c, const uint8_t *in, const unsigned char *self,
                        int attacker, move_t *moves) {
    const struct game *g = c->g;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    bool all = g->turn(c->v, self) == attacker;
    int n = g->moves(c->v, self, moves);
    c->check_expansions++;
    for (int k = 0; k < n; k++) {
        memcpy(state, self, g->state_size);
        g->apply(c->v, state, moves[k]);
        uint64_t h = dfpn_key(c, state, attacker, key);
        bool good = good_child(c, in, key, h, attacker);
        if (all && !good) return false;
        if (!all && good) return true;
    }
    return all;
}

/* Shrink the candidates (list[0..*count), flagged in `in`) until every one
 * keeps its place; a disproof of the table that falls out is voided (reset
 * to 1, 1) so that a further search looks again. 0, or DFPN_CHECK_STOPPED
 * with err when a limit stops it. */
static int shrink_to_closed(struct dfpn_ctx *c, uint8_t *in, uint64_t *list,
                            uint64_t *count, int attacker, move_t *moves,
                            uint64_t *voided, char *err) {
    struct dfpn_table *t = &c->table;
    for (bool changed = true; changed;) {
        changed = false;
        uint64_t kept = 0;
        for (uint64_t j = 0; j < *count; j++) {
            if ((j & 4095) == 0 && dfpn_stop_reason(c, timer_now())) {
                snprintf(err, GAME_ERROR_BYTES, "stopped during the disproof check");
                return DFPN_CHECK_STOPPED;
            }
            uint64_t i = list[j];
            if (keeps_place(c, in, t->states + i * c->key_size, attacker, moves)) {
                list[kept++] = i;
                continue;
            }
            in[i] = 0;
            changed = true;
            if (t->slots[i].dn == 0) {
                t->slots[i].pn = 1;
                t->slots[i].dn = 1;
                t->slots[i].dep = 0;
                ++*voided;
            }
        }
        *count = kept;
    }
    return 0;
}

int dfpn_check_disproof(struct dfpn_ctx *c, const void *root, int attacker,
                        uint64_t *size, int *move_index, uint64_t *voided, char *err) {
    const struct game *g = c->g;
    struct dfpn_table *t = &c->table;
    uint64_t slots = t->size;
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    uint8_t *in = calloc(slots, 1);
    move_t *moves = malloc(m * sizeof *moves);
    uint64_t *list = NULL, count = 0;
    int status = -1;
    *move_index = -1;
    *voided = 0;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    if (!in || !moves) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the disproof check");
        goto done;
    }
    for (uint64_t i = 0; i < slots; i++) {
        in[i] = t->slots[i].hash && t->slots[i].pn != 0 &&
                t->states[i * c->key_size + g->state_size] == (unsigned char)attacker;
        count += in[i];
    }
    list = malloc((count ? count : 1) * sizeof *list);
    if (!list) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the disproof check");
        goto done;
    }
    count = 0;
    for (uint64_t i = 0; i < slots; i++)
        if (in[i]) list[count++] = i;
    int shrunk = shrink_to_closed(c, in, list, &count, attacker, moves, voided, err);
    if (shrunk != 0) {
        status = shrunk;
        goto done;
    }
    uint64_t h = dfpn_key(c, root, attacker, key);
    const struct dfpn_slot *e = dfpn_table_find(t, h, key);
    if (!e || !in[e - t->slots]) {
        snprintf(err, GAME_ERROR_BYTES,
                 "no closed defence set holds the root (graph-history interaction)");
        goto done;
    }
    *size = count;
    if (c->cfg->certificate && emit_closed_set(c, in, root, attacker, err) != 0)
        goto done;
    if (g->turn(c->v, root) != attacker) {
        int n = g->moves(c->v, root, moves);
        for (int k = 0; k < n && *move_index < 0; k++) {
            memcpy(state, root, g->state_size);
            g->apply(c->v, state, moves[k]);
            uint64_t hc = dfpn_key(c, state, attacker, key);
            if (good_child(c, in, key, hc, attacker)) *move_index = k;
        }
    }
    status = 0;
done:
    free(in);
    free(moves);
    free(list);
    return status;
}

int dfpn_walk_proof(struct dfpn_ctx *c, const void *root, int attacker, uint64_t *size,
                    int *move_index, char *err) {
    return walk_run(c, root, attacker, true, size, move_index, err);
}
