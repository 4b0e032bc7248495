#include "search/perft.h"

#include "search/kernels.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

enum {
    /* Subtrees per thread for the parallel count: enough that dynamic
     * scheduling evens out their unequal sizes. */
    TASKS_PER_THREAD = 64,
    /* Subtrees this shallow are not split further. */
    SPLIT_MIN_DEPTH = 3,
};

uint64_t perft_count(const struct game *g, const struct variant *v, const void *state,
                     int depth) {
    return search_kernels_for(g)->perft(g, v, state, depth);
}

/* Subtrees still to count: position i is states + i * state_size, `depth`
 * plies deep, under root move `root`. */
struct frontier {
    unsigned char *states;
    int *depth, *root;
    int count, capacity;
};

static void frontier_push(struct frontier *f, size_t size, const void *state, int depth,
                          int root) {
    if (f->count == f->capacity) {
        f->capacity = f->capacity ? 2 * f->capacity : 64;
        f->states = realloc(f->states, (size_t)f->capacity * size);
        f->depth = realloc(f->depth, sizeof(int) * (size_t)f->capacity);
        f->root = realloc(f->root, sizeof(int) * (size_t)f->capacity);
    }
    memcpy(f->states + (size_t)f->count * size, state, size);
    f->depth[f->count] = depth;
    f->root[f->count] = root;
    f->count++;
}

static void frontier_free(struct frontier *f) {
    free(f->states);
    free(f->depth);
    free(f->root);
}

/* Replace every splittable subtree of `f` by its children (finished games,
 * with no leaves below, are dropped); false when nothing could be split. */
static bool frontier_split(const struct game *g, const struct variant *v,
                           struct frontier *f) {
    struct frontier next = {0};
    move_t moves[g->max_moves];
    unsigned char child[GAME_MAX_STATE_BYTES];
    bool split = false;
    for (int i = 0; i < f->count; i++) {
        const unsigned char *s = f->states + (size_t)i * g->state_size;
        int turn = f->depth[i] >= SPLIT_MIN_DEPTH ? g->turn(v, s) : TURN_SIMULTANEOUS;
        if (turn == TURN_OVER) continue;
        /* Shallow subtrees and simultaneous nodes stay whole. */
        if (turn == TURN_SIMULTANEOUS) {
            frontier_push(&next, g->state_size, s, f->depth[i], f->root[i]);
            continue;
        }
        int count = g->moves(v, s, moves);
        for (int m = 0; m < count; m++) {
            memcpy(child, s, g->state_size);
            g->apply(v, child, moves[m]);
            frontier_push(&next, g->state_size, child, f->depth[i] - 1, f->root[i]);
        }
        split = true;
    }
    frontier_free(f);
    *f = next;
    return split;
}

uint64_t perft_parallel(const struct game *g, const struct variant *v, const void *state,
                        int depth, int threads, move_t *root_moves, uint64_t *divide,
                        int *root_count) {
    int turn = g->turn(v, state);
    if (depth == 0 || turn == TURN_OVER || turn == TURN_SIMULTANEOUS) {
        /* Nothing to split (simultaneous roots are rare; count them serially). */
        if (root_count) *root_count = 0;
        return perft_count(g, v, state, depth);
    }
    const struct search_kernels *k = search_kernels_for(g);
    if (threads <= 0) threads = omp_get_max_threads();
    move_t *moves = malloc(sizeof(move_t) * (size_t)g->max_moves);
    int count = g->moves(v, state, moves);
    /* The root's children, split further until every thread has many
     * subtrees: with only the root moves (3 at Kulibrat's start) two threads
     * cannot share the work evenly. */
    struct frontier f = {0};
    unsigned char child[GAME_MAX_STATE_BYTES];
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        frontier_push(&f, g->state_size, child, depth - 1, i);
    }
    while (threads > 1 && f.count < TASKS_PER_THREAD * threads &&
           frontier_split(g, v, &f)) {
    }
    uint64_t *leaves = malloc(sizeof(uint64_t) * (size_t)(f.count + 1));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int i = 0; i < f.count; i++)
        leaves[i] = k->perft(g, v, f.states + (size_t)i * g->state_size, f.depth[i]);
    uint64_t *counts = calloc((size_t)count + 1, sizeof(uint64_t));
    uint64_t total = 0;
    for (int i = 0; i < f.count; i++) {
        counts[f.root[i]] += leaves[i];
        total += leaves[i];
    }
    if (divide) memcpy(divide, counts, sizeof(uint64_t) * (size_t)count);
    if (root_moves) memcpy(root_moves, moves, sizeof(move_t) * (size_t)count);
    if (root_count) *root_count = count;
    free(leaves);
    free(counts);
    frontier_free(&f);
    free(moves);
    return total;
}
