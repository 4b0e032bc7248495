/* Building a shape's move graph: one pass of move generation over every rank
 * (retro_scan.h), then the reversed in-tier edges, the exits of the special
 * ranks and the copies laid out in rank order. */
#include "solve/retro_graph.h"
#include "solve/retro_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void retro_graph_free(struct retro_graph *gr) {
    free(gr->in_count);
    free(gr->special_fixed);
    free(gr->exit_start);
    free(gr->exit_rank);
    free(gr->special);
    free(gr->exit_tag);
    free(gr->rev_start);
    free(gr->copy_rank);
    free(gr->copy_from);
    free(gr->copy_bits);
    free(gr->rev);
    memset(gr, 0, sizeof *gr);
}

static bool is_special(const struct retro_scan *sc, uint64_t r, unsigned exits) {
    if (sc->copy_of[r] != RETRO_SCAN_NOT_COPY) return false;
    return exits || sc->fixed[r] != RETRO_UNKNOWN || !sc->in_count[r];
}

/* What the scan's chunks hold, counted: moves within the tier and out of
 * it, special positions, mirror copies; each rank's predecessors counted
 * into gr->rev_start (shifted by one, for the prefix sum). */
struct layout_counts {
    uint64_t edges, exits, specials, copies;
};

static void count_chunks(const struct retro_scan *sc, struct retro_graph *gr,
                         struct layout_counts *lc) {
    *lc = (struct layout_counts){0};
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t lo, hi, a = 0;
        retro_scan_chunk_range(sc, ci, &lo, &hi);
        for (uint64_t r = lo; r < hi; r++) {
            lc->exits += ch->exits[r - lo];
            lc->specials += is_special(sc, r, ch->exits[r - lo]);
            lc->copies += sc->copy_of[r] != RETRO_SCAN_NOT_COPY;
            for (unsigned k = 0; k < gr->in_count[r]; k++, a++)
                gr->rev_start[(ch->in[a] >> RETRO_EDGE_SHIFT) + 1]++;
            lc->edges += gr->in_count[r];
        }
    }
}

/* The graph's arrays for the counts. 0, or -1 out of memory. */
static int alloc_layout(struct retro_graph *gr, const struct layout_counts *lc) {
    uint64_t n = gr->size;
    gr->specials = (uint32_t)lc->specials;
    gr->special = malloc(lc->specials * sizeof *gr->special + 1);
    gr->exit_start = malloc((lc->specials + 1) * sizeof *gr->exit_start);
    gr->exit_rank = malloc(lc->exits * sizeof *gr->exit_rank + 1);
    gr->special_fixed = malloc(lc->specials * sizeof *gr->special_fixed + 1);
    gr->exit_tag = malloc(lc->exits * sizeof *gr->exit_tag + 1);
    gr->rev = malloc((lc->edges + RETRO_REV_PAD) * sizeof *gr->rev);
    gr->copies = (uint32_t)lc->copies;
    gr->copy_rank = malloc(lc->copies * sizeof *gr->copy_rank + 1);
    gr->copy_from = malloc(lc->copies * sizeof *gr->copy_from + 1);
    gr->copy_bits = calloc((n + 63) / 64 + 1, sizeof *gr->copy_bits);
    if (!gr->special || !gr->exit_start || !gr->exit_rank || !gr->special_fixed ||
        !gr->exit_tag || !gr->rev || !gr->copy_rank || !gr->copy_from || !gr->copy_bits)
        return -1;
    memset(gr->rev + lc->edges, 0, RETRO_REV_PAD * sizeof *gr->rev);
    return 0;
}

/* The reversed in-tier edges (each list in rank order of the predecessors;
 * `at`: each rank's next free place), the specials and their exits. */
static void fill_chunks(const struct retro_scan *sc, struct retro_graph *gr,
                        uint32_t *at) {
    uint32_t e = 0, i = 0;
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t lo, hi, a = 0, b = 0;
        retro_scan_chunk_range(sc, ci, &lo, &hi);
        for (uint64_t r = lo; r < hi; r++) {
            for (unsigned k = 0; k < gr->in_count[r]; k++, a++) {
                uint32_t child = ch->in[a] >> RETRO_EDGE_SHIFT;
                gr->rev[at[child]++] = (uint32_t)(r << RETRO_EDGE_SHIFT) |
                                       (ch->in[a] & ((1u << RETRO_EDGE_SHIFT) - 1));
            }
            if (!is_special(sc, r, ch->exits[r - lo])) continue;
            gr->special[i] = (uint32_t)r;
            gr->special_fixed[i] = sc->fixed[r];
            gr->exit_start[i] = e;
            for (int k = 0; k < ch->exits[r - lo]; k++, e++, b++) {
                gr->exit_rank[e] = ch->exit[b];
                gr->exit_tag[e] = ch->tag[b];
            }
            i++;
        }
    }
    gr->exit_start[gr->specials] = e;
}

/* The mirror copies: each rank that is a copy, and its canonical rank.
 * 0, or -1 with err when a copy's rank is itself a copy. */
static int list_copies(const struct retro_scan *sc, struct retro_graph *gr, char *err) {
    uint32_t k = 0;
    for (uint64_t r = 0; r < gr->size; r++) {
        uint32_t from = sc->copy_of[r];
        if (from == RETRO_SCAN_NOT_COPY) continue;
        if (sc->copy_of[from] != RETRO_SCAN_NOT_COPY) {
            snprintf(err, GAME_ERROR_BYTES,
                     "canonicalize maps rank %llu to a state it changes again",
                     (unsigned long long)r);
            return -1;
        }
        gr->copy_rank[k] = (uint32_t)r;
        gr->copy_bits[r / 64] |= UINT64_C(1) << (r % 64);
        gr->copy_from[k++] = from;
    }
    return 0;
}

/* Lay the chunks out: reversed in-tier edges (each list in rank order of the
 * predecessors), specials and their exits. */
static int compact(const struct retro_scan *sc, struct retro_graph *gr, char *err) {
    uint64_t n = gr->size;
    struct layout_counts lc;
    count_chunks(sc, gr, &lc);
    if (lc.exits > UINT32_MAX || lc.edges > UINT32_MAX) {
        snprintf(err, GAME_ERROR_BYTES, "tier has more than 2^32 moves");
        return -1;
    }
    for (uint64_t r = 0; r < n; r++) gr->rev_start[r + 1] += gr->rev_start[r];
    gr->max_rev = 0;
    for (uint64_t r = 0; r < n; r++)
        if (gr->rev_start[r + 1] - gr->rev_start[r] > gr->max_rev)
            gr->max_rev = gr->rev_start[r + 1] - gr->rev_start[r];
    uint32_t *at = malloc((n + 1) * sizeof *at);
    if (!at || alloc_layout(gr, &lc) != 0) {
        free(at);
        snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
        return -1;
    }
    memcpy(at, gr->rev_start, (n + 1) * sizeof *at);
    fill_chunks(sc, gr, at);
    free(at);
    if (list_copies(sc, gr, err) != 0) return -1;
    gr->bytes = n * (sizeof *gr->in_count + sizeof(uint32_t)) + lc.specials * 10 +
                lc.copies * 8 + n / 8 + lc.exits * 5 + lc.edges * 4;
    return 0;
}

int retro_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                      int threads, struct retro_graph *gr, char *err) {
    memset(gr, 0, sizeof *gr);
    uint64_t n = g->tier_size(v, tier);
    if (n >= (UINT64_C(1) << RETRO_MAX_RANK_BITS)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "tier of %llu positions is too large (2^%d at most)",
                 (unsigned long long)n, RETRO_MAX_RANK_BITS);
        return -1;
    }
    if (g->max_moves > GAME_SOLVER_MAX_MOVES) {
        snprintf(err, GAME_ERROR_BYTES, "the solver handles at most %d moves",
                 GAME_SOLVER_MAX_MOVES);
        return -1;
    }
    struct retro_scan sc;
    retro_scan_init(&sc, g, v, tier, n, 0, n);
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    gr->size = n;
    gr->slots = sc.slots;
    sc.fixed = malloc(n * sizeof *sc.fixed + 1);
    sc.copy_of = malloc(n * sizeof *sc.copy_of + 1);
    sc.in_count = gr->in_count = malloc(n * sizeof *gr->in_count + 1);
    gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
    int status = -1;
    if (!sc.fixed || !sc.copy_of || !gr->in_count || !gr->rev_start)
        snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
    else if (retro_scan_run(&sc, threads, err) == 0)
        status = compact(&sc, gr, err);
    retro_scan_free(&sc);
    free(sc.fixed);
    free(sc.copy_of);
    if (status != 0) retro_graph_free(gr);
    return status;
}
