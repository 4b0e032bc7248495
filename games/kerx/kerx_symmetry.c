/* The 12 hexagon symmetries as cell maps, built from the board geometry.
 *
 * In coordinates centred on the middle cell, (q, r) = (file - c, row - c),
 * the six step directions are (1,0) (1,1) (0,1) (-1,0) (-1,-1) (0,-1). The
 * linear map (q, r) -> (q - r, q) sends each direction to the next one (a
 * turn of 60 degrees) and (q, r) -> (r, q) swaps (1,0) with (0,1) and keeps
 * (1,1) (a reflection); both keep the hexagon |q|, |r|, |q - r| <= c. Their
 * 12 products are the symmetry group. */
#include "games/kerx/kerx_symmetry.h"
#include "games/kerx/kerx.h"

#include <pthread.h>

static struct kerx_sym tables[KERX_SYM_MAX_SIZE - KERX_MIN_SIZE + 1];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void build_one(struct kerx_sym *s, const struct kerx_geom *g) {
    int c = g->n - 1;
    s->n = g->n;
    s->cells = g->cells;
    for (int k = 0; k < KERX_SYMS; k++) {
        for (int i = 0; i < g->cells; i++) {
            int q = g->cell_file[i] - c, r = g->cell_row[i] - c;
            if (k >= 6) { /* reflect first */
                int t = q;
                q = r;
                r = t;
            }
            for (int turn = 0; turn < k % 6; turn++) {
                int nq = q - r, nr = q;
                q = nq;
                r = nr;
            }
            int image = kerx_cell(g, q + c, r + c);
            s->cell[k][i] = (uint8_t)image; /* always on the board (see above) */
            s->bit[i][k] = UINT64_C(1) << image;
        }
    }
}

static void build_all(void) {
    for (int n = KERX_MIN_SIZE; n <= KERX_SYM_MAX_SIZE; n++)
        build_one(&tables[n - KERX_MIN_SIZE], &kerx_geoms[n - KERX_MIN_SIZE]);
}

const struct kerx_sym *kerx_sym_of(int size) {
    if (size < KERX_MIN_SIZE || size > KERX_SYM_MAX_SIZE) return NULL;
    pthread_once(&once, build_all);
    return &tables[size - KERX_MIN_SIZE];
}
