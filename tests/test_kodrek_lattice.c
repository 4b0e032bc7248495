/* Kodrek lattice helpers against independent computations: breadth-first
 * search over the six neighbour steps for distances and exact-length walks,
 * brute force for the distance to the board, counts of board regions, and
 * straight-line properties of pulls. */
#include "games/kodrek/kodrek_lattice.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static const int step_r[6] = {0, 0, 1, -1, 1, -1};
static const int step_k[6] = {1, -1, 0, 0, 1, -1};

/* A box of the plane around (0, 0), big enough for every walk tested. */
enum { HALF = 14, WIDTH = 2 * HALF + 1, MAX_H = 6 };

static int index_of(int r, int k) {
    return (r + HALF) * WIDTH + (k + HALF);
}

/* reach[h][cell]: some walk of exactly h steps from (0,0) ends there. */
static void exact_walks(bool reach[MAX_H + 1][WIDTH * WIDTH]) {
    memset(reach, 0, sizeof(bool) * (MAX_H + 1) * WIDTH * WIDTH);
    reach[0][index_of(0, 0)] = true;
    for (int h = 1; h <= MAX_H; h++)
        for (int r = -HALF; r <= HALF; r++)
            for (int k = -HALF; k <= HALF; k++) {
                if (!reach[h - 1][index_of(r, k)]) continue;
                for (int d = 0; d < 6; d++) {
                    int nr = r + step_r[d], nk = k + step_k[d];
                    if (abs(nr) <= HALF && abs(nk) <= HALF)
                        reach[h][index_of(nr, nk)] = true;
                }
            }
}

static void test_distance_is_fewest_steps(void **unused) {
    bool reach[MAX_H + 1][WIDTH * WIDTH];
    exact_walks(reach);
    /* Fewest steps = first h whose walks reach the point. */
    /* |r|, |k| <= 3 keeps every distance within MAX_H. */
    for (int r = -3; r <= 3; r++)
        for (int k = -3; k <= 3; k++) {
            int first = -1;
            for (int h = 0; h <= MAX_H && first < 0; h++)
                if (reach[h][index_of(r, k)]) first = h;
            struct kodrek_point p = kodrek_point(0, 0), q = kodrek_point(r, k);
            assert_int_equal(kodrek_distance(p, q), first);
            assert_int_equal(kodrek_distance(q, p), first);
            /* Translation invariance. */
            assert_int_equal(
                kodrek_distance(kodrek_point(7, 3), kodrek_point(7 + r, 3 + k)), first);
        }
}

static void test_exact_walks_match_ruling_d4(void **unused) {
    bool reach[MAX_H + 1][WIDTH * WIDTH];
    exact_walks(reach);
    for (int h = 0; h <= MAX_H; h++)
        for (int r = -MAX_H - 1; r <= MAX_H + 1; r++)
            for (int k = -MAX_H - 1; k <= MAX_H + 1; k++)
                assert_int_equal(
                    kodrek_walk_reaches(kodrek_point(0, 0), kodrek_point(r, k), h),
                    reach[h][index_of(r, k)]);
}

static void test_walk_targets(void **unused) {
    struct kodrek_point out[1 + 3 * MAX_H * (MAX_H + 1)];
    const int side = 36;
    const struct kodrek_point middle = kodrek_point(20, 10);
    assert_int_equal(kodrek_walk_targets(middle, 0, side, false, out), 1);
    assert_int_equal(kodrek_walk_targets(middle, 1, side, false, out), 6);
    for (int h = 2; h <= MAX_H; h++)
        assert_int_equal(kodrek_walk_targets(middle, h, side, false, out),
                         1 + 3 * h * (h + 1));
    /* At the top corner only board points count: within distance 2 of (0,0)
     * on the board are rows 0..2, 6 points; within 1 (exactly one step): 2. */
    assert_int_equal(kodrek_walk_targets(kodrek_point(0, 0), 2, side, false, out), 6);
    assert_int_equal(kodrek_walk_targets(kodrek_point(0, 0), 1, side, false, out), 2);
    /* Edge-only targets from a point two rows past the bottom edge. */
    int n = kodrek_walk_targets(kodrek_point(side + 1, 10), 3, side, true, out);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        assert_true(kodrek_on_edge(out[i], side));
        assert_int_equal(out[i].r, side - 1);
        assert_true(kodrek_distance(kodrek_point(side + 1, 10), out[i]) <= 3);
    }
    assert_int_equal(kodrek_walk_targets(kodrek_point(side + 3, 10), 3, side, true, out),
                     0);
}

static void test_board_regions(void **unused) {
    const int inner = 18, margin = 6, side = inner + 3 * margin;
    int board = 0, in = 0, edge = 0;
    for (int r = -3; r < side + 3; r++)
        for (int k = -3; k < side + 3; k++) {
            struct kodrek_point p = kodrek_point(r, k);
            board += kodrek_on_board(p, side);
            in += kodrek_in_inner(p, side, margin);
            edge += kodrek_on_edge(p, side);
            if (kodrek_in_inner(p, side, margin)) assert_true(kodrek_on_board(p, side));
        }
    assert_int_equal(board, side * (side + 1) / 2);
    assert_int_equal(in, inner * (inner + 1) / 2);
    assert_int_equal(edge, 3 * (side - 1));
    /* Inner corners: the top one is 2*margin rows down, margin along. */
    assert_true(kodrek_in_inner(kodrek_point(2 * margin, margin), side, margin));
    assert_false(kodrek_in_inner(kodrek_point(2 * margin - 1, margin), side, margin));
    assert_false(kodrek_in_inner(kodrek_point(2 * margin, margin - 1), side, margin));
}

static void test_distance_to_board(void **unused) {
    const int side = 12;
    for (int r = -6; r < side + 6; r++)
        for (int k = -6; k < side + 6; k++) {
            int best = 1000;
            for (int br = 0; br < side; br++)
                for (int bk = 0; bk <= br; bk++) {
                    int d = kodrek_distance(kodrek_point(r, k), kodrek_point(br, bk));
                    if (d < best) best = d;
                }
            assert_int_equal(kodrek_distance_to_board(kodrek_point(r, k), side), best);
        }
}

static void test_toward_examples(void **unused) {
    /* Along a row, a column and the third axis the line is the axis itself. */
    struct kodrek_point p = kodrek_toward(kodrek_point(20, 8), kodrek_point(20, 14), 3);
    assert_int_equal(p.r, 20);
    assert_int_equal(p.k, 11);
    p = kodrek_toward(kodrek_point(20, 12), kodrek_point(20, 14), 3); /* past it */
    assert_int_equal(p.r, 20);
    assert_int_equal(p.k, 15);
    p = kodrek_toward(kodrek_point(10, 5), kodrek_point(4, 5), 4);
    assert_int_equal(p.r, 6);
    assert_int_equal(p.k, 5);
    p = kodrek_toward(kodrek_point(10, 5), kodrek_point(14, 9), 2);
    assert_int_equal(p.r, 12);
    assert_int_equal(p.k, 7);
    /* Along a bisector (-2, +1, +1 in side distances): every other point on it. */
    p = kodrek_toward(kodrek_point(10, 5), kodrek_point(14, 7), 4);
    assert_int_equal(p.r, 14);
    assert_int_equal(p.k, 7);
    p = kodrek_toward(kodrek_point(3, 3), kodrek_point(3, 3), 5);
    assert_int_equal(p.r, 3);
    assert_int_equal(p.k, 3);
}

static void test_toward_is_a_straight_walk(void **unused) {
    srand(7);
    for (int trial = 0; trial < 2000; trial++) {
        struct kodrek_point a = kodrek_point(rand() % 40 - 5, rand() % 40 - 5);
        struct kodrek_point b = kodrek_point(rand() % 40 - 5, rand() % 40 - 5);
        int d = kodrek_distance(a, b);
        if (d == 0) continue;
        struct kodrek_point prev = a;
        for (int n = 0; n <= 2 * d + 3; n++) {
            struct kodrek_point q = kodrek_toward(a, b, n);
            /* n steps out, each a neighbour of the last, through b at n = d. */
            assert_int_equal(kodrek_distance(a, q), n);
            if (n > 0) assert_int_equal(kodrek_distance(prev, q), 1);
            if (n <= d) assert_int_equal(kodrek_distance(q, b), d - n);
            if (n >= d) assert_int_equal(kodrek_distance(q, b), n - d);
            prev = q;
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distance_is_fewest_steps),
        cmocka_unit_test(test_exact_walks_match_ruling_d4),
        cmocka_unit_test(test_walk_targets),
        cmocka_unit_test(test_board_regions),
        cmocka_unit_test(test_distance_to_board),
        cmocka_unit_test(test_toward_examples),
        cmocka_unit_test(test_toward_is_a_straight_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
