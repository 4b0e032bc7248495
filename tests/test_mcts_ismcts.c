/* Information-set MCTS and PIMC on Kotra never read hidden information: a
 * state and another world drawn from the mover's view of it (so the hidden
 * ranks differ, the view is the same) give the same result for the same
 * seed; a fixed seed repeats; c defaults to ISMCTS_DEFAULT_C; the move is
 * legal; a kept tree carries over exactly the played move's statistics, and
 * never after a move whose outcome was hidden; plain MCTS refuses a game
 * with hidden information and IS-MCTS one without. */
#include "support.h"

#include "engine/rng.h"
#include "games/kotra/kotra.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/pimc.h"

#include <stdlib.h>
#include <string.h>

/* A random position `plies` decisions into a game with a player to move. */
static bool random_position(const struct test_game *t, int plies, uint64_t seed,
                            void *out) {
    const struct game *g = t->game;
    struct rng r;
    rng_seed(&r, seed);
    memset(out, 0, g->state_size);
    g->start(&t->variant, out);
    move_t moves[g->max_moves];
    for (int i = 0; i < plies; i++) {
        if (g->turn(&t->variant, out) == TURN_OVER) return false;
        int n = g->moves(&t->variant, out, moves);
        g->apply(&t->variant, out, moves[rng_below(&r, (uint32_t)n)]);
    }
    while (g->turn(&t->variant, out) == TURN_CHANCE) {
        int n = g->moves(&t->variant, out, moves);
        g->apply(&t->variant, out, moves[rng_below(&r, (uint32_t)n)]);
    }
    return g->turn(&t->variant, out) >= 0;
}

static void same_result(const struct mcts_result *a, const struct mcts_result *b) {
    assert_true(a->has_move && b->has_move);
    assert_true(a->move == b->move);
    assert_int_equal(a->root_count, b->root_count);
    for (int i = 0; i < a->root_count; i++) {
        assert_true(a->root_moves[i] == b->root_moves[i]);
        assert_int_equal(a->root_visits[i], b->root_visits[i]);
    }
    assert_int_equal(a->nodes, b->nodes);
}

static void assert_legal(const struct test_game *t, const void *s, move_t move) {
    move_t moves[t->game->max_moves];
    int n = t->game->moves(&t->variant, s, moves);
    bool found = false;
    for (int i = 0; i < n; i++) found |= moves[i] == move;
    assert_true(found);
}

static void test_view_only(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    int differing = 0;
    const int plies[] = {30, 60, 90, 140, 200};
    for (int k = 0; k < 5; k++) {
        unsigned char s1[GAME_MAX_STATE_BYTES], s2[GAME_MAX_STATE_BYTES];
        unsigned char v1[GAME_MAX_STATE_BYTES], v2[GAME_MAX_STATE_BYTES];
        if (!random_position(&t, plies[k], 11 + (uint64_t)k, s1)) continue;
        int me = g->turn(&t.variant, s1);
        memcpy(v1, s1, g->state_size);
        g->view(&t.variant, v1, me);
        struct rng r;
        rng_seed(&r, 99 + (uint64_t)k);
        g->determinize(&t.variant, v1, me, rng_next_ctx, &r, s2);
        memcpy(v2, s2, g->state_size);
        g->view(&t.variant, v2, me);
        assert_memory_equal(v1, v2, g->state_size); /* the game's promise */
        differing += memcmp(s1, s2, g->state_size) != 0;

        char err[GAME_ERROR_BYTES];
        struct mcts_limits limits = {.iterations = 150, .threads = 1, .seed = 5};
        assert_int_equal(ismcts_search(g, &t.variant, s1, &limits, a, err), 0);
        assert_int_equal(ismcts_search(g, &t.variant, s2, &limits, b, err), 0);
        same_result(a, b);
        assert_int_equal(a->iterations, 150);
        assert_legal(&t, s1, a->move);
        assert_legal(&t, s2, a->move);

        struct pimc_limits pl = {.worlds = 3, .world = limits};
        pl.world.iterations = 40;
        assert_int_equal(pimc_search(g, &t.variant, s1, &pl, a, err), 0);
        assert_int_equal(pimc_search(g, &t.variant, s2, &pl, b, err), 0);
        same_result(a, b);
        assert_legal(&t, s1, a->move);
    }
    /* The worlds really hid something, or the test would prove nothing. */
    assert_true(differing >= 3);
    free(a);
    free(b);
}

static void test_repeatable(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES];
    assert_true(random_position(&t, 70, 3, s));
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[GAME_ERROR_BYTES];
    struct mcts_limits limits = {.iterations = 200, .threads = 1, .seed = 8};
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, a, err), 0);
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, b, err), 0);
    same_result(a, b);
    long total = 0;
    for (int i = 0; i < a->root_count; i++) total += a->root_visits[i];
    assert_int_equal(total, 200); /* every iteration passes one root move */
    /* c left at 0 means ISMCTS_DEFAULT_C, not plain MCTS's 1.4. */
    limits.c = ISMCTS_DEFAULT_C;
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, b, err), 0);
    same_result(a, b);
    limits.c = 1.4;
    assert_int_equal(ismcts_search(t.game, &t.variant, s, &limits, b, err), 0);
    bool differs = a->nodes != b->nodes;
    for (int i = 0; i < a->root_count && i < b->root_count; i++)
        differs |= a->root_visits[i] != b->root_visits[i];
    assert_true(differs);
    free(a);
    free(b);
}

/* Index of `move` among the root moves of `r`, or -1. */
static int root_index(const struct mcts_result *r, move_t move) {
    for (int i = 0; i < r->root_count; i++)
        if (r->root_moves[i] == move) return i;
    return -1;
}

/* A kept tree: after the searcher's own move that reveals nothing (a pick),
 * the next search starts with exactly the visits the played root move had;
 * the whole sequence repeats on a fixed seed; an opponent to move, another
 * variant, or a new game start anew. */
static void test_keep(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[GAME_ERROR_BYTES];
    int checked = 0;
    for (uint64_t seed = 1; seed < 40 && checked < 3; seed++) {
        unsigned char s[GAME_MAX_STATE_BYTES];
        if (!random_position(&t, 60 + 7 * (int)seed, seed, s)) continue;
        move_t moves[KOTRA_MAX_MOVES];
        int n = g->moves(&t.variant, s, moves);
        if (kotra_move_kind(moves[0]) != MV_PICK) continue; /* want a pick */
        (void)n;
        struct ismcts_keep *keep = ismcts_keep_new(), *again = ismcts_keep_new();
        struct mcts_limits limits = {.iterations = 300, .threads = 1, .seed = seed};
        assert_int_equal(ismcts_search_kept(g, &t.variant, s, &limits, keep, a, err), 0);
        assert_int_equal(ismcts_keep_reused(keep), 0); /* nothing to keep yet */
        assert_int_equal(ismcts_search_kept(g, &t.variant, s, &limits, again, b, err), 0);
        same_result(a, b);
        if (kotra_move_kind(a->move) != MV_PICK) { /* "done": the turn passes */
            ismcts_keep_free(keep), ismcts_keep_free(again);
            continue;
        }
        int i = root_index(a, a->move);
        assert_true(i >= 0 && a->root_visits[i] > 0);
        long played = a->root_visits[i];
        g->apply(&t.variant, s, a->move); /* now choose the destination */
        limits.seed++;
        assert_int_equal(ismcts_search_kept(g, &t.variant, s, &limits, keep, a, err), 0);
        assert_int_equal(ismcts_keep_reused(keep), played);
        assert_int_equal(a->iterations, 300);
        long total = 0;
        for (int k = 0; k < a->root_count; k++) total += a->root_visits[k];
        assert_int_equal(total, 300 + played - 1); /* the old root's own visit */
        assert_legal(&t, s, a->move);
        /* The same sequence with another keep repeats exactly. */
        assert_int_equal(ismcts_search_kept(g, &t.variant, s, &limits, again, b, err), 0);
        same_result(a, b);
        /* Another variant starts anew. */
        struct test_game other = test_game_make("kotra", "turns=150");
        assert_int_equal(ismcts_search_kept(g, &other.variant, s, &limits, keep, a, err),
                         0);
        assert_int_equal(ismcts_keep_reused(keep), 0);
        /* So does the start of another game. */
        unsigned char fresh[GAME_MAX_STATE_BYTES];
        g->start(&t.variant, fresh);
        assert_int_equal(ismcts_search_kept(g, &t.variant, fresh, &limits, keep, a, err),
                         0);
        assert_int_equal(ismcts_keep_reused(keep), 0);
        ismcts_keep_free(keep);
        ismcts_keep_free(again);
        checked++;
        if (checked > 1) continue;
        /* Two root-parallel trees: each continues its own child. */
        struct ismcts_keep *two = ismcts_keep_new();
        struct kotra_state pick;
        assert_true(random_position(&t, 60 + 7 * (int)seed, seed, &pick));
        struct mcts_limits parallel = {.iterations = 200, .threads = 2, .seed = seed};
        assert_int_equal(ismcts_search_kept(g, &t.variant, &pick, &parallel, two, a, err),
                         0);
        if (kotra_move_kind(a->move) == MV_PICK) {
            i = root_index(a, a->move);
            played = a->root_visits[i];
            g->apply(&t.variant, &pick, a->move);
            assert_int_equal(
                ismcts_search_kept(g, &t.variant, &pick, &parallel, two, a, err), 0);
            assert_true(ismcts_keep_reused(two) > 0);
            assert_true(ismcts_keep_reused(two) <= played);
            assert_legal(&t, &pick, a->move);
        }
        ismcts_keep_free(two);
    }
    assert_int_equal(checked, 3);
    free(a);
    free(b);
}

/* An attack on an enemy piece of unknown rank: its outcome (and the rank it
 * reveals) differs between worlds, so whatever world the game is really in,
 * the search after it must not start from that root move's statistics
 * (they mix the attack's outcomes). Checked in many worlds drawn from the
 * view, so that some of them agree with whichever world the search saw
 * first. */
static void test_keep_not_after_hidden(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct mcts_result *a = malloc(sizeof *a);
    char err[GAME_ERROR_BYTES];
    int checked = 0;
    for (uint64_t seed = 1; seed < 400 && checked < 2; seed++) {
        struct kotra_state s, view, world;
        if (!random_position(&t, 80 + (int)(seed % 60), seed, &s)) continue;
        if (s.phase != PHASE_DEST) continue;
        move_t moves[KOTRA_MAX_MOVES], attack = 0;
        int n = g->moves(&t.variant, &s, moves);
        for (int i = 0; i < n; i++) {
            int to = kotra_move_b(moves[i]);
            if (kotra_move_kind(moves[i]) == MV_ATTACK && !(s.flags[to] & KF_REVEALED))
                attack = moves[i];
        }
        if (!attack) continue;
        int me = g->turn(&t.variant, &s);
        view = s;
        g->view(&t.variant, &view, me);
        struct mcts_limits limits = {.iterations = 600, .threads = 1, .seed = seed};
        struct mcts_limits little = {.iterations = 10, .threads = 1, .seed = seed};
        struct rng r;
        rng_seed(&r, seed);
        int tried = 0;
        for (int w = 0; w < 24; w++) {
            struct ismcts_keep *keep = ismcts_keep_new();
            assert_int_equal(ismcts_search_kept(g, &t.variant, &s, &limits, keep, a, err),
                             0);
            int i = root_index(a, attack);
            assert_true(i >= 0);
            g->determinize(&t.variant, &view, me, rng_next_ctx, &r, &world);
            g->apply(&t.variant, &world, attack);
            if (a->root_visits[i] >= 20 && g->turn(&t.variant, &world) == me) {
                assert_int_equal(
                    ismcts_search_kept(g, &t.variant, &world, &little, keep, a, err), 0);
                assert_int_equal(ismcts_keep_reused(keep), 0);
                tried++;
            }
            ismcts_keep_free(keep);
        }
        checked += tried >= 12;
    }
    assert_int_equal(checked, 2);
    free(a);
}

/* Playouts are cut at ISMCTS_CUT_PLAYOUT plies by default (Kotra has an
 * evaluation) and a cut playout is scored by the evaluation: with one-ply
 * playouts and a lead of 40 points, nearly every playout is scored a win for
 * the leader (scored as draws they would give a value near 0). */
static void test_cut_playouts(void **state) {
    (void)state;
    struct test_game t = test_game_make("kotra", NULL);
    const struct game *g = t.game;
    struct kotra_state s;
    assert_true(random_position(&t, 120, 17, &s));
    int me = g->turn(&t.variant, &s);
    struct mcts_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[GAME_ERROR_BYTES];
    struct mcts_limits limits = {.iterations = 300, .threads = 1, .seed = 4};
    assert_int_equal(ismcts_search(g, &t.variant, &s, &limits, a, err), 0);
    assert_true(a->playout_plies > 0);
    assert_true(a->playout_plies <= (uint64_t)ISMCTS_CUT_PLAYOUT * 300);
    limits.max_playout = 1000;
    assert_int_equal(ismcts_search(g, &t.variant, &s, &limits, b, err), 0);
    assert_true(b->playout_plies > a->playout_plies); /* the cut was the default */

    limits.max_playout = 1;
    for (int leader = 0; leader < 2; leader++) {
        struct kotra_state lead = s;
        lead.bonus[leader] = (int16_t)(lead.bonus[leader] + 40);
        assert_int_equal(ismcts_search(g, &t.variant, &lead, &limits, a, err), 0);
        assert_int_equal(ismcts_search(g, &t.variant, &lead, &limits, b, err), 0);
        same_result(a, b); /* and repeatable on the seed */
        if (leader == me)
            assert_true(a->value > 0.9);
        else
            assert_true(a->value < -0.9);
    }
    free(a);
    free(b);
}

static void test_refusals(void **state) {
    (void)state;
    struct test_game kotra = test_game_make("kotra", NULL);
    struct test_game kulibrat = test_game_make("kulibrat", NULL);
    unsigned char s[GAME_MAX_STATE_BYTES] = {0};
    struct mcts_result *res = malloc(sizeof *res);
    char err[GAME_ERROR_BYTES];
    struct mcts_limits limits = {.iterations = 10, .threads = 1};
    kotra.game->start(&kotra.variant, s);
    assert_int_equal(mcts_search(kotra.game, &kotra.variant, s, &limits, res, err), -1);
    assert_non_null(strstr(err, "hidden"));
    kulibrat.game->start(&kulibrat.variant, s);
    assert_int_equal(
        ismcts_search(kulibrat.game, &kulibrat.variant, s, &limits, res, err), -1);
    free(res);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_only),
        cmocka_unit_test(test_repeatable),
        cmocka_unit_test(test_cut_playouts),
        cmocka_unit_test(test_keep),
        cmocka_unit_test(test_keep_not_after_hidden),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
