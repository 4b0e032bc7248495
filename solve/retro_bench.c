#include "solve/retro_bench.h"
#include "solve/retro.h"
#include "engine/variant.h"

int retro_bench(const struct game *g, int threads, struct retro_stats *st, char *err) {
    if (!retro_supported(g, err)) return -1;
    struct variant v;
    variant_init(g, &v);
    _Alignas(8) unsigned char start[GAME_MAX_STATE_BYTES];
    g->start(&v, start);
    struct retro_config cfg = {
        .game = g, .variant = &v, .root = g->tier_of(&v, start), .threads = threads};
    return retro_solve(&cfg, st, err);
}
