/* What a seat is shown depends only on what it may know (play/match.h): for
 * every game with hidden information or secret simultaneous choices, twin
 * matches that one seat cannot tell apart (the other seats play different
 * moves that leave that seat's view the same) must show that seat the same
 * legal moves, the same log lines and the same "view" document, step after
 * step. `play` prints these lines, the API and UGI hand out these views. */
#include "play/match.h"
#include "support.h"
#include "json/kjson_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned next(unsigned *x) {
    *x = *x * 1103515245u + 12345u;
    return *x >> 8;
}

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

/* The view of `seat` after `mover` plays `move` in a copy of `m`'s state
 * (not over) into `out`. */
static void view_after(const struct match *m, int mover, move_t move, int seat,
                       void *out) {
    const struct game *g = match_game(m);
    memcpy(out, match_state(m), g->state_size);
    g->apply(match_variant(m), out, move);
    if (g->flags & GAME_HAS_HIDDEN) g->view(match_variant(m), out, seat);
}

/* One pair of twin games of `game` for `seat`; returns the steps where the
 * twins' true moves differed. */
static int twin_games(const char *game, int seat, unsigned x, int plies) {
    struct test_game t = test_game_make(game, NULL);
    const struct game *g = t.game;
    struct match *a = match_new(g, &t.variant, NULL, x);
    struct match *b = match_new(g, &t.variant, NULL, x);
    assert_non_null(a), assert_non_null(b);
    int differed = 0;
    bool node_differs = false; /* the twins chose apart at this node */
    move_t moves[g->max_moves], twins[g->max_moves];
    unsigned char va[GAME_MAX_STATE_BYTES], vb[GAME_MAX_STATE_BYTES];
    for (int ply = 0; ply < plies && !match_over(a); ply++) {
        /* The seat's own moves and chance can tell the twins apart (an
         * attack reveals a rank): they are then no longer twins. */
        match_view(a, seat, va);
        match_view(b, seat, vb);
        if (match_over(b) || memcmp(va, vb, g->state_size) != 0) break;
        assert_same_shown(a, b, seat);
        unsigned waiting = match_waiting(a);
        assert_int_equal(waiting, match_waiting(b));
        int q = 0;
        while (!(waiting & (1u << q))) q++;
        int n = match_moves(a, q, moves);
        assert_true(n > 0);
        move_t m = moves[next(&x) % (unsigned)n];
        const bool secret = match_turn(a) == TURN_SIMULTANEOUS;
        const bool last = secret && (match_waiting(a) & ~(1u << q)) == 0;
        if (last && node_differs) break;
        if (q == seat) {
            /* The seat's own move: the twin has it too, as the seat knows
             * its moves. */
            assert_int_equal(match_moves(b, q, twins), n);
            assert_memory_equal(twins, moves, (size_t)n * sizeof *moves);
            assert_int_equal(match_apply(a, q, m), MATCH_OK);
            assert_int_equal(match_apply(b, q, m), MATCH_OK);
            continue;
        }
        /* Another seat: in the twin a move that leaves the seat's view the
         * same, another one than `m` where there is one. At a simultaneous
         * node nothing is applied until all have chosen, so any option will
         * do until the last choice, which reveals them all: the twins part
         * there if their choices differed. */
        int k = match_moves(b, q, twins), pick = -1;
        if (!secret) view_after(a, q, m, seat, va);
        for (int i = 0, start = (int)(next(&x) % (unsigned)(k ? k : 1)); i < k; i++) {
            int j = (start + i) % k;
            bool twin;
            if (secret) {
                twin = !last || twins[j] == m;
            } else {
                view_after(b, q, twins[j], seat, vb);
                twin = memcmp(va, vb, g->state_size) == 0;
            }
            if (twin && (pick < 0 || twins[pick] == m)) pick = j;
            if (twin && twins[j] != m) break;
        }
        if (pick < 0) break; /* no twin move: the games part here */
        differed += twins[pick] != m;
        node_differs |= secret && twins[pick] != m;
        assert_int_equal(match_apply(a, q, m), MATCH_OK);
        assert_int_equal(match_apply(b, q, twins[pick]), MATCH_OK);
    }
    match_free(a);
    match_free(b);
    return differed;
}

/* Kotra: twin setups (the enemy's ranks differ) and twin games after them,
 * for both seats over several seeds; the twins must really differ. */
static void kotra_twins(void **unused) {
    int differed = 0;
    for (unsigned seed = 1; seed <= 6; seed++)
        for (int seat = 0; seat < 2; seat++)
            differed += twin_games("kotra", seat, seed * 7919u + (unsigned)seat, 400);
    assert_true(differed > 50);
}

/* Kodrek: at each secret split, the others' options differ between the
 * twins until the seat itself has chosen. */
static void kodrek_twins(void **unused) {
    int differed = 0;
    for (unsigned seed = 1; seed <= 8; seed++)
        for (int seat = 0; seat < 3; seat++)
            differed += twin_games("kodrek", seat, seed * 104729u + (unsigned)seat, 200);
    assert_true(differed > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kotra_twins),
        cmocka_unit_test(kodrek_twins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
