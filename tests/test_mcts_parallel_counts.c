/* Parallel MCTS keeps exact counts: after a search with an iteration budget
 * on several threads, the root's moves together have exactly as many visits
 * as the search ran iterations, in every one of many short searches. Short
 * searches stress the start, where the threads reach the fresh root at once:
 * one of them used to play out from the root while another was still
 * expanding it, and that iteration went through no root move. A copy of
 * Kulibrat whose move generation is slow at the start position widens that
 * window so that the old race shows in nearly every search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "search/mcts.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SEARCHES = 100, SLOW_SEARCHES = 40 };

/* Kulibrat, but listing the moves of its start position takes a while. */
static struct game slow_root_game;
static unsigned char slow_root[GAME_MAX_STATE_BYTES];

static int slow_root_moves(const struct variant *v, const void *state, move_t *out) {
    if (memcmp(state, slow_root, kulibrat_game.state_size) == 0) {
        struct timespec pause = {.tv_nsec = 500 * 1000};
        nanosleep(&pause, NULL);
    }
    return kulibrat_game.moves(v, state, out);
}

static const struct game *slow_root_kulibrat(void) {
    struct variant v;
    variant_init(&kulibrat_game, &v);
    kulibrat_game.start(&v, slow_root);
    slow_root_game = kulibrat_game;
    slow_root_game.moves = slow_root_moves;
    return &slow_root_game;
}

/* Root visits summed over the root's moves. */
static long root_visit_total(const struct mcts_result *res) {
    long visits = 0;
    for (int i = 0; i < res->root_count; i++) visits += res->root_visits[i];
    return visits;
}

/* `searches` searches of a few iterations each from the start of `g` on
 * `threads` threads; each must account for every iteration at the root. */
static void check_exact_root_counts(const struct game *g, int threads, bool root_parallel,
                                    int searches) {
    struct variant v;
    variant_init(g, &v);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    g->start(&v, s);
    char err[GAME_ERROR_BYTES];
    struct mcts_result *res = malloc(sizeof *res);
    assert_non_null(res);
    int wrong = 0;
    for (int k = 0; k < searches; k++) {
        long iterations = 8 + k % 57;
        struct mcts_limits limits = {.iterations = iterations,
                                     .threads = threads,
                                     .seed = (uint64_t)k + 1,
                                     .root_parallel = root_parallel};
        assert_int_equal(mcts_search(g, &v, s, &limits, res, err), 0);
        assert_int_equal(res->iterations, iterations);
        if (root_visit_total(res) != iterations) {
            if (!wrong)
                print_message("%s, search %d: %ld root visits after %ld iterations\n",
                              g->name, k, root_visit_total(res), iterations);
            wrong++;
        }
    }
    free(res);
    assert_int_equal(wrong, 0);
}

static void test_slow_root_two_threads(void **unused) {
    (void)unused;
    check_exact_root_counts(slow_root_kulibrat(), 2, false, SLOW_SEARCHES);
}

static void test_shared_tree(void **unused) {
    (void)unused;
    check_exact_root_counts(&kulibrat_game, 2, false, SEARCHES);
    check_exact_root_counts(&kulibrat_game, 4, false, SEARCHES);
}

static void test_root_parallel(void **unused) {
    (void)unused;
    check_exact_root_counts(&kulibrat_game, 2, true, SEARCHES);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slow_root_two_threads),
        cmocka_unit_test(test_shared_tree),
        cmocka_unit_test(test_root_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
