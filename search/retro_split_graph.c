/* One part's move graph of a split tier (retro_split.h): the moves of its
 * own ranks, scanned in parallel by chunks like retro_graph.c does for a
 * whole tier, then the in-tier moves reversed; a move whose target another
 * part holds travels to that part (8 bytes: target, source << SHIFT |
 * flags) in one exchange, so each part holds the predecessor lists of its
 * own ranks. */
#include "search/retro_split.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 4096, FLAG_MASK = (1 << RETRO_EDGE_SHIFT) - 1 };

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

/* The moves of one chunk of own ranks. */
struct chunk {
    uint32_t *in;   /* in-tier: target << SHIFT | flags */
    uint32_t *exit; /* child-tier ranks */
    uint8_t *tag;   /* slot << SHIFT | flags */
    uint8_t *exits; /* per rank */
};

struct scan {
    const struct game *g;
    const struct variant *v;
    tier_t tier;
    tier_t kids[RETRO_MAX_SLOTS];
    int row; /* room for one rank's moves */
    struct retro_split_graph *gr;
    struct chunk *chunks;
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

/* Scan rank r (own index i): in-tier moves to row[0..], exits to the end of
 * row downwards; returns the exit count, or -1 with err. */
static int scan_rank(const struct scan *sc, uint64_t r, uint64_t i, uint32_t *row,
                     uint8_t *tags, char *err) {
    const struct game *g = sc->g;
    const struct variant *v = sc->v;
    struct retro_split_graph *gr = sc->gr;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], c[GAME_MAX_STATE_BYTES];
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    gr->in_count[i] = 0;
    if (!g->unrank(v, sc->tier, r, s)) {
        gr->fixed[i] = RETRO_HOLE;
        return 0;
    }
    int t = g->turn(v, s);
    if (t == TURN_OVER) {
        gr->fixed[i] = RETRO_TERMINAL;
        return 0;
    }
    if (t < 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles no chance or simultaneous turns");
        return -1;
    }
    int count = g->moves(v, s, moves), in = 0, ex = 0;
    retro_cell best = RETRO_UNKNOWN;
    bool pass_inside = false;
    for (int m = 0; m < count; m++) {
        bool pass = moves[m] == GAME_MOVE_PASS;
        memcpy(c, s, g->state_size);
        g->apply(v, c, moves[m]);
        int ct = g->turn(v, c);
        if (ct == TURN_OVER) {
            retro_cell tv = terminal_value(g, v, c, t, pass);
            if (best == RETRO_UNKNOWN || retro_better(tv, best)) best = tv;
            continue;
        }
        if (g->canonicalize) g->canonicalize(v, c);
        tier_t ct_tier = g->tier_of(v, c);
        uint64_t crank = g->rank(v, c);
        unsigned flags = (pass ? RETRO_EDGE_PASS : 0) | (ct != t ? RETRO_EDGE_FLIP : 0);
        if (ct_tier == sc->tier) {
            if (crank >= gr->size) {
                snprintf(err, GAME_ERROR_BYTES, "rank %llu is outside its tier",
                         (unsigned long long)crank);
                return -1;
            }
            row[in++] = (uint32_t)(crank << RETRO_EDGE_SHIFT | flags);
            pass_inside |= pass;
            continue;
        }
        int slot = 0;
        while (slot < gr->slots && sc->kids[slot] != ct_tier) slot++;
        if (slot == gr->slots) {
            snprintf(err, GAME_ERROR_BYTES,
                     "a move leads to tier %#llx, which tier_children does not list",
                     (unsigned long long)ct_tier);
            return -1;
        }
        if (crank > UINT32_MAX) {
            snprintf(err, GAME_ERROR_BYTES, "rank %llu is too large",
                     (unsigned long long)crank);
            return -1;
        }
        ex++;
        row[sc->row - ex] = (uint32_t)crank;
        tags[sc->row - ex] = (uint8_t)(slot << RETRO_EDGE_SHIFT | flags);
    }
    /* Chunks are whole bytes of this bitmap, so threads never share one. */
    if (pass_inside && in >= 2) gr->mixed[i / 8] |= (uint8_t)(1u << (i % 8));
    gr->fixed[i] = best;
    gr->in_count[i] = (uint8_t)in;
    return ex;
}

static int scan_chunk(const struct scan *sc, uint64_t ci, uint32_t *rows, uint8_t *tags,
                      char *err) {
    struct retro_split_graph *gr = sc->gr;
    uint64_t n = gr->hi - gr->lo, i0 = ci * CHUNK, i1 = i0 + CHUNK < n ? i0 + CHUNK : n;
    struct chunk *ch = &sc->chunks[ci];
    uint64_t ins = 0, exits = 0;
    if (!(ch->exits = malloc(i1 - i0))) goto oom;
    for (uint64_t i = i0; i < i1; i++) {
        uint64_t at = (i - i0) * (uint64_t)sc->row;
        int ex = scan_rank(sc, gr->lo + i, i, rows + at, tags + at, err);
        if (ex < 0) return -1;
        ch->exits[i - i0] = (uint8_t)ex;
        ins += gr->in_count[i];
        exits += (uint64_t)ex;
    }
    ch->in = malloc(ins * sizeof *ch->in + 1);
    ch->exit = malloc(exits * sizeof *ch->exit + 1);
    ch->tag = malloc(exits + 1);
    if (!ch->in || !ch->exit || !ch->tag) goto oom;
    uint64_t a = 0, b = 0;
    for (uint64_t i = i0; i < i1; i++) {
        const uint32_t *row = rows + (i - i0) * (uint64_t)sc->row;
        const uint8_t *tg = tags + (i - i0) * (uint64_t)sc->row;
        for (unsigned k = 0; k < gr->in_count[i]; k++) ch->in[a++] = row[k];
        for (int k = 1; k <= ch->exits[i - i0]; k++, b++) {
            ch->exit[b] = row[sc->row - k];
            ch->tag[b] = tg[sc->row - k];
        }
    }
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory building a split tier's graph");
    return -1;
}

static int scan_all(const struct scan *sc, uint64_t chunks, int threads, char *err) {
    int failed = 0;
#pragma omp parallel num_threads(threads)
    {
        uint32_t *rows = malloc((size_t)CHUNK * (size_t)sc->row * sizeof *rows);
        uint8_t *tags = malloc((size_t)CHUNK * (size_t)sc->row);
        char message[GAME_ERROR_BYTES];
        int mine = rows && tags ? 0 : -1;
        if (mine)
            snprintf(message, sizeof message,
                     "out of memory building a split tier's graph");
#pragma omp for schedule(dynamic, 1)
        for (long long ci = 0; ci < (long long)chunks; ci++) {
            int stop;
#pragma omp atomic read
            stop = failed;
            if (stop || mine) continue;
            mine = scan_chunk(sc, (uint64_t)ci, rows, tags, message);
        }
        if (mine) {
#pragma omp critical(retro_split_error)
            {
                if (!failed) snprintf(err, GAME_ERROR_BYTES, "%s", message);
#pragma omp atomic write
                failed = 1;
            }
        }
        free(rows);
        free(tags);
    }
    return failed ? -1 : 0;
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
    memset(gr, 0, sizeof *gr);
}

/* A move sent to the part holding its target. */
struct far_move {
    uint32_t target; /* whole-tier rank */
    uint32_t edge;   /* source << SHIFT | flags */
};

/* Exits laid out per own rank; in-tier moves split into this part's and
 * the batches for the others. */
static int lay_out(struct scan *sc, uint64_t chunks, struct far_move **out,
                   uint64_t *out_bytes) {
    struct retro_split_graph *gr = sc->gr;
    uint64_t n = gr->hi - gr->lo, exits = 0;
    uint64_t far[64] = {0};
    for (uint64_t ci = 0; ci < chunks; ci++) {
        const struct chunk *ch = &sc->chunks[ci];
        uint64_t i0 = ci * CHUNK, i1 = i0 + CHUNK < n ? i0 + CHUNK : n, a = 0;
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
    for (uint64_t ci = 0; ci < chunks; ci++) {
        const struct chunk *ch = &sc->chunks[ci];
        uint64_t i0 = ci * CHUNK, i1 = i0 + CHUNK < n ? i0 + CHUNK : n, a = 0, b = 0;
        for (uint64_t i = i0; i < i1; i++) {
            gr->exit_start[i] = e;
            for (int k = 0; k < ch->exits[i - i0]; k++, e++, b++) {
                gr->exit_rank[e] = ch->exit[b];
                gr->exit_tag[e] = ch->tag[b];
            }
            for (unsigned k = 0; k < gr->in_count[i]; k++, a++) {
                uint64_t t = ch->in[a] >> RETRO_EDGE_SHIFT;
                if (t >= gr->lo && t < gr->hi) continue;
                int q = retro_split_owner(gr->size, gr->parts, t);
                out[q][fill[q]++] = (struct far_move){
                    (uint32_t)t, (uint32_t)((gr->lo + i) << RETRO_EDGE_SHIFT |
                                            (ch->in[a] & FLAG_MASK))};
            }
        }
    }
    gr->exit_start[n] = e;
    return 0;
}

/* The predecessor lists of own ranks: own moves (still in the chunks) and
 * those other parts sent (`in`, `far` of them). */
static int reverse(struct scan *sc, uint64_t chunks, const struct far_move *in,
                   uint64_t far) {
    struct retro_split_graph *gr = sc->gr;
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
    for (uint64_t ci = 0; ci < chunks; ci++) {
        const struct chunk *ch = &sc->chunks[ci];
        uint64_t i0 = ci * CHUNK, i1 = i0 + CHUNK < n ? i0 + CHUNK : n, a = 0;
        for (uint64_t i = i0; i < i1; i++)
            for (unsigned k = 0; k < gr->in_count[i]; k++, a++) {
                uint64_t t = ch->in[a] >> RETRO_EDGE_SHIFT;
                if (t < gr->lo || t >= gr->hi) continue;
                gr->rev[at[t - gr->lo]++] = (uint32_t)((gr->lo + i) << RETRO_EDGE_SHIFT |
                                                       (ch->in[a] & FLAG_MASK));
            }
    }
    for (uint64_t k = 0; k < far; k++) gr->rev[at[in[k].target - gr->lo]++] = in[k].edge;
    free(at);
    gr->bytes = n * (sizeof *gr->fixed + sizeof *gr->in_count + 2 * sizeof(uint32_t)) +
                n / 8 + gr->exit_start[n] * 5 + edges * sizeof *gr->rev;
    return 0;
}

static void free_chunks(struct scan *sc, uint64_t chunks) {
    for (uint64_t ci = 0; sc->chunks && ci < chunks; ci++) {
        free(sc->chunks[ci].in);
        free(sc->chunks[ci].exit);
        free(sc->chunks[ci].tag);
        free(sc->chunks[ci].exits);
    }
    free(sc->chunks);
    sc->chunks = NULL;
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
    struct scan sc = {.g = g, .v = v, .tier = tier, .gr = gr};
    gr->size = size;
    gr->part = io->part;
    gr->parts = io->parts;
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    if (!failed) retro_split_range(size, io->parts, io->part, &gr->lo, &gr->hi);
    uint64_t n = gr->hi - gr->lo, chunks = (n + CHUNK - 1) / CHUNK;
    struct far_move *out[64] = {0};
    uint64_t out_bytes[64] = {0};
    void *in = NULL;
    uint64_t in_bytes = 0;
    if (!failed) {
        gr->slots = g->tier_children(v, tier, sc.kids);
        sc.row = g->max_moves > 0 ? g->max_moves : 1;
        gr->fixed = malloc(n * sizeof *gr->fixed + 1);
        gr->in_count = malloc(n + 1);
        gr->mixed = calloc(n / 8 + 1, 1);
        gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
        sc.chunks = calloc(chunks + 1, sizeof *sc.chunks);
        if (!gr->fixed || !gr->in_count || !gr->mixed || !gr->rev_start || !sc.chunks)
            failed = 1;
        else if (scan_all(&sc, chunks, threads > 0 ? threads : 1, err) != 0)
            failed = 1;
        else if (lay_out(&sc, chunks, out, out_bytes) != 0)
            failed = 1;
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
    failed = reverse(&sc, chunks, in, in_bytes / sizeof(struct far_move)) != 0;
    free(in);
    free_chunks(&sc, chunks);
    if (io->max(io->ctx, failed)) goto fail;
    return 0;
fail:
    if (!err[0])
        snprintf(err, GAME_ERROR_BYTES,
                 failed ? "out of memory building a split tier's graph"
                        : "another part failed building the split tier's graph");
    for (int q = 0; q < io->parts && q < 64; q++) free(out[q]);
    free_chunks(&sc, chunks);
    retro_split_graph_free(gr);
    return -1;
}
