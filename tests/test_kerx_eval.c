/* The Kerx evaluation (games/kerx/kerx_eval.h) on random sparse positions of
 * sizes 3-5:
 * - it is antisymmetric (the two sides' values are negated);
 * - it is the same under the 12 symmetries of the board and under swapping
 *   the colours (the rules treat directions and colours alike);
 * - it is base + the weighted endgame terms, as kerx-eval-terms reports them
 *   to the weight fitting (scripts/kerx_texel.py), so the fitted model is the
 *   evaluation the search uses;
 * - the endgame terms apply only from KERX_ENDGAME_PIECES pieces down with
 *   one side ahead. */
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_eval.h"
#include "games/kerx/kerx_symmetry.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

enum { POSITIONS = 4000 };

/* A random position of `size` with up to `most` pieces (sizes <= 5: one
 * 64-bit word a side). */
static struct kerx_state random_position(const struct kerx_geom *g, int most,
                                         unsigned *seed) {
    struct kerx_state s;
    memset(&s, 0, sizeof s);
    int pieces = 1 + rand_r(seed) % most;
    for (int i = 0; i < pieces; i++) {
        int cell = rand_r(seed) % g->cells, side = rand_r(seed) % 2;
        uint64_t bit = 1ull << cell;
        if ((s.pieces[0][0] | s.pieces[1][0]) & bit) continue;
        s.pieces[side][0] |= bit;
    }
    s.side = rand_r(seed) % 2;
    return s;
}

static int clamped(long value) {
    long cap = GAME_EVAL_MAX - 1;
    return (int)(value > cap ? cap : value < -cap ? -cap : value);
}

static void check_size(int size) {
    char spec[32];
    snprintf(spec, sizeof spec, "size=%d", size);
    struct test_game t = test_game_make("kerx", spec);
    const struct kerx_geom *g = kerx_geom_of(&t.variant);
    int drawat = kerx_options(&t.variant)->drawat;
    const struct kerx_sym *sym = kerx_sym_of(size);
    assert_non_null(sym);
    unsigned seed = 1234u + (unsigned)size;
    int endgames = 0;
    for (int i = 0; i < POSITIONS; i++) {
        struct kerx_state s = random_position(g, 12, &seed);
        int white = kerx_eval(g, drawat, &s, 0), black = kerx_eval(g, drawat, &s, 1);
        assert_int_equal(white, -black);
        for (int k = 1; k < KERX_SYMS; k++) {
            struct kerx_state img = s;
            for (int p = 0; p < 2; p++)
                img.pieces[p][0] = kerx_sym_map(sym, k, s.pieces[p][0]);
            assert_int_equal(kerx_eval(g, drawat, &img, 0), white);
        }
        struct kerx_state swapped = s;
        swapped.pieces[0][0] = s.pieces[1][0];
        swapped.pieces[1][0] = s.pieces[0][0];
        assert_int_equal(kerx_eval(g, drawat, &swapped, 1), white);

        int terms[KERX_ENDGAME_TERMS] = {0};
        int ahead = kerx_endgame_terms(g, drawat, &s, terms);
        int count = kerx_count(&s, 0) + kerx_count(&s, 1);
        bool applies =
            count <= KERX_ENDGAME_PIECES && kerx_count(&s, 0) != kerx_count(&s, 1);
        assert_int_equal(ahead >= 0, applies);
        long value = kerx_eval_base(g, drawat, &s, 0);
        if (ahead >= 0) {
            endgames++;
            assert_true(kerx_count(&s, ahead) > kerx_count(&s, ahead ^ 1));
            long progress = 0;
            for (int j = 0; j < KERX_ENDGAME_TERMS; j++)
                progress += (long)kerx_endgame_weights[j] * terms[j];
            value += ahead == 0 ? progress : -progress;
        }
        assert_int_equal(white, clamped(value));
    }
    /* The sample reaches the endgame terms often enough to test them. */
    assert_true(endgames > POSITIONS / 4);
}

static void test_size_3(void **unused) {
    (void)unused;
    check_size(3);
}

static void test_size_4(void **unused) {
    (void)unused;
    check_size(4);
}

static void test_size_5(void **unused) {
    (void)unused;
    check_size(5);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_3),
        cmocka_unit_test(test_size_4),
        cmocka_unit_test(test_size_5),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
