/* The bitboard rules of kulibrat_inline.h against a plain row-and-column
 * generator written here (the first version of the rules), on random boards:
 * the same moves in the same order, counts, "can move", turn, evaluation as
 * a straightforward loop, and the playout step as a random pick from the
 * list. */
#include "engine/rng.h"
#include "games/kulibrat/kulibrat_inline.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

enum { BOARDS = 200000 };

/* Reference: walk rows and columns square by square. */
static int reference_moves(const struct kulibrat_state *s, int player, move_t *out) {
    const unsigned own = s->pieces[player], enemy = s->pieces[1 - player];
    const unsigned occupied = own | enemy;
    const int dir = player == KULIBRAT_BLACK ? 1 : -1;
    const int goal_row = player == KULIBRAT_BLACK ? KULIBRAT_ROWS - 1 : 0;
    int n = 0;
    if (__builtin_popcount(own) < KULIBRAT_PIECES) {
        int first = (player == KULIBRAT_BLACK ? 0 : KULIBRAT_ROWS - 1) * KULIBRAT_COLS;
        for (int sq = first; sq < first + KULIBRAT_COLS; sq++)
            if (!(occupied & (1u << sq)))
                out[n++] = kulibrat_move(KULIBRAT_INSERT, sq, sq);
    }
    for (int from = 0; from < KULIBRAT_SQUARES; from++) {
        if (!(own & (1u << from))) continue;
        int row = from / KULIBRAT_COLS, col = from % KULIBRAT_COLS;
        if (row == goal_row) {
            out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, KULIBRAT_OFF);
            continue;
        }
        int next = row + dir;
        for (int dc = -1; dc <= 1; dc += 2) {
            int c = col + dc;
            if (c < 0 || c >= KULIBRAT_COLS) continue;
            int to = next * KULIBRAT_COLS + c;
            if (!(occupied & (1u << to)))
                out[n++] = kulibrat_move(KULIBRAT_DIAGONAL, from, to);
        }
        int ahead = next * KULIBRAT_COLS + col;
        if (!(enemy & (1u << ahead))) continue;
        out[n++] = kulibrat_move(KULIBRAT_ATTACK, from, ahead);
        int r = next;
        while (r >= 0 && r < KULIBRAT_ROWS && (enemy & (1u << (r * KULIBRAT_COLS + col))))
            r += dir;
        if (r < 0 || r >= KULIBRAT_ROWS)
            out[n++] = kulibrat_move(KULIBRAT_JUMP, from, KULIBRAT_OFF);
        else if (!(occupied & (1u << (r * KULIBRAT_COLS + col))))
            out[n++] = kulibrat_move(KULIBRAT_JUMP, from, r * KULIBRAT_COLS + col);
    }
    return n;
}

static int reference_evaluate(const struct kulibrat_state *s, int target, int player) {
    int value = 0;
    for (int p = 0; p < 2; p++) {
        int advance = 0;
        for (int sq = 0; sq < KULIBRAT_SQUARES; sq++) {
            if (!(s->pieces[p] & (1u << sq))) continue;
            int row = sq / KULIBRAT_COLS;
            advance += 1 + (p == KULIBRAT_BLACK ? row : KULIBRAT_ROWS - 1 - row);
        }
        value += (p == player ? 1 : -1) * (s->score[p] * 6000 / target + advance * 40);
    }
    return value > GAME_EVAL_MAX    ? GAME_EVAL_MAX
           : value < -GAME_EVAL_MAX ? -GAME_EVAL_MAX
                                    : value;
}

/* A random board: up to four pieces a side on distinct squares (every side
 * full on half the boards, where passes and locks happen), random scores up
 * to the target, random side. */
static void random_board(struct rng *r, int target, struct kulibrat_state *s) {
    memset(s, 0, sizeof *s);
    const bool full = rng_below(r, 2);
    for (int p = 0; p < 2; p++) {
        int pieces = full ? KULIBRAT_PIECES : (int)rng_below(r, KULIBRAT_PIECES + 1);
        while (pieces > 0) {
            int sq = (int)rng_below(r, KULIBRAT_SQUARES);
            if ((s->pieces[0] | s->pieces[1]) & (1u << sq)) continue;
            s->pieces[p] |= (uint16_t)(1u << sq);
            pieces--;
        }
        s->score[p] = (uint8_t)rng_below(r, (uint32_t)target + 1);
    }
    s->side = (uint8_t)rng_below(r, 2);
}

static void test_popcount_table(void **unused) {
    for (unsigned b = 0; b < 1u << KULIBRAT_SQUARES; b++)
        assert_int_equal(kulibrat_popcount(b), __builtin_popcount(b));
}

static void test_fast_rules_match_reference(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kulibrat", "target=3");
    struct rng r;
    rng_seed(&r, 7);
    long passes = 0, locks = 0, jumps = 0;
    for (int b = 0; b < BOARDS; b++) {
        struct kulibrat_state s;
        random_board(&r, 3, &s);
        move_t fast[KULIBRAT_MAX_MOVES], slow[KULIBRAT_MAX_MOVES];
        for (int p = 0; p < 2; p++) {
            int n = kulibrat_generate(&s, p, fast);
            int m = reference_moves(&s, p, slow);
            assert_int_equal(n, m);
            assert_memory_equal(fast, slow, sizeof(move_t) * (size_t)n);
            assert_int_equal(kulibrat_count_moves(&s, p), n);
            assert_int_equal(kulibrat_can_move(&s, p), n > 0);
            for (int i = 0; i < n; i++)
                jumps += kulibrat_move_kind(fast[i]) == KULIBRAT_JUMP;
        }
        /* The contract's view: moves, bulk count and turn agree. */
        int count = kulibrat_moves(&t.variant, &s, fast);
        assert_int_equal(kulibrat_count(&t.variant, &s), count);
        int turn = kulibrat_turn(&t.variant, &s);
        assert_int_equal(turn == TURN_OVER, count == 0);
        if (count == 1 && fast[0] == GAME_MOVE_PASS) passes++;
        if (count == 0 && s.score[0] < 3 && s.score[1] < 3) locks++;
        for (int p = 0; p < 2; p++)
            assert_int_equal(kulibrat_evaluate(&t.variant, &s, p),
                             reference_evaluate(&s, 3, p));
    }
    /* The random boards must reach the rare rules too. */
    assert_true(passes > 0 && locks > 0 && jumps > 0);
}

/* The evaluation at every target (it divides by the target with a
 * reciprocal table), on random boards with scores up to the target. */
static void test_evaluate_every_target(void **unused) {
    (void)unused;
    struct rng r;
    rng_seed(&r, 9);
    for (int target = 1; target <= KULIBRAT_MAX_TARGET; target++) {
        char text[32];
        snprintf(text, sizeof text, "target=%d", target);
        struct test_game t = test_game_make("kulibrat", text);
        for (int b = 0; b < 200; b++) {
            struct kulibrat_state s;
            random_board(&r, target, &s);
            for (int p = 0; p < 2; p++)
                assert_int_equal(kulibrat_evaluate(&t.variant, &s, p),
                                 reference_evaluate(&s, target, p));
        }
    }
}

/* The playouts' random move (kulibrat_random_move_as) against a pick from
 * the reference list: on random boards (multi-piece jumps and jumps off the
 * board included), with several seeds so that every index gets drawn, the
 * same position after the move, the same random numbers used, and a pass or
 * a lock exactly where the list says so. */
static void test_random_move_matches_list(void **unused) {
    (void)unused;
    struct rng r;
    rng_seed(&r, 8);
    long kinds[KULIBRAT_JUMP + 1] = {0}, offs = 0, passes = 0, locks = 0;
    for (int b = 0; b < BOARDS / 4; b++) {
        struct kulibrat_state s;
        random_board(&r, 250, &s);
        move_t list[KULIBRAT_MAX_MOVES];
        const int me = s.side;
        const int n = reference_moves(&s, me, list);
        for (int seed = 0; seed < 2 * KULIBRAT_MAX_MOVES; seed++) {
            struct rng ra, rb;
            rng_seed(&ra, (uint64_t)(b * 64 + seed));
            rb = ra;
            struct kulibrat_state fast = s, slow = s;
            bool moved = me == KULIBRAT_BLACK
                             ? kulibrat_random_move_as(&fast, &ra, KULIBRAT_BLACK)
                             : kulibrat_random_move_as(&fast, &ra, KULIBRAT_RED);
            if (n > 0) {
                move_t m = list[rng_below(&rb, (uint32_t)n)];
                slow.side = (uint8_t)(1 - me);
                const int from = kulibrat_move_from(m), to = kulibrat_move_to(m);
                if (kulibrat_move_kind(m) != KULIBRAT_INSERT)
                    slow.pieces[me] ^= 1u << from;
                if (kulibrat_move_kind(m) == KULIBRAT_ATTACK)
                    slow.pieces[1 - me] ^= 1u << to;
                if (to == KULIBRAT_OFF)
                    slow.score[me]++, offs++;
                else
                    slow.pieces[me] |= 1u << to;
                kinds[kulibrat_move_kind(m)]++;
                assert_true(moved);
            } else if (reference_moves(&s, 1 - me, list) > 0) {
                rng_below(&rb, 1); /* K6: the pass is the one move */
                slow.side = (uint8_t)(1 - me);
                assert_true(moved);
                passes++;
            } else {
                assert_false(moved); /* K7 */
                locks++;
            }
            assert_memory_equal(&fast, &slow, sizeof fast);
            assert_memory_equal(&ra, &rb, sizeof ra);
        }
    }
    for (int k = KULIBRAT_INSERT; k <= KULIBRAT_JUMP; k++) assert_true(kinds[k] > 0);
    assert_true(offs > 0 && passes > 0 && locks > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_popcount_table),
        cmocka_unit_test(test_fast_rules_match_reference),
        cmocka_unit_test(test_random_move_matches_list),
        cmocka_unit_test(test_evaluate_every_target),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
