/* Triangular lattice geometry for Kodrek (see kodrek_lattice.h). */
#include "games/kodrek/kodrek_lattice.h"

#include <stdlib.h>

static int max3(int a, int b, int c) {
    int m = a > b ? a : b;
    return m > c ? m : c;
}

int kodrek_distance(struct kodrek_point p, struct kodrek_point q) {
    int dr = q.r - p.r, dk = q.k - p.k;
    return max3(abs(dr), abs(dk), abs(dr - dk));
}

bool kodrek_on_board(struct kodrek_point p, int side) {
    return p.k >= 0 && p.k <= p.r && p.r <= side - 1;
}

bool kodrek_on_edge(struct kodrek_point p, int side) {
    return kodrek_on_board(p, side) && (p.k == 0 || p.k == p.r || p.r == side - 1);
}

bool kodrek_in_inner(struct kodrek_point p, int side, int margin) {
    int g = side - 1 - p.r, b = p.k, d = p.r - p.k;
    return g >= margin && b >= margin && d >= margin;
}

bool kodrek_walk_reaches(struct kodrek_point p, struct kodrek_point q, int h) {
    int dist = kodrek_distance(p, q);
    if (h <= 0) return h == 0 && dist == 0;
    if (h == 1) return dist == 1;
    return dist <= h;
}

int kodrek_walk_targets(struct kodrek_point p, int h, int side, bool edge_only,
                        struct kodrek_point *out) {
    int n = 0;
    for (int r = p.r - h; r <= p.r + h; r++)
        for (int k = p.k - h; k <= p.k + h; k++) {
            struct kodrek_point q = kodrek_point(r, k);
            if (!kodrek_on_board(q, side) || !kodrek_walk_reaches(p, q, h)) continue;
            if (edge_only && !kodrek_on_edge(q, side)) continue;
            out[n++] = q;
        }
    return n;
}

/* Nearest integer to num/den (den > 0), floor-correct for negative num. */
static long long round_div(long long num, long long den) {
    long long twice = 2 * num + den, den2 = 2 * den;
    long long q = twice / den2;
    if (twice % den2 != 0 && twice < 0) q--;
    return q;
}

struct kodrek_point kodrek_toward(struct kodrek_point p, struct kodrek_point through,
                                  int n) {
    const int d = kodrek_distance(p, through);
    if (d == 0) return p;
    /* Cube coordinates (x, y, z) = (-r, k, r - k) sum to zero. The point is
     * p + (through - p) * n / d, rounded to the lattice; the tiny unequal
     * nudges (summing to zero) keep a rounding from ever being an exact tie,
     * so the line is the same whichever way it is computed. */
    enum { SCALE = 1000 };
    const long long den = (long long)d * SCALE;
    const long long px[3] = {-p.r, p.k, p.r - p.k};
    const long long tx[3] = {-through.r, through.k, through.r - through.k};
    const long long nudge[3] = {1, 2, -3};
    long long num[3], rounded[3], err[3];
    for (int i = 0; i < 3; i++) {
        num[i] = (px[i] * d + (tx[i] - px[i]) * n) * SCALE + nudge[i];
        rounded[i] = round_div(num[i], den);
        err[i] = llabs(rounded[i] * den - num[i]);
    }
    /* The three roundings may not sum to zero: recompute the coordinate that
     * was rounded the furthest from the others. */
    int worst = 0;
    for (int i = 1; i < 3; i++)
        if (err[i] > err[worst]) worst = i;
    rounded[worst] = -(rounded[(worst + 1) % 3] + rounded[(worst + 2) % 3]);
    return kodrek_point((int)-rounded[0], (int)rounded[1]);
}

int kodrek_distance_to_board(struct kodrek_point p, int side) {
    /* Every side distance below zero must be raised to zero; the positive ones
     * can always give up as much, so the steps needed are the deficits' sum. */
    int g = side - 1 - p.r, b = p.k, d = p.r - p.k;
    return (g < 0 ? -g : 0) + (b < 0 ? -b : 0) + (d < 0 ? -d : 0);
}
