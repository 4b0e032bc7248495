/* The Kotra board table's invariants: 51 spaces, adjacency equal to what the
 * cell geometry gives (shared sides only), symmetric, connected, the two
 * territories mirror images, every terrain kind present, the crescent of
 * core values, the base and the boundary in each territory. */
#include "games/kotra/kotra.h"
#include "support.h"

#include <string.h>

/* Sides of a part: bit 0 N, 1 E, 2 S, 3 W. */
static unsigned sides_of(int part) {
    switch (part) {
    case PART_F: return 15;
    case PART_UL: return 1 | 8;
    case PART_UR: return 1 | 2;
    case PART_LL: return 4 | 8;
    default: return 4 | 2; /* PART_LR */
    }
}

/* Independent of the stored lists: two spaces share a side when they are the
 * two halves of one cell, or fill neighbouring cells with facing sides. */
static int geometric_neighbours(int a, int b) {
    const struct kotra_space *x = &kotra_board[a], *y = &kotra_board[b];
    if (a == b) return 0;
    unsigned sx = sides_of(x->part), sy = sides_of(y->part);
    if (x->row == y->row && x->col == y->col) return x->part != PART_F;
    if (x->col == y->col && y->row == x->row + 1) return (sx & 4) && (sy & 1);
    if (x->col == y->col && y->row == x->row - 1) return (sx & 1) && (sy & 4);
    if (x->row == y->row && y->col == x->col + 1) return (sx & 2) && (sy & 8);
    if (x->row == y->row && y->col == x->col - 1) return (sx & 8) && (sy & 2);
    return 0;
}

static int listed(int a, int b) {
    for (int k = 0; k < kotra_board[a].degree; k++)
        if (kotra_board[a].next[k] == b) return 1;
    return 0;
}

static void test_size_and_shapes(void **unused) {
    int squares = 0, triangles = 0;
    for (int i = 0; i < KOTRA_SPACES; i++) {
        const struct kotra_space *b = &kotra_board[i];
        assert_true(b->row >= 0 && b->row < KOTRA_ROWS && b->col >= 0 &&
                    b->col < KOTRA_COLS);
        if (b->part == PART_F)
            squares++;
        else
            triangles++;
        assert_int_equal(kotra_space_find(b->name), i);
        for (int j = 0; j < i; j++) /* no two spaces fill the same part of a cell */
            assert_false(kotra_board[j].row == b->row && kotra_board[j].col == b->col &&
                         (kotra_board[j].part == b->part || b->part == PART_F ||
                          kotra_board[j].part == PART_F));
    }
    assert_int_equal(squares + triangles, 51);
    assert_true(squares > 0 && triangles > 0);
}

static void test_adjacency_is_geometric_and_symmetric(void **unused) {
    for (int a = 0; a < KOTRA_SPACES; a++) {
        const struct kotra_space *b = &kotra_board[a];
        int sides = b->part == PART_F ? 4 : 3;
        assert_true(b->degree <= sides);
        for (int k = b->degree; k < KOTRA_MAX_NEIGHBOURS; k++)
            assert_int_equal(b->next[k], KOTRA_NONE);
        for (int c = 0; c < KOTRA_SPACES; c++) {
            if (geometric_neighbours(a, c) != listed(a, c))
                fail_msg("%s and %s: geometry says %d, table says %d", b->name,
                         kotra_board[c].name, geometric_neighbours(a, c), listed(a, c));
            assert_int_equal(listed(a, c), listed(c, a));
        }
    }
}

static void test_connected(void **unused) {
    int seen[KOTRA_SPACES] = {0}, stack[KOTRA_SPACES], top = 0, count = 0;
    stack[top++] = 0;
    seen[0] = 1;
    while (top) {
        int a = stack[--top];
        count++;
        for (int k = 0; k < kotra_board[a].degree; k++) {
            int b = kotra_board[a].next[k];
            if (!seen[b]) seen[b] = 1, stack[top++] = b;
        }
    }
    assert_int_equal(count, KOTRA_SPACES);
}

static void test_mirror(void **unused) {
    int fixed = 0;
    for (int a = 0; a < KOTRA_SPACES; a++) {
        const struct kotra_space *x = &kotra_board[a];
        int m = x->mirror;
        assert_true(m >= 0 && m < KOTRA_SPACES);
        const struct kotra_space *y = &kotra_board[m];
        assert_int_equal(y->mirror, a);
        assert_int_equal(y->row, KOTRA_ROWS - 1 - x->row);
        assert_int_equal(y->col, x->col);
        assert_int_equal(y->terrain, x->terrain);
        assert_int_equal(x->part == PART_F, y->part == PART_F);
        if (x->zone == KOTRA_NEUTRAL)
            assert_int_equal(y->zone, KOTRA_NEUTRAL);
        else
            assert_int_equal(y->zone, 1 - x->zone);
        if (m == a) fixed++;
        for (int c = 0; c < KOTRA_SPACES; c++)
            assert_int_equal(listed(a, c), listed(m, kotra_board[c].mirror));
    }
    /* The neutral straight is the only part mapped onto itself. */
    for (int a = 0; a < KOTRA_SPACES; a++)
        assert_int_equal(kotra_board[a].mirror == a,
                         kotra_board[a].zone == KOTRA_NEUTRAL);
    assert_true(fixed >= 1);
}

static void test_territories_and_terrain(void **unused) {
    int kinds[TERRAIN_KINDS] = {0};
    for (int i = 0; i < KOTRA_SPACES; i++) kinds[kotra_board[i].terrain]++;
    for (int t = 1; t < TERRAIN_KINDS; t++)
        if (!kinds[t])
            fail_msg("terrain '%s' is not on the board", kotra_terrain_name(t));
    for (int p = 0; p < 2; p++) {
        int n = 0;
        for (int i = 0; i < KOTRA_SPACES; i++) n += kotra_board[i].zone == p;
        assert_int_equal(n, KOTRA_TERRITORY);
        for (int i = 0; i < KOTRA_TERRITORY; i++)
            assert_int_equal(kotra_board[kotra_territory_space(p, i)].zone, p);
        /* One each of the core values and the base, at the back. */
        static const int single[] = {TERRAIN_LOYALTY, TERRAIN_FAMILY, TERRAIN_DUTY,
                                     TERRAIN_BASE};
        for (int k = 0; k < 4; k++) {
            int count = 0, sp = kotra_space_of(p, single[k]);
            for (int i = 0; i < KOTRA_SPACES; i++)
                count += kotra_board[i].zone == p && kotra_board[i].terrain == single[k];
            assert_int_equal(count, 1);
            int back_row = p == KOTRA_GOLD ? KOTRA_ROWS - 1 : 0;
            assert_int_equal(kotra_board[sp].row, back_row);
        }
        /* Every boundary space touches the neutral straight. */
        for (int i = 0; i < KOTRA_SPACES; i++) {
            if (kotra_board[i].zone != p || kotra_board[i].terrain != TERRAIN_BOUNDARY)
                continue;
            int touches = 0;
            for (int k = 0; k < kotra_board[i].degree; k++)
                touches |= kotra_board[kotra_board[i].next[k]].zone == KOTRA_NEUTRAL;
            assert_true(touches);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_shapes),
        cmocka_unit_test(test_adjacency_is_geometric_and_symmetric),
        cmocka_unit_test(test_connected),
        cmocka_unit_test(test_mirror),
        cmocka_unit_test(test_territories_and_terrain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
