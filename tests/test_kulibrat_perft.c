/* Kulibrat perft against the reference counts (tests/data/kulibrat-perft.txt,
 * a copy of shared/reference/kulibrat-perft.txt), serial and parallel. */
#include "search/perft.h"
#include "support.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void test_reference_counts(void **unused) {
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char state[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, state);
    char path[512], line[256];
    test_data_path("kulibrat-perft.txt", path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        int depth;
        uint64_t expected;
        if (line[0] == '#' || sscanf(line, "%d %" SCNu64, &depth, &expected) != 2)
            continue;
        uint64_t serial = perft_count(t.game, &t.variant, state, depth);
        uint64_t parallel =
            perft_parallel(t.game, &t.variant, state, depth, 2, NULL, NULL, NULL);
        if (serial != expected || parallel != expected)
            fail_msg("depth %d: expected %" PRIu64 ", serial %" PRIu64
                     ", parallel %" PRIu64,
                     depth, expected, serial, parallel);
        checked++;
    }
    fclose(f);
    assert_int_equal(checked, 10);
}

/* --divide: the per-move counts add up to the total and match a serial count
 * from each child. */
static void test_divide_sums(void **unused) {
    struct test_game t = test_game_make("kulibrat", NULL);
    unsigned char state[GAME_MAX_STATE_BYTES], child[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, state);
    move_t moves[32];
    uint64_t divide[32];
    int count = 0;
    uint64_t total =
        perft_parallel(t.game, &t.variant, state, 6, 2, moves, divide, &count);
    assert_int_equal(count, 3);
    uint64_t sum = 0;
    for (int i = 0; i < count; i++) {
        memcpy(child, state, t.game->state_size);
        t.game->apply(&t.variant, child, moves[i]);
        assert_int_equal(divide[i], perft_count(t.game, &t.variant, child, 5));
        sum += divide[i];
    }
    assert_int_equal(sum, total);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_counts),
        cmocka_unit_test(test_divide_sums),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
