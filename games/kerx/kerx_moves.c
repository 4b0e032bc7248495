/* Kerx move generation, terminal test and move playing (X2-X7). */
#include "games/kerx/kerx.h"

#include <string.h>

__extension__ typedef unsigned __int128 kerx_u128;

static inline int kerx_ctz128(kerx_u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

#define KX_BB uint64_t
#define KX(name) name##_64
#define KX_LOAD(w) ((w)[0])
#define KX_CTZ(x) __builtin_ctzll(x)
#include "games/kerx/kerx_movegen.h"
#undef KX_BB
#undef KX
#undef KX_LOAD
#undef KX_CTZ

#define KX_BB kerx_u128
#define KX(name) name##_128
#define KX_LOAD(w) (((kerx_u128)(w)[1] << 64) | (w)[0])
#define KX_CTZ(x) kerx_ctz128(x)
#include "games/kerx/kerx_movegen.h"
#undef KX_BB
#undef KX
#undef KX_LOAD
#undef KX_CTZ

/* Sizes up to 5 fit one word per side: the fast path. */
static inline bool kerx_narrow(const struct kerx_geom *g) {
    return g->cells <= 64;
}

int kerx_moves(const struct kerx_geom *g, const struct kerx_state *s, move_t *out) {
    return kerx_narrow(g) ? moves_64(g, s, out) : moves_128(g, s, out);
}

int kerx_moves_any(const struct kerx_geom *g, const struct kerx_state *s, move_t *out) {
    return kerx_narrow(g) ? moves_any_64(g, s, out) : moves_any_128(g, s, out);
}

bool kerx_chains_bounded(const struct kerx_geom *g, const struct kerx_state *s,
                         bool any) {
    struct kerx_state t = *s;
    for (int side = 0; side < 2; side++) {
        t.side = (uint8_t)side;
        bool within = kerx_narrow(g)
                          ? chains_within_64(g, &t, any, KERX_CHASE_CHECK_STEPS)
                          : chains_within_128(g, &t, any, KERX_CHASE_CHECK_STEPS);
        if (!within) return false;
    }
    return true;
}

bool kerx_has_move(const struct kerx_geom *g, const struct kerx_state *s) {
    return kerx_narrow(g) ? has_move_64(g, s) : has_move_128(g, s);
}

bool kerx_can_capture(const struct kerx_geom *g, const struct kerx_state *s) {
    return kerx_narrow(g) ? can_capture_64(g, s) : can_capture_128(g, s);
}

static inline void kerx_flip(uint64_t w[2], int cell) {
    w[cell >> 6] ^= UINT64_C(1) << (cell & 63);
}

int kerx_capture_path(const struct kerx_geom *g, const struct kerx_state *s, move_t m,
                      uint8_t *dirs, uint64_t captured[2]) {
    int jumps = kerx_move_jumps(m);
    captured[0] = captured[1] = 0;
    if (jumps > KERX_PATH_MAX)
        return kerx_narrow(g) ? long_path_64(g, s, m, dirs, captured)
                              : long_path_128(g, s, m, dirs, captured);
    int at = kerx_move_from(m);
    for (int k = 0; k < jumps; k++) {
        int d = kerx_move_dir(m, k);
        dirs[k] = (uint8_t)d;
        kerx_flip(captured, g->nb[at][d]);
        at = g->jump[at][d];
    }
    return jumps;
}

void kerx_play(const struct kerx_geom *g, struct kerx_state *s, move_t m) {
    int side = s->side;
    int from = kerx_move_from(m), to = kerx_move_to(m);
    int jumps = kerx_move_jumps(m);
    if (jumps > KERX_PATH_MAX) {
        uint8_t dirs[KERX_MAX_JUMPS];
        uint64_t captured[2];
        kerx_capture_path(g, s, m, dirs, captured);
        s->pieces[side ^ 1][0] &= ~captured[0];
        s->pieces[side ^ 1][1] &= ~captured[1];
    } else {
        int at = from;
        for (int k = 0; k < jumps; k++) {
            int d = kerx_move_dir(m, k);
            kerx_flip(s->pieces[side ^ 1], g->nb[at][d]);
            at = g->jump[at][d];
        }
    }
    /* A chain may end where it started: flip twice leaves the piece there. */
    kerx_flip(s->pieces[side], from);
    kerx_flip(s->pieces[side], to);
    s->side = (uint8_t)(side ^ 1);
}

int kerx_status(const struct kerx_geom *g, int drawat, const struct kerx_state *s) {
    int mine = kerx_count(s, s->side), theirs = kerx_count(s, s->side ^ 1);
    if (mine == 0) return -1;
    if (theirs == 0) return 1;
    if (mine <= drawat && theirs <= drawat) return 0;
    if (kerx_huff_due(s)) return 2; /* the removal comes first (huff=1) */
    if (!kerx_has_move(g, s)) return -1;
    return 2;
}
