/* Property tests on thousands of random Kulibrat games (several variants):
 * notation round trips, hash stability, every move legal and applying to a
 * valid position, pieces conserved, and the pass and lock rules. */
#include "engine/hash.h"
#include "engine/rng.h"
#include "games/kulibrat/kulibrat.h"
#include "support.h"

#include <string.h>

enum { GAMES_PER_VARIANT = 1500, MAX_PLIES = 400 };

static void check_position(const struct test_game *t, const struct kulibrat_state *s) {
    const struct game *g = t->game;
    char text[128], err[GAME_ERROR_BYTES];
    struct kulibrat_state back;
    memset(&back, 0xAB, sizeof back);
    g->format_position(&t->variant, s, text, sizeof text);
    if (g->parse_position(&t->variant, text, &back, err) != 0)
        fail_msg("printed position '%s' refused: %s", text, err);
    if (memcmp(&back, s, sizeof back) != 0) fail_msg("'%s' does not round-trip", text);
    struct kulibrat_state copy;
    memcpy(&copy, s, sizeof copy);
    assert_true(game_hash(g, &t->variant, &copy) == game_hash(g, &t->variant, s));
    assert_int_equal(s->pieces[0] & s->pieces[1], 0);
    assert_true(__builtin_popcount(s->pieces[0]) <= KULIBRAT_PIECES);
    assert_true(__builtin_popcount(s->pieces[1]) <= KULIBRAT_PIECES);
    assert_int_equal(s->zero, 0);
}

/* The pass and lock rules, checked from each side's own move lists. */
static void check_turn_rules(const struct test_game *t, const struct kulibrat_state *s,
                             const move_t *moves, int count) {
    const int target = kulibrat_options(&t->variant)->target;
    move_t own[KULIBRAT_MAX_MOVES], other[KULIBRAT_MAX_MOVES];
    int n_own = kulibrat_player_moves(s, s->side, own);
    int n_other = kulibrat_player_moves(s, 1 - s->side, other);
    bool scored_out = s->score[0] >= target || s->score[1] >= target;
    int turn = t->game->turn(&t->variant, s);
    if (scored_out) {
        assert_int_equal(turn, TURN_OVER);
        assert_int_equal(count, 0);
    } else if (n_own > 0) {
        assert_int_equal(count, n_own);
        for (int i = 0; i < count; i++) assert_true(moves[i] != GAME_MOVE_PASS);
    } else if (n_other > 0) {
        assert_int_equal(count, 1);
        assert_true(moves[0] == GAME_MOVE_PASS);
        assert_int_equal(turn, s->side);
    } else {
        assert_int_equal(turn, TURN_OVER);
        double result[GAME_MAX_PLAYERS];
        t->game->returns(&t->variant, s, result);
        assert_true(result[s->side] == 1.0);
    }
}

static void check_moves(const struct test_game *t, const struct kulibrat_state *s,
                        const move_t *moves, int count) {
    const struct game *g = t->game;
    test_moves_distinct(moves, count);
    for (int i = 0; i < count; i++) {
        test_move_reads_back(g, &t->variant, s, moves[i]);
        struct kulibrat_state child = *s;
        g->apply(&t->variant, &child, moves[i]);
        check_position(t, &child);
        /* A move never lowers a score, and raises only the mover's by one. */
        int me = s->side;
        assert_true(child.score[1 - me] == s->score[1 - me]);
        assert_true(child.score[me] == s->score[me] ||
                    child.score[me] == s->score[me] + 1);
        assert_int_equal(child.side, 1 - me);
    }
}

static void run_games(const char *variant_spec, uint64_t seed) {
    struct test_game t = test_game_make("kulibrat", variant_spec);
    struct rng rng;
    rng_seed(&rng, seed);
    int finished = 0;
    for (int game = 0; game < GAMES_PER_VARIANT; game++) {
        struct kulibrat_state s;
        t.game->start(&t.variant, &s);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            check_position(&t, &s);
            move_t moves[KULIBRAT_MAX_MOVES];
            int count = t.game->moves(&t.variant, &s, moves);
            check_turn_rules(&t, &s, moves, count);
            check_moves(&t, &s, moves, count);
            if (count == 0) {
                finished++;
                break;
            }
            t.game->apply(&t.variant, &s, moves[rng_below(&rng, (uint32_t)count)]);
        }
    }
    /* Random games end (a score or a lock) far more often than not. */
    assert_true(finished > GAMES_PER_VARIANT / 2);
}

static void test_default_variant(void **unused) {
    run_games(NULL, 1);
}
static void test_target_one(void **unused) {
    run_games("target=1", 2);
}
static void test_red_first_target_three(void **unused) {
    run_games("target=3,first=red", 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_variant),
        cmocka_unit_test(test_target_one),
        cmocka_unit_test(test_red_first_target_three),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
