/* The proof checker (proof_check.h): an index of the file's nodes by
 * position, a replay of every node's moves, and a cycle search over the win
 * and loss claims. */
#include "solve/proof_check.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

struct index {
    const struct game *g;
    const struct variant *v;
    const struct proof_doc *doc;
    proof_probe_fn probe;
    void *probe_ctx;
    uint64_t *slot; /* node index + 1, 0: empty */
    uint64_t *next; /* the next node of the same position, + 1 */
    uint64_t mask;
};

static uint64_t hash_state(const struct index *x, const void *state) {
    return XXH3_64bits(state, x->g->state_size);
}

static int index_build(struct index *x) {
    uint64_t size = 1024;
    while (size < 2 * x->doc->count) size *= 2;
    x->slot = calloc(size, sizeof *x->slot);
    x->next = calloc(x->doc->count ? x->doc->count : 1, sizeof *x->next);
    if (!x->slot || !x->next) return -1;
    x->mask = size - 1;
    for (uint64_t i = 0; i < x->doc->count; i++) {
        const void *s = x->doc->nodes[i].state;
        uint64_t h = hash_state(x, s) & x->mask;
        while (x->slot[h] &&
               memcmp(x->doc->nodes[x->slot[h] - 1].state, s, x->g->state_size) != 0)
            h = (h + 1) & x->mask;
        x->next[i] = x->slot[h]; /* chain the same position's nodes */
        x->slot[h] = i + 1;
    }
    return 0;
}

/* Is "value for player m >= t" (lower) or "<= t" true at `state`, by its
 * result, the databases, or a node of the file? 1 yes (node index in *used,
 * -1 for a leaf), 0 no. */
static int holds(const struct index *x, const void *state, int m, bool lower, int t,
                 int64_t *used, uint64_t *probe_leaves) {
    const struct game *g = x->g;
    *used = -1;
    int c = g->turn(x->v, state);
    int value;
    if (c == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS];
        g->returns(x->v, state, ret);
        value = ret[m] > 0 ? 1 : ret[m] < 0 ? -1 : 0;
        return lower ? value >= t : value <= t;
    }
    retro_cell cell = x->probe ? x->probe(x->probe_ctx, state) : RETRO_HOLE;
    if (retro_is_value(cell)) {
        int o = retro_outcome(cell);
        value = o == RETRO_OUTCOME_WIN ? 1 : o == RETRO_OUTCOME_LOSS ? -1 : 0;
        if (c != m) value = -value;
        ++*probe_leaves;
        return lower ? value >= t : value <= t;
    }
    if (c != m) { /* the same fact seen from the child's mover */
        lower = !lower;
        t = -t;
    }
    uint64_t h = hash_state(x, state) & x->mask;
    while (x->slot[h] &&
           memcmp(x->doc->nodes[x->slot[h] - 1].state, state, g->state_size) != 0)
        h = (h + 1) & x->mask;
    for (uint64_t i = x->slot[h]; i; i = x->next[i - 1]) {
        enum proof_claim cl = x->doc->nodes[i - 1].claim;
        int b = proof_claim_bound(cl);
        if (proof_claim_is_lower(cl) == lower && (lower ? b >= t : b <= t)) {
            *used = (int64_t)(i - 1);
            return 1;
        }
    }
    return 0;
}

static bool is_win_claim(enum proof_claim c) {
    return c == PROOF_WIN || c == PROOF_LOSS;
}

/* Edges between win/loss nodes, appended as nodes are checked. */
struct edges {
    uint64_t *to, *start; /* start[i]..start[i+1] */
    uint64_t count, capacity;
};

static int edge_add(struct edges *e, uint64_t to) {
    if (e->count == e->capacity) {
        uint64_t cap = e->capacity ? 2 * e->capacity : 1024;
        uint64_t *t = realloc(e->to, cap * sizeof *t);
        if (!t) return -1;
        e->to = t;
        e->capacity = cap;
    }
    e->to[e->count++] = to;
    return 0;
}

/* A cycle among the win/loss nodes: the index of a node on one, or -1.
 * Iterative depth-first search with three colours. */
static int64_t find_cycle(const struct edges *e, uint64_t n, int *status) {
    uint8_t *colour = calloc(n ? n : 1, 1);
    uint64_t *stack = malloc((n ? n : 1) * sizeof *stack);
    uint64_t *pos = malloc((n ? n : 1) * sizeof *pos);
    int64_t found = -1;
    *status = 0;
    if (!colour || !stack || !pos) {
        *status = -1;
        goto done;
    }
    for (uint64_t s = 0; s < n && found < 0; s++) {
        if (colour[s]) continue;
        uint64_t depth = 0;
        stack[depth] = s;
        pos[depth++] = e->start[s];
        colour[s] = 1;
        while (depth && found < 0) {
            uint64_t u = stack[depth - 1];
            if (pos[depth - 1] == e->start[u + 1]) {
                colour[u] = 2;
                depth--;
                continue;
            }
            uint64_t w = e->to[pos[depth - 1]++];
            if (colour[w] == 1)
                found = (int64_t)w;
            else if (colour[w] == 0) {
                colour[w] = 1;
                stack[depth] = w;
                pos[depth++] = e->start[w];
            }
        }
    }
done:
    free(colour);
    free(stack);
    free(pos);
    return found;
}

/* Node nd of the proof: its claim holds after the move it names (a lower
 * bound) or after every move (an upper one); a win claim's children that
 * rest on nodes become edges for the cycle check. 0, or -1 with err. */
static int check_node(const struct index *x, struct edges *e, const struct proof_node *nd,
                      move_t *moves, struct proof_check_result *out, char *err) {
    const struct game *g = x->g;
    const struct variant *v = x->v;
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    int m = g->turn(v, nd->state);
    bool lower = proof_claim_is_lower(nd->claim);
    int t = proof_claim_bound(nd->claim);
    int n = g->moves(v, nd->state, moves);
    if (n <= 0) {
        snprintf(err, PROOF_ERROR_BYTES, "line %d: the mover has no move", nd->line);
        return -1;
    }
    for (int k = 0; k < n; k++) {
        if (lower && moves[k] != nd->move) continue; /* only the named move */
        memcpy(child, nd->state, g->state_size);
        g->apply(v, child, moves[k]);
        int64_t used;
        out->children++;
        if (!holds(x, child, m, lower, t, &used, &out->probe_leaves)) {
            char mv[128];
            g->format_move(v, nd->state, moves[k], mv, sizeof mv);
            snprintf(err, PROOF_ERROR_BYTES,
                     "line %d: after %s the claim '%s' does not hold (no terminal, "
                     "database value or node proves it)",
                     nd->line, mv, proof_claim_name(nd->claim));
            return -1;
        }
        if (is_win_claim(nd->claim) && used >= 0 && edge_add(e, (uint64_t)used)) {
            snprintf(err, PROOF_ERROR_BYTES, "out of memory for the check");
            return -1;
        }
        if (lower) break;
    }
    out->nodes++;
    return 0;
}

/* No win or loss claim rests on itself, and the root's claim (both halves
 * of a draw) holds. 0, or -1 with err. */
static int check_cycles_and_root(const struct index *x, const struct edges *e,
                                 struct proof_check_result *out, char *err) {
    const struct game *g = x->g;
    const struct variant *v = x->v;
    const struct proof_doc *doc = x->doc;
    int cycle_status;
    int64_t on_cycle = find_cycle(e, doc->count, &cycle_status);
    if (cycle_status) {
        snprintf(err, PROOF_ERROR_BYTES, "out of memory for the check");
        return -1;
    }
    if (on_cycle >= 0) {
        snprintf(err, PROOF_ERROR_BYTES,
                 "line %d: a win or loss claim that rests on itself (a cycle: the win "
                 "never comes)",
                 doc->nodes[on_cycle].line);
        return -1;
    }
    int64_t used;
    for (int k = 0; k < (doc->root_draw ? 2 : 1); k++) {
        enum proof_claim rc = k ? PROOF_NOTWIN : doc->root_claim;
        if (!holds(x, doc->root, g->turn(v, doc->root), proof_claim_is_lower(rc),
                   proof_claim_bound(rc), &used, &out->probe_leaves)) {
            snprintf(err, PROOF_ERROR_BYTES, "no node proves the root's claim '%s'",
                     proof_claim_name(rc));
            return -1;
        }
    }
    return 0;
}

int proof_check(const struct game *g, const struct variant *v,
                const struct proof_doc *doc, proof_probe_fn probe, void *probe_ctx,
                struct proof_check_result *out, char *err) {
    memset(out, 0, sizeof *out);
    struct index x = {.g = g, .v = v, .doc = doc, .probe = probe, .probe_ctx = probe_ctx};
    struct edges e = {0};
    size_t mm = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    move_t *moves = malloc(mm * sizeof *moves);
    e.start = malloc((doc->count + 1) * sizeof *e.start);
    int status = -1;
    if (!moves || !e.start || index_build(&x) != 0) {
        snprintf(err, PROOF_ERROR_BYTES, "out of memory for the check");
        goto done;
    }
    for (uint64_t i = 0; i < doc->count; i++) {
        e.start[i] = e.count;
        if (check_node(&x, &e, &doc->nodes[i], moves, out, err) != 0) goto done;
    }
    e.start[doc->count] = e.count;
    if (check_cycles_and_root(&x, &e, out, err) != 0) goto done;
    status = 0;
done:
    free(moves);
    free(e.to);
    free(e.start);
    free(x.slot);
    free(x.next);
    return status;
}
