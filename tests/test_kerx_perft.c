/* Kerx perft against the reference counts in tests/data/kerx-perft.txt
 * (rulings X1-X7), read from the file, every size and depth it lists. */
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "search/perft.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void test_perft_reference(void **unused) {
    const char *dir = getenv("KIBITZ_TEST_DATA");
    assert_non_null(dir);
    char path[1024];
    snprintf(path, sizeof path, "%s/kerx-perft.txt", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int checked = 0, sizes_seen = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int size, depth;
        unsigned long long expected;
        assert_int_equal(sscanf(line, "%d %d %llu", &size, &depth, &expected), 3);
        struct variant v;
        char err[GAME_ERROR_BYTES], spec[32];
        variant_init(&kerx_game, &v);
        snprintf(spec, sizeof spec, "size=%d", size);
        assert_int_equal(variant_parse(&kerx_game, &v, spec, err), 0);
        struct kerx_state s;
        kerx_game.start(&v, &s);
        uint64_t got = perft_count(&kerx_game, &v, &s, depth);
        if (got != expected)
            fail_msg("size %d depth %d: %llu leaves, reference %llu", size, depth,
                     (unsigned long long)got, expected);
        checked++;
        sizes_seen |= 1 << size;
    }
    fclose(f);
    assert_true(checked >= 16);
    assert_int_equal(sizes_seen, (1 << 3) | (1 << 4));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
