/* What a seat is shown depends only on what it may know (play/match.h): for
 * every game with hidden information or secret simultaneous choices, twin
 * matches that one seat cannot tell apart (the other seats play different
 * moves that leave that seat's view the same) must show that seat the same
 * legal moves, the same log lines and the same "view" document, step after
 * step. `play` prints these lines, the API and UGI hand out these views. */
#include "play/match.h"
#include "support.h"
#include "support_twins.h"
#include "json/kjson_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Everything `seat` is shown by `m` as one text: its view document. */
static char *shown(const struct match *m, int seat) {
    json_t *doc = kjson_match_view(m, seat);
    assert_non_null(doc);
    char *text = kjson_text(doc);
    json_decref(doc);
    assert_non_null(text);
    return text;
}

static void assert_same_shown(const struct match *a, const struct match *b, int seat) {
    char *ta = shown(a, seat), *tb = shown(b, seat);
    if (strcmp(ta, tb) != 0) {
        fprintf(stderr, "seat %d shown differently:\n%s\n%s\n", seat, ta, tb);
        fail();
    }
    free(ta), free(tb);
}

/* The visit of twin_games: the seat is shown the same. */
static void same_shown(const struct match *a, const struct match *b, int seat,
                       void *unused) {
    (void)unused;
    assert_same_shown(a, b, seat);
}

/* Kotra: twin setups (the enemy's ranks differ) and twin games after them,
 * for both seats over several seeds; the twins must really differ. */
static void kotra_twins(void **unused) {
    int differed = 0;
    for (unsigned seed = 1; seed <= 6; seed++)
        for (int seat = 0; seat < 2; seat++)
            differed += twin_games("kotra", seat, seed * 7919u + (unsigned)seat, 400,
                                   same_shown, NULL);
    assert_true(differed > 50);
}

/* Kodrek: at each secret split, the others' options differ between the
 * twins until the seat itself has chosen. */
static void kodrek_twins(void **unused) {
    int differed = 0;
    for (unsigned seed = 1; seed <= 8; seed++)
        for (int seat = 0; seat < 3; seat++)
            differed += twin_games("kodrek", seat, seed * 104729u + (unsigned)seat, 200,
                                   same_shown, NULL);
    assert_true(differed > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kotra_twins),
        cmocka_unit_test(kodrek_twins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
