/* Over UGI an engine plays one seat, and what it tells the runner must
 * depend only on what that seat may know, even though the runner sends the
 * true position: for twin games that the seat cannot tell apart
 * (tests/support_twins.h), the UGI session answers `position fen <true
 * state>` then `query ...` and a seeded, fixed-size `go` with the same
 * lines in both twins, at every turn of the seat (only the `time` of the
 * info line may differ). The twins must really differ (their true
 * positions), or the test proves nothing.
 * Kotra is the game with hidden positions; Kodrek's secret choices are
 * never part of a UGI position (a runner sends each simultaneous step
 * whole), so its twins' positions are equal and need no engine. */
#include "cli/ugi_session.h"
#include "support.h"
#include "support_twins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct walk {
    kz_game *game;
    int checked;   /* turns of the seat compared */
    int different; /* ... where the twins' true positions differed */
};

/* The session's whole answer to `position fen <state>` and the queries and
 * search a runner sends at the seat's turn, with " time N" words removed
 * (the clock's, not the position's). */
static char *answers(kz_game *game, const struct match *m) {
    const struct game *g = match_game(m);
    char fen[4096], *script = NULL, *out = NULL;
    size_t script_n = 0, out_n = 0;
    g->format_position(match_variant(m), match_state(m), fen, sizeof fen);
    FILE *in = open_memstream(&script, &script_n);
    fprintf(in,
            "setoption name seed value 11\nsetoption name hash value 1\n"
            "position fen %s\nquery turn\nquery gameover\nquery moves\ngo nodes 300\n",
            fen);
    fclose(in);
    in = fmemopen(script, script_n, "r");
    FILE *o = open_memstream(&out, &out_n);
    assert_non_null(in), assert_non_null(o);
    assert_int_equal(ugi_serve(game, in, o), 0); /* the end of input waits */
    fclose(in), fclose(o);
    free(script);
    for (char *t; (t = strstr(out, " time "));) { /* drop " time N" */
        char *end = t + 6;
        while (*end >= '0' && *end <= '9') end++;
        memmove(t, end, strlen(end) + 1);
    }
    assert_non_null(strstr(out, "bestmove "));
    assert_null(strstr(out, "bestmove none"));
    return out;
}

static void same_answers(const struct match *a, const struct match *b, int seat,
                         void *ctx) {
    struct walk *w = ctx;
    if (match_turn(a) != seat || w->checked >= 12) return;
    char *ta = answers(w->game, a), *tb = answers(w->game, b);
    if (strcmp(ta, tb) != 0) {
        fprintf(stderr, "seat %d told differently over UGI:\n%s\n---\n%s\n", seat, ta,
                tb);
        fail();
    }
    free(ta), free(tb);
    const struct game *g = match_game(a);
    w->checked++;
    w->different += memcmp(match_state(a), match_state(b), g->state_size) != 0;
}

static void kotra_ugi_twins(void **unused) {
    struct walk w = {0};
    char err[KZ_ERROR_BYTES];
    assert_int_equal(kz_game_load("kotra", NULL, &w.game, err, sizeof err), KZ_OK);
    for (unsigned seed = 1; seed <= 3; seed++)
        for (int seat = 0; seat < 2; seat++) {
            w.checked = 0;
            twin_games("kotra", seat, seed * 7919u + (unsigned)seat, 400, same_answers,
                       &w);
        }
    kz_game_free(w.game);
    fprintf(stderr, "turns compared with different true positions: %d\n", w.different);
    assert_true(w.different >= 10);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kotra_ugi_twins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
