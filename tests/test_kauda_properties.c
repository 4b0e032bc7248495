/* Property tests on random Kauda-Baji games with 2, 3 and 4 players and the
 * family variants: pieces conserved, states canonical, notation round trips
 * byte for byte, every listed decision formats, parses back and applies to a
 * valid position, chance odds sum to 1, games end within a bound. */
#include "engine/hash.h"
#include "engine/rng.h"
#include "games/kauda-baji/kauda.h"
#include "support.h"

#include <math.h>
#include <string.h>

/* Random play took at most 6860 plies over 8000 measured games (RULES.md);
 * the bound is far above that. */
enum { MAX_PLIES = 60000 };

struct stats {
    int games, most_moves, longest;
    long plies, passes;
};

/* Canonical state: sorted tuples, six pieces per player, one heap per cross
 * square, zeroed unused entries and padding, sane turn fields. */
static void check_state(const struct test_game *t, const struct kauda_state *s) {
    const struct variant *v = &t->variant;
    const int players = kauda_options(v)->players;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        int total = 0, prev = -1;
        bool ended = false;
        for (int i = 0; i < KAUDA_PIECES; i++) {
            const struct kauda_tuple *x = &s->tuples[p][i];
            if (!x->size) {
                assert_int_equal(x->step, 0);
                ended = true;
                continue;
            }
            assert_false(ended);
            assert_true(x->step <= KAUDA_CENTRE);
            int key = x->step * 8 + x->size;
            assert_true(key >= prev);
            bool cross = kauda_is_cross(kauda_square(kauda_seat(v, p), x->step));
            if (cross && i > 0 && s->tuples[p][i - 1].step == x->step)
                fail_msg("two heaps of player %d on one cross square", p);
            prev = key;
            total += x->size;
        }
        assert_int_equal(total, p < players ? KAUDA_PIECES : 0);
    }
    for (int i = 0; i < 4; i++) assert_int_equal(s->zero[i], 0);
    assert_true(s->phase <= KAUDA_OVER);
    if (s->phase == KAUDA_OVER) {
        assert_int_equal(s->finished, players);
        assert_int_equal(s->player, 0);
        assert_int_equal(s->pending[0], 0);
    } else {
        assert_true(s->player < players);
        assert_int_equal(s->rank[s->player], 0);
        assert_true(s->finished < players - 1);
    }
    if (!kauda_options(v)->bonus) assert_int_equal(s->bonus, 0);
    if (!kauda_options(v)->killfirst) assert_int_equal(s->killed, 0);
}

static void check_round_trip(const struct test_game *t, const struct kauda_state *s) {
    const struct game *g = t->game;
    char text[512], again[512], err[GAME_ERROR_BYTES];
    struct kauda_state back;
    memset(&back, 0xAB, sizeof back);
    g->format_position(&t->variant, s, text, sizeof text);
    if (g->parse_position(&t->variant, text, &back, err) != 0)
        fail_msg("printed position '%s' refused: %s", text, err);
    if (memcmp(&back, s, sizeof back) != 0) fail_msg("'%s' does not round-trip", text);
    g->format_position(&t->variant, &back, again, sizeof again);
    assert_string_equal(text, again);
    assert_true(game_hash(g, &t->variant, &back) == game_hash(g, &t->variant, s));
}

/* Every listed move: unique, formats, parses back to itself, applies to a
 * valid state (checked fully on `deep` plies, which costs a copy each). */
static void check_moves(const struct test_game *t, const struct kauda_state *s,
                        const move_t *moves, int count, bool deep) {
    const struct game *g = t->game;
    char text[64], err[GAME_ERROR_BYTES];
    for (int i = 0; i < count; i++) {
        for (int j = 0; j < i; j++)
            if (moves[i] == moves[j]) fail_msg("move listed twice");
        g->format_move(&t->variant, s, moves[i], text, sizeof text);
        move_t back;
        if (g->parse_move(&t->variant, s, text, &back, err) != 0)
            fail_msg("listed move '%s' refused: %s", text, err);
        if (back != moves[i]) fail_msg("move '%s' does not round-trip", text);
        if (!deep) continue;
        struct kauda_state child = *s;
        g->apply(&t->variant, &child, moves[i]);
        check_state(t, &child);
        check_round_trip(t, &child);
    }
}

static void check_chance(const struct test_game *t, const struct kauda_state *s,
                         const move_t *moves, int count) {
    double prob[KAUDA_MAX_MOVES], sum = 0;
    t->game->chance(&t->variant, s, moves, count, prob);
    for (int i = 0; i < count; i++) {
        assert_true(prob[i] > 0 && prob[i] < 1);
        sum += prob[i];
    }
    assert_true(fabs(sum - 1.0) < 1e-12);
}

static move_t pick(const struct test_game *t, const struct kauda_state *s,
                   const move_t *moves, int count, struct rng *rng) {
    if (t->game->turn(&t->variant, s) != TURN_CHANCE)
        return moves[rng_below(rng, (uint32_t)count)];
    double prob[KAUDA_MAX_MOVES];
    t->game->chance(&t->variant, s, moves, count, prob);
    double x = rng_unit(rng);
    for (int i = 0; i < count; i++) {
        if (x < prob[i]) return moves[i];
        x -= prob[i];
    }
    return moves[count - 1];
}

static void check_result(const struct test_game *t, const struct kauda_state *s) {
    const int players = kauda_options(&t->variant)->players;
    double r[GAME_MAX_PLAYERS], sum = 0;
    bool place_seen[GAME_MAX_PLAYERS + 1] = {false};
    t->game->returns(&t->variant, s, r);
    for (int p = 0; p < players; p++) {
        int rank = s->rank[p];
        assert_true(rank >= 1 && rank <= players && !place_seen[rank]);
        place_seen[rank] = true;
        assert_true(fabs(r[p] - (1.0 - 2.0 * (rank - 1) / (players - 1))) < 1e-12);
        /* everyone but the last has all pieces in the centre */
        if (rank < players) assert_int_equal(kauda_in_centre(s, p), KAUDA_PIECES);
        sum += r[p];
    }
    assert_true(fabs(sum) < 1e-9); /* evenly spaced places sum to zero */
}

static void play_games(const char *spec, int games, uint64_t seed, struct stats *st) {
    struct test_game t = test_game_make("kauda-baji", spec);
    const struct game *g = t.game;
    struct rng rng;
    rng_seed(&rng, seed);
    move_t moves[KAUDA_MAX_MOVES];
    for (int n = 0; n < games; n++) {
        struct kauda_state s;
        g->start(&t.variant, &s);
        int ply = 0;
        /* Full child checks on the first games only: they cost a copy,
         * format and parse per listed move. */
        const bool deep = n < 3;
        while (g->turn(&t.variant, &s) != TURN_OVER) {
            if (ply++ > MAX_PLIES)
                fail_msg("%s: game %d longer than %d plies", spec, n, MAX_PLIES);
            check_state(&t, &s);
            if (deep || ply % 7 == 0) {
                check_round_trip(&t, &s);
                for (int p = 0; p < kauda_options(&t.variant)->players; p++) {
                    int e = g->evaluate(&t.variant, &s, p);
                    assert_true(e >= -GAME_EVAL_MAX && e <= GAME_EVAL_MAX);
                }
            }
            int count = g->moves(&t.variant, &s, moves);
            assert_true(count >= 1 && count <= g->max_moves);
            if (count > st->most_moves) st->most_moves = count;
            if (g->turn(&t.variant, &s) == TURN_CHANCE)
                check_chance(&t, &s, moves, count);
            if (deep || ply % 5 == 0) check_moves(&t, &s, moves, count, deep);
            move_t m = pick(&t, &s, moves, count, &rng);
            st->passes += m == GAME_MOVE_PASS;
            g->apply(&t.variant, &s, m);
        }
        check_state(&t, &s);
        check_round_trip(&t, &s);
        assert_int_equal(g->moves(&t.variant, &s, moves), 0);
        check_result(&t, &s);
        st->games++;
        st->plies += ply;
        if (ply > st->longest) st->longest = ply;
    }
}

static void run(const char *spec, int games, uint64_t seed) {
    struct stats st = {0};
    play_games(spec, games, seed, &st);
    print_message("%-30s %d games, %.0f plies/game (longest %d), most moves %d, "
                  "passes %ld\n",
                  spec, st.games, (double)st.plies / st.games, st.longest, st.most_moves,
                  st.passes);
    assert_true(st.passes > 0);
}

static void test_four_players(void **unused) {
    run("players=4", 30, 1);
}
static void test_three_players(void **unused) {
    run("players=3", 30, 2);
}
static void test_two_players(void **unused) {
    run("players=2", 50, 3);
}
static void test_family_variants(void **unused) {
    run("players=4,killfirst=1,bonus=1", 12, 4);
    run("players=2,bonus=1,p=0.3", 16, 5);
    run("players=3,killfirst=1,p=0.7", 12, 6);
}

/* A crowded position: a non-cross square holding 1+1+1+1+2 near the end of
 * the middle ring, throws 12, 6 and 4 pending (up to three destinations per
 * tuple). Every decision is distinct and the count stays within max_moves. */
static void test_crowded_position(void **unused) {
    struct test_game t = test_game_make("kauda-baji", NULL);
    struct kauda_state s;
    move_t moves[KAUDA_MAX_MOVES];
    test_parse(&t, "1f2,1f2,1f2,1f2,2f2/6g4/6d7/6a4 s use:12,6,4 -", &s);
    int count = t.game->moves(&t.variant, &s, moves);
    print_message("crowded position: %d decisions\n", count);
    /* 19 (selection, throw) pairs divide evenly; each has a destination */
    assert_true(count >= 19 && count <= t.game->max_moves);
    check_moves(&t, &s, moves, count, true);
}

/* A throw's outcome is always the same move in every state it is offered in,
 * and states reached by different move orders compare equal byte for byte. */
static void test_transposition_equal_bytes(void **unused) {
    struct test_game t = test_game_make("kauda-baji", NULL);
    struct kauda_state a, b;
    char ta[256], tb[256];
    test_parse(&t, "1f1,1f1,4d1/6g4/6d7/6a4 s use:6,1 -", &a);
    b = a;
    test_play(&t, &a, "6:d1-g4", ta, sizeof ta);
    test_play(&t, &a, "1:f1-g1", ta, sizeof ta);
    test_play(&t, &b, "1:f1-g1", tb, sizeof tb);
    test_play(&t, &b, "6:d1-g4", tb, sizeof tb);
    assert_string_equal(ta, tb);
    assert_memory_equal(&a, &b, sizeof a);
}

/* The evaluation rewards progress along the path and finishing. */
static void test_evaluate(void **unused) {
    struct test_game t = test_game_make("kauda-baji", NULL);
    const struct game *g = t.game;
    struct kauda_state s;
    g->start(&t.variant, &s);
    for (int p = 0; p < 4; p++) assert_int_equal(g->evaluate(&t.variant, &s, p), 0);
    test_parse(&t, "5d1,1g4/6g4/6d7/6a4 e roll -", &s);
    assert_true(g->evaluate(&t.variant, &s, 0) > 0);
    assert_true(g->evaluate(&t.variant, &s, 1) < 0);
    struct kauda_state ahead;
    test_parse(&t, "5d4,1e4/6g4/6d7/6a4 e roll -", &ahead);
    assert_true(g->evaluate(&t.variant, &ahead, 0) > g->evaluate(&t.variant, &s, 0));
    test_parse(&t, "6d4/6g4/6d7/6a4 e roll s", &s);
    assert_true(g->evaluate(&t.variant, &s, 0) > g->evaluate(&t.variant, &ahead, 0));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transposition_equal_bytes),
        cmocka_unit_test(test_crowded_position),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_four_players),
        cmocka_unit_test(test_three_players),
        cmocka_unit_test(test_two_players),
        cmocka_unit_test(test_family_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
