/* Kodrek: what decides outcomes beyond the bare rules, as games/kodrek/
 * RULES.md states it: how a pull that ends exactly halfway between two
 * junctures rounds, that a returning player (newcomer rule) still counts in
 * the p<i> numbering, and the two readings of the order of play
 * (order=sorted, the default, and order=round). */
#include "engine/variant.h"
#include "games/kodrek/kodrek.h"
#include "games/kodrek/kodrek_lattice.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

static void play(const struct test_game *t, const char *position, const char *moves,
                 char *buf, size_t n) {
    struct kodrek_state s;
    char copy[512], *save = NULL;
    test_parse(t, position, &s);
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        test_play(t, &s, w, buf, n);
}

/* Twice the squared Euclidean distance of a lattice point from the exact
 * point (r2/2, k2/2), in the lattice's own metric (unit neighbours at 60
 * degrees): dr^2 + dk^2 - dr*dk, times 4 to stay in integers. */
static int twice_norm(struct kodrek_point q, int r2, int k2) {
    int dr = 2 * q.r - r2, dk = 2 * q.k - k2;
    return dr * dr + dk * dk - dr * dk;
}

/* A one-step pull toward a point at distance 2 off every lattice line ends
 * exactly halfway between two junctures. The tie goes to the one with the
 * larger pos; with equal pos, to the smaller row (RULES.md). */
static void test_halfway_pulls_round_as_documented(void **unused) {
    /* the example: blue's stack 28.21 pulled 3 toward 18.9 (distance
     * 12) ends at 25.5.18, between 25.18 and 26.18: the smaller row */
    struct test_game t = test_game_make("kodrek", NULL);
    char after[256];
    play(&t, "2 p0a3 14.7/18.9/3 29.23/28.21/3 27.7/24.9/3", "pb3", after, sizeof after);
    assert_non_null(strstr(after, " 29.23/25.18/3 "));
    int ties = 0;
    for (int r = 10; r < 30; r++)
        for (int k = 3; k <= r - 3; k++)
            for (int dr = -2; dr <= 2; dr++)
                for (int dk = -2; dk <= 2; dk++) {
                    struct kodrek_point p = kodrek_point(r, k);
                    struct kodrek_point to = kodrek_point(r + dr, k + dk);
                    if (kodrek_distance(p, to) != 2) continue;
                    /* the exact point is p + (to - p) / 2, doubled */
                    const int r2 = 2 * r + dr, k2 = 2 * k + dk;
                    if (r2 % 2 == 0 && k2 % 2 == 0) continue; /* on a line */
                    struct kodrek_point got = kodrek_toward(p, to, 1);
                    /* the two nearest junctures, equally near */
                    struct kodrek_point best[2];
                    int found = 0, near = 1 << 30;
                    for (int qr = r - 2; qr <= r + 2; qr++)
                        for (int qk = k - 2; qk <= k + 2; qk++) {
                            struct kodrek_point q = kodrek_point(qr, qk);
                            int d = twice_norm(q, r2, k2);
                            if (d < near) near = d, found = 0;
                            if (d == near && found < 2) best[found++] = q;
                        }
                    assert_int_equal(found, 2);
                    int pick = best[1].k > best[0].k ||
                               (best[1].k == best[0].k && best[1].r < best[0].r);
                    if (!kodrek_point_equal(got, best[pick]))
                        fail_msg("%d.%d toward %d.%d: got %d.%d, documented %d.%d", r, k,
                                 to.r, to.k, got.r, got.k, best[pick].r, best[pick].k);
                    assert_int_equal(kodrek_distance(p, got), 1);
                    ties++;
                }
    assert_true(ties > 1000);
}

/* Under the newcomer rule a returning player may not pull but keeps his
 * place in the pull order: green (returning, most tails) is p0, so the first
 * pull node is blue's, p1. */
static void test_returning_player_keeps_his_number(void **unused) {
    struct test_game t = test_game_make("kodrek", "newcomer=all");
    struct kodrek_state s;
    char err[GAME_ERROR_BYTES];
    const char *blue_first = "3 p1a2 15.8/20.3/3n 25.18/21.11/2 25.8/24.10/1";
    test_parse(&t, blue_first, &s);
    assert_int_equal(t.game->turn(&t.variant, &s), KODREK_BLUE);
    assert_int_equal(
        t.game->parse_position(&t.variant,
                               "3 p0a2 15.8/20.3/3n 25.18/21.11/2 25.8/24.10/1", &s, err),
        -1);
    assert_non_null(strstr(err, "green has no such pull"));
}

/* The two readings of "starting with the player with the most heads and
 * moving clockwise from the green player". */
static void test_two_readings_of_the_order(void **unused) {
    struct test_game sorted = test_game_make("kodrek", NULL);
    struct test_game round = test_game_make("kodrek", "order=round");
    struct kodrek_state s;
    int order[KODREK_PLAYERS];
    /* turn 3, tails 1, 2, 3: heads 3, 2, 1 */
    const char *pulls = "3 p0a3 15.8/20.10/1 25.18/21.11/2 25.8/24.10/3";
    test_parse(&sorted, pulls, &s);
    kodrek_order(kodrek_options(&sorted.variant), &s, KODREK_PULL, order);
    assert_true(order[0] == KODREK_RED && order[1] == KODREK_BLUE &&
                order[2] == KODREK_GREEN);
    kodrek_order(kodrek_options(&round.variant), &s, KODREK_PULL, order);
    assert_true(order[0] == KODREK_RED && order[1] == KODREK_GREEN &&
                order[2] == KODREK_BLUE);
    kodrek_order(kodrek_options(&sorted.variant), &s, KODREK_THRUST, order);
    assert_true(order[0] == KODREK_GREEN && order[1] == KODREK_BLUE &&
                order[2] == KODREK_RED);
    kodrek_order(kodrek_options(&round.variant), &s, KODREK_THRUST, order);
    assert_true(order[0] == KODREK_GREEN && order[1] == KODREK_BLUE &&
                order[2] == KODREK_RED); /* green first: the readings agree */

    /* The same intentions, different outcomes: red pulls nobody, blue pulls
     * green's stack 2 (past his own, one away), green pulls blue's stack 1.
     * Sorted: blue first, so green's stack is already beyond blue's when
     * green pulls. Round: green first pulls blue's stack onto his own, and
     * then blue cannot pull green (a stack on the puller's has no
     * direction). */
    char a[256], b[256];
    play(&sorted, pulls, "pg0 pb0 pr0 pg2 pb1", a, sizeof a);
    assert_string_equal(a, "4 s 22.12/29.16/1 22.12/19.6/2 24.10/23.12/3");
    play(&round, pulls, "pg0 pb0 pb1 pr0", b, sizeof b);
    assert_string_equal(b, "4 s 20.10/25.12/1 20.10/15.2/2 24.10/23.12/3");
    /* after red, the second puller differs */
    test_parse(&sorted, "3 p1a2 15.8/20.10/1 25.18/21.11/2 25.8/24.10/3", &s);
    assert_int_equal(sorted.game->turn(&sorted.variant, &s), KODREK_BLUE);
    test_parse(&round, "3 p1a1 15.8/20.10/1 25.18/21.11/2 25.8/24.10/3", &s);
    assert_int_equal(round.game->turn(&round.variant, &s), KODREK_GREEN);
}

static void test_order_option(void **unused) {
    struct test_game t = test_game_make("kodrek", "order=round");
    char text[160];
    variant_format(t.game, &t.variant, text, sizeof text);
    assert_non_null(strstr(text, "order=round"));
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(&kodrek_game, &v);
    assert_int_equal(variant_parse(&kodrek_game, &v, "order=clockwise", err), -1);
    assert_non_null(strstr(err, "order must be sorted or round"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_halfway_pulls_round_as_documented),
        cmocka_unit_test(test_returning_player_keeps_his_number),
        cmocka_unit_test(test_two_readings_of_the_order),
        cmocka_unit_test(test_order_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
