/* The threefold-repetition record used by play and arena. */
#include "engine/repetition.h"
#include "support.h"

#include <string.h>

static void test_counts_occurrences(void **unused) {
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char a[GAME_MAX_STATE_BYTES], b[GAME_MAX_STATE_BYTES];
    test_parse(&t, ".b./.../.../... r 0-0", a);
    test_parse(&t, ".b./.../.../... b 0-0", b); /* same board, other side to move */
    struct repetition r;
    repetition_init(&r);
    assert_int_equal(repetition_record(&r, t.game, &t.variant, a), 1);
    assert_int_equal(repetition_record(&r, t.game, &t.variant, b), 1);
    assert_int_equal(repetition_record(&r, t.game, &t.variant, a), 2);
    for (int i = 0; i < 1000; i++) { /* growth keeps earlier entries */
        unsigned char other[GAME_MAX_STATE_BYTES];
        memcpy(other, a, sizeof other);
        other[4] = (unsigned char)(i % 200); /* black's score byte */
        other[5] = (unsigned char)(i / 200 + 1);
        repetition_record(&r, t.game, &t.variant, other);
    }
    assert_int_equal(repetition_record(&r, t.game, &t.variant, a), REPETITION_DRAW_COUNT);
    assert_int_equal(repetition_record(&r, t.game, &t.variant, b), 2);
    repetition_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_counts_occurrences)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
