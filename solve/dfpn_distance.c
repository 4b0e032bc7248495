/* After a df-pn proof: the shortest win the proof holds (see
 * dfpn_proof_distance in dfpn_distance.h). The proof's positions (proved
 * children of the attacker's positions, every child of the defender's) are
 * gathered into a graph, then solved backwards from the leaves like a small
 * retrograde analysis: positions resolve in order of distance (a pass
 * costs no move), the attacker's at its first resolved child, the
 * defender's at its last. Repetitions inside the proof
 * need no special care: a cycle never resolves. */
#include "solve/dfpn_distance.h"

#include <stdlib.h>
#include <string.h>

struct node {
    uint32_t distance; /* DFPN_INF until resolved */
    uint32_t waiting;  /* defender: children not yet resolved */
    uint32_t worst;    /* defender: the greatest child distance + step */
    uint32_t first_in; /* its parents: edges[first_in .. first_in + in) */
    uint32_t in;
    bool attacker_moves;
    bool done;
};

struct edge {
    uint32_t parent, child;
    uint8_t step; /* 0 for a pass */
};

struct graph {
    struct dfpn_table index; /* key -> node number (in pn) */
    struct node *nodes;
    size_t count, cap;
    struct edge *edges;
    size_t edge_count, edge_cap;
    unsigned char *keys; /* key_size per node, for the gathering */
};

struct entry {
    uint32_t distance, node;
};

static void heap_push(struct entry *h, size_t *n, uint32_t distance, uint32_t node) {
    size_t i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].distance > distance) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = (struct entry){distance, node};
}

static struct entry heap_pop(struct entry *h, size_t *n) {
    struct entry top = h[0], last = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && h[c + 1].distance < h[c].distance) c++;
        if (h[c].distance >= last.distance) break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0) h[i] = last;
    return top;
}

static int grow(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap * 2 : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* The node of `key`, added when new (*added). -1 when memory runs out. */
static int64_t node_of(struct graph *gr, size_t key_size, const unsigned char *key,
                       uint64_t h, bool *added) {
    const struct dfpn_slot *e = dfpn_table_find(&gr->index, h, key);
    *added = false;
    if (e) return e->pn;
    size_t kcap = gr->cap;
    if (grow((void **)&gr->nodes, &gr->cap, gr->count + 1, sizeof *gr->nodes)) return -1;
    if (gr->cap != kcap) {
        unsigned char *k = realloc(gr->keys, gr->cap * key_size);
        if (!k) return -1;
        gr->keys = k;
    }
    if (!dfpn_table_store(&gr->index, h, key, (uint32_t)gr->count, 0, 0, 0, 0)) return -1;
    memcpy(gr->keys + gr->count * key_size, key, key_size);
    gr->nodes[gr->count] = (struct node){.distance = DFPN_INF};
    *added = true;
    return (int64_t)gr->count++;
}

/* Leaf i of the graph (the proof's own leaves): its distance, or -1 when
 * it has no known length (settled by the store or the other proof: the
 * proof's cannot be measured). */
static int leaf_distance(const struct dfpn_ctx *c, const void *state, struct node *nd) {
    if (c->g->turn(c->v, state) == TURN_OVER) {
        nd->distance = 0;
        return 0;
    }
    retro_cell cell =
        c->cfg->probe ? c->cfg->probe(c->cfg->probe_ctx, state) : RETRO_HOLE;
    if (!retro_is_value(cell)) return -1;
    nd->distance = (uint32_t)retro_remoteness(cell);
    return 0;
}

/* Gather the proof from the root: nodes are numbered in discovery order,
 * so a scan over them visits every one once; an edge to every child that
 * is in the proof. 0, or -1 (out of memory, or not measurable). */
static int gather(struct dfpn_ctx *c, struct graph *gr, int attacker, move_t *moves) {
    const struct game *g = c->g;
    const size_t ks = c->key_size;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES + 8];
    bool added;
    for (size_t i = 0; i < gr->count; i++) {
        memcpy(state, gr->keys + i * ks, g->state_size);
        struct node *nd = &gr->nodes[i];
        uint32_t pn, dn;
        if (dfpn_leaf(c, state, attacker, &pn, &dn)) {
            if (pn == 0 && leaf_distance(c, state, nd) != 0) return -1;
            continue;
        }
        nd->attacker_moves = g->turn(c->v, state) == attacker;
        int n = g->moves(c->v, state, moves);
        for (int m = 0; m < n; m++) {
            memcpy(state, gr->keys + i * ks, g->state_size);
            g->apply(c->v, state, moves[m]);
            uint64_t h = dfpn_key(c, state, attacker, key);
            bool in_proof = dfpn_leaf(c, state, attacker, &pn, &dn) ? pn == 0 : false;
            if (!in_proof) {
                const struct dfpn_slot *e = dfpn_table_find(&c->table, h, key);
                in_proof = e && e->pn == 0;
            }
            if (!in_proof) continue; /* a defender's escape: never resolves */
            int64_t child = node_of(gr, ks, key, h, &added);
            if (child < 0) return -1;
            nd = &gr->nodes[i];
            if (grow((void **)&gr->edges, &gr->edge_cap, gr->edge_count + 1,
                     sizeof *gr->edges))
                return -1;
            gr->edges[gr->edge_count++] =
                (struct edge){.parent = (uint32_t)i,
                              .child = (uint32_t)child,
                              .step = moves[m] != GAME_MOVE_PASS};
        }
        if (!nd->attacker_moves) nd->waiting = (uint32_t)n;
    }
    return 0;
}

/* The edges ordered by child (a counting sort), each node's parents at
 * first_in. 0, or -1 out of memory. */
static int sort_by_child(struct graph *gr) {
    for (size_t e = 0; e < gr->edge_count; e++) gr->nodes[gr->edges[e].child].in++;
    uint32_t at = 0;
    for (size_t i = 0; i < gr->count; i++) {
        gr->nodes[i].first_in = at;
        at += gr->nodes[i].in;
        gr->nodes[i].in = 0;
    }
    struct edge *by_child =
        malloc(sizeof *by_child * (gr->edge_count ? gr->edge_count : 1));
    if (!by_child) return -1;
    for (size_t e = 0; e < gr->edge_count; e++) {
        struct node *ch = &gr->nodes[gr->edges[e].child];
        by_child[ch->first_in + ch->in++] = gr->edges[e];
    }
    free(gr->edges);
    gr->edges = by_child;
    return 0;
}

/* Resolve in order of distance (Dijkstra over a binary heap): leaves first
 * at their own distance, the attacker's positions at their first resolved
 * child, the defender's at their last. The root's distance, or -1. */
static int resolve(struct graph *gr, struct entry *heap) {
    size_t heap_n = 0;
    for (size_t i = 0; i < gr->count; i++)
        if (gr->nodes[i].distance != DFPN_INF) {
            heap_push(heap, &heap_n, gr->nodes[i].distance, (uint32_t)i);
            gr->nodes[i].distance = DFPN_INF;
        }
    while (heap_n > 0) {
        struct entry top = heap_pop(heap, &heap_n);
        struct node *nd = &gr->nodes[top.node];
        if (nd->done) continue;
        nd->done = true;
        nd->distance = top.distance;
        for (uint32_t k = nd->first_in; k < nd->first_in + nd->in; k++) {
            const struct edge *e = &gr->edges[k];
            struct node *p = &gr->nodes[e->parent];
            if (p->done) continue;
            uint32_t d = top.distance + e->step;
            if (p->attacker_moves) {
                if (d < p->distance) {
                    p->distance = d;
                    heap_push(heap, &heap_n, d, e->parent);
                }
            } else {
                if (d > p->worst) p->worst = d;
                if (--p->waiting == 0) heap_push(heap, &heap_n, p->worst, e->parent);
            }
        }
    }
    return gr->nodes[0].done ? (int)gr->nodes[0].distance : -1;
}

int dfpn_proof_distance(struct dfpn_ctx *c, const void *root, int attacker) {
    const struct game *g = c->g;
    const size_t ks = c->key_size;
    struct graph gr = {0};
    size_t mib = c->cfg->table_mib / 4 > 16 ? c->cfg->table_mib / 4 : 16;
    if (dfpn_table_init(&gr.index, mib, ks) != 0) return -1;
    move_t *moves =
        malloc(sizeof(move_t) * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    struct entry *heap = NULL;
    int result = -1;
    _Alignas(8) unsigned char key[GAME_MAX_STATE_BYTES + 8];
    if (!moves) goto done;
    bool added;
    uint64_t root_hash = dfpn_key(c, root, attacker, key);
    if (node_of(&gr, ks, key, root_hash, &added) < 0) goto done;
    if (gather(c, &gr, attacker, moves) != 0 || sort_by_child(&gr) != 0) goto done;
    heap = malloc(sizeof *heap * (gr.count + gr.edge_count + 1));
    if (!heap) goto done;
    result = resolve(&gr, heap);
done:
    free(moves);
    free(heap);
    free(gr.nodes);
    free(gr.edges);
    free(gr.keys);
    dfpn_table_free(&gr.index);
    return result;
}
