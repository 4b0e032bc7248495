/*
 * kerx_symmetry.h - the 12 symmetries of the Kerx hexagon (6 rotations, each
 * with or without a reflection) as cell maps, for sizes 3..5 (a side's
 * pieces in one 64-bit word), and the canonical form of a position under
 * them.
 *
 * Kerx's rules treat every direction alike and have no kings or promotion,
 * so a position and each of its 12 images have the same value. Symmetry 0 is
 * the identity. Tables are built once from the board geometry (thread-safe)
 * and never freed.
 */
#ifndef KIBITZ_KERX_SYMMETRY_H
#define KIBITZ_KERX_SYMMETRY_H

#include <stdint.h>

enum { KERX_SYMS = 12, KERX_SYM_MAX_SIZE = 5 };

struct kerx_sym {
    int n, cells;
    uint8_t cell[KERX_SYMS][64]; /* image of each cell under each symmetry */
    /* bit[c][k] = 1 << cell[k][c]: cell-major so the 12 images of one cell
     * are contiguous (mapping a set under all 12 at once). */
    uint64_t bit[64][KERX_SYMS];
};

/* The tables of board size 3..KERX_SYM_MAX_SIZE (NULL otherwise). */
const struct kerx_sym *kerx_sym_of(int size);

/* The image of a cell set under symmetry k. */
static inline uint64_t kerx_sym_map(const struct kerx_sym *s, int k, uint64_t set) {
    uint64_t out = 0;
    for (; set; set &= set - 1) out |= s->bit[__builtin_ctzll(set)][k];
    return out;
}

/* The images of a set under all 12 symmetries. */
static inline void kerx_sym_all(const struct kerx_sym *s, uint64_t set,
                                uint64_t img[KERX_SYMS]) {
    for (int k = 0; k < KERX_SYMS; k++) img[k] = 0;
    for (; set; set &= set - 1) {
        const uint64_t *b = s->bit[__builtin_ctzll(set)];
        for (int k = 0; k < KERX_SYMS; k++) img[k] |= b[k];
    }
}

/*
 * Canonical form of the position (mover's set, other's set): of the 12
 * images, the one with the smallest mover set, ties broken by the smallest
 * other set. Rewrites both sets and returns the order of the position's
 * stabiliser (how many symmetries give that same image: 1, 2, 3, 4, 6 or 12).
 */
static inline int kerx_sym_canon(const struct kerx_sym *s, uint64_t *mover,
                                 uint64_t *other) {
    uint64_t img[KERX_SYMS], best = UINT64_MAX;
    kerx_sym_all(s, *mover, img);
    for (int k = 0; k < KERX_SYMS; k++)
        if (img[k] < best) best = img[k];
    uint64_t best_other = UINT64_MAX;
    int count = 0;
    for (int k = 0; k < KERX_SYMS; k++) {
        if (img[k] != best) continue;
        uint64_t o = kerx_sym_map(s, k, *other);
        if (o < best_other) {
            best_other = o;
            count = 1;
        } else if (o == best_other) {
            count++;
        }
    }
    *mover = best;
    *other = best_other;
    return count;
}

/*
 * kerx_sym_canon for a position whose sets' 12 images are known already:
 * mimg[k] and oimg[k] the images of the mover's and the other's sets under
 * symmetry k. The same answer, without mapping the sets again (the builder
 * derives the images of each un-move's position from those of the position
 * it un-moves from by two XORs a symmetry).
 */
static inline int kerx_sym_canon_images(const uint64_t mimg[KERX_SYMS],
                                        const uint64_t oimg[KERX_SYMS], uint64_t *mover,
                                        uint64_t *other) {
    uint64_t best = UINT64_MAX;
    for (int k = 0; k < KERX_SYMS; k++)
        if (mimg[k] < best) best = mimg[k];
    uint64_t best_other = UINT64_MAX;
    int count = 0;
    for (int k = 0; k < KERX_SYMS; k++) {
        if (mimg[k] != best) continue;
        if (oimg[k] < best_other) {
            best_other = oimg[k];
            count = 1;
        } else if (oimg[k] == best_other) {
            count++;
        }
    }
    *mover = best;
    *other = best_other;
    return count;
}

#endif
