/*
 * kodrek_lattice.h - the triangular lattice Kodrek is played on.
 *
 * A juncture is (r, k): row r counted down from the top corner, position k
 * counted from the left end of the row. The board is the triangle of side S
 * junctures: 0 <= k <= r <= S-1 (row r has r+1 junctures). Each point has
 * three "side distances" (cube coordinates), summing to S-1:
 *
 *     g = S-1-r   distance from the bottom side (largest at the top corner)
 *     b = k       distance from the left side   (largest at bottom right)
 *     d = r-k     distance from the right side  (largest at bottom left)
 *
 * The six neighbours of (r, k) are (r, k+-1), (r+-1, k), (r+1, k+1) and
 * (r-1, k-1). Distance (fewest steps) is max(|dr|, |dk|, |dr-dk|). Points off
 * the board are valid values too (pieces can be thrown past the edge); only
 * the on-board tests care about S. Every function here is pure.
 */
#ifndef KIBITZ_KODREK_LATTICE_H
#define KIBITZ_KODREK_LATTICE_H

#include <stdbool.h>
#include <stdint.h>

struct kodrek_point {
    int16_t r, k;
};

static inline struct kodrek_point kodrek_point(int r, int k) {
    return (struct kodrek_point){(int16_t)r, (int16_t)k};
}

static inline bool kodrek_point_equal(struct kodrek_point p, struct kodrek_point q) {
    return p.r == q.r && p.k == q.k;
}

/* Fewest lattice steps from p to q. */
int kodrek_distance(struct kodrek_point p, struct kodrek_point q);

/* On the triangle of side `side` junctures. */
bool kodrek_on_board(struct kodrek_point p, int side);

/* On the outer edge of the board (on it, with a side distance of 0). */
bool kodrek_on_edge(struct kodrek_point p, int side);

/* Inside the inner triangle (boundary included): every side distance >=
 * margin on the board of side `side`. */
bool kodrek_in_inner(struct kodrek_point p, int side, int margin);

/* Does some walk of exactly h steps lead from p to q? (RULINGS D4: h = 0 only
 * q = p; h = 1 the six neighbours; h >= 2 every point within distance h,
 * because a lattice triangle lets a walk waste one step and a back-and-forth
 * two.) The walk itself may pass anywhere. */
bool kodrek_walk_reaches(struct kodrek_point p, struct kodrek_point q, int h);

/* The on-board points a walk of exactly h steps from p reaches, written to
 * `out` (room for 1 + 3h(h+1) points) in row-major order; returns the count.
 * With `edge_only` only points on the outer edge are listed. */
int kodrek_walk_targets(struct kodrek_point p, int h, int side, bool edge_only,
                        struct kodrek_point *out);

/* The point n steps from p along the straight line from p through `through`,
 * continuing past it when n exceeds their distance (a pull "toward or past").
 * Consecutive n give neighbouring points. p == through: p itself. */
struct kodrek_point kodrek_toward(struct kodrek_point p, struct kodrek_point through,
                                  int n);

/* The lattice distance from p to the nearest point of the board (0 on it). */
int kodrek_distance_to_board(struct kodrek_point p, int side);

#endif
