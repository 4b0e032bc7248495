#include "search/perft.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* Number of children of a node: joint choices multiply at simultaneous nodes. */
static uint64_t child_total(const struct game *g, const struct variant *v,
                            const void *state, int turn, move_t *scratch) {
    if (turn != TURN_SIMULTANEOUS) return (uint64_t)g->moves(v, state, scratch);
    unsigned acting = g->acting(v, state);
    uint64_t product = 1;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (acting & (1u << p)) product *= (uint64_t)g->joint_moves(v, state, p, scratch);
    return product;
}

static uint64_t perft_joint(const struct game *g, const struct variant *v,
                            const void *state, int depth, unsigned acting, int player,
                            move_t choice[GAME_MAX_PLAYERS]);

static uint64_t perft_node(const struct game *g, const struct variant *v,
                           const void *state, int depth) {
    if (depth == 0) return 1;
    int turn = g->turn(v, state);
    if (turn == TURN_OVER) return 0;
    move_t moves[g->max_moves];
    if (depth == 1) return child_total(g, v, state, turn, moves);
    if (turn == TURN_SIMULTANEOUS) {
        move_t choice[GAME_MAX_PLAYERS] = {0};
        return perft_joint(g, v, state, depth, g->acting(v, state), 0, choice);
    }
    int count = g->moves(v, state, moves);
    unsigned char child[GAME_MAX_STATE_BYTES];
    uint64_t total = 0;
    for (int i = 0; i < count; i++) {
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        total += perft_node(g, v, child, depth - 1);
    }
    return total;
}

/* Enumerate the joint choices of the players still to choose, then recurse. */
static uint64_t perft_joint(const struct game *g, const struct variant *v,
                            const void *state, int depth, unsigned acting, int player,
                            move_t choice[GAME_MAX_PLAYERS]) {
    while (player < GAME_MAX_PLAYERS && !(acting & (1u << player))) player++;
    if (player == GAME_MAX_PLAYERS) {
        unsigned char child[GAME_MAX_STATE_BYTES];
        memcpy(child, state, g->state_size);
        g->apply_joint(v, child, choice);
        return perft_node(g, v, child, depth - 1);
    }
    move_t moves[g->max_moves];
    int count = g->joint_moves(v, state, player, moves);
    uint64_t total = 0;
    for (int i = 0; i < count; i++) {
        choice[player] = moves[i];
        total += perft_joint(g, v, state, depth, acting, player + 1, choice);
    }
    return total;
}

uint64_t perft_count(const struct game *g, const struct variant *v, const void *state,
                     int depth) {
    return perft_node(g, v, state, depth);
}

uint64_t perft_parallel(const struct game *g, const struct variant *v, const void *state,
                        int depth, int threads, move_t *root_moves, uint64_t *divide,
                        int *root_count) {
    int turn = g->turn(v, state);
    if (depth == 0 || turn == TURN_OVER || turn == TURN_SIMULTANEOUS) {
        /* Nothing to split (simultaneous roots are rare; count them serially). */
        if (root_count) *root_count = 0;
        return perft_node(g, v, state, depth);
    }
    move_t *moves = malloc(sizeof(move_t) * (size_t)g->max_moves);
    int count = g->moves(v, state, moves);
    uint64_t *counts = calloc((size_t)count + 1, sizeof(uint64_t));
    uint64_t total = 0;
    if (threads <= 0) threads = omp_get_max_threads();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) reduction(+ : total)
    for (int i = 0; i < count; i++) {
        unsigned char child[GAME_MAX_STATE_BYTES];
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        counts[i] = perft_node(g, v, child, depth - 1);
        total += counts[i];
    }
    if (divide) memcpy(divide, counts, sizeof(uint64_t) * (size_t)count);
    if (root_moves) memcpy(root_moves, moves, sizeof(move_t) * (size_t)count);
    if (root_count) *root_count = count;
    free(counts);
    free(moves);
    return total;
}
