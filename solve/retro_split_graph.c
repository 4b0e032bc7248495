/* One part's move graph of a split tier (retro_split.h): the moves of its
 * own ranks, scanned like retro_graph.c's whole tier (retro_scan.h), then
 * the in-tier moves reversed; a move whose target another
 * part holds travels to that part (8 bytes: target, source << SHIFT |
 * flags) in one exchange, so each part holds the predecessor lists of its
 * own ranks. */
#include "solve/retro_scan.h"
#include "solve/retro_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EDGE_FLAGS = RETRO_EDGE_PASS | RETRO_EDGE_FLIP };

void retro_split_range(uint64_t size, int parts, int part, uint64_t *lo, uint64_t *hi) {
    *lo = size * (uint64_t)part / (uint64_t)parts;
    *hi = size * (uint64_t)(part + 1) / (uint64_t)parts;
}

int retro_split_owner(uint64_t size, int parts, uint64_t r) {
    int q = (int)(r * (uint64_t)parts / size);
    uint64_t lo, hi;
    for (;;) {
        retro_split_range(size, parts, q, &lo, &hi);
        if (r < lo)
            q--;
        else if (r >= hi)
            q++;
        else
            return q;
    }
}

void retro_split_graph_free(struct retro_split_graph *gr) {
    free(gr->fixed);
    free(gr->in_count);
    free(gr->mixed);
    free(gr->exit_start);
    free(gr->exit_rank);
    free(gr->exit_tag);
    free(gr->rev_start);
    free(gr->rev);
    free(gr->copy_index);
    free(gr->copy_from);
    free(gr->copy_bits);
    memset(gr, 0, sizeof *gr);
}

/* A move sent to the part holding its target. */
struct far_move {
    uint32_t target; /* whole-tier rank */
    uint32_t edge;   /* source << SHIFT | flags */
};

/* An in-tier move of own index i (as the scan wrote it) reversed: its source
 * rank and the flags the split solve reads (the scan's MIXED is kept per
 * source in gr->mixed instead). */
static uint32_t reversed_edge(const struct retro_split_graph *gr, uint64_t i,
                              uint32_t move) {
    return (uint32_t)((gr->lo + i) << RETRO_EDGE_SHIFT | (move & EDGE_FLAGS));
}

/* Exits laid out per own rank, the `mixed` bits set; in-tier moves split
 * into this part's and the batches for the others. */
static int lay_out(const struct retro_scan *sc, struct retro_split_graph *gr,
                   struct far_move **out, uint64_t *out_bytes) {
    uint64_t n = gr->hi - gr->lo, exits = 0;
    uint64_t far[64] = {0};
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t i0, i1, a = 0;
        retro_scan_chunk_range(sc, ci, &i0, &i1);
        for (uint64_t i = i0; i < i1; i++) {
            exits += ch->exits[i - i0];
            for (unsigned k = 0; k < gr->in_count[i]; k++, a++) {
                uint64_t t = ch->in[a] >> RETRO_EDGE_SHIFT;
                if (t >= gr->lo && t < gr->hi)
                    gr->rev_start[t - gr->lo + 1]++;
                else
                    far[retro_split_owner(gr->size, gr->parts, t)]++;
            }
        }
    }
    if (exits > UINT32_MAX) return -1;
    gr->exit_start = malloc((n + 1) * sizeof *gr->exit_start);
    gr->exit_rank = malloc(exits * sizeof *gr->exit_rank + 1);
    gr->exit_tag = malloc(exits + 1);
    if (!gr->exit_start || !gr->exit_rank || !gr->exit_tag) return -1;
    uint64_t fill[64] = {0};
    for (int q = 0; q < gr->parts; q++) {
        out_bytes[q] = far[q] * sizeof **out;
        if (!(out[q] = malloc(out_bytes[q] + 1))) return -1;
    }
    uint32_t e = 0;
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t i0, i1, a = 0, b = 0;
        retro_scan_chunk_range(sc, ci, &i0, &i1);
        for (uint64_t i = i0; i < i1; i++) {
            gr->exit_start[i] = e;
            for (int k = 0; k < ch->exits[i - i0]; k++, e++, b++) {
                gr->exit_rank[e] = ch->exit[b];
                gr->exit_tag[e] = ch->tag[b];
            }
            if (gr->in_count[i] && (ch->in[a] & RETRO_EDGE_MIXED))
                gr->mixed[i / 8] |= (uint8_t)(1u << (i % 8));
            for (unsigned k = 0; k < gr->in_count[i]; k++, a++) {
                uint64_t t = ch->in[a] >> RETRO_EDGE_SHIFT;
                if (t >= gr->lo && t < gr->hi) continue;
                int q = retro_split_owner(gr->size, gr->parts, t);
                out[q][fill[q]++] =
                    (struct far_move){(uint32_t)t, reversed_edge(gr, i, ch->in[a])};
            }
        }
    }
    gr->exit_start[n] = e;
    return 0;
}

/* The copies the scan found (sc->copy_of), as lists and a bitmap. */
static int keep_copies(const struct retro_scan *sc, struct retro_split_graph *gr) {
    uint64_t n = gr->hi - gr->lo, copies = 0;
    for (uint64_t i = 0; i < n; i++) copies += sc->copy_of[i] != RETRO_SCAN_NOT_COPY;
    gr->copies = (uint32_t)copies;
    gr->copy_index = malloc(copies * sizeof *gr->copy_index + 1);
    gr->copy_from = malloc(copies * sizeof *gr->copy_from + 1);
    gr->copy_bits = calloc(n / 64 + 1, sizeof *gr->copy_bits);
    if (!gr->copy_index || !gr->copy_from || !gr->copy_bits) return -1;
    uint32_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (sc->copy_of[i] == RETRO_SCAN_NOT_COPY) continue;
        gr->copy_index[k] = (uint32_t)i;
        gr->copy_from[k++] = sc->copy_of[i];
        gr->copy_bits[i / 64] |= UINT64_C(1) << (i % 64);
    }
    return 0;
}

/* The predecessor lists of own ranks: own moves (still in the chunks) and
 * those other parts sent (`in`, `far` of them). */
static int reverse(const struct retro_scan *sc, struct retro_split_graph *gr,
                   const struct far_move *in, uint64_t far) {
    uint64_t n = gr->hi - gr->lo;
    for (uint64_t k = 0; k < far; k++) gr->rev_start[in[k].target - gr->lo + 1]++;
    for (uint64_t i = 0; i < n; i++) gr->rev_start[i + 1] += gr->rev_start[i];
    uint64_t edges = gr->rev_start[n];
    uint32_t *at = malloc((n + 1) * sizeof *at);
    gr->rev = malloc(edges * sizeof *gr->rev + 1);
    if (!at || !gr->rev) {
        free(at);
        return -1;
    }
    memcpy(at, gr->rev_start, (n + 1) * sizeof *at);
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t i0, i1, a = 0;
        retro_scan_chunk_range(sc, ci, &i0, &i1);
        for (uint64_t i = i0; i < i1; i++)
            for (unsigned k = 0; k < gr->in_count[i]; k++, a++) {
                uint64_t t = ch->in[a] >> RETRO_EDGE_SHIFT;
                if (t < gr->lo || t >= gr->hi) continue;
                gr->rev[at[t - gr->lo]++] = reversed_edge(gr, i, ch->in[a]);
            }
    }
    for (uint64_t k = 0; k < far; k++) gr->rev[at[in[k].target - gr->lo]++] = in[k].edge;
    free(at);
    gr->bytes = n * (sizeof *gr->fixed + sizeof *gr->in_count + 2 * sizeof(uint32_t)) +
                n / 8 + gr->exit_start[n] * 5 + edges * sizeof *gr->rev +
                (gr->with_copies ? n / 8 + gr->copies * 8 : 0);
    return 0;
}

int retro_split_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                            const struct retro_split_io *io, int threads,
                            struct retro_split_graph *gr, char *err) {
    memset(gr, 0, sizeof *gr);
    err[0] = '\0';
    uint64_t size = g->tier_size(v, tier);
    int failed = 0;
    if (size >= (UINT64_C(1) << RETRO_MAX_RANK_BITS) || io->parts < 1 || io->parts > 64 ||
        g->max_moves > GAME_SOLVER_MAX_MOVES) {
        snprintf(err, GAME_ERROR_BYTES, "tier %#llx cannot be split (%llu positions)",
                 (unsigned long long)tier, (unsigned long long)size);
        failed = 1;
    }
    gr->size = size;
    gr->part = io->part;
    gr->parts = io->parts;
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    if (!failed) retro_split_range(size, io->parts, io->part, &gr->lo, &gr->hi);
    uint64_t n = gr->hi - gr->lo;
    struct retro_scan sc = {0};
    struct far_move *out[64] = {0};
    uint64_t out_bytes[64] = {0};
    void *in = NULL;
    uint64_t in_bytes = 0;
    if (!failed) {
        retro_scan_init(&sc, g, v, tier, size, gr->lo, n);
        gr->slots = sc.slots;
        sc.fixed = gr->fixed = malloc(n * sizeof *gr->fixed + 1);
        sc.in_count = gr->in_count = malloc(n + 1);
        gr->mixed = calloc(n / 8 + 1, 1);
        gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
        /* Mirror images are copied, not solved, like retro_graph.c's. */
        gr->with_copies = g->canonicalize != NULL;
        if (gr->with_copies) sc.copy_of = malloc(n * sizeof *sc.copy_of + 1);
        if (!gr->fixed || !gr->in_count || !gr->mixed || !gr->rev_start ||
            (gr->with_copies && !sc.copy_of))
            failed = 1;
        else if (retro_scan_run(&sc, threads, err) != 0)
            failed = 1;
        else if (lay_out(&sc, gr, out, out_bytes) != 0)
            failed = 1;
        else if (gr->with_copies && keep_copies(&sc, gr) != 0)
            failed = 1;
        free(sc.copy_of);
        sc.copy_of = NULL;
    }
    if (io->max(io->ctx, failed)) goto fail;
    for (int q = 0; q < io->parts; q++)
        if (q != io->part) gr->edges_sent += out_bytes[q] / sizeof(struct far_move);
    if (io->exchange(io->ctx, (void *const *)out, out_bytes, &in, &in_bytes) != 0)
        goto fail;
    for (int q = 0; q < io->parts; q++) {
        free(out[q]);
        out[q] = NULL;
    }
    failed = reverse(&sc, gr, in, in_bytes / sizeof(struct far_move)) != 0;
    free(in);
    retro_scan_free(&sc);
    if (io->max(io->ctx, failed)) goto fail;
    return 0;
fail:
    if (!err[0])
        snprintf(err, GAME_ERROR_BYTES,
                 failed ? "out of memory building a split tier's graph"
                        : "another part failed building the split tier's graph");
    for (int q = 0; q < io->parts && q < 64; q++) free(out[q]);
    retro_scan_free(&sc);
    retro_split_graph_free(gr);
    return -1;
}
