#include "search/retro_graph.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the scan of a rank needs. Each rank writes its edges into its own
 * row of `max_moves` temporary slots, so one pass of move generation fills
 * everything; rows are compacted afterwards. */
struct scan_ctx {
    const struct game *g;
    const struct variant *v;
    tier_t tier;
    tier_t kids[RETRO_MAX_SLOTS];
    int slots;
    uint64_t size;
    int row; /* slots per rank */
    struct retro_graph *gr;
    uint32_t *tmp_rank;  /* row per rank: in-tier edges first, exits from the end */
    uint8_t *tmp_tag;    /* slot << 2 | flags, for exits */
    uint8_t *exit_count; /* per rank */
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

static int scan_rank(const struct scan_ctx *sc, uint64_t r, char *err) {
    const struct game *g = sc->g;
    const struct variant *v = sc->v;
    struct retro_graph *gr = sc->gr;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], c[GAME_MAX_STATE_BYTES];
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];

    gr->in_count[r] = 0;
    sc->exit_count[r] = 0;
    if (!g->unrank(v, sc->tier, r, s)) {
        gr->fixed[r] = RETRO_HOLE;
        return 0;
    }
    int t = g->turn(v, s);
    if (t == TURN_OVER) {
        gr->fixed[r] = RETRO_TERMINAL;
        return 0;
    }
    if (t < 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles no chance or simultaneous turns");
        return -1;
    }
    int count = g->moves(v, s, moves);
    retro_cell best = RETRO_UNKNOWN;
    uint32_t *row = sc->tmp_rank + r * (uint64_t)sc->row;
    uint8_t *tags = sc->tmp_tag + r * (uint64_t)sc->row;
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
            ex++;
            row[sc->row - ex] = (uint32_t)crank;
            tags[sc->row - ex] = (uint8_t)(slot << RETRO_EDGE_SHIFT | flags);
        }
    }
    bool pass_inside = false;
    for (int k = 0; k < in; k++) pass_inside |= (row[k] & RETRO_EDGE_PASS) != 0;
    if (pass_inside && in >= 2)
        for (int k = 0; k < in; k++) row[k] |= RETRO_EDGE_MIXED;
    gr->fixed[r] = best;
    gr->in_count[r] = (uint8_t)in;
    sc->exit_count[r] = (uint8_t)ex;
    return 0;
}

/* Run scan_rank over every rank in parallel; the first error wins. */
static int scan_all(const struct scan_ctx *sc, int threads, char *err) {
    int failed = 0;
    long long n = (long long)sc->size;
#pragma omp parallel for schedule(dynamic, 2048) num_threads(threads)
    for (long long r = 0; r < n; r++) {
        int stop;
#pragma omp atomic read
        stop = failed;
        if (stop) continue;
        char message[GAME_ERROR_BYTES];
        if (scan_rank(sc, (uint64_t)r, message) != 0) {
#pragma omp critical(retro_graph_error)
            {
                int already;
#pragma omp atomic read
                already = failed;
                if (!already) snprintf(err, GAME_ERROR_BYTES, "%s", message);
#pragma omp atomic write
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
    free(gr->exit_from);
    free(gr->exit_tag);
    free(gr->rev_start);
    free(gr->rev);
    memset(gr, 0, sizeof *gr);
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
    if (g->max_moves > 254) {
        snprintf(err, GAME_ERROR_BYTES, "the solver handles at most 254 moves");
        return -1;
    }
    struct scan_ctx sc = {.g = g, .v = v, .tier = tier, .size = n, .gr = gr};
    sc.slots = g->tier_children(v, tier, sc.kids);
    sc.row = g->max_moves > 0 ? g->max_moves : 1;
    gr->shape = g->tier_shape ? g->tier_shape(v, tier) : tier;
    gr->size = n;
    gr->slots = sc.slots;
    gr->fixed = malloc(n * sizeof *gr->fixed + 1);
    gr->in_count = malloc(n * sizeof *gr->in_count + 1);
    gr->exit_start = malloc((n + 1) * sizeof *gr->exit_start);
    gr->rev_start = calloc(n + 1, sizeof *gr->rev_start);
    uint32_t *at = malloc((n + 1) * sizeof *at);
    sc.exit_count = malloc(n + 1);
    sc.tmp_rank = malloc(n * (uint64_t)sc.row * sizeof *sc.tmp_rank + 1);
    sc.tmp_tag = malloc(n * (uint64_t)sc.row + 1);
    if (!gr->fixed || !gr->in_count || !gr->exit_start || !gr->rev_start ||
        !sc.exit_count || !sc.tmp_rank || !sc.tmp_tag || !at)
        goto oom;
    if (scan_all(&sc, threads, err) != 0) goto fail;

    /* Compact: exits into CSR, in-tier edges reversed (sequential: ordered). */
    uint64_t exits = 0, edges = 0;
    for (uint64_t r = 0; r < n; r++) {
        exits += sc.exit_count[r];
        edges += gr->in_count[r];
    }
    if (exits > UINT32_MAX || edges > UINT32_MAX) {
        snprintf(err, GAME_ERROR_BYTES, "tier has more than 2^32 moves");
        goto fail;
    }
    exits = 0;
    for (uint64_t r = 0; r < n; r++) {
        gr->exit_start[r] = (uint32_t)exits;
        exits += sc.exit_count[r];
        const uint32_t *row = sc.tmp_rank + r * (uint64_t)sc.row;
        for (unsigned k = 0; k < gr->in_count[r]; k++)
            gr->rev_start[(row[k] >> RETRO_EDGE_SHIFT) + 1]++;
    }
    gr->exit_start[n] = (uint32_t)exits;
    for (uint64_t r = 0; r < n; r++) gr->rev_start[r + 1] += gr->rev_start[r];
    gr->max_rev = 0;
    for (uint64_t r = 0; r < n; r++)
        if (gr->rev_start[r + 1] - gr->rev_start[r] > gr->max_rev)
            gr->max_rev = gr->rev_start[r + 1] - gr->rev_start[r];
    gr->exit_rank = malloc(exits * sizeof *gr->exit_rank + 1);
    gr->exit_from = malloc(exits * sizeof *gr->exit_from + 1);
    gr->exit_tag = malloc(exits * sizeof *gr->exit_tag + 1);
    gr->rev = calloc(edges + RETRO_REV_PAD, sizeof *gr->rev);
    if (!gr->exit_rank || !gr->exit_from || !gr->exit_tag || !gr->rev) goto oom;
    memcpy(at, gr->rev_start, (n + 1) * sizeof *at);
    for (uint64_t r = 0; r < n; r++) {
        const uint32_t *row = sc.tmp_rank + r * (uint64_t)sc.row;
        const uint8_t *tags = sc.tmp_tag + r * (uint64_t)sc.row;
        for (unsigned k = 0; k < gr->in_count[r]; k++) {
            uint32_t child = row[k] >> RETRO_EDGE_SHIFT;
            gr->rev[at[child]++] = (uint32_t)(r << RETRO_EDGE_SHIFT) |
                                   (row[k] & ((1u << RETRO_EDGE_SHIFT) - 1));
        }
        uint64_t e = gr->exit_start[r];
        for (int k = 1; k <= sc.exit_count[r]; k++, e++) {
            gr->exit_rank[e] = row[sc.row - k];
            gr->exit_from[e] = (uint32_t)r;
            gr->exit_tag[e] = tags[sc.row - k];
        }
    }
    free(at);
    free(sc.tmp_rank);
    free(sc.tmp_tag);
    free(sc.exit_count);
    gr->bytes = n * (sizeof *gr->fixed + sizeof *gr->in_count + 2 * sizeof(uint32_t)) +
                exits * 9 + edges * 4;
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory building the move graph");
fail:
    free(at);
    free(sc.tmp_rank);
    free(sc.tmp_tag);
    free(sc.exit_count);
    retro_graph_free(gr);
    return -1;
}
