/* The move-generation pass of both graph builders (retro_scan.h): each
 * thread scans whole chunks into a buffer of `row` slots per rank (in-tier
 * moves from the front, exits from the back, since neither count is known
 * before the moves are made), then copies them into exact-size arrays. */
#include "solve/retro_scan.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char oom_message[] = "out of memory building the move graph";

void retro_scan_init(struct retro_scan *sc, const struct game *g, const struct variant *v,
                     tier_t tier, uint64_t size, uint64_t lo, uint64_t n) {
    *sc =
        (struct retro_scan){.g = g, .v = v, .tier = tier, .size = size, .lo = lo, .n = n};
    sc->slots = g->tier_children(v, tier, sc->kids);
    sc->row = g->max_moves > 0 ? g->max_moves : 1;
    sc->chunk_count = (n + RETRO_SCAN_CHUNK - 1) / RETRO_SCAN_CHUNK;
}

static retro_cell terminal_value(const struct game *g, const struct variant *v,
                                 const void *state, int mover, bool pass) {
    double ret[GAME_MAX_PLAYERS];
    g->returns(v, state, ret);
    int w = pass ? 0 : 1;
    if (ret[mover] > 0) return retro_win(w);
    if (ret[mover] < 0) return retro_loss(w);
    return RETRO_DRAW;
}

static int find_slot(const struct retro_scan *sc, tier_t t) {
    for (int i = 0; i < sc->slots; i++)
        if (sc->kids[i] == t) return i;
    return -1;
}

static int outside_tier(uint64_t rank, char *err) {
    snprintf(err, GAME_ERROR_BYTES, "rank %llu is outside its tier",
             (unsigned long long)rank);
    return -1;
}

/* A rank whose state `canonicalize` maps to another rank of the tier: sets
 * copy_of[i] and returns 1; 0 when the rank is its own canonical image (or
 * its image lies in another tier); -1 with err. `s` is the rank's state. */
static int find_copy(const struct retro_scan *sc, uint64_t i, const unsigned char *s,
                     char *err) {
    const struct game *g = sc->g;
    _Alignas(8) unsigned char c[GAME_MAX_STATE_BYTES];
    memcpy(c, s, g->state_size);
    g->canonicalize(sc->v, c);
    if (memcmp(c, s, g->state_size) == 0 || g->tier_of(sc->v, c) != sc->tier) return 0;
    uint64_t crank = g->rank(sc->v, c);
    if (crank >= sc->size) return outside_tier(crank, err);
    if (crank == sc->lo + i) return 0;
    sc->copy_of[i] = (uint32_t)crank;
    return 1;
}

/* Scan own index i: in-tier moves to row[0..], exits to row[row-1]
 * downwards (tags alike); sets fixed, in_count and copy_of, returns the exit
 * count or -1 with err. */
static int scan_rank(const struct retro_scan *sc, uint64_t i, uint32_t *row,
                     uint8_t *tags, char *err) {
    const struct game *g = sc->g;
    const struct variant *v = sc->v;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], c[GAME_MAX_STATE_BYTES];
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];

    sc->in_count[i] = 0;
    if (sc->copy_of) sc->copy_of[i] = RETRO_SCAN_NOT_COPY;
    if (!g->unrank(v, sc->tier, sc->lo + i, s)) {
        sc->fixed[i] = RETRO_HOLE;
        return 0;
    }
    if (sc->copy_of && g->canonicalize) { /* a mirror image: copied, not solved */
        int copy = find_copy(sc, i, s, err);
        if (copy < 0) return -1;
        if (copy) {
            sc->fixed[i] = RETRO_UNKNOWN;
            return 0;
        }
    }
    int t = g->turn(v, s);
    if (t == TURN_OVER) {
        sc->fixed[i] = RETRO_TERMINAL;
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
        tier_t ctier = g->tier_of(v, c);
        uint64_t crank = g->rank(v, c);
        unsigned flags = (pass ? RETRO_EDGE_PASS : 0) | (ct != t ? RETRO_EDGE_FLIP : 0);
        if (ctier == sc->tier) {
            if (crank >= sc->size) return outside_tier(crank, err);
            row[in++] = (uint32_t)(crank << RETRO_EDGE_SHIFT | flags);
            pass_inside |= pass;
            continue;
        }
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
    if (pass_inside && in >= 2)
        for (int k = 0; k < in; k++) row[k] |= RETRO_EDGE_MIXED;
    sc->fixed[i] = best;
    sc->in_count[i] = (uint8_t)in;
    return ex;
}

/* Scan the ranks of chunk ci into exact-size arrays; `rows` and `tags` are
 * the thread's buffers. */
static int scan_chunk(const struct retro_scan *sc, uint64_t ci, uint32_t *rows,
                      uint8_t *tags, char *err) {
    uint64_t i0, i1;
    retro_scan_chunk_range(sc, ci, &i0, &i1);
    struct retro_scan_chunk *ch = &sc->chunks[ci];
    uint64_t ins = 0, exits = 0;
    if (!(ch->exits = malloc(i1 - i0))) goto oom;
    for (uint64_t i = i0; i < i1; i++) {
        uint64_t at = (i - i0) * (uint64_t)sc->row;
        int ex = scan_rank(sc, i, rows + at, tags + at, err);
        if (ex < 0) return -1;
        ch->exits[i - i0] = (uint8_t)ex;
        ins += sc->in_count[i];
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
        for (unsigned k = 0; k < sc->in_count[i]; k++) ch->in[a++] = row[k];
        for (int k = 1; k <= ch->exits[i - i0]; k++, b++) {
            ch->exit[b] = row[sc->row - k];
            ch->tag[b] = tg[sc->row - k];
        }
    }
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "%s", oom_message);
    return -1;
}

int retro_scan_run(struct retro_scan *sc, int threads, char *err) {
    sc->chunks = calloc(sc->chunk_count + 1, sizeof *sc->chunks);
    if (!sc->chunks) {
        snprintf(err, GAME_ERROR_BYTES, "%s", oom_message);
        return -1;
    }
    int failed = 0;
    long long chunks = (long long)sc->chunk_count;
#pragma omp parallel num_threads(threads > 0 ? threads : 1)
    {
        uint32_t *rows =
            malloc((size_t)RETRO_SCAN_CHUNK * (size_t)sc->row * sizeof *rows);
        uint8_t *tags = malloc((size_t)RETRO_SCAN_CHUNK * (size_t)sc->row);
        char message[GAME_ERROR_BYTES];
        int mine = rows && tags ? 0 : -1;
        if (mine) snprintf(message, sizeof message, "%s", oom_message);
#pragma omp for schedule(dynamic, 1)
        for (long long ci = 0; ci < chunks; ci++) {
            int stop;
#pragma omp atomic read
            stop = failed;
            if (stop || mine) continue;
            mine = scan_chunk(sc, (uint64_t)ci, rows, tags, message);
        }
        if (mine) {
#pragma omp critical(retro_scan_error)
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

void retro_scan_free(struct retro_scan *sc) {
    for (uint64_t ci = 0; sc->chunks && ci < sc->chunk_count; ci++) {
        free(sc->chunks[ci].in);
        free(sc->chunks[ci].exit);
        free(sc->chunks[ci].tag);
        free(sc->chunks[ci].exits);
    }
    free(sc->chunks);
    sc->chunks = NULL;
}
