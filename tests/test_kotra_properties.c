/* Property tests on random Kotra games: notation round trips of positions and
 * views, every listed move prints, parses back and applies to a valid
 * position, pieces conserved across board, trays, reserves and destroyed
 * mines, chance odds sum to one, a view never shows an unrevealed enemy
 * rank, determinizations always agree with the view they came from, and
 * every piece's moves agree with a reference walk written in the test, as
 * does whether a player can move at all. */
#include "engine/rng.h"
#include "games/kotra/kotra.h"
#include "support.h"

#include <string.h>

enum { GAMES = 120, MAX_PLIES = 3000 };

static void round_trip(const struct test_game *t, const struct kotra_state *s) {
    char text[KOTRA_TEXT_BYTES], again[KOTRA_TEXT_BYTES], err[GAME_ERROR_BYTES];
    struct kotra_state back;
    memset(&back, 0xAB, sizeof back);
    t->game->format_position(&t->variant, s, text, sizeof text);
    if (t->game->parse_position(&t->variant, text, &back, err) != 0)
        fail_msg("printed position '%s' refused: %s", text, err);
    t->game->format_position(&t->variant, &back, again, sizeof again);
    if (strcmp(text, again) != 0) fail_msg("'%s' prints back as '%s'", text, again);
    if (memcmp(&back, s, sizeof back) != 0) fail_msg("'%s' does not round-trip", text);
}

/* Pieces of player p: on the board, captured by the enemy, in reserve,
 * destroyed; before his setup is finished, the unplaced ones too. */
static void check_conservation(const struct kotra_state *s) {
    for (int p = 0; p < 2; p++) {
        int n = s->destroyed[p];
        for (int sp = 0; sp < KOTRA_SPACES; sp++)
            n += s->cell[sp] && kotra_owner(s->cell[sp]) == p;
        for (int i = 0; i < KOTRA_PIECES; i++) n += s->tray[1 - p][i] != 0;
        for (int i = 0; i < KOTRA_RESERVE; i++) n += s->reserve[p][i] != 0;
        int setting_up = s->phase == PHASE_SETUP && (s->side == p || p == KOTRA_SILVER);
        if (setting_up)
            assert_true(n <= KOTRA_ON_BOARD);
        else
            assert_int_equal(n, KOTRA_PIECES);
    }
}

/* Ranks at setup of player p's pieces, in a full state. */
static void setup_ranks(const struct kotra_state *s, int p, int count[RANK_KINDS]) {
    memset(count, 0, sizeof(int) * RANK_KINDS);
    count[RANK_MINE] += s->destroyed[p];
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        if (!s->cell[sp] || kotra_owner(s->cell[sp]) != p) continue;
        int r = kotra_rank_of(s->cell[sp]);
        assert_true(r >= RANK_AGENT && r < RANK_KINDS);
        count[kotra_mobile(r) ? r - (s->extra[sp] & KX_PROMO) : r]++;
    }
    for (int i = 0; i < KOTRA_PIECES && s->tray[1 - p][i]; i++)
        count[(s->tray[1 - p][i] & 15) - (s->tray[1 - p][i] >> 4)]++;
    for (int i = 0; i < KOTRA_RESERVE && s->reserve[p][i]; i++) count[s->reserve[p][i]]++;
}

static void check_hidden(const struct test_game *t, const struct kotra_state *s,
                         struct rng *rng) {
    for (int p = 0; p < 2; p++) {
        struct kotra_state view = *s, det, again;
        t->game->view(&t->variant, &view, p);
        round_trip(t, &view);
        /* The view shows own ranks and revealed enemy ranks only. */
        for (int sp = 0; sp < KOTRA_SPACES; sp++) {
            uint8_t c = s->cell[sp];
            if (!c) continue;
            if (kotra_owner(c) == p || (s->flags[sp] & KF_REVEALED))
                assert_int_equal(view.cell[sp], c);
            else
                assert_int_equal(kotra_rank_of(view.cell[sp]), RANK_UNKNOWN);
        }
        for (int i = 0; i < KOTRA_RESERVE; i++)
            if (s->reserve[1 - p][i])
                assert_int_equal(view.reserve[1 - p][i], RANK_UNKNOWN);
        /* A determinization is a full state that looks the same to p. */
        t->game->determinize(&t->variant, &view, p, rng_next_ctx, rng, &det);
        again = det;
        t->game->view(&t->variant, &again, p);
        if (memcmp(&again, &view, sizeof view) != 0) {
            char a[KOTRA_TEXT_BYTES], b[KOTRA_TEXT_BYTES];
            t->game->format_position(&t->variant, &view, a, sizeof a);
            t->game->format_position(&t->variant, &again, b, sizeof b);
            fail_msg("determinization changes the view:\n%s\n%s", a, b);
        }
        round_trip(t, &det);
        for (int sp = 0; sp < KOTRA_SPACES; sp++) {
            int r = kotra_rank_of(det.cell[sp]);
            if (!det.cell[sp]) continue;
            assert_true(r != RANK_UNKNOWN);
            if (det.flags[sp] & KF_MOVED) assert_true(kotra_mobile(r));
            if (det.extra[sp] & KX_ENTERED) assert_true(r != RANK_CAPITAL);
            /* Public facts: a piece that rescued unpromoted is no garresh;
             * a promoted piece was promoted once, from below the legate. */
            if ((det.flags[sp] & KF_RESCUER) && !(det.extra[sp] & KX_PROMO))
                assert_true(r != RANK_GARRESH);
            assert_true((det.extra[sp] & KX_PROMO) <= 1);
        }
        int setting_up = s->phase == PHASE_SETUP && (s->side == 1 - p || p == KOTRA_GOLD);
        if (!setting_up) {
            int want[RANK_KINDS], got[RANK_KINDS];
            setup_ranks(s, 1 - p, want);
            setup_ranks(&det, 1 - p, got);
            assert_memory_equal(want, got, sizeof want);
        }
    }
}

static void check_moves(const struct test_game *t, const struct kotra_state *s,
                        const move_t *moves, int count, int deep) {
    const struct game *g = t->game;
    test_moves_distinct(moves, count);
    for (int i = 0; i < count; i++) {
        test_move_reads_back(g, &t->variant, s, moves[i]);
        if (!deep) continue;
        struct kotra_state child = *s;
        g->apply(&t->variant, &child, moves[i]);
        round_trip(t, &child);
        check_conservation(&child);
    }
}

/* Reference movement, written from the rules text rather than the engine's
 * search: a depth-first walk over (space, steps left) marks open spaces
 * reached (1) and enemy pieces attacked (2). With `jumps`, a piece on a
 * door may also jump, free, to the other door of its pair (its mirror image
 * across the centre line) if that one is open. */
static void walk(const struct kotra_state *s, int me, int sp, int left, int jumps,
                 int8_t most[KOTRA_SPACES], uint8_t mark[KOTRA_SPACES]) {
    if (most[sp] >= left) return;
    most[sp] = (int8_t)left;
    int other = kotra_board[sp].mirror;
    if (jumps && kotra_board[sp].terrain == TERRAIN_DOOR && other >= 0 &&
        kotra_board[other].terrain == TERRAIN_DOOR && !s->cell[other]) {
        mark[other] = 1;
        walk(s, me, other, left, jumps, most, mark);
    }
    if (left < 1) return;
    for (int k = 0; k < kotra_board[sp].degree; k++) {
        int nb = kotra_board[sp].next[k];
        uint8_t c = s->cell[nb];
        if (!c) {
            mark[nb] = 1;
            walk(s, me, nb, left - 1, jumps, most, mark);
        } else if (kotra_owner(c) != me && kotra_shield(s->flags[nb]) == 0) {
            mark[nb] = 2;
        }
    }
}

/* In a pick decision: every own piece free to move is listed as a pick
 * exactly when it has somewhere to go, and its destination list (picked or
 * not) is the reference's. */
static void check_destinations(const struct test_game *t, const struct kotra_state *s,
                               const move_t *moves, int count) {
    const int me = s->side;
    for (int i = 0; i < count; i++) { /* and nothing else is listed as a pick */
        if (kotra_move_kind(moves[i]) != MV_PICK) continue;
        int sp = kotra_move_a(moves[i]);
        uint8_t c = s->cell[sp];
        assert_true(c && kotra_owner(c) == me && kotra_mobile(kotra_rank_of(c)));
        assert_true(!(s->extra[sp] & KX_TURN) && !kotra_stuck(s->flags[sp]));
    }
    for (int sp = 0; sp < KOTRA_SPACES; sp++) {
        uint8_t c = s->cell[sp];
        if (!c || kotra_owner(c) != me || !kotra_mobile(kotra_rank_of(c)) ||
            (s->extra[sp] & KX_TURN) || kotra_stuck(s->flags[sp]))
            continue;
        int left = s->light;
        switch (kotra_board[sp].terrain) {
        case TERRAIN_ATTACK: left += 3; break;
        case TERRAIN_ADVANCE: left += 1; break;
        case TERRAIN_RETREAT: left -= 1; break;
        default: break;
        }
        int8_t most[KOTRA_SPACES];
        uint8_t mark[KOTRA_SPACES] = {0}, walked[KOTRA_SPACES] = {0};
        /* Jump moves: destinations only a door jump reaches, and only for a
         * piece whose last two moves did not both jump. */
        memset(most, -1, sizeof most);
        walk(s, me, sp, left < 0 ? 0 : left, 0, most, walked);
        memset(most, -1, sizeof most);
        walk(s, me, sp, left < 0 ? 0 : left, kotra_jumps(s->extra[sp]) < 2, most, mark);
        mark[sp] = 0;
        int expected = 0;
        for (int i = 0; i < KOTRA_SPACES; i++) expected += mark[i] != 0;
        int listed = 0;
        for (int i = 0; i < count; i++) listed |= moves[i] == kotra_move(MV_PICK, sp, 0);
        assert_int_equal(listed, expected > 0);
        struct kotra_state dest = *s;
        dest.phase = PHASE_DEST;
        dest.picked = (uint8_t)sp;
        move_t got[KOTRA_MAX_MOVES];
        int n = t->game->moves(&t->variant, &dest, got);
        if (expected == 0) {
            assert_true(n == 1 && got[0] == GAME_MOVE_PASS);
            continue;
        }
        assert_int_equal(n, expected);
        for (int i = 0; i < n; i++) {
            int to = kotra_move_b(got[i]), kind = kotra_move_kind(got[i]);
            assert_int_equal(kotra_move_a(got[i]), sp);
            assert_int_equal(kind, mark[to] == 2 ? MV_ATTACK : MV_STEP);
            assert_true(mark[to] != 0);
            assert_int_equal((got[i] & KOTRA_MOVE_JUMP) != 0, walked[to] == 0);
        }
    }
}

/* kotra_can_move against the rules read directly: a reserve piece and a
 * free base, or a mobile piece with a neighbour that is not its own side's,
 * or on a door whose paired door is free, if it may still jump. */
static void check_can_move(const struct kotra_state *s) {
    for (int p = 0; p < 2; p++) {
        int base = kotra_space_of(p, TERRAIN_BASE);
        int expected = s->reserve[p][0] && base >= 0 && !s->cell[base];
        for (int sp = 0; sp < KOTRA_SPACES && !expected; sp++) {
            uint8_t c = s->cell[sp];
            if (!c || kotra_owner(c) != p || !kotra_mobile(kotra_rank_of(c))) continue;
            int pair = kotra_board[sp].mirror;
            expected = kotra_board[sp].terrain == TERRAIN_DOOR &&
                       kotra_jumps(s->extra[sp]) < 2 && !s->cell[pair];
            for (int k = 0; k < kotra_board[sp].degree; k++) {
                uint8_t other = s->cell[kotra_board[sp].next[k]];
                expected |= !other || kotra_owner(other) != p;
            }
        }
        assert_int_equal(kotra_can_move(s, p), expected);
    }
}

static int play_one(const struct test_game *t, struct rng *rng, int sensible) {
    const struct game *g = t->game;
    struct kotra_state s;
    g->start(&t->variant, &s);
    uint8_t plan[2][KOTRA_TERRITORY];
    kotra_setup_sensible(KOTRA_GOLD, rng_next_ctx, rng, plan[0]);
    kotra_setup_sensible(KOTRA_SILVER, rng_next_ctx, rng, plan[1]);
    for (int ply = 0; ply < MAX_PLIES; ply++) {
        round_trip(t, &s);
        check_conservation(&s);
        if (ply % 7 == 0) check_hidden(t, &s, rng);
        int turn = g->turn(&t->variant, &s);
        if (turn == TURN_OVER) {
            double r[GAME_MAX_PLAYERS];
            g->returns(&t->variant, &s, r);
            assert_true(r[0] == -r[1]);
            return s.over;
        }
        move_t moves[KOTRA_MAX_MOVES];
        int count = g->moves(&t->variant, &s, moves);
        assert_true(count >= 1 && count <= g->max_moves);
        check_moves(t, &s, moves, count, turn != TURN_CHANCE && ply % 5 == 0);
        if (s.phase == PHASE_PICK && ply % 2 == 0)
            check_destinations(t, &s, moves, count);
        if (ply % 3 == 0) check_can_move(&s);
        move_t m;
        if (turn == TURN_CHANCE) {
            double prob[KOTRA_MAX_MOVES], sum = 0;
            g->chance(&t->variant, &s, moves, count, prob);
            for (int i = 0; i < count; i++) sum += prob[i];
            assert_true(sum > 0.999999 && sum < 1.000001);
            m = moves[rng_below(rng, (uint32_t)count)];
        } else if (s.phase == PHASE_SETUP && sensible) {
            m = kotra_setup_move(&s, plan[s.side]);
            int found = 0;
            for (int i = 0; i < count; i++) found |= moves[i] == m;
            assert_true(found); /* the generator's plan is always legal */
        } else {
            /* Prefer moving to ending the turn, so games go somewhere. */
            m = moves[rng_below(rng, (uint32_t)count)];
            if (kotra_move_kind(m) == MV_DONE && rng_below(rng, 4))
                m = moves[rng_below(rng, (uint32_t)count)];
        }
        g->apply(&t->variant, &s, m);
    }
    fail_msg("game did not end within %d plies", MAX_PLIES);
    return 0;
}

static void test_random_games(void **unused) {
    struct test_game t = test_game_make("kotra", "turns=120");
    struct rng rng;
    rng_seed(&rng, 2024);
    int ended[4] = {0};
    for (int i = 0; i < GAMES; i++) ended[play_one(&t, &rng, i % 4 != 0)]++;
    print_message("ends: capital %d, surrender %d, turn limit %d\n", ended[OVER_CAPITAL],
                  ended[OVER_SURRENDER], ended[OVER_LIMIT]);
    /* Random play reaches the capital now and then. */
    assert_true(ended[OVER_CAPITAL] > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_games)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
