/* The arena's seatings: every block of n! games holds every seating once. */
#include "cli/arena_seating.h"
#include "support.h"

#include <string.h>

/* Base-n code of a seating (seat 0 most significant). */
static int code_of(const int *order, int n) {
    int code = 0;
    for (int s = 0; s < n; s++) code = code * n + order[s];
    return code;
}

static void check_players(int n) {
    long factorial = 1;
    for (int i = 2; i <= n; i++) factorial *= i;
    for (long block = 0; block < 3; block++) {
        char seen[256] = {0}; /* by code; n <= 4 gives codes below 256 */
        int before[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS] = {{0}};
        for (long g = block * factorial; g < (block + 1) * factorial; g++) {
            int order[GAME_MAX_PLAYERS];
            assert_int_equal(arena_seating(g, n, order), factorial);
            char used[GAME_MAX_PLAYERS] = {0};
            for (int s = 0; s < n; s++) {
                assert_in_range(order[s], 0, n - 1);
                assert_false(used[order[s]]); /* a permutation */
                used[order[s]] = 1;
            }
            int code = code_of(order, n);
            assert_false(seen[code]); /* no seating twice in a block */
            seen[code] = 1;
            for (int s = 0; s + 1 < n; s++) before[order[s]][order[s + 1]]++;
        }
        /* With three or more players each one sits just before each other
         * one in some game of the block. */
        for (int a = 0; a < n && n >= 3; a++)
            for (int b = 0; b < n; b++)
                if (a != b) assert_true(before[a][b] > 0);
    }
}

static void test_two_players_alternate(void **unused) {
    (void)unused;
    int order[GAME_MAX_PLAYERS];
    for (long g = 0; g < 6; g++) {
        arena_seating(g, 2, order);
        assert_int_equal(order[0], (int)(g % 2));
        assert_int_equal(order[1], (int)(1 - g % 2));
    }
    check_players(2);
}

static void test_three_and_four_players(void **unused) {
    (void)unused;
    check_players(3);
    if (GAME_MAX_PLAYERS >= 4) check_players(4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_alternate),
        cmocka_unit_test(test_three_and_four_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
