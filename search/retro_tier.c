/* Solving one tier over its shape's move graph: seed from terminal children
 * and child tiers, then propagate backward level by level (level =
 * remoteness), so the first win found is the shortest and a loss is fixed
 * only when its last child is known. */
#include "search/retro_tier.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NO_SEED = 0xFFFF, CANNOT_LOSE = 0x8000, LEVELS = RETRO_MAX_REMOTENESS + 2 };

int retro_scratch_init(struct retro_scratch *sc) {
    memset(sc, 0, sizeof *sc);
    sc->levels = calloc(LEVELS, sizeof *sc->levels);
    sc->seeds = calloc(LEVELS, sizeof *sc->seeds);
    return sc->levels && sc->seeds ? 0 : -1;
}

void retro_scratch_free(struct retro_scratch *sc) {
    for (int i = 0; sc->levels && i < LEVELS; i++) {
        free(sc->levels[i].at);
        free(sc->seeds[i].at);
    }
    free(sc->levels);
    free(sc->seeds);
    free(sc->work);
    free(sc->done);
    memset(sc, 0, sizeof *sc);
}

static int push(struct retro_level *l, uint32_t r) {
    if (l->count == l->capacity) {
        uint32_t cap = l->capacity ? 2 * l->capacity : 1024;
        uint32_t *at = realloc(l->at, cap * sizeof *at);
        if (!at) return -1;
        l->at = at;
        l->capacity = cap;
    }
    l->at[l->count++] = r;
    return 0;
}

/* Best value the mover gets from leaving the tier (terminal children and
 * moves into child tiers); RETRO_UNKNOWN when there is no such move. */
static retro_cell best_exit(const struct retro_graph *gr, const retro_cell *const *kids,
                            uint64_t r) {
    retro_cell best = gr->fixed[r];
    for (uint64_t e = gr->exit_start[r]; e < gr->exit_start[r + 1]; e++) {
        unsigned tag = gr->exit_tag[e];
        retro_cell child = kids[tag >> RETRO_EDGE_SHIFT][gr->exit_rank[e]];
        retro_cell c = retro_through(child, tag & RETRO_EDGE_FLIP, tag & RETRO_EDGE_PASS);
        if (best == RETRO_UNKNOWN || retro_better(c, best)) best = c;
    }
    return best;
}

/* Independent per rank, so parallel. */
static void seed_all(const struct retro_graph *gr, const retro_cell *const *kids,
                     struct retro_work *work, int threads) {
    long long count = (long long)gr->size;
#pragma omp parallel for schedule(static, 4096) num_threads(threads)
    for (long long i = 0; i < count; i++) {
        uint64_t r = (uint64_t)i;
        struct retro_work *w = &work[r];
        retro_cell fixed = gr->fixed[r];
        w->seed = NO_SEED;
        if (fixed == RETRO_TERMINAL || fixed == RETRO_HOLE) {
            w->value = fixed;
            continue;
        }
        retro_cell best = best_exit(gr, kids, r);
        if (gr->in_count[r] == 0) {
            w->value = best == RETRO_UNKNOWN ? RETRO_DRAW : best;
            continue;
        }
        w->value = RETRO_UNKNOWN;
        w->counter = gr->in_count[r];
        int o = best == RETRO_UNKNOWN ? RETRO_LOSS : retro_outcome(best);
        if (o == RETRO_WIN) w->seed = (uint16_t)retro_remoteness(best);
        w->maxloss = best == RETRO_UNKNOWN ? 0
                     : o == RETRO_LOSS     ? (uint16_t)retro_remoteness(best)
                                           : CANNOT_LOSE;
    }
}

int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc, char *err) {
    uint64_t n = gr->size;
    struct retro_level *levels = sc->levels, *seeds = sc->seeds;
    if (n > sc->capacity) {
        free(sc->work);
        free(sc->done);
        sc->work = malloc(n * sizeof *sc->work);
        sc->done = malloc((n + 63) / 64 * sizeof *sc->done);
        sc->capacity = sc->work && sc->done ? n : 0;
        if (!sc->capacity) goto oom;
    }
    struct retro_work *work = sc->work;
    uint64_t *done = sc->done;
    memset(done, 0, (n + 63) / 64 * sizeof *done);
    seed_all(gr, kids, work, threads);

    int top = 0;
    for (uint64_t r = 0; r < n; r++) {
        const struct retro_work *w = &work[r];
        if (w->value != RETRO_UNKNOWN) done[r >> 6] |= UINT64_C(1) << (r & 63);
        if (w->seed != NO_SEED) {
            if (push(&seeds[w->seed], (uint32_t)r) != 0) goto oom;
            if (w->seed > top) top = w->seed;
        }
        if (retro_is_value(w->value) && w->value != RETRO_DRAW) {
            int level = retro_remoteness(w->value);
            if (push(&levels[level], (uint32_t)r) != 0) goto oom;
            if (level > top) top = level;
        }
    }

    int status = 0;
    for (int level = 0; level <= top; level++) {
        struct retro_level *now = &levels[level];
        for (uint32_t i = 0; i < seeds[level].count; i++) {
            uint32_t r = seeds[level].at[i];
            if (work[r].value != RETRO_UNKNOWN) continue;
            work[r].value = retro_win(level);
            done[r >> 6] |= UINT64_C(1) << (r & 63);
            if (push(now, r) != 0) goto oom;
        }
        seeds[level].count = 0;
        /* `now` may grow while it is read: passes decide at the same level. */
        for (uint32_t i = 0; i < now->count; i++) {
            uint32_t child = now->at[i];
            retro_cell cv = work[child].value;
            const uint32_t *edge = gr->rev + gr->rev_start[child];
            const uint32_t *end = gr->rev + gr->rev_start[child + 1];
            for (; edge < end; edge++) {
                uint32_t p = *edge >> RETRO_EDGE_SHIFT;
                if (done[p >> 6] >> (p & 63) & 1) continue;
                struct retro_work *w = &work[p];
                retro_cell pv =
                    retro_through(cv, *edge & RETRO_EDGE_FLIP, *edge & RETRO_EDGE_PASS);
                int at;
                if (retro_outcome(pv) == RETRO_WIN) {
                    at = retro_remoteness(pv);
                } else {
                    int rem = retro_remoteness(pv);
                    if (!(w->maxloss & CANNOT_LOSE) && rem > w->maxloss)
                        w->maxloss = (uint16_t)rem;
                    if (--w->counter != 0 || (w->maxloss & CANNOT_LOSE)) continue;
                    at = w->maxloss;
                    pv = retro_loss(at);
                }
                if (at > RETRO_MAX_REMOTENESS) {
                    snprintf(err, GAME_ERROR_BYTES, "remoteness above %d",
                             RETRO_MAX_REMOTENESS);
                    status = -1;
                    at = RETRO_MAX_REMOTENESS;
                    pv = retro_outcome(pv) == RETRO_WIN ? retro_win(at) : retro_loss(at);
                }
                w->value = pv;
                done[p >> 6] |= UINT64_C(1) << (p & 63);
                if (push(&levels[at], p) != 0) goto oom;
                if (at > top) top = at;
            }
        }
        now->count = 0;
    }
    /* Never resolved: play that never ends, a draw. */
    for (uint64_t r = 0; r < n; r++)
        out[r] = work[r].value == RETRO_UNKNOWN ? RETRO_DRAW : work[r].value;
    return status;
oom:
    for (int i = 0; i < LEVELS; i++) levels[i].count = seeds[i].count = 0;
    snprintf(err, GAME_ERROR_BYTES, "out of memory solving a tier");
    return -1;
}
