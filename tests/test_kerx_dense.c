/* Kerx capture listing on dense size-6 boards (RULES.md, "Limits"): a
 * lattice of black pieces around a white one, where chains can take the
 * same pieces in very many orders. Below the limit the longest captures
 * equal those of a plain second enumeration (cell arrays, every path, no
 * bit sets); a board past the limit is refused at input with a message
 * instead of searching for ever (45 pieces took hours before the limit). */
#include "games/kerx/kerx.h"
#include "support.h"

#include <stdbool.h>
#include <string.h>

/* The second method: every chain by plain recursion, keeping the longest
 * ones as distinct (from, to, captured set) triples. */
struct brute {
    const struct kerx_geom *g;
    bool enemy[KERX_MAX_CELLS], empty[KERX_MAX_CELLS], taken[KERX_MAX_CELLS];
    int from, best, count;
    int to[4096], start[4096];
    bool set[4096][KERX_MAX_CELLS];
};

static void brute_keep(struct brute *b, int at, int jumps) {
    if (jumps < b->best) return;
    if (jumps > b->best) b->best = jumps, b->count = 0;
    for (int i = 0; i < b->count; i++)
        if (b->to[i] == at && b->start[i] == b->from &&
            memcmp(b->set[i], b->taken, sizeof b->taken) == 0)
            return;
    assert_true(b->count < 4096);
    b->to[b->count] = at;
    b->start[b->count] = b->from;
    memcpy(b->set[b->count], b->taken, sizeof b->taken);
    b->count++;
}

static void brute_chase(struct brute *b, int at, int jumps) {
    bool extended = false;
    for (int d = 0; d < KERX_DIRS; d++) {
        int over = b->g->nb[at][d], land = b->g->jump[at][d];
        if (over < 0 || land < 0 || !b->enemy[over] || b->taken[over] || !b->empty[land])
            continue;
        extended = true;
        b->taken[over] = true;
        brute_chase(b, land, jumps + 1);
        b->taken[over] = false;
    }
    if (!extended && jumps > 0) brute_keep(b, at, jumps);
}

static bool has(const uint64_t w[2], int cell) {
    return (w[cell >> 6] >> (cell & 63)) & 1;
}

/* The position's captures by both methods agree: count and every triple. */
static void check_against_brute(const char *position) {
    struct test_game t = test_game_make("kerx", "size=6");
    struct kerx_state s;
    test_parse(&t, position, &s);
    const struct kerx_geom *g = kerx_geom_of(&t.variant);
    static struct brute b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.best = 1;
    const int me = s.side;
    for (int c = 0; c < g->cells; c++) {
        b.enemy[c] = has(s.pieces[me ^ 1], c);
        b.empty[c] = !b.enemy[c] && !has(s.pieces[me], c);
    }
    for (int c = 0; c < g->cells; c++) {
        if (!has(s.pieces[me], c)) continue;
        b.from = c;
        b.empty[c] = true;
        brute_chase(&b, c, 0);
        b.empty[c] = false;
    }
    assert_true(b.count > 1);
    move_t moves[KERX_MAX_MOVES];
    int n = t.game->moves(&t.variant, &s, moves);
    assert_int_equal(n, b.count);
    for (int i = 0; i < n; i++) {
        uint8_t dirs[KERX_MAX_JUMPS];
        uint64_t captured[2];
        assert_int_equal(kerx_capture_path(g, &s, moves[i], dirs, captured), b.best);
        bool found = false;
        for (int k = 0; k < b.count && !found; k++) {
            if (b.to[k] != kerx_move_to(moves[i]) ||
                b.start[k] != kerx_move_from(moves[i]))
                continue;
            bool same = true;
            for (int c = 0; c < g->cells; c++) same &= b.set[k][c] == has(captured, c);
            found = same;
        }
        assert_true(found);
    }
}

static void dense_below_the_limit(void **unused) {
    check_against_brute("6/7/5bb1/4b1b2/3bbbbb2/2b1bwb4/1bbbbb4/b1b6/bbb5/7/6 w");
    check_against_brute("6/7/5b2/4b1b2/3bbbbb2/2b1bwb4/1bbbbb4/b1b6/bb6/7/6 w");
}

static void dense_past_the_limit_refused(void **unused) {
    struct test_game t = test_game_make("kerx", "size=6");
    struct kerx_state s;
    char err[GAME_ERROR_BYTES] = "";
    const char *dense[] = {
        /* 24 and 45 pieces in the lattice: seconds, and hours, before. */
        "6/7/5bbb/4b1b2/3bbbbb2/2b1bwb4/1bbbbb4/b1b1b4/bbb5/7/6 w",
        "5b/4b1b/3bbbbb/2b1b1b1b/1bbbbbbbbb/b1b1bwb1b2/bbbbbbbb2/b1b1b4/bbbbb3/b1b4/b5 w",
        /* The same with black to move over a white lattice. */
        "5w/4w1w/3wwwww/2w1w1w1w/1wwwwwwwww/w1w1wbw1w2/wwwwwwww2/w1w1w4/wwwww3/w1w4/w5 b",
    };
    for (size_t i = 0; i < sizeof dense / sizeof *dense; i++) {
        assert_int_equal(t.game->parse_position(&t.variant, dense[i], &s, err), -1);
        assert_non_null(strstr(err, "too dense"));
    }
    /* huff=1 lists every capture: refused the same way. */
    struct test_game h = test_game_make("kerx", "size=6,huff=1");
    assert_int_equal(h.game->parse_position(&h.variant, dense[1], &s, err), -1);
    assert_non_null(strstr(err, "too dense"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dense_below_the_limit),
        cmocka_unit_test(dense_past_the_limit_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
