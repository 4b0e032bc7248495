/* The UGI line parser (cli/ugi_parse.h): every command, a fen with spaces up
 * to 'moves', the go budgets, and refused or unknown lines; the thinking
 * time worked out from them (cli/ugi_clock.h). */
#include "cli/ugi_clock.h"
#include "cli/ugi_parse.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static struct ugi_command *parse(const char *line) {
    static struct ugi_command cmd;
    ugi_parse(line, &cmd);
    return &cmd;
}

static void test_simple_commands(void **unused) {
    assert_int_equal(parse("ugi\n")->kind, UGI_UGI);
    assert_int_equal(parse("  isready  ")->kind, UGI_ISREADY);
    assert_int_equal(parse("uginewgame")->kind, UGI_NEWGAME);
    assert_int_equal(parse("stop")->kind, UGI_STOP);
    assert_int_equal(parse("quit\r\n")->kind, UGI_QUIT);
    assert_int_equal(parse("")->kind, UGI_EMPTY);
    assert_int_equal(parse(" \t ")->kind, UGI_EMPTY);
    assert_int_equal(parse("xyzzy 1 2")->kind, UGI_UNKNOWN);
    assert_int_equal(parse("ugiok")->kind, UGI_UNKNOWN);
}

static void test_position_fen_read_up_to_moves(void **unused) {
    struct ugi_command *c = parse("position fen .../.../.../...  r   0-0 moves +a1 pass");
    assert_int_equal(c->kind, UGI_POSITION);
    assert_string_equal(c->fen, ".../.../.../... r 0-0");
    assert_int_equal(c->move_count, 2);
    assert_string_equal(c->moves[0], "+a1");
    assert_string_equal(c->moves[1], "pass");
    c = parse("position startpos");
    assert_int_equal(c->kind, UGI_POSITION);
    assert_null(c->fen);
    assert_int_equal(c->move_count, 0);
    c = parse("position startpos moves");
    assert_int_equal(c->kind, UGI_POSITION);
    assert_int_equal(c->move_count, 0);
    assert_int_equal(parse("position fen moves a")->kind, UGI_BAD);
    assert_int_equal(parse("position")->kind, UGI_BAD);
    assert_int_equal(parse("position startpos +a4")->kind, UGI_BAD);
    assert_string_equal(parse("position middle")->error,
                        "position wants startpos or fen <position> 'middle'");
}

static void test_go_budgets(void **unused) {
    struct ugi_command *c = parse("go p1time 1000 p2time 900 p1inc 10 p2inc 20 p3time 5");
    assert_int_equal(c->kind, UGI_GO);
    assert_int_equal(c->go.time_ms[0], 1000);
    assert_int_equal(c->go.time_ms[1], 900);
    assert_int_equal(c->go.inc_ms[0], 10);
    assert_int_equal(c->go.inc_ms[1], 20);
    assert_int_equal(c->go.time_ms[2], 5);
    assert_int_equal(c->go.time_ms[3], -1);
    assert_int_equal(c->go.movetime_ms, -1);
    c = parse("go movetime 100 depth 3 nodes 500 side 2 ponder");
    assert_int_equal(c->go.movetime_ms, 100);
    assert_int_equal(c->go.depth, 3);
    assert_int_equal(c->go.nodes, 500);
    assert_int_equal(c->go.side, 2);
    assert_false(c->go.infinite);
    assert_true(parse("go infinite")->go.infinite);
    assert_int_equal(parse("go depth")->kind, UGI_BAD);
    assert_int_equal(parse("go depth -3")->kind, UGI_BAD);
    assert_int_equal(parse("go nodes 12x")->kind, UGI_BAD);
    assert_int_equal(parse("go side 5")->kind, UGI_BAD);
}

static void test_setoption_and_query(void **unused) {
    struct ugi_command *c = parse("setoption name algo value mcts:c=0.7");
    assert_int_equal(c->kind, UGI_SETOPTION);
    assert_string_equal(c->option_name, "algo");
    assert_string_equal(c->option_value, "mcts:c=0.7");
    c = parse("setoption name Clear Hash");
    assert_string_equal(c->option_name, "Clear Hash");
    assert_null(c->option_value);
    assert_int_equal(parse("setoption value 3")->kind, UGI_BAD);
    assert_int_equal(parse("setoption name value 3")->kind, UGI_BAD);
    c = parse("query p1turn");
    assert_int_equal(c->kind, UGI_QUERY);
    assert_int_equal(c->query, UGI_Q_P1TURN);
    assert_int_equal(parse("query gameover")->query, UGI_Q_GAMEOVER);
    assert_int_equal(parse("query result")->query, UGI_Q_RESULT);
    assert_int_equal(parse("query outcomes")->query, UGI_Q_OUTCOMES);
    assert_int_equal(parse("query weather")->kind, UGI_BAD);
    assert_int_equal(parse("query")->kind, UGI_BAD);
}

static void test_too_long_line(void **unused) {
    char *line = malloc(UGI_LINE_BYTES + 10);
    memset(line, 'x', UGI_LINE_BYTES + 9);
    line[UGI_LINE_BYTES + 9] = '\0';
    assert_int_equal(parse(line)->kind, UGI_BAD);
    free(line);
}

/* A movetime is the limit; the search stops a reserve of at most 5 ms (a
 * tenth of a short movetime) before it. */
static void test_movetime_budget(void **unused) {
    for (long ms = 0; ms <= 5000; ms += ms < 100 ? 1 : 97) {
        char line[64];
        snprintf(line, sizeof line, "go movetime %ld", ms);
        struct ugi_budget b = ugi_budget(&parse(line)->go, 0);
        assert_true(b.timed);
        assert_true(b.limit_s * 1000 >= (double)ms);
        assert_true(b.search_s < b.limit_s || ms <= 1);
        assert_true(b.search_s > 0);
        assert_true(b.limit_s - b.search_s <= UGI_RESERVE_MS / 1000.0 + 1e-9);
    }
    assert_false(ugi_budget(&parse("go infinite")->go, 0).timed);
    /* An overstepped clock (a negative time) is an empty one. */
    struct ugi_command *late = parse("go p1time -35 p2time 100 p1inc 0");
    assert_int_equal(late->kind, UGI_GO);
    assert_int_equal(late->go.time_ms[0], 0);
    assert_true(ugi_budget(&late->go, 0).timed);
    assert_true(ugi_budget(&late->go, 0).search_s > 0);
    assert_int_equal(parse("go p1inc -3")->kind, UGI_BAD);
    assert_int_equal(parse("go p1time -")->kind, UGI_BAD);
    assert_false(ugi_budget(&parse("go depth 4")->go, 0).timed);
    assert_false(ugi_budget(&parse("go p2time 100")->go, 0).timed); /* p1's clock? */
    assert_true(ugi_budget(&parse("go p2time 100")->go, 1).timed);
}

/* A clock does not run out: games where every move takes its whole limit
 * keep time on the clock (sudden death for a long game; with an increment
 * for 5000 moves, also when every move loses 3 ms more to the pipe). Every
 * search stays within its limit. */
static void test_clock_never_runs_out(void **unused) {
    const long controls[][3] = {
        {3000, 30, 5000}, {100, 10, 5000}, {10, 5, 5000}, {1000, 0, 100}, {60000, 0, 200}};
    for (size_t c = 0; c < sizeof controls / sizeof controls[0]; c++) {
        const long inc = controls[c][1];
        const double pipe_ms = inc > 0 ? 3 : 0;
        double left = (double)controls[c][0];
        for (int move = 0; move < controls[c][2]; move++) {
            char line[128];
            snprintf(line, sizeof line, "go p1time %ld p2time 1 p1inc %ld p2inc 0",
                     (long)left, inc);
            struct ugi_budget b = ugi_budget(&parse(line)->go, 0);
            assert_true(b.timed);
            assert_true(b.search_s > 0);
            assert_true(b.search_s <= b.limit_s);
            left -= b.limit_s * 1000 + pipe_ms;
            assert_true(left > 0);
            left += (double)inc;
        }
    }
}

/* The runner charges every move `cost_ms` beyond its search (a loaded
 * machine, a slow runner). Spending the clock as if moves were free runs it
 * out; a budget that learns the cost from the clocks sent keeps time for
 * 5000 moves while the cost stays under the increment. */
static bool survives(long start, long inc, double cost_ms, bool learning, int moves) {
    struct ugi_lag lag[UGI_MAX_PLAYERS] = {0};
    double left = (double)start;
    for (int move = 0; move < moves; move++) {
        char line[128];
        snprintf(line, sizeof line, "go p1time %ld p2time 1 p1inc %ld p2inc 0", (long)left, inc);
        const struct ugi_go *go = &parse(line)->go;
        struct ugi_budget b = learning ? ugi_budget_learning(go, 0, lag) : ugi_budget(go, 0);
        assert_true(b.timed && b.search_s > 0 && b.search_s <= b.limit_s);
        left -= b.search_s * 1000 + cost_ms;
        if (left <= 0) return false;
        left += (double)inc;
    }
    return true;
}

static void test_clock_learns_the_runners_cost(void **unused) {
    (void)unused;
    assert_false(survives(3000, 30, 25, false, 5000)); /* the old way loses */
    assert_true(survives(3000, 30, 25, true, 5000));
    assert_true(survives(3000, 30, 3, true, 5000));
    assert_true(survives(100, 10, 8, true, 5000));
    assert_true(survives(60000, 0, 5, true, 200)); /* sudden death, a long game */
    /* A cost above the increment empties any clock: nothing to learn there. */
    assert_false(survives(3000, 30, 40, true, 5000));
    /* A movetime is the runner's to set: nothing is kept back from it. */
    struct ugi_lag lag[UGI_MAX_PLAYERS] = {{.known = true, .overhead_s = 0.02}};
    struct ugi_budget b = ugi_budget_learning(&parse("go movetime 100")->go, 0, lag);
    assert_true(b.search_s > 0.09);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_commands),
        cmocka_unit_test(test_position_fen_read_up_to_moves),
        cmocka_unit_test(test_go_budgets),
        cmocka_unit_test(test_setoption_and_query),
        cmocka_unit_test(test_too_long_line),
        cmocka_unit_test(test_movetime_budget),
        cmocka_unit_test(test_clock_never_runs_out),
        cmocka_unit_test(test_clock_learns_the_runners_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
