/* Tier bookkeeping for the retrograde solver: find every tier below the
 * root, order them in waves (a wave's children are all in earlier waves),
 * build each shape's move graph once, solve wave by wave, hand tiers to the
 * sink, and drop values no remaining tier needs. */
#include "search/retro.h"
#include "search/retro_graph.h"
#include "search/retro_tier.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    tier_t id;
    int depth; /* -1: being visited, -2: not yet */
    int kids[RETRO_MAX_SLOTS];
    int nkids;
    int parents_left; /* tiers still to solve that need this one */
    uint64_t size;
    retro_cell *values;
    struct retro_counts counts; /* of its values, once solved */
};

struct plan {
    struct node *nodes;
    int count, capacity;
    int *slot; /* open-addressing map tier -> node index, -1 empty */
    int slot_mask;
};

bool retro_supported(const struct game *g, char *err) {
    if (!g->tier_of || !g->tier_size || !g->tier_children || !g->rank || !g->unrank) {
        snprintf(err, GAME_ERROR_BYTES,
                 "%s has no solver hooks (it cannot be solved yet)", g->name);
        return false;
    }
    if (g->flags & (GAME_HAS_CHANCE | GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN) ||
        g->players != 2) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles two-player games without chance, hidden or "
                 "simultaneous moves only");
        return false;
    }
    return true;
}

static uint64_t mix(tier_t t) {
    t ^= t >> 33;
    t *= UINT64_C(0xff51afd7ed558ccd);
    t ^= t >> 33;
    return t;
}

static int plan_find(const struct plan *p, tier_t t) {
    for (uint64_t h = mix(t);; h++) {
        int i = p->slot[h & (uint64_t)p->slot_mask];
        if (i < 0 || p->nodes[i].id == t) return i;
    }
}

static int plan_add(struct plan *p, tier_t t) {
    if (2 * (p->count + 1) > p->slot_mask + 1) {
        int size = 2 * (p->slot_mask + 1);
        int *slot = malloc((size_t)size * sizeof *slot);
        if (!slot) return -1;
        for (int i = 0; i < size; i++) slot[i] = -1;
        for (int i = 0; i < p->count; i++) {
            uint64_t h = mix(p->nodes[i].id);
            while (slot[h & (uint64_t)(size - 1)] >= 0) h++;
            slot[h & (uint64_t)(size - 1)] = i;
        }
        free(p->slot);
        p->slot = slot;
        p->slot_mask = size - 1;
    }
    if (p->count == p->capacity) {
        int cap = p->capacity ? 2 * p->capacity : 64;
        struct node *nodes = realloc(p->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) return -1;
        p->nodes = nodes;
        p->capacity = cap;
    }
    uint64_t h = mix(t);
    while (p->slot[h & (uint64_t)p->slot_mask] >= 0) h++;
    p->slot[h & (uint64_t)p->slot_mask] = p->count;
    struct node *nd = &p->nodes[p->count];
    memset(nd, 0, sizeof *nd);
    nd->id = t;
    nd->depth = -2;
    return p->count++;
}

/* Depth-first: a tier's depth is one more than its deepest child. */
static int plan_visit(struct plan *p, const struct game *g, const struct variant *v,
                      int i, char *err) {
    p->nodes[i].depth = -1;
    tier_t kids[RETRO_MAX_SLOTS];
    int n = g->tier_children(v, p->nodes[i].id, kids);
    if (n < 0 || n > RETRO_MAX_SLOTS) {
        snprintf(err, GAME_ERROR_BYTES, "tier_children returned %d tiers", n);
        return -1;
    }
    int depth = 0;
    for (int k = 0; k < n; k++) {
        int j = plan_find(p, kids[k]);
        if (j < 0 && (j = plan_add(p, kids[k])) < 0) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory listing tiers");
            return -1;
        }
        if (p->nodes[j].depth == -1) {
            snprintf(err, GAME_ERROR_BYTES, "tier %#llx is its own descendant",
                     (unsigned long long)kids[k]);
            return -1;
        }
        if (p->nodes[j].depth == -2 && plan_visit(p, g, v, j, err) != 0) return -1;
        if (p->nodes[j].depth + 1 > depth) depth = p->nodes[j].depth + 1;
        p->nodes[i].kids[k] = j;
        p->nodes[j].parents_left++;
    }
    p->nodes[i].nkids = n;
    p->nodes[i].depth = depth;
    p->nodes[i].size = g->tier_size(v, p->nodes[i].id);
    return 0;
}

struct order_key {
    int depth;
    tier_t id;
    int index;
};

static int by_depth(const void *a, const void *b) {
    const struct order_key *x = a, *y = b;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static void plan_free(struct plan *p) {
    for (int i = 0; i < p->count; i++) free(p->nodes[i].values);
    free(p->nodes);
    free(p->slot);
}

/* Build the plan and its solve order (malloc'd indices into p->nodes). */
static int plan_build(struct plan *p, const struct game *g, const struct variant *v,
                      tier_t root, int **order, char *err) {
    memset(p, 0, sizeof *p);
    p->slot_mask = 63;
    p->slot = malloc(64 * sizeof *p->slot);
    if (!p->slot) return -1;
    for (int i = 0; i < 64; i++) p->slot[i] = -1;
    int r = plan_add(p, root);
    if (r < 0 || plan_visit(p, g, v, r, err) != 0) return -1;
    *order = malloc((size_t)p->count * sizeof **order);
    if (!*order) return -1;
    struct order_key *keys = malloc((size_t)p->count * sizeof *keys);
    if (!keys) return -1;
    for (int i = 0; i < p->count; i++)
        keys[i] = (struct order_key){p->nodes[i].depth, p->nodes[i].id, i};
    qsort(keys, (size_t)p->count, sizeof *keys, by_depth);
    for (int i = 0; i < p->count; i++) (*order)[i] = keys[i].index;
    free(keys);
    return 0;
}

long retro_tier_order(const struct game *g, const struct variant *v, tier_t root,
                      tier_t **out, char *err) {
    struct plan p;
    int *order = NULL;
    long count = -1;
    *out = NULL;
    if (plan_build(&p, g, v, root, &order, err) == 0 &&
        (*out = malloc((size_t)p.count * sizeof **out))) {
        for (int i = 0; i < p.count; i++) (*out)[i] = p.nodes[order[i]].id;
        count = p.count;
    }
    free(order);
    plan_free(&p);
    return count;
}

void retro_count(struct retro_counts *c, const retro_cell *values, uint64_t size) {
    /* Branch-free, in blocks small enough for 32-bit counters, so that the
     * compiler can vectorize: this runs over every solved position. */
    uint64_t won = 0, lost = 0, drawn = 0, terminal = 0, holes = 0;
    unsigned maxcell = 0; /* largest win or loss cell: remoteness (cell-1)/2 */
    for (uint64_t b0 = 0; b0 < size; b0 += 1u << 20) {
        uint64_t b1 = b0 + (1u << 20) < size ? b0 + (1u << 20) : size;
        uint32_t w = 0, l = 0, d = 0, t = 0, h = 0;
        unsigned m = 0;
        for (uint64_t i = b0; i < b1; i++) {
            unsigned v = values[i];
            unsigned value = v != RETRO_DRAW && v < RETRO_HOLE;
            t += v == RETRO_TERMINAL;
            h += v == RETRO_HOLE;
            d += v == RETRO_DRAW;
            w += value & v;
            l += value & ~v & 1;
            unsigned mv = value ? v : 0;
            m = mv > m ? mv : m;
        }
        won += w;
        lost += l;
        drawn += d;
        terminal += t;
        holes += h;
        maxcell = m > maxcell ? m : maxcell;
    }
    int maxrem = maxcell ? retro_remoteness((retro_cell)maxcell) : 0;
    /* A loss cell 2+2r sorts above the win 1+2r of the same remoteness, so
     * the largest cell names the longest remoteness either way. */
    c->positions += size - holes;
    c->won += won;
    c->lost += lost;
    c->drawn += drawn;
    c->terminal += terminal;
    c->holes += holes;
    if (maxrem > c->max_remoteness) c->max_remoteness = maxrem;
}

/* Graphs live while some tier still to solve has their shape. */
struct graph_cache {
    struct retro_graph *graphs;
    int *users; /* tiers still to solve per graph */
    int count;
};

int retro_solve(const struct retro_config *cfg, struct retro_stats *st, char *err) {
    const struct game *g = cfg->game;
    const struct variant *v = cfg->variant;
    memset(st, 0, sizeof *st);
    if (!retro_supported(g, err)) return -1;
    int threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    double t0 = omp_get_wtime();

    struct plan p = {0};
    int *order = NULL, *graph_of = NULL;
    uint64_t *shape_of = NULL;
    struct graph_cache gc = {0};
    struct retro_scratch *scratch = calloc((size_t)threads, sizeof *scratch);
    int status = -1;
    size_t live = 0;
    err[0] = '\0';
    if (!scratch) goto oom;
    if (plan_build(&p, g, v, cfg->root, &order, err) != 0) {
        if (!err[0]) goto oom;
        goto fail;
    }
    for (int i = 0; i < threads; i++)
        if (retro_scratch_init(&scratch[i]) != 0) goto oom;

    /* Shapes and how many tiers use each. */
    shape_of = malloc((size_t)p.count * sizeof *shape_of);
    gc.graphs = calloc((size_t)p.count, sizeof *gc.graphs);
    gc.users = calloc((size_t)p.count, sizeof *gc.users);
    graph_of = malloc((size_t)p.count * sizeof *graph_of);
    if (!shape_of || !gc.graphs || !gc.users || !graph_of) goto oom;
    {
        uint64_t *shapes = calloc((size_t)p.count, sizeof *shapes);
        if (!shapes) goto oom;
        for (int i = 0; i < p.count; i++) {
            int n = order[i];
            shape_of[n] = g->tier_shape ? g->tier_shape(v, p.nodes[n].id) : p.nodes[n].id;
            int k = 0;
            while (k < gc.count && shapes[k] != shape_of[n]) k++;
            if (k == gc.count) shapes[gc.count++] = shape_of[n];
            graph_of[n] = k;
            gc.users[k]++;
        }
        free(shapes);
    }

    for (int w0 = 0; w0 < p.count;) {
        int w1 = w0;
        while (w1 < p.count && p.nodes[order[w1]].depth == p.nodes[order[w0]].depth) w1++;

        for (int i = w0; i < w1; i++) {
            struct node *nd = &p.nodes[order[i]];
            struct retro_graph *gr = &gc.graphs[graph_of[order[i]]];
            if (!gr->size) {
                double tg = omp_get_wtime();
                if (retro_graph_build(g, v, nd->id, threads, gr, err) != 0) goto fail;
                st->graph_seconds += omp_get_wtime() - tg;
                st->graphs_built++;
                live += gr->bytes;
            }
            if (gr->size != nd->size || gr->slots != nd->nkids) {
                snprintf(err, GAME_ERROR_BYTES,
                         "tiers of one shape differ in size or children (tier %#llx)",
                         (unsigned long long)nd->id);
                goto fail;
            }
            nd->values = malloc(nd->size * sizeof *nd->values + 1);
            if (!nd->values) goto oom;
            live += nd->size * sizeof *nd->values;
        }
        if (live > st->peak_bytes) st->peak_bytes = live;

        int failed = 0;
        int wide = w1 - w0 >= 2 && threads >= 2;
#pragma omp parallel for schedule(dynamic, 1) num_threads(wide ? threads : 1)
        for (int i = w0; i < w1; i++) {
            struct node *nd = &p.nodes[order[i]];
            const retro_cell *kids[RETRO_MAX_SLOTS];
            for (int k = 0; k < nd->nkids; k++) kids[k] = p.nodes[nd->kids[k]].values;
            char message[GAME_ERROR_BYTES];
            int me = omp_get_thread_num();
            memset(&nd->counts, 0, sizeof nd->counts);
            if (retro_tier_solve(&gc.graphs[graph_of[order[i]]], kids, nd->values,
                                 wide ? 1 : threads, &scratch[me], &nd->counts,
                                 message) != 0) {
#pragma omp critical(retro_solve_error)
                {
                    if (!failed) snprintf(err, GAME_ERROR_BYTES, "%s", message);
                    failed = 1;
                }
            }
        }
        if (failed) goto fail;

        for (int i = w0; i < w1; i++) {
            struct node *nd = &p.nodes[order[i]];
            struct retro_counts *c = &st->counts;
            c->positions += nd->counts.positions;
            c->won += nd->counts.won;
            c->lost += nd->counts.lost;
            c->drawn += nd->counts.drawn;
            c->terminal += nd->counts.terminal;
            c->holes += nd->counts.holes;
            if (nd->counts.max_remoteness > c->max_remoteness)
                c->max_remoteness = nd->counts.max_remoteness;
            st->tiers++;
            if (cfg->sink &&
                cfg->sink(cfg->sink_ctx, nd->id, nd->values, nd->size) != 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "stopped: the database could not be written");
                goto fail;
            }
        }
        for (int i = w0; i < w1; i++) {
            struct node *nd = &p.nodes[order[i]];
            for (int k = 0; k < nd->nkids; k++) {
                struct node *kid = &p.nodes[nd->kids[k]];
                if (--kid->parents_left == 0) {
                    live -= kid->size * sizeof *kid->values;
                    free(kid->values);
                    kid->values = NULL;
                }
            }
            if (nd->parents_left == 0) {
                live -= nd->size * sizeof *nd->values;
                free(nd->values);
                nd->values = NULL;
            }
            int k = graph_of[order[i]];
            if (--gc.users[k] == 0) {
                live -= gc.graphs[k].bytes;
                retro_graph_free(&gc.graphs[k]);
            }
        }
        if (cfg->progress)
            cfg->progress(cfg->progress_ctx, (uint64_t)w1, (uint64_t)p.count,
                          st->counts.positions);
        w0 = w1;
    }
    status = 0;
    goto done;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory");
fail:
done:
    st->seconds = omp_get_wtime() - t0;
    for (int i = 0; i < gc.count; i++) retro_graph_free(&gc.graphs[i]);
    free(gc.graphs);
    free(gc.users);
    free(shape_of);
    free(graph_of);
    for (int i = 0; scratch && i < threads; i++) retro_scratch_free(&scratch[i]);
    free(scratch);
    free(order);
    plan_free(&p);
    return status;
}
