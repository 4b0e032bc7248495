/* Building a shape's move graph: one pass of move generation over every rank
 * (in parallel, by chunks of ranks), then the reversed in-tier edges and the
 * exits laid out in rank order. */
#include "search/retro_graph.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 4096 }; /* ranks per chunk */
#define NOT_COPY UINT32_MAX

/* The edges found in one chunk of ranks, in rank order. */
struct chunk {
    uint32_t *in;   /* in-tier edges: child rank << SHIFT | flags */
    uint32_t *exit; /* exit child ranks */
    uint8_t *tag;   /* exit slot << SHIFT | flags */
    uint8_t *exits; /* exits per rank */
};

struct scan_ctx {
    const struct game *g;
    const struct variant *v;
    tier_t tier;
    tier_t kids[RETRO_MAX_SLOTS];
    int slots;
    uint64_t size;
    int row; /* slots per rank in a thread's buffer */
    struct retro_graph *gr;
    retro_cell *fixed; /* per rank while building: see special_fixed */
    uint32_t *copy_of; /* per rank while building: canonical rank, or NOT_COPY */
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

static int find_slot(const struct scan_ctx *sc, tier_t t) {
    for (int i = 0; i < sc->slots; i++)
        if (sc->kids[i] == t) return i;
    return -1;
}

/* Scan rank r: in-tier edges to row[0..], exits to row[row-1] downwards
 * (tags alike); sets fixed and in_count, returns the exit count or -1. */
static int scan_rank(const struct scan_ctx *sc, uint64_t r, uint32_t *row, uint8_t *tags,
                     char *err) {
    const struct game *g = sc->g;
    const struct variant *v = sc->v;
    struct retro_graph *gr = sc->gr;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], c[GAME_MAX_STATE_BYTES];
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];

    gr->in_count[r] = 0;
    sc->copy_of[r] = NOT_COPY;
    if (!g->unrank(v, sc->tier, r, s)) {
        sc->fixed[r] = RETRO_HOLE;
        return 0;
    }
    if (g->canonicalize) { /* a mirror image of another rank: copied, not solved */
        memcpy(c, s, g->state_size);
        g->canonicalize(v, c);
        if (memcmp(c, s, g->state_size) != 0 && g->tier_of(v, c) == sc->tier) {
            uint64_t crank = g->rank(v, c);
            if (crank >= sc->size) {
                snprintf(err, GAME_ERROR_BYTES, "rank %llu is outside its tier",
                         (unsigned long long)crank);
                return -1;
            }
            if (crank != r) {
                sc->copy_of[r] = (uint32_t)crank;
                sc->fixed[r] = RETRO_UNKNOWN;
                return 0;
            }
        }
    }
    int t = g->turn(v, s);
    if (t == TURN_OVER) {
        sc->fixed[r] = RETRO_TERMINAL;
        return 0;
    }
    if (t < 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles no chance or simultaneous turns");
        return -1;
    }
    int count = g->moves(v, s, moves);
    retro_cell best = RETRO_UNKNOWN;
    int in = 0, ex = 0;
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
            row[in++] = (uint32_t)(crank << RETRO_EDGE_SHIFT | flags);
        } else {
            int slot = find_slot(sc, ctier);
            if (slot < 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "a move leads to tier %#llx, which tier_children does not list",
                         (unsigned long long)ctier);
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
    }
    bool pass_inside = false;
    for (int k = 0; k < in; k++) pass_inside |= (row[k] & RETRO_EDGE_PASS) != 0;
    if (pass_inside && in >= 2)
        for (int k = 0; k < in; k++) row[k] |= RETRO_EDGE_MIXED;
    sc->fixed[r] = best;
    gr->in_count[r] = (uint8_t)in;
    return ex;
}

/* Scan the ranks of chunk `ci` into exact-size arrays. */
static int scan_chunk(const struct scan_ctx *sc, uint64_t ci, uint32_t *rows,
                      uint8_t *tags, char *err) {
    uint64_t lo = ci * CHUNK, hi = lo + CHUNK < sc->size ? lo + CHUNK : sc->size;
    struct chunk *ch = &sc->chunks[ci];
    uint64_t ins = 0, exits = 0;
    ch->exits = malloc(hi - lo);
    if (!ch->exits) goto oom;
    for (uint64_t r = lo; r < hi; r++) {
        uint32_t *row = rows + (r - lo) * (uint64_t)sc->row;
        int ex = scan_rank(sc, r, row, tags + (r - lo) * (uint64_t)sc->row, err);
        if (ex < 0) return -1;
        ch->exits[r - lo] = (uint8_t)ex;
        ins += sc->gr->in_count[r];
        exits += (uint64_t)ex;
    }
    ch->in = malloc(ins * sizeof *ch->in + 1);
    ch->exit = malloc(exits * sizeof *ch->exit + 1);
    ch->tag = malloc(exits + 1);
    if (!ch->in || !ch->exit || !ch->tag) goto oom;
    uint64_t a = 0, b = 0;
    for (uint64_t r = lo; r < hi; r++) {
        const uint32_t *row = rows + (r - lo) * (uint64_t)sc->row;
        const uint8_t *tg = tags + (r - lo) * (uint64_t)sc->row;
        for (unsigned k = 0; k < sc->gr->in_count[r]; k++) ch->in[a++] = row[k];
        for (int k = 1; k <= ch->exits[r - lo]; k++, b++) {
            ch->exit[b] = row[sc->row - k];
            ch->tag[b] = tg[sc->row - k];
        }
    }
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
    return -1;
}

/* Every chunk in parallel; the first error wins. */
static int scan_all(const struct scan_ctx *sc, int threads, char *err) {
    int failed = 0;
    long long chunks = (long long)((sc->size + CHUNK - 1) / CHUNK);
#pragma omp parallel num_threads(threads)
    {
        uint32_t *rows = malloc((size_t)CHUNK * (size_t)sc->row * sizeof *rows);
        uint8_t *tags = malloc((size_t)CHUNK * (size_t)sc->row);
        char message[GAME_ERROR_BYTES];
        int mine = rows && tags ? 0 : -1;
        if (mine)
            snprintf(message, sizeof message, "out of memory building the move graph");
#pragma omp for schedule(dynamic, 1)
        for (long long ci = 0; ci < chunks; ci++) {
            int stop;
#pragma omp atomic read
            stop = failed;
            if (stop || mine) continue;
            mine = scan_chunk(sc, (uint64_t)ci, rows, tags, message);
        }
        if (mine) {
#pragma omp critical(retro_graph_error)
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

static bool is_special(const struct scan_ctx *sc, uint64_t r, unsigned exits) {
    if (sc->copy_of[r] != NOT_COPY) return false;
    return exits || sc->fixed[r] != RETRO_UNKNOWN || !sc->gr->in_count[r];
}

/* Lay the chunks out: reversed in-tier edges (each list in rank order of the
 * predecessors), specials and their exits. */
static int compact(struct scan_ctx *sc, uint64_t nchunks, char *err) {
    struct retro_graph *gr = sc->gr;
    uint64_t n = gr->size, edges = 0, exits = 0, specials = 0, copies = 0;
    uint32_t *at = NULL;
    for (uint64_t ci = 0; ci < nchunks; ci++) {
        const struct chunk *ch = &sc->chunks[ci];
        uint64_t lo = ci * CHUNK, hi = lo + CHUNK < n ? lo + CHUNK : n, a = 0;
        for (uint64_t r = lo; r < hi; r++) {
            exits += ch->exits[r - lo];
            specials += is_special(sc, r, ch->exits[r - lo]);
            copies += sc->copy_of[r] != NOT_COPY;
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
    for (uint64_t ci = 0; ci < nchunks; ci++) {
        const struct chunk *ch = &sc->chunks[ci];
        uint64_t lo = ci * CHUNK, hi = lo + CHUNK < n ? lo + CHUNK : n, a = 0, b = 0;
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
        if (from == NOT_COPY) continue;
        if (sc->copy_of[from] != NOT_COPY) {
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
    struct scan_ctx sc = {.g = g, .v = v, .tier = tier, .size = n, .gr = gr};
    sc.slots = g->tier_children(v, tier, sc.kids);
    sc.row = g->max_moves > 0 ? g->max_moves : 1;
    uint64_t nchunks = (n + CHUNK - 1) / CHUNK;
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    gr->size = n;
    gr->slots = sc.slots;
    sc.fixed = malloc(n * sizeof *sc.fixed + 1);
    sc.copy_of = malloc(n * sizeof *sc.copy_of + 1);
    gr->in_count = malloc(n * sizeof *gr->in_count + 1);
    gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
    sc.chunks = calloc(nchunks + 1, sizeof *sc.chunks);
    int status = -1;
    if (!sc.fixed || !sc.copy_of || !gr->in_count || !gr->rev_start || !sc.chunks)
        snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
    else if (scan_all(&sc, threads, err) == 0)
        status = compact(&sc, nchunks, err);
    for (uint64_t ci = 0; sc.chunks && ci < nchunks; ci++) {
        free(sc.chunks[ci].in);
        free(sc.chunks[ci].exit);
        free(sc.chunks[ci].tag);
        free(sc.chunks[ci].exits);
    }
    free(sc.chunks);
    free(sc.fixed);
    free(sc.copy_of);
    if (status != 0) retro_graph_free(gr);
    return status;
}
