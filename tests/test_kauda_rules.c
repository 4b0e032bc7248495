/* Every rule and example of the Kauda-Baji text (seeds/kauda-baji.txt) as
 * read by rulings B1-B7, one focused test each. Positions are written in the
 * notation of games/kauda-baji/RULES.md; squares a1-g7 seen from south
 * (d1 is south's home, g4 east's, d7 north's, a4 west's, d4 the centre).
 * South's path: d1 e1 f1 g1 g2 .. g7 f7 .. a7 a6 .. a1 b1 c1 | b2 .. b6 c6 ..
 * f6 f5 .. f2 e2 d2 c2 | c3 c4 c5 d5 e5 e4 e3 d3 | d4. */
#include "engine/rng.h"
#include "games/kauda-baji/kauda.h"
#include "support.h"

#include <math.h>
#include <string.h>

static struct test_game kauda(const char *spec) {
    return test_game_make("kauda-baji", spec);
}

static void expect_moves_in(const char *spec, const char *position,
                            const char *expected) {
    test_expect_moves("kauda-baji", spec, position, expected);
}

static void expect_moves(const char *position, const char *expected) {
    expect_moves_in(NULL, position, expected);
}

/* Plays the space-separated `moves` and compares the position reached. */
static void expect_after_in(const char *spec, const char *position, const char *moves,
                            const char *expected) {
    test_expect_after("kauda-baji", spec, position, moves, expected);
}

static void expect_after(const char *position, const char *moves, const char *expected) {
    expect_after_in(NULL, position, moves, expected);
}

/* The throw distribution computed independently: every one of the 2^6 ways
 * six cowries can fall, weighted by p per open cowrie. */
static void exact_distribution(double p, double odds[13]) {
    for (int i = 0; i < 13; i++) odds[i] = 0;
    for (int fall = 0; fall < 64; fall++) {
        double w = 1.0;
        int open = 0;
        for (int c = 0; c < 6; c++) {
            bool up = fall >> c & 1;
            w *= up ? p : 1.0 - p;
            open += up;
        }
        odds[open == 0 ? 12 : open] += w;
    }
}

static void check_distribution(const char *spec, double p) {
    struct test_game t = kauda(spec);
    struct kauda_state s;
    t.game->start(&t.variant, &s);
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_CHANCE);
    move_t out[KAUDA_MAX_MOVES];
    double prob[KAUDA_MAX_MOVES], want[13], sum = 0;
    int count = t.game->moves(&t.variant, &s, out);
    t.game->chance(&t.variant, &s, out, count, prob);
    exact_distribution(p, want);
    assert_int_equal(count, 7); /* values 1-6 and 12; never 0 */
    bool seen[13] = {false};
    for (int i = 0; i < count; i++) {
        int value = kauda_move_value(out[i]);
        assert_true(value >= 1 && value <= 12 && want[value] > 0 && !seen[value]);
        seen[value] = true;
        assert_true(fabs(prob[i] - want[value]) < 1e-12);
        sum += prob[i];
    }
    assert_true(fabs(sum - 1.0) < 1e-12);
    /* none up counts 12: (1-p)^6 */
    assert_true(fabs(want[12] - pow(1 - p, 6)) < 1e-12);

    /* Sampled check: throw six cowries many times. */
    enum { SAMPLES = 200000 };
    struct rng rng;
    rng_seed(&rng, 2024);
    int hits[13] = {0};
    for (int n = 0; n < SAMPLES; n++) {
        int open = 0;
        for (int c = 0; c < 6; c++) open += rng_unit(&rng) < p;
        hits[open == 0 ? 12 : open]++;
    }
    for (int i = 0; i < count; i++) {
        double q = prob[i], f = (double)hits[kauda_move_value(out[i])] / SAMPLES;
        double sigma = sqrt(q * (1 - q) / SAMPLES);
        if (fabs(f - q) > 5 * sigma + 1e-9)
            fail_msg("t%d: sampled %.5f, exact %.5f", kauda_move_value(out[i]), f, q);
    }
}

/* B4: six cowries, value = open sides up, none up = 12; p= changes the odds. */
static void test_throw_distribution(void **unused) {
    check_distribution(NULL, 0.5);
    check_distribution("p=0.3", 0.3);
    check_distribution("p=0.75", 0.75);
}

/* B1: the start, and south moving first along its path; the other seats
 * use the path turned by 90, 180, 270 degrees. */
static void test_start_and_paths(void **unused) {
    struct test_game t = kauda(NULL);
    struct kauda_state s;
    char text[256];
    t.game->start(&t.variant, &s);
    t.game->format_position(&t.variant, &s, text, sizeof text);
    assert_string_equal(text, "6d1/6g4/6d7/6a4 s roll -");
    expect_moves("6d1/6g4/6d7/6a4 s use:4 -", "4:d1-g2");
    expect_moves("6d1/6g4/6d7/6a4 e use:4 -", "4:g4-f7");
    expect_moves("6d1/6g4/6d7/6a4 n use:4 -", "4:d7-a6");
    expect_moves("6d1/6g4/6d7/6a4 w use:4 -", "4:a4-b1");
    /* every seat's path visits all 49 squares once and ends in the centre */
    for (int seat = 0; seat < KAUDA_SEATS; seat++) {
        bool seen[KAUDA_SQUARES] = {false};
        for (int step = 0; step < KAUDA_SQUARES; step++) {
            int sq = kauda_square(seat, step);
            assert_false(seen[sq]);
            seen[sq] = true;
            assert_int_equal(kauda_step(seat, sq), step);
        }
        assert_int_equal(kauda_square(seat, KAUDA_CENTRE), 3 * 7 + 3);
    }
    /* two players sit face to face, three leave west empty */
    struct test_game two = kauda("players=2");
    two.game->start(&two.variant, &s);
    two.game->format_position(&two.variant, &s, text, sizeof text);
    assert_string_equal(text, "6d1/6d7 s roll -");
    assert_string_equal(two.game->player_name(&two.variant, 1), "north");
    struct test_game three = kauda("players=3");
    three.game->start(&three.variant, &s);
    three.game->format_position(&three.variant, &s, text, sizeof text);
    assert_string_equal(text, "6d1/6g4/6d7 s roll -");
}

/* South's path written out from B1, independent of the game's tables. */
static const char *const south_path =
    "d1 e1 f1 g1 g2 g3 g4 g5 g6 g7 f7 e7 d7 c7 b7 a7 a6 a5 a4 a3 a2 a1 b1 c1 "
    "b2 b3 b4 b5 b6 c6 d6 e6 f6 f5 f4 f3 f2 e2 d2 c2 "
    "c3 c4 c5 d5 e5 e4 e3 d3 d4";

static void path_name(int step, char *out) {
    memcpy(out, south_path + 3 * step, 2);
    out[2] = '\0';
}

/* Routes of `left` steps from `step`: each ring end may turn in or go round
 * (B2), the centre ends the path. Counts the routes ending on each step. */
static void routes(int step, int left, bool enter, int count[49]) {
    if (left == 0) {
        count[step]++;
        return;
    }
    if (step == 48) return;
    int next = step + 1, round = -1;
    if (step == 23) next = enter ? 24 : -1, round = 0;
    if (step == 39) round = 24;
    if (step == 47) round = 40;
    if (next >= 0) routes(next, left - 1, enter, count);
    if (round >= 0) routes(round, left - 1, enter, count);
}

/* Appends the moves of a single piece on `from` using `value`. */
static size_t route_moves(int from, int value, bool enter, char *buf, size_t n,
                          size_t used) {
    int count[49] = {0};
    char sq[3], to[3];
    routes(from, value, enter, count);
    path_name(from, sq);
    for (int d = 48; d >= 0; d--) { /* farthest first */
        assert_true(count[d] <= 1);
        if (!count[d]) continue;
        path_name(d, to);
        used += (size_t)snprintf(buf + used, n - used, "%s%d:%s-%s", used ? " " : "",
                                 value, sq, to);
    }
    return used;
}

/* B1, B2, B5: from every square of the path, with every throw a single
 * piece can use, the game offers exactly the ends of the possible routes, and
 * no two routes share an end (so a destination names its route). */
static void test_routes(void **unused) {
    const int values[] = {1, 2, 3, 4, 5, 6, 12};
    for (int k = 0; k < 7; k++) {
        for (int from = 0; from < 48; from++) {
            char sq[3], want[512] = "", position[96];
            path_name(from, sq);
            if (!route_moves(from, values[k], true, want, sizeof want, 0))
                strcpy(want, "pass");
            snprintf(position, sizeof position, "1%s,5d4/6g4/6d7/6a4 s use:%d -", sq,
                     values[k]);
            expect_moves(position, want);
        }
        /* killfirst=1 without a kill: no turning in at step 23 */
        for (int from = 1; from < 24; from++) {
            char sq[3], want[512] = "", position[96];
            path_name(from, sq);
            size_t used = route_moves(0, values[k], false, want, sizeof want, 0);
            route_moves(from, values[k], false, want, sizeof want, used);
            snprintf(position, sizeof position, "1%s,5d1/6g4/6d7/6a4 s use:%d - killed:-",
                     sq, values[k]);
            expect_moves_in("killfirst=1", position, want);
        }
    }
}

/* B3: thirteen cross squares. */
static void test_cross_squares(void **unused) {
    int count = 0;
    for (int sq = 0; sq < KAUDA_SQUARES; sq++) count += kauda_is_cross(sq);
    assert_int_equal(count, 13);
    const char *crosses[] = {"a1", "g1", "a7", "g7", "d1", "g4", "d7",
                             "a4", "c3", "e3", "c5", "e5", "d4"};
    for (int i = 0; i < 13; i++) {
        int sq = (crosses[i][1] - '1') * 7 + (crosses[i][0] - 'a');
        assert_true(kauda_is_cross(sq));
    }
}

/* B4: a 6 or a 12 earns another throw; any other value ends the throwing. */
static void test_throw_again(void **unused) {
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t6", "6d1/6g4/6d7/6a4 s roll:6 -");
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t12", "6d1/6g4/6d7/6a4 s roll:12 -");
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t12 t6 t3",
                 "6d1/6g4/6d7/6a4 s use:12,6,3 -");
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t4", "6d1/6g4/6d7/6a4 s use:4 -");
}

/* B4: the third 6/12 in a row cancels the whole turn. */
static void test_third_double_cancels(void **unused) {
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t6 t12 t6", "6d1/6g4/6d7/6a4 e roll -");
    expect_after("6d1/6g4/6d7/6a4 s roll -", "t12 t12 t12", "6d1/6g4/6d7/6a4 e roll -");
}

/* B5: the throws of one turn may go to different tuples or to the same one;
 * equal throws are offered once. (Throws added together, the default
 * combine=1, are tested in test_kauda_combine.c.) */
static void test_several_throws(void **unused) {
    expect_moves_in("combine=0", "6d1/6g4/6d7/6a4 s use:12,12,3 -", "12:d1-d7 3:d1-g1");
    expect_moves("6d1/6g4/6d7/6a4 s use:12,12,3 -",
                 "12:d1-d7 3:d1-g1 12+12:d1-b2 12+12:d1-d1 12+3:d1-a7 12+12+3:d1-b5 "
                 "12+12+3:d1-g1");
    expect_after("6d1/6g4/6d7/6a4 s use:6,3 -", "6:d1-g4 3:g4-g7",
                 "5d1,1g7/6g4/6d7/6a4 e roll -");
    expect_after("6d1/6g4/6d7/6a4 s use:6,3 -", "3:d1-g1 6:d1-g4",
                 "4d1,1g1,1g4/6g4/6d7/6a4 e roll -");
}

/* B5: a 6 moves a single 6 steps, a pair 3, a triple 2, a sextuple 1, and
 * cannot move a quadruple or a quintuple. */
static void test_tuple_divides_throw(void **unused) {
    expect_moves("1e1,5d1/6g4/6d7/6a4 s use:6 -", "6:d1-g4 6:e1-g5");
    expect_moves("2f1,4d1/6g4/6d7/6a4 s use:6 -", "6:d1-g4 6:2f1-g3");
    expect_moves("3f1,3d1/6g4/6d7/6a4 s use:6 -", "6:d1-g4 6:3f1-g2");
    expect_moves("6f1/6g4/6d7/6a4 s use:6 -", "6:6f1-g1");
    expect_moves("4f1,2d1/6g4/6d7/6a4 s use:6 -", "6:d1-g4");
    expect_moves("5f1,1d1/6g4/6d7/6a4 s use:6 -", "6:d1-g4");
    /* the text's example: a twin and a roll of 3 must pass */
    expect_moves("2f1,4d4/6g4/6d7/6a4 s use:3 -", "pass");
}

/* B5: pieces leave home one at a time (no joining there). */
static void test_no_joining_at_home(void **unused) {
    expect_moves("6d1/6g4/6d7/6a4 s use:2 -", "2:d1-f1");
    struct test_game t = kauda(NULL);
    struct kauda_state s;
    move_t m;
    char err[GAME_ERROR_BYTES];
    test_parse(&t, "6d1/6g4/6d7/6a4 s use:2 -", &s);
    assert_int_equal(t.game->parse_move(&t.variant, &s, "2:2d1-e1", &m, err), -1);
    assert_non_null(strstr(err, "illegal"));
}

/* B5: tuples join by moving together (anywhere but home) and split only on
 * cross squares. */
static void test_join_and_split(void **unused) {
    /* two singles on f1 (not a cross): each alone, or joined as a pair */
    expect_moves("1f1,1f1,4d1/6g4/6d7/6a4 s use:2 -", "2:d1-f1 2:f1-g2 2:1+1f1-g1");
    expect_after("1f1,1f1,4d1/6g4/6d7/6a4 s use:4 -", "4:1+1f1-g2",
                 "4d1,2g2/6g4/6d7/6a4 e roll -");
    /* a pair on f1 cannot split: no single leaves it */
    expect_moves("2f1,4d1/6g4/6d7/6a4 s use:2 -", "2:d1-f1 2:2f1-g1");
    /* a pair and a single on g2: the pair, the single, or the three joined */
    expect_moves("2g2,1g2,3d4/6g4/6d7/6a4 s use:6 -", "6:g2-f7 6:2g2-g5 6:1+2g2-g4");
    /* on a cross square (g1) the heap splits freely */
    expect_moves("2g1,4d4/6g4/6d7/6a4 s use:2 -", "2:g1-g3 2:2g1-g2");
    expect_after("2g1,4d4/6g4/6d7/6a4 s use:2 -", "2:g1-g3",
                 "1g1,1g3,4d4/6g4/6d7/6a4 e roll -");
}

/* B6: landing on an enemy tuple of the same or smaller size kills it. */
static void test_kill_same_or_smaller(void **unused) {
    expect_after("1e1,5d1/1g2,5g4/6d7/6a4 s use:3 -", "3:e1-g2",
                 "5d1,1g2/6g4/6d7/6a4 e roll -");
    expect_after("2e1,4d1/1g2,5g4/6d7/6a4 s use:6 -", "6:2e1-g2",
                 "4d1,2g2/6g4/6d7/6a4 e roll -");
}

/* B6: a larger tuple survives; the smaller dies if the larger leaves first,
 * and lives if it leaves first itself. */
static void test_larger_survives(void **unused) {
    expect_after("1e1,5d1/2g2,4g4/6d7/6a4 s use:3 -", "3:e1-g2",
                 "5d1,1g2/4g4,2g2/6d7/6a4 e roll -");
    expect_after("5d1,1g2/4g4,2g2/6d7/6a4 e use:2 -", "2:2g2-g3",
                 "6d1/4g4,2g3/6d7/6a4 n roll -");
    expect_after("5d1,1g2/4g4,2g2/6d7/6a4 s use:1 -", "1:g2-g3",
                 "5d1,1g3/4g4,2g2/6d7/6a4 e roll -");
    /* two pairs that landed on a triple leave together as four: the triple
     * was there first, so it does not die */
    expect_after("2g2,2g2,2d1/3g2,3g4/6d7/6a4 s use:4 -", "4:2+2g2-g3",
                 "2d1,4g3/3g4,3g2/6d7/6a4 e roll -");
}

/* B6 (three or four players): combat applies to every enemy tuple on the
 * landing square. */
static void test_every_enemy_tuple(void **unused) {
    expect_after("2e1,4d1/2g2,4g4/1g2,5d7/6a4 s use:6 -", "6:2e1-g2",
                 "4d1,2g2/6g4/6d7/6a4 e roll -");
    expect_after("1e1,5d1/2g2,4g4/1g2,5d7/6a4 s use:3 -", "3:e1-g2",
                 "5d1,1g2/4g4,2g2/6d7/6a4 e roll -");
}

/* B3, B6: no kills on cross squares, neither by landing nor by leaving. */
static void test_no_kills_on_cross(void **unused) {
    expect_after("6d1/1g1,5g4/6d7/6a4 s use:3 -", "3:d1-g1",
                 "5d1,1g1/5g4,1g1/6d7/6a4 e roll -");
    expect_after("5d1,1g1/2g1,4g4/6d7/6a4 e use:2 -", "2:2g1-g2",
                 "5d1,1g1/4g4,2g2/6d7/6a4 n roll -");
}

/* B5: the centre needs an exact count; a piece may circle instead (B2). */
static void test_exact_centre(void **unused) {
    expect_moves("1e4,5d4/6g4/6d7/6a4 s use:3 -", "3:e4-d4 3:e4-c3");
    expect_moves("1e4,5d4/6g4/6d7/6a4 s use:4 -", "4:e4-c4");
    expect_moves("2e3,4d4/6g4/6d7/6a4 s use:4 -", "4:e3-c5 4:2e3-d4 4:2e3-c3");
}

/* B2: turning in at steps 23, 39, 47 is optional. */
static void test_optional_turn_in(void **unused) {
    expect_moves("1c1,5d1/6g4/6d7/6a4 s use:1 -", "1:d1-e1 1:c1-b2 1:c1-d1");
    expect_moves("1c2,5d1/6g4/6d7/6a4 s use:1 -", "1:d1-e1 1:c2-c3 1:c2-b2");
    expect_moves("1d3,5d4/6g4/6d7/6a4 s use:1 -", "1:d3-d4 1:d3-c3");
    /* a lap back to the home square joins the home heap */
    expect_after("1c1,5d1/6g4/6d7/6a4 s use:1 -", "1:c1-d1", "6d1/6g4/6d7/6a4 e roll -");
}

/* B5: when nothing is usable the player passes; the throws are lost. */
static void test_pass(void **unused) {
    expect_after("2f1,4d4/6g4/6d7/6a4 s use:3 -", "pass", "2f1,4d4/6g4/6d7/6a4 e roll -");
    /* an unusable throw left after using another */
    expect_after("2f1,4d4/6g4/6d7/6a4 s use:6,3 -", "6:2f1-g3",
                 "2g3,4d4/6g4/6d7/6a4 s use:3 -");
    expect_moves("2g3,4d4/6g4/6d7/6a4 s use:3 -", "pass");
}

/* B7: the finishing order; finished players are skipped; the last one left
 * ends the game; returns rank the players by it. */
static void test_finishing_order(void **unused) {
    expect_after("1e4,5d4/6g4/6d4/6a4 s use:3 n", "3:e4-d4", "6d4/6g4/6d4/6a4 e roll ns");
    expect_after("6d4/6g4/6d4/6a4 e use:1 ns", "1:g4-g5",
                 "6d4/5g4,1g5/6d4/6a4 w roll ns");
    /* unused throws are lost when the last piece comes in */
    expect_after("1e4,5d4/6g4/6d7/6a4 s use:12,3 -", "3:e4-d4",
                 "6d4/6g4/6d7/6a4 e roll s");

    struct test_game t = kauda("players=3");
    struct kauda_state s;
    char after[256];
    double r[GAME_MAX_PLAYERS];
    test_parse(&t, "1e4,5d4/6d4/6d7 s use:3 e", &s);
    test_play(&t, &s, "3:e4-d4", after, sizeof after);
    assert_string_equal(after, "6d4/6d4/6d7 - over esn");
    assert_int_equal(t.game->turn(&t.variant, &s), TURN_OVER);
    t.game->returns(&t.variant, &s, r);
    assert_true(r[1] == 1.0 && r[0] == 0.0 && r[2] == -1.0);

    struct test_game two = kauda("players=2");
    test_parse(&two, "6d1/1c4,5d4 n use:3 -", &s);
    test_play(&two, &s, "3:c4-d4", after, sizeof after);
    assert_string_equal(after, "6d1/6d4 - over ns");
    two.game->returns(&two.variant, &s, r);
    assert_true(r[0] == -1.0 && r[1] == 1.0);

    struct test_game four = kauda(NULL);
    test_parse(&four, "6d4/6g4/6d4/6d4 - over snwe", &s);
    four.game->returns(&four.variant, &s, r);
    assert_true(r[0] == 1.0 && fabs(r[2] - 1.0 / 3) < 1e-12 &&
                fabs(r[3] + 1.0 / 3) < 1e-12 && r[1] == -1.0);
}

/* Variant: a kill earns another throw. */
static void test_bonus_throw(void **unused) {
    expect_after_in("bonus=1", "1e1,5d1/1g2,5g4/6d7/6a4 s use:3 - bonus:0", "3:e1-g2",
                    "5d1,1g2/6g4/6d7/6a4 s roll - bonus:0");
    /* the bonus throw waits until the pending throws are used */
    expect_after_in("bonus=1", "1e1,5d1/1g2,5g4/6d7/6a4 s use:6,3 - bonus:0", "3:e1-g2",
                    "5d1,1g2/6g4/6d7/6a4 s use:6 - bonus:1");
    expect_after_in("bonus=1", "1e1,5d1/1g2,5g4/6d7/6a4 s use:6,3 - bonus:0",
                    "3:e1-g2 6:d1-g4 t2", "4d1,1g2,1g4/6g4/6d7/6a4 s use:2 - bonus:0");
    expect_after_in("bonus=1", "1e1,5d1/2g2,4g4/6d7/6a4 s use:3 - bonus:0", "3:e1-g2",
                    "5d1,1g2/4g4,2g2/6d7/6a4 e roll - bonus:0");
}

/* Variant: a player must kill before entering the middle ring. */
static void test_kill_before_entering(void **unused) {
    expect_moves_in("killfirst=1", "1c1,5d1/6g4/6d7/6a4 s use:1 - killed:-",
                    "1:d1-e1 1:c1-d1");
    expect_moves_in("killfirst=1", "1c1,5d1/6g4/6d7/6a4 s use:1 - killed:s",
                    "1:d1-e1 1:c1-b2 1:c1-d1");
    expect_after_in("killfirst=1", "1e1,5d1/1g2,5g4/6d7/6a4 s use:3 - killed:-",
                    "3:e1-g2", "5d1,1g2/6g4/6d7/6a4 e roll - killed:s");
}

static void expect_refused(const char *spec, const char *position, const char *fragment) {
    struct test_game t = kauda(spec);
    struct kauda_state s;
    char err[GAME_ERROR_BYTES] = "";
    if (t.game->parse_position(&t.variant, position, &s, err) == 0)
        fail_msg("'%s' accepted", position);
    if (!strstr(err, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", position, err, fragment);
}

static void test_bad_positions(void **unused) {
    expect_refused(NULL, "", "expected 4 fields");
    expect_refused(NULL, "6d1/6g4/6d7 s roll -", "expected 4 piece lists");
    expect_refused(NULL, "5d1/6g4/6d7/6a4 s roll -", "south has 5 pieces");
    expect_refused(NULL, "6d1,1e1/6g4/6d7/6a4 s roll -", "more than 6 pieces");
    expect_refused(NULL, "6h1/6g4/6d7/6a4 s roll -", "expected a square");
    expect_refused(NULL, "7d1/6g4/6d7/6a4 s roll -", "tuple size");
    expect_refused(NULL, "6d1;/6g4/6d7/6a4 s roll -", "expected ','");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 x roll -", "side 'x'");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s use:7 -", "bad throw value");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s roll:6,12,6 -", "three throws");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s roll:3 -", "only 6s and 12s");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s use:3,4 -", "only one throw");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s use -", "'use' needs");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s rol -", "expected 'roll'");
    expect_refused(NULL, "1e1,5d1/1e1,5g4/6d7/6a4 s roll -", "not a cross square");
    expect_refused(NULL, "6d4/6g4/6d7/6a4 e roll -", "not in the finishing order");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 e roll s", "not all pieces are in the centre");
    expect_refused(NULL, "6d4/6g4/6d7/6a4 s roll s", "already finished");
    expect_refused(NULL, "6d4/6d4/6d4/6a4 w roll sen", "order is complete");
    expect_refused(NULL, "6d4/6d4/6d4/6a4 - over sen", "one player left");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 - over -", "go together");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s roll - bonus:1", "expected 4 fields");
    expect_refused("bonus=1", "6d1/6g4/6d7/6a4 s roll - bonus:99", "bonus must be");
    expect_refused("killfirst=1", "1b2,5d1/6g4/6d7/6a4 s roll - killed:-",
                   "without a kill");
    expect_refused("players=2", "6d1/6d7 e roll -", "side 'e'");
    expect_refused(NULL, "6d1/6g4/6d7/6a4 s roll - extra", "expected 4 fields");
}

static void expect_move_refused(const char *position, const char *move,
                                const char *fragment) {
    struct test_game t = kauda(NULL);
    struct kauda_state s;
    move_t m;
    char err[GAME_ERROR_BYTES] = "";
    test_parse(&t, position, &s);
    if (t.game->parse_move(&t.variant, &s, move, &m, err) == 0)
        fail_msg("'%s' accepted", move);
    if (!strstr(err, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", move, err, fragment);
}

static void test_bad_moves(void **unused) {
    const char *start = "6d1/6g4/6d7/6a4 s roll -", *use = "6d1/6g4/6d7/6a4 s use:4 -";
    expect_move_refused(start, "", "malformed");
    expect_move_refused(start, "t0", "malformed");
    expect_move_refused(start, "t7", "malformed");
    expect_move_refused(start, "pass", "illegal");
    expect_move_refused(start, "4:d1-g2", "illegal");
    expect_move_refused(use, "t4", "illegal");
    expect_move_refused(use, "4:d1-g3", "illegal");
    expect_move_refused(use, "3:d1-g1", "illegal");
    expect_move_refused(use, "4:d1", "malformed");
    expect_move_refused(use, "4:d1-g2x", "malformed");
    expect_move_refused(use, "4:7d1-g2", "malformed");
    expect_move_refused(use, "4:1+d1-g2", "malformed");
    expect_move_refused(use, "4:6+6+6d1-g2", "illegal");
    expect_move_refused(use, "4:1+1+1+1+1+1+1d1-g2", "malformed");
    expect_move_refused(use, "13:d1-g2", "malformed");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_throw_distribution),
        cmocka_unit_test(test_start_and_paths),
        cmocka_unit_test(test_cross_squares),
        cmocka_unit_test(test_routes),
        cmocka_unit_test(test_throw_again),
        cmocka_unit_test(test_third_double_cancels),
        cmocka_unit_test(test_several_throws),
        cmocka_unit_test(test_tuple_divides_throw),
        cmocka_unit_test(test_no_joining_at_home),
        cmocka_unit_test(test_join_and_split),
        cmocka_unit_test(test_kill_same_or_smaller),
        cmocka_unit_test(test_larger_survives),
        cmocka_unit_test(test_every_enemy_tuple),
        cmocka_unit_test(test_no_kills_on_cross),
        cmocka_unit_test(test_exact_centre),
        cmocka_unit_test(test_optional_turn_in),
        cmocka_unit_test(test_pass),
        cmocka_unit_test(test_finishing_order),
        cmocka_unit_test(test_bonus_throw),
        cmocka_unit_test(test_kill_before_entering),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_bad_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
