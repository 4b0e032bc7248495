#include "cli/arena_seating.h"

long arena_seating(long game, int n, int order[GAME_MAX_PLAYERS]) {
    int pool[GAME_MAX_PLAYERS];
    long block = 1;
    for (int i = 0; i < n; i++) pool[i] = i, block *= i + 1;
    long k = game % block, place = block;
    for (int s = 0; s < n; s++) {
        place /= n - s;
        int pick = (int)(k / place);
        k %= place;
        order[s] = pool[pick];
        for (int i = pick; i < n - s - 1; i++) pool[i] = pool[i + 1];
    }
    return block;
}
