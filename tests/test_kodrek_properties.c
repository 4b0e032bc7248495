/* Property tests on random Kodrek games in several variants: position text
 * round trips byte for byte, every listed decision (and every joint choice)
 * formats, parses back and applies to a position the parser accepts, the
 * joint move equals apply_joint, coins are conserved, returns stay in range. */
#include "engine/rng.h"
#include "games/kodrek/kodrek.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

enum { GAMES_PER_VARIANT = 600, MAX_PLIES = 200, SAMPLE = 40 };

static void check_position(const struct test_game *t, const struct kodrek_state *s) {
    const struct game *g = t->game;
    char text[256], err[GAME_ERROR_BYTES];
    struct kodrek_state back;
    memset(&back, 0xAB, sizeof back);
    g->format_position(&t->variant, s, text, sizeof text);
    if (g->parse_position(&t->variant, text, &back, err) != 0)
        fail_msg("printed position '%s' refused: %s", text, err);
    if (memcmp(&back, s, sizeof back) != 0) fail_msg("'%s' does not round-trip", text);
    /* Coins: every player has turn + 1 in play, split between hand and table. */
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        assert_true(kodrek_hand(s, p) >= 0);
        assert_true(kodrek_hand(s, p) + s->tails[p] == s->turn + 1);
        assert_true(s->turn + 1 <= kodrek_options(&t->variant)->toleks);
    }
}

static void check_move(const struct test_game *t, const struct kodrek_state *s,
                       move_t m) {
    const struct game *g = t->game;
    test_move_reads_back(g, &t->variant, s, m);
    struct kodrek_state child = *s;
    g->apply(&t->variant, &child, m);
    check_position(t, &child);
}

static void check_joint(const struct test_game *t, const struct kodrek_state *s,
                        const move_t *moves, int count, struct rng *rng) {
    const struct game *g = t->game;
    move_t each[KODREK_PLAYERS][KODREK_MAX_TOLEKS + 1];
    int n[KODREK_PLAYERS], product = 1;
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        n[p] = g->joint_moves(&t->variant, s, p, each[p]);
        assert_true(n[p] >= 1 && n[p] <= kodrek_hand(s, p) + 1);
        product *= n[p];
        for (int i = 0; i < n[p]; i++) {
            char text[16], want[16];
            g->format_move(&t->variant, s, each[p][i], text, sizeof text);
            snprintf(want, sizeof want, "h%d", kodrek_move_heads(each[p][i], 0));
            assert_string_equal(text, want);
        }
    }
    assert_int_equal(count, product);
    /* A random joint choice through apply_joint equals the joint move. */
    move_t choice[GAME_MAX_PLAYERS] = {0};
    for (int p = 0; p < KODREK_PLAYERS; p++)
        choice[p] = each[p][rng_below(rng, (uint32_t)n[p])];
    struct kodrek_state a = *s, b = *s;
    g->apply_joint(&t->variant, &a, choice);
    g->apply(&t->variant, &b,
             kodrek_joint_move(kodrek_move_heads(choice[0], 0),
                               kodrek_move_heads(choice[1], 0),
                               kodrek_move_heads(choice[2], 0)));
    assert_memory_equal(&a, &b, sizeof a);
    /* Tails this turn go on the table; the heads are what remains in hand. */
    for (int p = 0; p < KODREK_PLAYERS; p++)
        if (a.phase != KODREK_OVER && a.turn == s->turn)
            assert_int_equal(kodrek_hand(&a, p), kodrek_move_heads(choice[p], 0));
}

static void check_end(const struct test_game *t, const struct kodrek_state *s) {
    int coins[KODREK_PLAYERS], house;
    kodrek_payout(&t->variant, s, coins, &house);
    assert_int_equal(coins[0] + coins[1] + coins[2] + house, 0);
    assert_true(house >= 0);
    double out[GAME_MAX_PLAYERS];
    t->game->returns(&t->variant, s, out);
    for (int p = 0; p < KODREK_PLAYERS; p++) {
        assert_true(out[p] >= -1.0 && out[p] <= 1.0);
        assert_true((out[p] < 0) == ((s->lost >> p) & 1));
    }
}

static void run_games(const char *variant_spec, uint64_t seed) {
    struct test_game t = test_game_make("kodrek", variant_spec);
    const struct game *g = t.game;
    struct rng rng;
    rng_seed(&rng, seed);
    int longest = 0;
    for (int game = 0; game < GAMES_PER_VARIANT; game++) {
        struct kodrek_state s;
        g->start(&t.variant, &s);
        int ply = 0;
        for (; ply < MAX_PLIES; ply++) {
            check_position(&t, &s);
            move_t moves[KODREK_MAX_MOVES];
            int count = g->moves(&t.variant, &s, moves);
            int turn = g->turn(&t.variant, &s);
            if (turn == TURN_OVER) {
                assert_int_equal(count, 0);
                check_end(&t, &s);
                break;
            }
            assert_true(count >= 1 && count <= g->max_moves);
            if (turn == TURN_SIMULTANEOUS)
                check_joint(&t, &s, moves, count, &rng);
            else
                assert_true(turn >= 0 && turn < KODREK_PLAYERS && count >= 2);
            if (count <= 300) test_moves_distinct(moves, count);
            /* Every move when there are few, a random sample otherwise. */
            for (int i = 0; i < (count <= SAMPLE ? count : SAMPLE); i++) {
                int which = count <= SAMPLE ? i : (int)rng_below(&rng, (uint32_t)count);
                check_move(&t, &s, moves[which]);
            }
            /* Random play that keeps some games going: prefer braking. */
            move_t pick = moves[rng_below(&rng, (uint32_t)count)];
            if (turn >= 0 && s.phase == KODREK_THRUST && rng_below(&rng, 2)) {
                for (int i = 0; i < count; i++)
                    if (kodrek_point_equal(kodrek_move_point(moves[i]), s.craft[turn]))
                        pick = moves[i];
            }
            g->apply(&t.variant, &s, pick);
        }
        assert_true(ply < MAX_PLIES); /* games always end */
        if (s.turn > longest) longest = s.turn;
    }
    assert_true(longest >= 2);
}

static void test_default_variant(void **unused) {
    run_games(NULL, 1);
}
static void test_small_board_six_toleks(void **unused) {
    run_games("inner=11,toleks=6", 2);
}
static void test_newcomer_winloss(void **unused) {
    run_games("newcomer=all,payoff=winloss,margin=2,inner=5", 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_variant),
        cmocka_unit_test(test_small_board_six_toleks),
        cmocka_unit_test(test_newcomer_winloss),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
