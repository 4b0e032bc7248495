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

/* Lay the chunks out: reversed in-tier edges (each list in rank order of the
 * predecessors), specials and their exits. */
static int compact(const struct retro_scan *sc, struct retro_graph *gr, char *err) {
    uint64_t n = gr->size, edges = 0, exits = 0, specials = 0, copies = 0;
    uint32_t *at = NULL;
    for (uint64_t ci = 0; ci < sc->chunk_count; ci++) {
        const struct retro_scan_chunk *ch = &sc->chunks[ci];
        uint64_t lo, hi, a = 0;
        retro_scan_chunk_range(sc, ci, &lo, &hi);
        for (uint64_t r = lo; r < hi; r++) {
            exits += ch->exits[r - lo];
            specials += is_special(sc, r, ch->exits[r - lo]);
            copies += sc->copy_of[r] != RETRO_SCAN_NOT_COPY;
            for (unsigned k = 0; k < gr->in_count[r]; k++, a++)
                gr->rev_start[(ch->in[a] >> RETRO_EDGE_SHIFT) + 1]++;
            edges += gr->in_count[r];
        }
    }
    if (exits > UINT32_MAX || edges > UINT32_MAX) {
        snprintf(err, GAME_ERROR_BYTES, "tier has more than 2^32 moves");
        return -1;
    }
    for (uint64_t r = 0; r < n; r++) gr->rev_start[r + 1] += gr->rev_start[r];
    gr->max_rev = 0;
    for (uint64_t r = 0; r < n; r++)
        if (gr->rev_start[r + 1] - gr->rev_start[r] > gr->max_rev)
            gr->max_rev = gr->rev_start[r + 1] - gr->rev_start[r];
    gr->specials = (uint32_t)specials;
    gr->special = malloc(specials * sizeof *gr->special + 1);
    gr->exit_start = malloc((specials + 1) * sizeof *gr->exit_start);
    gr->exit_rank = malloc(exits * sizeof *gr->exit_rank + 1);
    gr->special_fixed = malloc(specials * sizeof *gr->special_fixed + 1);
    gr->exit_tag = malloc(exits * sizeof *gr->exit_tag + 1);
    gr->rev = malloc((edges + RETRO_REV_PAD) * sizeof *gr->rev);
    gr->copies = (uint32_t)copies;
    gr->copy_rank = malloc(copies * sizeof *gr->copy_rank + 1);
    gr->copy_from = malloc(copies * sizeof *gr->copy_from + 1);
    gr->copy_bits = calloc((n + 63) / 64 + 1, sizeof *gr->copy_bits);
    at = malloc((n + 1) * sizeof *at);
    if (!gr->special || !gr->exit_start || !gr->exit_rank || !gr->special_fixed ||
        !gr->exit_tag || !gr->rev || !gr->copy_rank || !gr->copy_from || !gr->copy_bits ||
        !at) {
        free(at);
        snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
        return -1;
    }
    memset(gr->rev + edges, 0, RETRO_REV_PAD * sizeof *gr->rev);
    memcpy(at, gr->rev_start, (n + 1) * sizeof *at);
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
    gr->exit_start[specials] = e;
    free(at);
    uint32_t k = 0;
    for (uint64_t r = 0; r < n; r++) {
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
    gr->bytes = n * (sizeof *gr->in_count + sizeof(uint32_t)) + specials * 10 +
                copies * 8 + n / 8 + exits * 5 + edges * 4;
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
