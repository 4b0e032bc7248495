/* Kerx rules: every rule of the source text (seeds/kerx.txt) as ruled in
 * RULINGS.md X1-X7, on hand-made positions (board: games/kerx/RULES.md). */
#include "kerx_test_util.h"
#include "engine/variant.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

static void expect_moves(const struct variant *v, const struct kerx_state *s,
                         const char *expected) {
    char got[4096];
    kt_moves_text(v, s, got, sizeof got);
    if (strcmp(got, expected) != 0) fail_msg("moves '%s', expected '%s'", got, expected);
}

static move_t parse_ok(const struct variant *v, const struct kerx_state *s,
                       const char *text) {
    move_t m;
    char err[GAME_ERROR_BYTES];
    if (kerx_game.parse_move(v, s, text, &m, err) != 0) fail_msg("%s: %s", text, err);
    return m;
}

static void parse_fails(const struct variant *v, const struct kerx_state *s,
                        const char *text) {
    move_t m;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(kerx_game.parse_move(v, s, text, &m, err), -1);
    assert_true(strlen(err) > 0);
}

static void test_geometry_tables(void **unused) {
    /* The generated tables against direct arithmetic on (file, row). */
    static const int df[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, 1, 1, 0, -1, -1};
    for (int n = KERX_MIN_SIZE; n <= KERX_MAX_SIZE; n++) {
        const struct kerx_geom *g = &kerx_geoms[n - KERX_MIN_SIZE];
        assert_int_equal(g->cells, 3 * n * n - 3 * n + 1);
        int count = 0;
        for (int r = 0; r < 2 * n - 1; r++)
            for (int f = 0; f < 2 * n - 1; f++) {
                int c = kerx_cell(g, f, r);
                assert_int_equal(c >= 0, abs(f - r) <= n - 1);
                if (c < 0) continue;
                assert_int_equal(c, count++); /* row by row from the bottom */
                for (int d = 0; d < 6; d++) {
                    assert_int_equal(g->nb[c][d], kerx_cell(g, f + df[d], r + dr[d]));
                    int over = kerx_cell(g, f + df[d], r + dr[d]);
                    int land = kerx_cell(g, f + 2 * df[d], r + 2 * dr[d]);
                    assert_int_equal(g->jump[c][d], over >= 0 ? land : -1);
                }
            }
    }
}

static void test_start_position(void **unused) {
    struct variant v;
    char text[256];
    kt_variant(&v, NULL);
    struct kerx_state s;
    kerx_game.start(&v, &s);
    kerx_game.format_position(&v, &s, text, sizeof text);
    /* X1: three rows each plus three cells right of the centre, centre empty. */
    assert_string_equal(text, "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w");
    for (int n = KERX_MIN_SIZE; n <= KERX_MAX_SIZE; n++) {
        char spec[16];
        snprintf(spec, sizeof spec, "size=%d", n);
        kt_variant(&v, spec);
        kerx_game.start(&v, &s);
        const struct kerx_geom *g = kerx_geom_of(&v);
        int rows = 0;
        for (int r = 0; r < n - 1; r++) rows += g->row_len[r];
        assert_int_equal(kerx_count(&s, 0), rows + n - 1);
        assert_int_equal(kerx_count(&s, 1), rows + n - 1);
        assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
        /* Black's set-up is the half-turn of white's: cell c <-> cells-1-c. */
        for (int c = 0; c < g->cells; c++) {
            int m = g->cells - 1 - c;
            bool w = (s.pieces[0][c >> 6] >> (c & 63)) & 1;
            bool b = (s.pieces[1][m >> 6] >> (m & 63)) & 1;
            assert_int_equal(w, b);
        }
    }
}

static void test_steps_six_directions(void **unused) {
    struct variant v;
    kt_variant(&v, "drawat=0");
    struct kerx_state s;
    kt_setup(&v, &s, "d4", "a1", KERX_WHITE);
    expect_moves(&v, &s, "d4-c3 d4-c4 d4-d3 d4-d5 d4-e4 d4-e5");
    /* Steps only onto empty cells: own and enemy pieces block. */
    kt_setup(&v, &s, "d4 e4 e5", "d6 f6 b4", KERX_WHITE);
    char got[1024];
    kt_moves_text(&v, &s, got, sizeof got);
    assert_null(strstr(got, "d4-e4"));
    assert_null(strstr(got, "d4-e5"));
}

static void test_single_jump_six_directions(void **unused) {
    struct variant v;
    kt_variant(&v, "drawat=0");
    struct kerx_state s;
    kt_setup(&v, &s, "d4", "e4 e5 d5 c4 c3 d3", KERX_WHITE);
    /* Capturing is compulsory: no steps are listed. */
    expect_moves(&v, &s, "d4xb2 d4xb4 d4xd2 d4xd6 d4xf4 d4xf6");
    move_t m = parse_ok(&v, &s, "d4xf4");
    kerx_game.apply(&v, &s, m);
    struct kerx_state want;
    kt_setup(&v, &want, "f4", "e5 d5 c4 c3 d3", KERX_BLACK);
    assert_memory_equal(&s, &want, sizeof s);
}

static void test_chain_changes_direction(void **unused) {
    struct variant v;
    kt_variant(&v, "drawat=0");
    struct kerx_state s;
    /* a1 east over b1, north-east over d2, north-west over e4. The single
     * capture a4xc4 is shorter, so not allowed (longest is compulsory). */
    kt_setup(&v, &s, "a1 a4", "b1 d2 e4 b4", KERX_WHITE);
    expect_moves(&v, &s, "a1xc1xe3xe5");
    parse_fails(&v, &s, "a4xc4");
    parse_fails(&v, &s, "a1xc1");
    parse_fails(&v, &s, "a1-a2");
    /* The short form from x to is accepted when it names one move. */
    move_t full = parse_ok(&v, &s, "a1xc1xe3xe5");
    assert_true(parse_ok(&v, &s, "a1xe5") == full);
    kerx_game.apply(&v, &s, full);
    struct kerx_state want;
    kt_setup(&v, &want, "e5 a4", "b4", KERX_BLACK);
    assert_memory_equal(&s, &want, sizeof s);
}

static void test_loop_start_empty_no_double_jump_merged(void **unused) {
    struct variant v;
    kt_variant(&v, "drawat=0");
    struct kerx_state s;
    /* c3 can go round d3, e4, d4 either way and land on its own start cell
     * (empty during its own chain). It may not jump d3 or d4 a second time
     * to go on; the two ways round capture the same set from the same start
     * to the same end, so they are one move. */
    kt_setup(&v, &s, "c3", "d3 e4 d4 a4", KERX_WHITE);
    char got[256];
    assert_int_equal(kt_moves_text(&v, &s, got, sizeof got), 1);
    assert_true(strcmp(got, "c3xe3xe5xc3") == 0 || strcmp(got, "c3xe5xe3xc3") == 0);
    move_t a = parse_ok(&v, &s, "c3xe3xe5xc3");
    move_t b = parse_ok(&v, &s, "c3xe5xe3xc3");
    uint64_t ca[2], cb[2];
    uint8_t dirs[KERX_MAX_JUMPS];
    kerx_capture_path(kerx_geom_of(&v), &s, a, dirs, ca);
    kerx_capture_path(kerx_geom_of(&v), &s, b, dirs, cb);
    assert_memory_equal(ca, cb, sizeof ca);
    kerx_game.apply(&v, &s, a);
    struct kerx_state want;
    kt_setup(&v, &want, "c3", "a4", KERX_BLACK);
    assert_memory_equal(&s, &want, sizeof s);
}

static void test_jumped_pieces_stay_until_chain_ends(void **unused) {
    struct variant v;
    kt_variant(&v, "drawat=0");
    struct kerx_state s;
    /* d4 jumps e4 to f4; from f4 the only enemy in reach is e4 itself, still
     * on the board but already jumped: the chain ends (it may not jump back
     * to its empty start cell over the same piece). */
    kt_setup(&v, &s, "d4", "e4 a1", KERX_WHITE);
    expect_moves(&v, &s, "d4xf4");
    /* Landing on a jumped piece cannot happen on this board: landings lie
     * an even vector from the start, jumped pieces an odd one (RULES.md).
     * test_kerx_properties checks it on random positions. Here: a three-jump
     * chain whose pieces all stay until its end. */
    kt_setup(&v, &s, "g4", "f4 e5 d5 a1", KERX_WHITE);
    expect_moves(&v, &s, "g4xe4xe6xc4");
}

static void test_capture_all_wins(void **unused) {
    struct variant v;
    kt_variant(&v, NULL); /* drawat=3: white keeps 4, so no draw first */
    struct kerx_state s;
    kt_setup(&v, &s, "d4 a1 b1 c1", "e4", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
    kerx_game.apply(&v, &s, parse_ok(&v, &s, "d4xf4"));
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
    move_t moves[KERX_MAX_MOVES];
    assert_int_equal(kerx_game.moves(&v, &s, moves), 0);
    double r[GAME_MAX_PLAYERS];
    kerx_game.returns(&v, &s, r);
    assert_true(r[KERX_WHITE] == 1.0 && r[KERX_BLACK] == -1.0);
    /* Choice: taking the last piece wins even when it also leaves both sides
     * at or under drawat. */
    /* c3 takes all four in one loop: 1 against 0 is a win, not a draw. */
    kt_setup(&v, &s, "c3", "d3 e4 d5 c4", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
    kerx_game.apply(&v, &s, parse_ok(&v, &s, "c3xe3xe5xc5xc3"));
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
    kerx_game.returns(&v, &s, r);
    assert_true(r[KERX_WHITE] == 1.0);
}

static void test_no_legal_move_loses(void **unused) {
    struct variant v;
    kt_variant(&v, NULL);
    struct kerx_state s;
    /* a1 is hemmed in: b1, b2 and a2 cannot be jumped (c1, c3, a3 taken). */
    kt_setup(&v, &s, "a1", "b1 b2 a2 c1 c3 a3", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
    move_t moves[KERX_MAX_MOVES];
    assert_int_equal(kerx_game.moves(&v, &s, moves), 0);
    double r[GAME_MAX_PLAYERS];
    kerx_game.returns(&v, &s, r);
    assert_true(r[KERX_WHITE] == -1.0 && r[KERX_BLACK] == 1.0);
    /* Free c3 and white jumps b2: the game goes on. */
    kt_setup(&v, &s, "a1", "b1 b2 a2 c1 a3 g7", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
    expect_moves(&v, &s, "a1xc3");
}

static void test_three_piece_draw(void **unused) {
    struct variant v;
    struct kerx_state s;
    double r[GAME_MAX_PLAYERS];
    kt_variant(&v, NULL);
    /* 3 against 4 plays on; the capture that makes it 3 against 3 draws. */
    kt_setup(&v, &s, "d4 a1 b1", "e4 g7 f7 e7", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
    kerx_game.apply(&v, &s, parse_ok(&v, &s, "d4xf4"));
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
    kerx_game.returns(&v, &s, r);
    assert_true(r[0] == 0.0 && r[1] == 0.0);
    /* drawat=0 disables the rule. */
    kt_variant(&v, "drawat=0");
    assert_int_equal(kerx_game.turn(&v, &s), KERX_BLACK);
    /* drawat=2: three each plays on, two each is a draw. */
    kt_variant(&v, "drawat=2");
    assert_int_equal(kerx_game.turn(&v, &s), KERX_BLACK);
    kt_setup(&v, &s, "a1 b1", "g7 f7", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
    kerx_game.returns(&v, &s, r);
    assert_true(r[0] == 0.0);
    /* drawat=4: four against five plays on. */
    kt_variant(&v, "drawat=4");
    kt_setup(&v, &s, "a1 b1 c1 d1", "g7 f7 e7 d7 g6", KERX_WHITE);
    assert_int_equal(kerx_game.turn(&v, &s), KERX_WHITE);
}

static void test_long_chain_stored_by_index(void **unused) {
    /* A 22-jump snake on size 6: longer than the jumps a move holds inline
     * (KERX_PATH_MAX), so the move is stored by its list position. Black
     * sits on the midpoints of consecutive snake cells only. */
    static const int snake[][2] = {{0, 0}, {2, 0},  {4, 0},   {6, 2},  {4, 2}, {2, 2},
                                   {0, 2}, {0, 4},  {2, 4},   {4, 4},  {6, 4}, {8, 4},
                                   {8, 6}, {6, 6},  {4, 6},   {2, 6},  {4, 8}, {6, 8},
                                   {8, 8}, {10, 8}, {10, 10}, {8, 10}, {6, 10}};
    int len = (int)(sizeof snake / sizeof snake[0]);
    struct variant v;
    kt_variant(&v, "size=6");
    const struct kerx_geom *g = kerx_geom_of(&v);
    struct kerx_state s;
    memset(&s, 0, sizeof s);
    int start = kerx_cell(g, snake[0][0], snake[0][1]);
    s.pieces[0][start >> 6] |= UINT64_C(1) << (start & 63);
    for (int k = 1; k < len; k++) {
        int c = kerx_cell(g, (snake[k - 1][0] + snake[k][0]) / 2,
                          (snake[k - 1][1] + snake[k][1]) / 2);
        assert_true(c >= 0);
        s.pieces[1][c >> 6] |= UINT64_C(1) << (c & 63);
    }
    assert_int_equal(kerx_count(&s, 1), len - 1);
    move_t moves[KERX_MAX_MOVES];
    assert_int_equal(kerx_game.moves(&v, &s, moves), 1);
    assert_int_equal(kerx_move_jumps(moves[0]), len - 1);
    assert_true(len - 1 > KERX_PATH_MAX);
    char text[512];
    kerx_game.format_move(&v, &s, moves[0], text, sizeof text);
    /* Every landing cell of the snake, in order. */
    char want[512] = "a1";
    for (int k = 1; k < len; k++) {
        char cell[24];
        snprintf(cell, sizeof cell, "x%c%d", 'a' + snake[k][0], snake[k][1] + 1);
        strcat(want, cell);
    }
    assert_string_equal(text, want);
    assert_true(parse_ok(&v, &s, text) == moves[0]);
    kerx_game.apply(&v, &s, moves[0]);
    assert_int_equal(kerx_count(&s, 1), 0);
    int end = kerx_cell(g, snake[len - 1][0], snake[len - 1][1]);
    assert_true((s.pieces[0][end >> 6] >> (end & 63)) & 1);
    assert_int_equal(kerx_game.turn(&v, &s), TURN_OVER);
}

static void test_variant_options(void **unused) {
    struct variant v;
    char err[GAME_ERROR_BYTES], text[64];
    variant_init(&kerx_game, &v);
    variant_format(&kerx_game, &v, text, sizeof text);
    assert_string_equal(text, "size=4,drawat=3,huff=0");
    assert_int_equal(variant_parse(&kerx_game, &v, "size=7", err), -1);
    assert_int_equal(variant_parse(&kerx_game, &v, "size=2", err), -1);
    assert_int_equal(variant_parse(&kerx_game, &v, "drawat=x", err), -1);
    assert_int_equal(variant_parse(&kerx_game, &v, "colour=red", err), -1);
    assert_int_equal(variant_parse(&kerx_game, &v, "huff=2", err), -1);
    assert_non_null(strstr(err, "huff must be 0 or 1"));
    assert_int_equal(variant_parse(&kerx_game, &v, "huff=1", err), 0);
    variant_format(&kerx_game, &v, text, sizeof text);
    assert_string_equal(text, "size=4,drawat=3,huff=1");
    variant_init(&kerx_game, &v);
    assert_int_equal(variant_parse(&kerx_game, &v, "size=6,drawat=0", err), 0);
    variant_format(&kerx_game, &v, text, sizeof text);
    assert_string_equal(text, "size=6,drawat=0,huff=0");
}

static void test_bad_positions(void **unused) {
    struct variant v;
    kt_variant(&v, NULL);
    struct kerx_state s;
    char err[GAME_ERROR_BYTES];
    static const char *bad[] = {
        "",
        "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww",     /* no side */
        "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww x",   /* bad side */
        "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww w",        /* 6 rows */
        "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww/4 w", /* 8 rows */
        "bbbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w",  /* long row */
        "bbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w",    /* short row */
        "bbbb/bbbbb/bbbbbb/bbb1wwx/wwwwww/wwwww/wwww w",   /* bad char */
        "bbbb/bbbbb/bbbbbb/bbbwwww/wwwwww/wwwww/wwww w",   /* 19 white */
        "4/5/6/7/6/5/4 w",                                 /* no pieces */
        "4/5/6/7/6/5/4w w",                                /* row too long */
        "bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w extra",
        "bbbb/bbbbb/bbbbbb/bbb0www/wwwwww/wwwww/wwww w",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        if (kerx_game.parse_position(&v, bad[i], &s, err) != -1)
            fail_msg("accepted '%s'", bad[i]);
        assert_true(strlen(err) > 0);
    }
    char big[1000];
    memset(big, 'b', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(kerx_game.parse_position(&v, big, &s, err), -1);
    /* Dots and run lengths read the same. */
    struct kerx_state a, b;
    assert_int_equal(kerx_game.parse_position(&v, "4/5/6/2w4/6/5/b3 b", &a, err), 0);
    assert_int_equal(kerx_game.parse_position(
                         &v, "..../...../....../..w..../....../...../b... b", &b, err),
                     0);
    assert_memory_equal(&a, &b, sizeof a);
    kerx_game.start(&v, &s);
    static const char *bad_moves[] = {
        "", "d4", "z9-a1", "c3-d4-e5", "c3xd4-e5", "c3-d4 x", "c3-c4", "c3-d4d", "pass"};
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++)
        parse_fails(&v, &s, bad_moves[i]);
    parse_ok(&v, &s, "c3-d4");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry_tables),
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_steps_six_directions),
        cmocka_unit_test(test_single_jump_six_directions),
        cmocka_unit_test(test_chain_changes_direction),
        cmocka_unit_test(test_loop_start_empty_no_double_jump_merged),
        cmocka_unit_test(test_jumped_pieces_stay_until_chain_ends),
        cmocka_unit_test(test_capture_all_wins),
        cmocka_unit_test(test_no_legal_move_loses),
        cmocka_unit_test(test_three_piece_draw),
        cmocka_unit_test(test_long_chain_stored_by_index),
        cmocka_unit_test(test_variant_options),
        cmocka_unit_test(test_bad_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
