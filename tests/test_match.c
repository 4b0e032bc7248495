/* The match (play/match.h): errors, undo and redo, seeded chance, the end by
 * repetition, the record round trip and simultaneous choices kept apart. */
#include "play/match.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* A random legal move of whoever must act (the lowest waiting seat). */
static move_t random_move(const struct match *m, int *seat, unsigned *x) {
    const struct game *g = match_game(m);
    unsigned waiting = match_waiting(m);
    *seat = 0;
    while (!(waiting & (1u << *seat))) (*seat)++;
    move_t moves[g->max_moves];
    int n = match_moves(m, *seat, moves);
    assert_true(n > 0);
    *x = *x * 1103515245u + 12345u;
    return moves[(*x >> 8) % (unsigned)n];
}

static void play_randomly(struct match *m, int plies, unsigned x) {
    for (int i = 0; i < plies && !match_over(m); i++) {
        int seat;
        move_t mv = random_move(m, &seat, &x);
        assert_int_equal(match_apply(m, seat, mv), MATCH_OK);
    }
}

/* Errors: another seat's turn, an illegal move, the game over; nothing
 * changes. */
static void errors_change_nothing(void **unused) {
    struct test_game t = test_game_make("kulibrat", NULL);
    struct match *m = match_new(t.game, &t.variant, NULL, 1);
    assert_non_null(m);
    int turn = match_turn(m);
    move_t moves[t.game->max_moves];
    int n = match_moves(m, turn, moves);
    assert_true(n > 0);
    assert_int_equal(match_moves(m, 1 - turn, moves + n), 0);
    assert_int_equal(match_apply(m, 1 - turn, moves[0]), MATCH_NOT_YOUR_TURN);
    assert_int_equal(match_apply(m, turn, UINT64_C(0x7777777777)), MATCH_ILLEGAL);
    assert_int_equal(match_apply(m, 7, moves[0]), MATCH_BAD_SEAT);
    assert_int_equal(match_ply(m), 0);
    assert_int_equal(match_resign(m, turn), MATCH_OK);
    assert_true(match_over(m));
    double r[GAME_MAX_PLAYERS];
    match_returns(m, r);
    assert_true(r[turn] == -1 && r[1 - turn] == 1);
    assert_non_null(strstr(match_reason(m), "resigned"));
    assert_int_equal(match_apply(m, turn, moves[0]), MATCH_OVER);
    assert_int_equal(match_turn(m), TURN_OVER);
    match_free(m);
}

/* Undo takes a player's step back with the chance after it; redo and playing
 * the same move again draw the same outcome (chance comes from the seed and
 * the step number); two matches with one seed play alike. */
static void undo_redo_and_chance(void **unused) {
    struct test_game t = test_game_make("kauda-baji", NULL);
    struct match *a = match_new(t.game, &t.variant, NULL, 42);
    struct match *b = match_new(t.game, &t.variant, NULL, 42);
    play_randomly(a, 30, 7);
    play_randomly(b, 30, 7);
    assert_int_equal(match_ply(a), match_ply(b));
    assert_memory_equal(match_state(a), match_state(b), t.game->state_size);
    assert_false(match_over(a));
    unsigned char before[GAME_MAX_STATE_BYTES], after[GAME_MAX_STATE_BYTES];
    memcpy(before, match_state(a), t.game->state_size);
    int ply = match_ply(a), seat;
    unsigned x = 99;
    move_t mv = random_move(a, &seat, &x);
    assert_int_equal(match_apply(a, seat, mv), MATCH_OK);
    memcpy(after, match_state(a), t.game->state_size);
    int ply_after = match_ply(a);
    assert_int_equal(match_undo(a), MATCH_OK);
    assert_int_equal(match_ply(a), ply);
    assert_memory_equal(match_state(a), before, t.game->state_size);
    assert_int_equal(match_redo(a), MATCH_OK);
    assert_int_equal(match_ply(a), ply_after);
    assert_memory_equal(match_state(a), after, t.game->state_size);
    assert_int_equal(match_redo(a), MATCH_NOTHING);
    assert_int_equal(match_undo(a), MATCH_OK);
    assert_int_equal(match_apply(a, seat, mv), MATCH_OK);
    assert_memory_equal(match_state(a), after, t.game->state_size);
    /* Back to the start: nothing more to undo. */
    while (match_undo(a) == MATCH_OK) {
    }
    struct match *fresh = match_new(t.game, &t.variant, NULL, 42);
    assert_int_equal(match_ply(a), match_ply(fresh));
    assert_memory_equal(match_state(a), match_state(fresh), t.game->state_size);
    match_free(fresh);
    match_free(a);
    match_free(b);
}

/* A cycle of four moves found from a sparse Kerx position, played twice:
 * the position occurs a third time and the match is drawn by repetition
 * (and not a move earlier). */
static void repetition_draws(void **unused) {
    struct test_game t = test_game_make("kerx", NULL);
    const struct game *g = t.game;
    const struct variant *v = &t.variant;
    unsigned char s0[GAME_MAX_STATE_BYTES] = {0}, s[4][GAME_MAX_STATE_BYTES];
    test_parse(&t, "wwww/5/6/7/6/5/bbbb w", s0);
    move_t cycle[4], m1[g->max_moves], m2[g->max_moves], m3[g->max_moves],
        m4[g->max_moves];
    bool found = false;
    int n1 = g->moves(v, s0, m1);
    for (int a = 0; a < n1 && !found; a++) {
        memcpy(s[0], s0, g->state_size), g->apply(v, s[0], m1[a]);
        int n2 = g->moves(v, s[0], m2);
        for (int b = 0; b < n2 && !found; b++) {
            memcpy(s[1], s[0], g->state_size), g->apply(v, s[1], m2[b]);
            int n3 = g->moves(v, s[1], m3);
            for (int c = 0; c < n3 && !found; c++) {
                memcpy(s[2], s[1], g->state_size), g->apply(v, s[2], m3[c]);
                int n4 = g->moves(v, s[2], m4);
                for (int d = 0; d < n4 && !found; d++) {
                    memcpy(s[3], s[2], g->state_size), g->apply(v, s[3], m4[d]);
                    if (memcmp(s[3], s0, g->state_size) == 0) {
                        cycle[0] = m1[a], cycle[1] = m2[b], cycle[2] = m3[c],
                        cycle[3] = m4[d];
                        found = true;
                    }
                }
            }
        }
    }
    assert_true(found);
    struct match *m = match_new(g, v, s0, 1);
    for (int i = 0; i < 8; i++) {
        assert_false(match_over(m));
        assert_int_equal(match_apply(m, match_turn(m), cycle[i % 4]), MATCH_OK);
    }
    assert_true(match_over(m));
    assert_string_equal(match_reason(m), "repetition");
    double r[GAME_MAX_PLAYERS];
    match_returns(m, r);
    assert_true(r[0] == 0 && r[1] == 0);
    /* Undo reopens the game; the record says why it ended. */
    struct game_record rec = match_record(m);
    assert_true(rec.ended);
    assert_string_equal(rec.reason, "repetition");
    assert_int_equal(match_undo(m), MATCH_OK);
    assert_false(match_over(m));
    match_free(m);
}

/* A record replays into an equal match: state, ply, every seat's lines;
 * a record with an illegal step is refused naming it. */
static void record_round_trip(void **unused) {
    const char *games[] = {"kotra", "kodrek", "kauda-baji", "kulibrat"};
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        struct test_game t = test_game_make(games[k], NULL);
        struct match *m = match_new(t.game, &t.variant, NULL, 5);
        match_set_seat(m, 0, "human");
        play_randomly(m, 80, 3);
        struct game_record rec = match_record(m);
        char err[GAME_ERROR_BYTES];
        struct match *copy = match_from_record(&rec, err);
        assert_non_null(copy);
        assert_int_equal(match_ply(copy), match_ply(m));
        assert_memory_equal(match_state(copy), match_state(m), t.game->state_size);
        assert_string_equal(match_seat(copy, 0), "human");
        for (int seat = MATCH_ALL_SEATS; seat < match_players(m); seat++)
            for (int i = 0; i < match_ply(m); i++)
                assert_string_equal(match_line(copy, seat, i), match_line(m, seat, i));
        match_free(copy);
        /* A record cut just before a chance outcome: the match draws it. */
        for (int cut = rec.count - 1; cut > 0; cut--) {
            if (rec.steps[cut].turn != TURN_CHANCE) continue;
            struct game_record part = rec;
            part.count = cut;
            part.ended = false;
            struct match *cont = match_from_record(&part, err);
            assert_non_null(cont);
            assert_true(match_ply(cont) > cut);
            assert_true(match_turn(cont) != TURN_CHANCE);
            match_free(cont);
            break;
        }
        if (rec.count > 1) {
            struct record_step keep = rec.steps[rec.count - 1];
            rec.steps[rec.count - 1].move ^= UINT64_C(0x5555555555);
            rec.steps[rec.count - 1].choice[0] ^= UINT64_C(0x5555555555);
            assert_null(match_from_record(&rec, err));
            assert_non_null(strstr(err, "step"));
            rec.steps[rec.count - 1] = keep;
        }
        match_free(m);
    }
}

/* Kodrek: a seat's choice stays inside the match until all have chosen;
 * the others can neither see it nor choose twice. */
static void simultaneous_choices(void **unused) {
    struct test_game t = test_game_make("kodrek", NULL);
    struct match *m = match_new(t.game, &t.variant, NULL, 1);
    assert_int_equal(match_turn(m), TURN_SIMULTANEOUS);
    unsigned acting = match_waiting(m);
    assert_true(acting != 0);
    int first = 0;
    while (!(acting & (1u << first))) first++;
    move_t options[t.game->max_moves];
    int n = match_moves(m, first, options);
    assert_true(n > 0);
    assert_int_equal(match_apply(m, first, options[n - 1]), MATCH_OK);
    assert_int_equal(match_ply(m), 0);
    assert_int_equal(match_chosen(m), 1u << first);
    assert_int_equal(match_apply(m, first, options[0]), MATCH_NOT_YOUR_TURN);
    assert_int_equal(match_moves(m, first, options), 0);
    /* Undo takes the choices made at the node back. */
    assert_int_equal(match_undo(m), MATCH_OK);
    assert_int_equal(match_chosen(m), 0);
    for (int p = 0; p < match_players(m); p++)
        if (acting & (1u << p)) {
            n = match_moves(m, p, options);
            assert_int_equal(match_apply(m, p, options[0]), MATCH_OK);
        }
    assert_int_equal(match_ply(m), 1);
    assert_non_null(strstr(match_line(m, 0, 0), "reveal:"));
    match_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(errors_change_nothing), cmocka_unit_test(undo_redo_and_chance),
        cmocka_unit_test(repetition_draws),      cmocka_unit_test(record_round_trip),
        cmocka_unit_test(simultaneous_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
