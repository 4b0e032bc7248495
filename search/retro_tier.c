/* Solving one tier over its shape's move graph: seed from terminal children
 * and child tiers, then propagate backward level by level (level =
 * remoteness), so the first win found is the shortest and a loss is fixed
 * only when its last child is known. */
#include "search/retro_tier.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NONE = UINT32_MAX, CANNOT_LOSE = 0x8000 };

int retro_scratch_init(struct retro_scratch *sc) {
    memset(sc, 0, sizeof *sc);
    size_t levels = RETRO_MAX_REMOTENESS + 2;
    sc->head = malloc(levels * sizeof *sc->head);
    sc->seed_head = malloc(levels * sizeof *sc->seed_head);
    if (!sc->head || !sc->seed_head) return -1;
    for (size_t i = 0; i < levels; i++) sc->head[i] = sc->seed_head[i] = NONE;
    return 0;
}

void retro_scratch_free(struct retro_scratch *sc) {
    free(sc->head);
    free(sc->seed_head);
    free(sc->counter);
    free(sc->maxloss);
    free(sc->next);
    free(sc->seed_next);
    memset(sc, 0, sizeof *sc);
}

static int scratch_reserve(struct retro_scratch *sc, uint64_t n) {
    if (n <= sc->capacity) return 0;
    free(sc->counter);
    free(sc->maxloss);
    free(sc->next);
    free(sc->seed_next);
    sc->counter = malloc(n * sizeof *sc->counter);
    sc->maxloss = malloc(n * sizeof *sc->maxloss);
    sc->next = malloc(n * sizeof *sc->next);
    sc->seed_next = malloc(n * sizeof *sc->seed_next);
    sc->capacity = n;
    return sc->counter && sc->maxloss && sc->next && sc->seed_next ? 0 : -1;
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

int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc, char *err) {
    uint64_t n = gr->size;
    if (scratch_reserve(sc, n) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory solving a tier");
        return -1;
    }
    uint16_t *counter = sc->counter, *maxloss = sc->maxloss;
    uint32_t *next = sc->next, *seed_next = sc->seed_next;
    uint32_t *head = sc->head, *seed_head = sc->seed_head;

    /* Seed: independent per rank, so parallel. `next` temporarily holds the
     * seed level of a win available by leaving the tier (NONE: none). */
    long long count = (long long)n;
#pragma omp parallel for schedule(static, 4096) num_threads(threads)
    for (long long i = 0; i < count; i++) {
        uint64_t r = (uint64_t)i;
        retro_cell fixed = gr->fixed[r];
        next[r] = NONE;
        if (fixed == RETRO_TERMINAL || fixed == RETRO_HOLE) {
            out[r] = fixed;
            continue;
        }
        retro_cell best = best_exit(gr, kids, r);
        if (gr->in_count[r] == 0) {
            out[r] = best == RETRO_UNKNOWN ? RETRO_DRAW : best;
            continue;
        }
        out[r] = RETRO_UNKNOWN;
        counter[r] = gr->in_count[r];
        int o = best == RETRO_UNKNOWN ? RETRO_LOSS : retro_outcome(best);
        if (o == RETRO_WIN) next[r] = (uint32_t)retro_remoteness(best);
        maxloss[r] = best == RETRO_UNKNOWN ? 0
                     : o == RETRO_LOSS     ? (uint16_t)retro_remoteness(best)
                                           : CANNOT_LOSE;
    }

    /* Bucket the seeds and the positions already decided by level. */
    int top = 0;
    for (uint64_t r = 0; r < n; r++) {
        uint32_t seed = next[r];
        if (seed != NONE) {
            seed_next[r] = seed_head[seed];
            seed_head[seed] = (uint32_t)r;
            if ((int)seed > top) top = (int)seed;
        }
        retro_cell c = out[r];
        if (retro_is_value(c) && c != RETRO_DRAW) {
            int level = retro_remoteness(c);
            next[r] = head[level];
            head[level] = (uint32_t)r;
            if (level > top) top = level;
        }
    }

    int status = 0;
    for (int level = 0; level <= top; level++) {
        for (uint32_t r = seed_head[level]; r != NONE; r = seed_next[r]) {
            if (out[r] != RETRO_UNKNOWN) continue;
            out[r] = retro_win(level);
            next[r] = head[level];
            head[level] = r;
        }
        seed_head[level] = NONE;
        while (head[level] != NONE) {
            uint32_t child = head[level];
            head[level] = next[child];
            retro_cell cv = out[child];
            for (uint64_t e = gr->rev_start[child]; e < gr->rev_start[child + 1]; e++) {
                uint32_t edge = gr->rev[e];
                uint32_t p = edge >> RETRO_EDGE_SHIFT;
                if (out[p] != RETRO_UNKNOWN) continue;
                retro_cell pv =
                    retro_through(cv, edge & RETRO_EDGE_FLIP, edge & RETRO_EDGE_PASS);
                int at;
                if (retro_outcome(pv) == RETRO_WIN) {
                    at = retro_remoteness(pv);
                } else {
                    int rem = retro_remoteness(pv);
                    uint16_t ml = maxloss[p];
                    if (!(ml & CANNOT_LOSE) && rem > ml) maxloss[p] = ml = (uint16_t)rem;
                    if (--counter[p] != 0 || (ml & CANNOT_LOSE)) continue;
                    at = ml;
                    pv = retro_loss(at);
                }
                if (at > RETRO_MAX_REMOTENESS) {
                    snprintf(err, GAME_ERROR_BYTES, "remoteness above %d",
                             RETRO_MAX_REMOTENESS);
                    status = -1;
                    at = RETRO_MAX_REMOTENESS;
                }
                out[p] = pv;
                next[p] = head[at];
                head[at] = p;
                if (at > top) top = at;
            }
        }
    }
    /* Never resolved: play that never ends, a draw. */
    for (uint64_t r = 0; r < n; r++)
        if (out[r] == RETRO_UNKNOWN) out[r] = RETRO_DRAW;
    return status;
}
