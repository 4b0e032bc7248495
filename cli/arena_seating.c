#include "cli/arena_seating.h"

long arena_seating(long game, int n, int order[KZ_MAX_PLAYERS]) {
    return kz_arena_seating(game, n, order);
}
