/* The C side of results/python.md: the same random-rollout loop as
 * overhead.py's Python loop, written against include/kibitz.h (actions,
 * pick, apply with its legality check), to give ns per ply from C.
 *
 *   cc -O2 -std=c17 -I. python/benchmarks/c_api_rollouts.c build/libkibitz.a \
 *      -lxxhash -ljansson -fopenmp -lm -o /tmp/c_api_rollouts
 */
#include "include/kibitz.h"

#include <stdio.h>
#include <time.h>

int main(void) {
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load("kulibrat(target=5)", NULL, &g, err, sizeof err)) return 1;
    kz_state *start = kz_state_new(g), *s = kz_state_new(g);
    kz_action actions[64];
    unsigned long long x = 88172645463325252ULL, plies = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int game = 0; game < 200000; game++) {
        kz_state_copy(s, start);
        while (kz_state_turn(s) != KZ_TURN_OVER) {
            int n = kz_state_actions(s, actions, 64);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift pick */
            if (kz_state_apply(s, actions[x % (unsigned)n], err, sizeof err)) return 1;
            plies++;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("C loop over kibitz.h: %llu plies, %.1f ns per ply (actions + pick + apply), "
           "%.2f M plies/s\n",
           plies, seconds / (double)plies * 1e9, (double)plies / seconds / 1e6);
    kz_state_free(s);
    kz_state_free(start);
    kz_game_free(g);
    return 0;
}
