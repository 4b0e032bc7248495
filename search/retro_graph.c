#include "search/retro_graph.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one scan of a rank needs; the output arrays are NULL in the counting
 * pass and set in the filling pass. */
struct scan_ctx {
    const struct game *g;
    const struct variant *v;
    tier_t tier;
    tier_t kids[RETRO_MAX_SLOTS];
    int slots;
    uint64_t size;
    struct retro_graph *gr;
    uint64_t *fwd_start;
    uint32_t *fwd;
};

static retro_cell terminal_value(const struct game *g, const struct variant *v,
                                 const void *state, int mover, bool pass) {
    double ret[GAME_MAX_PLAYERS];
    g->returns(v, state, ret);
    int w = pass ? 0 : 1;
    if (ret[mover] > 0) return retro_win(w);
    if (ret[mover] < 0) return retro_loss(w);
    return RETRO_DRAW;
}

static int find_slot(const struct scan_ctx *sc, tier_t t) {
    for (int i = 0; i < sc->slots; i++)
        if (sc->kids[i] == t) return i;
    return -1;
}

/* Scan rank r: count (first pass) or fill (second pass) its edges. */
static int scan_rank(const struct scan_ctx *sc, uint64_t r, bool fill, char *err) {
    const struct game *g = sc->g;
    const struct variant *v = sc->v;
    struct retro_graph *gr = sc->gr;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], c[GAME_MAX_STATE_BYTES];
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];

    if (!g->unrank(v, sc->tier, r, s)) {
        gr->fixed[r] = RETRO_HOLE;
        gr->in_count[r] = 0;
        return 0;
    }
    int t = g->turn(v, s);
    if (t == TURN_OVER) {
        gr->fixed[r] = RETRO_TERMINAL;
        gr->in_count[r] = 0;
        return 0;
    }
    if (t < 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles no chance or simultaneous turns");
        return -1;
    }
    int count = g->moves(v, s, moves);
    retro_cell best = RETRO_UNKNOWN;
    unsigned in = 0, ex = 0;
    uint64_t fwd_at = fill ? sc->fwd_start[r] : 0;
    uint64_t exit_at = fill ? gr->exit_start[r] : 0;
    for (int i = 0; i < count; i++) {
        bool pass = moves[i] == GAME_MOVE_PASS;
        memcpy(c, s, g->state_size);
        g->apply(v, c, moves[i]);
        int ct = g->turn(v, c);
        if (ct == TURN_OVER) {
            retro_cell tv = terminal_value(g, v, c, t, pass);
            if (best == RETRO_UNKNOWN || retro_better(tv, best)) best = tv;
            continue;
        }
        if (g->canonicalize) g->canonicalize(v, c);
        tier_t ctier = g->tier_of(v, c);
        uint64_t crank = g->rank(v, c);
        unsigned flags = (pass ? RETRO_EDGE_PASS : 0) | (ct != t ? RETRO_EDGE_FLIP : 0);
        if (ctier == sc->tier) {
            if (crank >= sc->size) {
                snprintf(err, GAME_ERROR_BYTES, "rank %llu is outside its tier",
                         (unsigned long long)crank);
                return -1;
            }
            if (fill) sc->fwd[fwd_at++] = (uint32_t)(crank << RETRO_EDGE_SHIFT | flags);
            in++;
        } else {
            int slot = find_slot(sc, ctier);
            if (slot < 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "a move leads to tier %#llx, which tier_children does not list",
                         (unsigned long long)ctier);
                return -1;
            }
            if (fill) {
                gr->exit_rank[exit_at] = (uint32_t)crank;
                gr->exit_tag[exit_at] = (uint8_t)(slot << RETRO_EDGE_SHIFT | flags);
                exit_at++;
            }
            ex++;
        }
    }
    gr->fixed[r] = best;
    gr->in_count[r] = (uint16_t)in;
    if (!fill) gr->exit_start[r + 1] = ex; /* counts, summed later */
    return 0;
}

/* Run scan_rank over every rank in parallel; the first error wins. */
static int scan_all(const struct scan_ctx *sc, bool fill, int threads, char *err) {
    int failed = 0;
    long long n = (long long)sc->size;
#pragma omp parallel for schedule(dynamic, 2048) num_threads(threads)
    for (long long r = 0; r < n; r++) {
        int stop;
#pragma omp atomic read
        stop = failed;
        if (stop) continue;
        char message[GAME_ERROR_BYTES];
        if (scan_rank(sc, (uint64_t)r, fill, message) != 0) {
#pragma omp critical(retro_graph_error)
            {
                if (!failed) snprintf(err, GAME_ERROR_BYTES, "%s", message);
                failed = 1;
            }
        }
    }
    return failed ? -1 : 0;
}

void retro_graph_free(struct retro_graph *gr) {
    free(gr->fixed);
    free(gr->in_count);
    free(gr->exit_start);
    free(gr->exit_rank);
    free(gr->exit_tag);
    free(gr->rev_start);
    free(gr->rev);
    memset(gr, 0, sizeof *gr);
}

int retro_graph_build(const struct game *g, const struct variant *v, tier_t tier,
                      int threads, struct retro_graph *gr, char *err) {
    memset(gr, 0, sizeof *gr);
    uint64_t n = g->tier_size(v, tier);
    if (n >= (UINT64_C(1) << 30)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "tier of %llu positions is too large (2^30 at most)",
                 (unsigned long long)n);
        return -1;
    }
    struct scan_ctx sc = {.g = g, .v = v, .tier = tier, .size = n, .gr = gr};
    sc.slots = g->tier_children(v, tier, sc.kids);
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    gr->size = n;
    gr->slots = sc.slots;
    gr->fixed = malloc(n * sizeof *gr->fixed + 1);
    gr->in_count = malloc(n * sizeof *gr->in_count + 1);
    gr->exit_start = calloc(n + 1, sizeof *gr->exit_start);
    gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
    sc.fwd_start = calloc(n + 1, sizeof *sc.fwd_start);
    if (!gr->fixed || !gr->in_count || !gr->exit_start || !gr->rev_start || !sc.fwd_start)
        goto oom;

    if (scan_all(&sc, false, threads, err) != 0) goto fail;
    for (uint64_t r = 0; r < n; r++) {
        gr->exit_start[r + 1] += gr->exit_start[r];
        sc.fwd_start[r + 1] = sc.fwd_start[r] + gr->in_count[r];
    }
    uint64_t exits = gr->exit_start[n], edges = sc.fwd_start[n];
    gr->exit_rank = malloc(exits * sizeof *gr->exit_rank + 1);
    gr->exit_tag = malloc(exits * sizeof *gr->exit_tag + 1);
    sc.fwd = malloc(edges * sizeof *sc.fwd + 1);
    gr->rev = malloc(edges * sizeof *gr->rev + 1);
    if (!gr->exit_rank || !gr->exit_tag || !sc.fwd || !gr->rev) goto oom;
    if (scan_all(&sc, true, threads, err) != 0) goto fail;

    /* Reverse the in-tier edges (sequential: ordered, cheap next to the scan). */
    for (uint64_t e = 0; e < edges; e++)
        gr->rev_start[(sc.fwd[e] >> RETRO_EDGE_SHIFT) + 1]++;
    for (uint64_t r = 0; r < n; r++) gr->rev_start[r + 1] += gr->rev_start[r];
    uint64_t *at = sc.fwd_start; /* reused as fill cursors */
    memcpy(at, gr->rev_start, (n + 1) * sizeof *at);
    uint64_t e = 0;
    for (uint64_t r = 0; r < n; r++) {
        for (unsigned k = 0; k < gr->in_count[r]; k++, e++) {
            uint32_t edge = sc.fwd[e];
            uint32_t child = edge >> RETRO_EDGE_SHIFT;
            gr->rev[at[child]++] = (uint32_t)(r << RETRO_EDGE_SHIFT) |
                                   (edge & ((1u << RETRO_EDGE_SHIFT) - 1));
        }
    }
    free(sc.fwd);
    free(sc.fwd_start);
    gr->bytes = n * (sizeof *gr->fixed + sizeof *gr->in_count + 2 * sizeof(uint64_t)) +
                exits * 5 + edges * 4;
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
fail:
    free(sc.fwd);
    free(sc.fwd_start);
    retro_graph_free(gr);
    return -1;
}
