/* Twin games (tests/support_twins.h). */
#include "support_twins.h"
#include "support.h"

#include <string.h>

static unsigned next(unsigned *x) {
    *x = *x * 1103515245u + 12345u;
    return *x >> 8;
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

int twin_games(const char *game, int seat, unsigned x, int plies, twin_visit visit,
               void *ctx) {
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
        visit(a, b, seat, ctx);
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
