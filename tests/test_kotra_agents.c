/* No Kotra agent sees what its player cannot (issue 18): for every agent
 * that accepts Kotra, two full states that differ only in the ranks of
 * unrevealed enemy pieces (so the mover's view of both is the same) get the
 * same decision from the same seed, through agent_choose, the entry every
 * command uses. The twins are made from positions of random games by
 * swapping the ranks of two unrevealed enemy pieces with the same public
 * facts (flags and promotions). */
#include "engine/rng.h"
#include "games/kotra/kotra.h"
#include "search/agent.h"
#include "support.h"

#include <string.h>

enum { GAMES = 12, MAX_PLIES = 2500, SAMPLE_EVERY = 7 };

/* The twin of `s`: the ranks of two unrevealed mobile enemy pieces with equal
 * public facts swapped; false if there are none with different ranks. */
static bool make_twin(const struct kotra_state *s, struct rng *r,
                      struct kotra_state *twin) {
    const int me = s->side, enemy = 1 - me;
    int hidden[KOTRA_SPACES], n = 0;
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (c && kotra_owner(c) == enemy && !(s->flags[sp] & KF_REVEALED) &&
            kotra_mobile(kotra_rank_of(c)))
            hidden[n++] = sp;
    }
    for (int tries = 0; tries < 40 && n >= 2; tries++) {
        int a = hidden[rng_below(r, (uint32_t)n)], b = hidden[rng_below(r, (uint32_t)n)];
        if (s->cell[a] == s->cell[b] || s->flags[a] != s->flags[b] ||
            s->extra[a] != s->extra[b])
            continue;
        *twin = *s;
        twin->cell[a] = s->cell[b];
        twin->cell[b] = s->cell[a];
        return true;
    }
    return false;
}

/* Plays random games and checks `spec` on every SAMPLE_EVERY-th decision
 * that has a twin, up to `checks` of them. Returns how many it checked. */
static int check_agent(const char *spec, int checks) {
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct agent a;
    char err[GAME_ERROR_BYTES];
    if (agent_parse(&a, spec, g, err)) fail_msg("agent '%s' refused: %s", spec, err);
    struct rng r;
    rng_seed(&r, 18);
    int checked = 0;
    for (int game = 0; game < GAMES && checked < checks; game++) {
        struct kotra_state s;
        g->start(&t.variant, &s);
        for (int ply = 0; ply < MAX_PLIES && checked < checks; ply++) {
            int turn = g->turn(&t.variant, &s);
            if (turn == TURN_OVER) break;
            move_t moves[KOTRA_MAX_MOVES];
            int count = g->moves(&t.variant, &s, moves);
            struct kotra_state twin;
            if (turn >= 0 && s.phase != PHASE_SETUP && ply % SAMPLE_EVERY == 0 &&
                count > 1 && make_twin(&s, &r, &twin)) {
                struct kotra_state seen_s = s, seen_t = twin;
                g->view(&t.variant, &seen_s, turn);
                g->view(&t.variant, &seen_t, turn);
                assert_memory_equal(&seen_s, &seen_t, sizeof seen_s);
                uint64_t seed = rng_next(&r);
                move_t first, second;
                agent_new_game(&a);
                assert_int_equal(agent_choose(&a, g, &t.variant, &s, seed, &first, err),
                                 0);
                agent_new_game(&a);
                assert_int_equal(
                    agent_choose(&a, g, &t.variant, &twin, seed, &second, err), 0);
                if (first != second) {
                    char text[KOTRA_TEXT_BYTES], m1[32], m2[32];
                    g->format_position(&t.variant, &s, text, sizeof text);
                    g->format_move(&t.variant, &s, first, m1, sizeof m1);
                    g->format_move(&t.variant, &s, second, m2, sizeof m2);
                    fail_msg("%s chose %s in '%s' but %s in its twin (hidden ranks "
                             "swapped)",
                             spec, m1, text, m2);
                }
                checked++;
            }
            g->apply(&t.variant, &s, moves[rng_below(&r, (uint32_t)count)]);
        }
    }
    agent_free(&a);
    return checked;
}

static void test_random_agent_sees_only_the_view(void **unused) {
    (void)unused;
    assert_true(check_agent("random", 300) >= 100);
}

static void test_greedy_agent_sees_only_the_view(void **unused) {
    (void)unused;
    assert_true(check_agent("greedy", 300) >= 100);
}

static void test_mcts_agent_sees_only_the_view(void **unused) {
    (void)unused;
    assert_true(check_agent("mcts:iterations=60", 40) >= 20);
}

static void test_pimc_agent_sees_only_the_view(void **unused) {
    (void)unused;
    assert_true(check_agent("pimc:worlds=3:iterations=20", 40) >= 20);
}

/* The agents the test covers are all that accept Kotra: the others refuse. */
static void test_other_agents_refuse_kotra(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kotra", NULL);
    static const char *const refused[] = {"alphabeta", "expectimax", "flatmc"};
    for (int i = 0; i < 3; i++) {
        struct agent a;
        char err[GAME_ERROR_BYTES];
        assert_int_equal(agent_parse(&a, refused[i], t.game, err), -1);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_agent_sees_only_the_view),
        cmocka_unit_test(test_greedy_agent_sees_only_the_view),
        cmocka_unit_test(test_mcts_agent_sees_only_the_view),
        cmocka_unit_test(test_pimc_agent_sees_only_the_view),
        cmocka_unit_test(test_other_agents_refuse_kotra),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
