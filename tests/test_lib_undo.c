/* Undo in the library (include/kibitz.h): a kz_state is one position and
 * has no history; a game that needs taking back is played through a
 * kz_match, whose kz_match_undo goes back one player's step (with the
 * chance outcomes drawn after it) and kz_match_redo plays it again with the
 * same outcomes. Checked against positions kept along the way (the second
 * method: kz_state_clone before every player's step) in games with chance,
 * cycles and simultaneous choices: undoing all steps one by one meets every
 * kept position in reverse, redoing them all meets them again. */
#include "include/kibitz.h"
#include "support.h"

#include <stdlib.h>

enum { PLIES = 120 };

static void undo_and_redo(const char *name, uint64_t seed) {
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    assert_int_equal(kz_game_load(name, NULL, &g, err, sizeof err), KZ_OK);
    kz_match *m;
    assert_int_equal(kz_match_new(g, NULL, seed, &m, err, sizeof err), KZ_OK);
    kz_state *before[PLIES + 1]; /* before each player's step, then the end */
    int steps = 0, cap = kz_game_max_actions(g);
    kz_action *a = malloc(sizeof *a * (size_t)cap);
    unsigned x = (unsigned)seed;
    while (steps < PLIES && !kz_match_over(m)) {
        before[steps] = kz_state_clone(kz_match_state(m));
        /* Every seat that must act now acts (one step of the game). */
        for (unsigned waiting; (waiting = kz_match_waiting(m)) != 0;) {
            int seat = 0;
            while (!(waiting & (1u << seat))) seat++;
            int n = kz_match_actions(m, seat, a, cap);
            assert_true(n > 0);
            x = x * 1103515245u + 12345u;
            assert_int_equal(
                kz_match_apply(m, seat, a[(x >> 8) % (unsigned)n], err, sizeof err),
                KZ_OK);
            if (kz_match_turn(m) != KZ_TURN_SIMULTANEOUS || !kz_match_chosen(m)) break;
        }
        steps++;
    }
    before[steps] = kz_state_clone(kz_match_state(m));
    for (int i = steps; i > 0; i--) {
        assert_true(kz_state_equal(kz_match_state(m), before[i]));
        assert_int_equal(kz_match_undo(m, err, sizeof err), KZ_OK);
    }
    assert_true(kz_state_equal(kz_match_state(m), before[0]));
    assert_int_equal(kz_match_undo(m, err, sizeof err), KZ_EINVAL); /* nothing left */
    for (int i = 1; i <= steps; i++) {
        assert_int_equal(kz_match_redo(m, err, sizeof err), KZ_OK);
        assert_true(kz_state_equal(kz_match_state(m), before[i]));
    }
    assert_int_equal(kz_match_redo(m, err, sizeof err), KZ_EINVAL);
    for (int i = 0; i <= steps; i++) kz_state_free(before[i]);
    free(a);
    kz_match_free(m);
    kz_game_free(g);
}

static void undo_everywhere(void **unused) {
    undo_and_redo("kerx", 3);
    undo_and_redo("kauda-baji(players=2)", 5);
    undo_and_redo("kodrek", 7);
    undo_and_redo("kotra", 9);
    undo_and_redo("kulibrat", 11);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(undo_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
