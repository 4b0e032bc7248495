/* Focused tests of every Kotra rule (RULES.md), on small positions built
 * piece by piece. */
#include "engine/rng.h"
#include "games/kotra/kotra.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

static struct test_game T;

static int at(const char *name) {
    int sp = kotra_space_find(name);
    if (sp < 0) fail_msg("no space '%s'", name);
    return sp;
}

/* An empty board in the middle of `side`'s turn, pick phase. */
static struct kotra_state turn_of(int side, int dark, int light) {
    struct kotra_state s;
    memset(&s, 0, sizeof s);
    s.side = (uint8_t)side;
    s.phase = PHASE_PICK;
    s.dark = (uint8_t)dark;
    s.light = (uint8_t)light;
    s.left = (uint8_t)dark;
    s.picked = KOTRA_NO_SPACE;
    s.turns = 10;
    return s;
}

static void put(struct kotra_state *s, const char *name, int owner, int rank) {
    s->cell[at(name)] = kotra_cell(owner, rank);
}

static void moves_text(const struct kotra_state *s, char *buf, size_t n) {
    test_moves_text(&T, s, buf, n);
}

static void play(struct kotra_state *s, const char *move) {
    char buf[KOTRA_TEXT_BYTES];
    test_play(&T, s, move, buf, sizeof buf);
}

/* Destinations of the piece on `from` as text. */
static void dests(struct kotra_state s, const char *from, char *buf, size_t n) {
    play(&s, from);
    moves_text(&s, buf, n);
}

static int legal(const struct kotra_state *s, const char *move) {
    move_t m;
    char err[GAME_ERROR_BYTES];
    return T.game->parse_move(&T.variant, s, move, &m, err) == 0;
}

static const char *territory_name(int player, int i) {
    return kotra_board[kotra_territory_space(player, i)].name;
}

static void test_setup(void **unused) {
    struct kotra_state s;
    char buf[KOTRA_TEXT_BYTES], move[16];
    T.game->start(&T.variant, &s);
    assert_int_equal(T.game->turn(&T.variant, &s), KOTRA_GOLD);
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "c4n=- c4n=C c4n=M c4n=L c4n=U c4n=D c4n=N c4n=G c4n=I "
                             "c4n=R c4n=A");
    int i = 0;
    for (; i < 7; i++) {
        snprintf(move, sizeof move, "%s=-", territory_name(0, i));
        play(&s, move);
    }
    /* 17 spaces left for 17 pieces: no more empty spaces. */
    moves_text(&s, buf, sizeof buf);
    assert_null(strstr(buf, "=-"));
    const char *fill = "RRRRRIIIGGGNND"; /* 14 pieces, none required */
    for (int k = 0; fill[k]; k++, i++) {
        snprintf(move, sizeof move, "%s=%c", territory_name(0, i), fill[k]);
        play(&s, move);
    }
    /* Three spaces left: only the capital, a mine and the legate fit. */
    moves_text(&s, buf, sizeof buf);
    snprintf(move, sizeof move, "%s=", territory_name(0, i));
    char want[64];
    snprintf(want, sizeof want, "%sC %sM %sL", move, move, move);
    assert_string_equal(buf, want);
    for (const char *k = "CML"; *k; k++, i++) {
        snprintf(move, sizeof move, "%s=%c", territory_name(0, i), *k);
        play(&s, move);
    }
    /* Gold is done: the four pieces left go to the reserve; silver places. */
    assert_int_equal(s.side, KOTRA_SILVER);
    assert_int_equal(s.phase, PHASE_SETUP);
    const uint8_t reserve[4] = {RANK_MINE, RANK_MINE, RANK_GUL, RANK_AGENT};
    assert_memory_equal(s.reserve[KOTRA_GOLD], reserve, 4);
    /* Silver sees gold's 17 pieces, not their ranks. */
    struct kotra_state view = s;
    T.game->view(&T.variant, &view, KOTRA_SILVER);
    int unknown = 0;
    for (int sp = 0; sp < KOTRA_SPACES; sp++)
        unknown += view.cell[sp] == kotra_cell(KOTRA_GOLD, RANK_UNKNOWN);
    assert_int_equal(unknown, KOTRA_ON_BOARD);
    for (int k = 0; k < 4; k++) assert_int_equal(view.reserve[0][k], RANK_UNKNOWN);
    /* Silver completes a generated setup; then gold rolls. */
    struct rng rng;
    rng_seed(&rng, 5);
    uint8_t plan[KOTRA_TERRITORY];
    kotra_setup_sensible(KOTRA_SILVER, rng_next_ctx, &rng, plan);
    while (s.phase == PHASE_SETUP)
        T.game->apply(&T.variant, &s, kotra_setup_move(&s, plan));
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_CHANCE);
    assert_int_equal(s.side, KOTRA_GOLD);
    int count[2] = {0, 0};
    for (int sp = 0; sp < KOTRA_SPACES; sp++)
        if (s.cell[sp]) count[kotra_owner(s.cell[sp])]++;
    assert_int_equal(count[0], 17);
    assert_int_equal(count[1], 17);
}

/* The generated setups follow the setup rules. */
static void test_sensible_setup(void **unused) {
    struct rng rng;
    rng_seed(&rng, 77);
    for (int k = 0; k < 500; k++) {
        uint8_t plan[KOTRA_TERRITORY];
        int player = k & 1, n = 0, capital = 0, legate = 0, mines = 0;
        kotra_setup_sensible(player, rng_next_ctx, &rng, plan);
        int count[RANK_KINDS] = {0};
        for (int i = 0; i < KOTRA_TERRITORY; i++) {
            if (!plan[i]) continue;
            n++;
            count[plan[i]]++;
            capital += plan[i] == RANK_CAPITAL;
            legate += plan[i] == RANK_LEGATE;
            mines += plan[i] == RANK_MINE;
            assert_true(kotra_board[kotra_territory_space(player, i)].terrain !=
                        TERRAIN_BASE);
        }
        assert_int_equal(n, KOTRA_ON_BOARD);
        assert_int_equal(capital, 1);
        assert_int_equal(legate, 1);
        assert_true(mines >= 1);
        for (int r = 1; r < RANK_KINDS; r++) assert_true(count[r] <= kotra_rank_count[r]);
    }
}

static void test_dice(void **unused) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 0, 0);
    s.phase = PHASE_ROLL;
    s.dark = s.light = s.left = 0;
    put(&s, "d3", KOTRA_GOLD, RANK_GUL);
    s.reserve[KOTRA_GOLD][0] = RANK_GARRESH;
    move_t moves[KOTRA_MAX_MOVES];
    double prob[KOTRA_MAX_MOVES];
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_CHANCE);
    int n = T.game->moves(&T.variant, &s, moves);
    assert_int_equal(n, 100);
    T.game->chance(&T.variant, &s, moves, n, prob);
    int doubles = 0;
    for (int i = 0; i < n; i++) {
        assert_true(prob[i] > 0.00999999 && prob[i] < 0.01000001);
        doubles += kotra_move_a(moves[i]) == kotra_move_b(moves[i]);
    }
    assert_int_equal(doubles, 10);
    struct kotra_state t = s;
    play(&t, "3/7");
    assert_int_equal(t.phase, PHASE_PICK);
    assert_int_equal(t.left, 3);
    /* Doubles: a reserve piece may come onto the base (or not). */
    t = s;
    play(&t, "4/4");
    char buf[256];
    moves_text(&t, buf, sizeof buf);
    assert_string_equal(buf, "in=R in=-");
    play(&t, "in=R");
    int base = at("d1");
    assert_int_equal(t.cell[base], kotra_cell(KOTRA_GOLD, RANK_GARRESH));
    assert_true(t.extra[base] & KX_ENTERED);
    assert_int_equal(t.reserve[KOTRA_GOLD][0], 0);
    /* It arrived this turn: it does not move yet. */
    moves_text(&t, buf, sizeof buf);
    assert_string_equal(buf, "d3 done");
    /* Doubles with the base taken: no entry. */
    t = s;
    put(&t, "d1", KOTRA_GOLD, RANK_GIL);
    play(&t, "4/4");
    assert_int_equal(t.phase, PHASE_PICK);
}

static void test_movement(void **unused) {
    char buf[512];
    /* d2 (plain square) with light 1: the four sides, never the corners. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GUL);
    dests(s, "d2", buf, sizeof buf);
    assert_string_equal(buf, "d2-d3 d2-c2 d2-e2 d2-d1");
    /* Triangles: c4s touches c4n and c3 only (not d4 across a corner). */
    s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "c4s", KOTRA_GOLD, RANK_GUL);
    dests(s, "c4s", buf, sizeof buf);
    /* c4s is an advance space: light 1 + 1 = 2 steps. */
    assert_non_null(strstr(buf, "c4s-c4n"));
    assert_non_null(strstr(buf, "c4s-c3"));
    assert_non_null(strstr(buf, "c4s-d4")); /* two steps: via c4n */
    assert_non_null(strstr(buf, "c4s-d3")); /* two steps: via c3 */
    assert_null(strstr(buf, "c4s-e3"));     /* would be three */
    /* Pieces block: no jumping over them. */
    s = turn_of(KOTRA_GOLD, 2, 3);
    put(&s, "d2", KOTRA_GOLD, RANK_GUL);
    put(&s, "d3", KOTRA_GOLD, RANK_GIL);
    put(&s, "c2", KOTRA_SILVER, RANK_GIL);
    put(&s, "e2", KOTRA_GOLD, RANK_GIL);
    put(&s, "d1", KOTRA_GOLD, RANK_GIL);
    dests(s, "d2", buf, sizeof buf);
    assert_string_equal(buf, "d2xc2");
}

static void count_steps(const char *from, int light, const char *to, int expect) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, light);
    put(&s, from, KOTRA_GOLD, RANK_GUL);
    char move[16];
    play(&s, from);
    snprintf(move, sizeof move, "%s-%s", from, to);
    if (legal(&s, move) != expect)
        fail_msg("%s with light %d: %s should be %s", from, light, move,
                 expect ? "legal" : "illegal");
}

static void test_movement_terrain(void **unused) {
    /* attack (c5): +3; advance (c4s): +1; retreat (b2): -1. d5 -> d1 is 4 steps
     * straight down the file from d5. */
    count_steps("c5", 1, "d3", 1);  /* c5 d5 d4 d3: 3 steps <= 1 + 3 */
    count_steps("c5", 1, "d2", 1);  /* 4 steps */
    count_steps("c5", 1, "d1", 0);  /* 5 steps */
    count_steps("c4s", 1, "c2", 1); /* c3 c2: 2 <= 1 + 1 */
    count_steps("c4s", 1, "c1", 0);
    count_steps("b2", 2, "b3", 1); /* 1 <= 2 - 1 */
    count_steps("b2", 2, "c3", 0); /* 2 > 1 */
    count_steps("d2", 2, "c3", 1);
    /* Doors: pairs a3-a7 and g3-g7 (each door and its mirror); a jump is
     * free, the other pairs are not linked. */
    count_steps("a3", 1, "a7", 1);
    count_steps("a3", 1, "g3", 0);
    count_steps("a3", 1, "g7", 0);
    count_steps("g7", 1, "g3", 1);
    count_steps("a3", 1, "b7", 1); /* jump to a7, then one step */
    count_steps("a3", 1, "b8", 0); /* a8 then b8: two steps */
    count_steps("b3", 1, "a7", 1); /* a step onto a3, then the jump */
}

/* The limit of two consecutive jumps: a piece whose last two moves each used
 * a door jump cannot jump again until it makes a move without one. */
static void test_door_jump_limit(void **unused) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "a3", KOTRA_GOLD, RANK_GUL);
    put(&s, "f1", KOTRA_GOLD, RANK_CAPITAL);
    put(&s, "f9", KOTRA_SILVER, RANK_CAPITAL);
    put(&s, "d5", KOTRA_SILVER, RANK_GIL);
    const char *moves[] = {"a3", "a3-a7", "1/1", "done", "1/1",
                           "a7", "a7-a3", "1/1", "done", "1/1"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) play(&s, moves[i]);
    int a3 = at("a3");
    assert_int_equal(kotra_jumps(s.extra[a3]), 2);
    play(&s, "a3");
    assert_false(legal(&s, "a3-a7"));
    assert_true(legal(&s, "a3-b3"));
    /* A plain step resets the count: the piece may jump again. */
    play(&s, "a3-b3");
    assert_int_equal(kotra_jumps(s.extra[at("b3")]), 0);
    /* A destination also reachable by steps alone is no jump move. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "a3", KOTRA_GOLD, RANK_GUL);
    play(&s, "a3");
    play(&s, "a3-b3");
    assert_int_equal(kotra_jumps(s.extra[at("b3")]), 0);
    /* With two jumps behind it and every neighbour taken, a piece on a door
     * cannot move at all. */
    s = turn_of(KOTRA_SILVER, 1, 1);
    put(&s, "a3", KOTRA_GOLD, RANK_GUL);
    s.extra[a3] = 2 * KX_JUMPS1;
    for (int k = 0; k < kotra_board[a3].degree; k++)
        s.cell[kotra_board[a3].next[k]] = kotra_cell(KOTRA_GOLD, RANK_MINE);
    assert_false(kotra_can_move(&s, KOTRA_GOLD));
    s.extra[a3] = KX_JUMPS1;
    assert_true(kotra_can_move(&s, KOTRA_GOLD));
}

/* Resolve one attack on an otherwise empty board; returns the state after. */
static struct kotra_state fight(int attacker, int defender, const char *from,
                                const char *to) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, from, KOTRA_GOLD, attacker);
    put(&s, to, KOTRA_SILVER, defender);
    put(&s, "f1", KOTRA_GOLD, RANK_CAPITAL);
    put(&s, "b9", KOTRA_SILVER, RANK_CAPITAL);
    char move[16];
    play(&s, from);
    snprintf(move, sizeof move, "%sx%s", from, to);
    play(&s, move);
    return s;
}

static void test_attacks(void **unused) {
    int d5 = at("d5"), d4 = at("d4");
    /* Higher rank wins and occupies; both ranks are now known. */
    struct kotra_state s = fight(RANK_GUL, RANK_DAL, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_GUL));
    assert_int_equal(s.cell[d4], 0);
    assert_true(s.flags[d5] & KF_REVEALED);
    assert_int_equal(s.tray[KOTRA_GOLD][0], RANK_DAL);
    assert_int_equal(kotra_score(&s, KOTRA_GOLD), kotra_rank_value[RANK_DAL]);
    /* Equal ranks: the attacker wins. */
    s = fight(RANK_GIL, RANK_GIL, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_GIL));
    /* Lower rank loses: captured by the defender, who stays (revealed). */
    s = fight(RANK_GIL, RANK_GLINN, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_SILVER, RANK_GLINN));
    assert_true(s.flags[d5] & KF_REVEALED);
    assert_int_equal(s.cell[d4], 0);
    assert_int_equal(s.tray[KOTRA_SILVER][0], RANK_GIL);
    /* The agent defeats the legate, loses to others, and falls to anyone. */
    s = fight(RANK_AGENT, RANK_LEGATE, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_AGENT));
    s = fight(RANK_AGENT, RANK_GARRESH, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_SILVER, RANK_GARRESH));
    s = fight(RANK_GARRESH, RANK_AGENT, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_GARRESH));
    s = fight(RANK_LEGATE, RANK_LEGATE, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_LEGATE));
    /* Mines: a garresh defuses (captures) it; anything else detonates: both
     * leave the board, the attacker to the mine's owner, the mine for good. */
    s = fight(RANK_GARRESH, RANK_MINE, "d4", "d5");
    assert_int_equal(s.cell[d5], kotra_cell(KOTRA_GOLD, RANK_GARRESH));
    assert_int_equal(s.tray[KOTRA_GOLD][0], RANK_MINE);
    assert_int_equal(kotra_score(&s, KOTRA_GOLD), 0); /* mines are worth nothing */
    s = fight(RANK_LEGATE, RANK_MINE, "d4", "d5");
    assert_int_equal(s.cell[d5], 0);
    assert_int_equal(s.cell[d4], 0);
    assert_int_equal(s.tray[KOTRA_SILVER][0], RANK_LEGATE);
    assert_int_equal(s.tray[KOTRA_GOLD][0], 0);
    assert_int_equal(s.destroyed[KOTRA_SILVER], 1);
    /* Mines and the capital never move. */
    s = turn_of(KOTRA_GOLD, 2, 5);
    put(&s, "d4", KOTRA_GOLD, RANK_MINE);
    put(&s, "d3", KOTRA_GOLD, RANK_CAPITAL);
    char buf[64];
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "pass");
}

static void test_capital(void **unused) {
    /* Capturing the capital ends the game; +10 points. */
    struct kotra_state s = fight(RANK_GARRESH, RANK_CAPITAL, "d4", "d5");
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_OVER);
    assert_int_equal(s.over, OVER_CAPITAL);
    assert_int_equal(kotra_score(&s, KOTRA_GOLD), 10);
    double r[GAME_MAX_PLAYERS];
    T.game->returns(&T.variant, &s, r);
    assert_true(r[KOTRA_GOLD] == 1.0 && r[KOTRA_SILVER] == -1.0);
    /* ...but the most points win: silver has captured more. */
    s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "d4", KOTRA_GOLD, RANK_GARRESH);
    put(&s, "d5", KOTRA_SILVER, RANK_CAPITAL);
    s.tray[KOTRA_SILVER][0] = RANK_LEGATE;
    s.tray[KOTRA_SILVER][1] = RANK_GUL;
    play(&s, "d4");
    play(&s, "d4xd5");
    assert_int_equal(s.over, OVER_CAPITAL);
    T.game->returns(&T.variant, &s, r);
    assert_true(r[KOTRA_GOLD] == -1.0 && r[KOTRA_SILVER] == 1.0);
}

/* Capturing the capital by a move into the enemy territory pays the
 * boundary bonus (+2) as any other way in does: the attack that takes a
 * capital is compared with the same attack on an agent, for both sides. */
static void test_capital_capture_boundary_bonus(void **unused) {
    const struct {
        int side;
        const char *from, *to;
    } cases[] = {{KOTRA_GOLD, "d5", "d6"}, {KOTRA_SILVER, "e5", "e4n"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int me = cases[i].side;
        int bonus[2];
        for (int k = 0; k < 2; k++) {
            struct kotra_state s = turn_of(me, 1, 1);
            put(&s, cases[i].from, me, RANK_GARRESH);
            put(&s, cases[i].to, 1 - me, k ? RANK_CAPITAL : RANK_AGENT);
            put(&s, me == KOTRA_GOLD ? "f1" : "f9", me, RANK_CAPITAL);
            if (!k) put(&s, me == KOTRA_GOLD ? "b9" : "b1", 1 - me, RANK_CAPITAL);
            char move[16];
            play(&s, cases[i].from);
            snprintf(move, sizeof move, "%sx%s", cases[i].from, cases[i].to);
            play(&s, move);
            bonus[k] = s.bonus[me];
            if (k) assert_int_equal(s.over, OVER_CAPITAL);
        }
        if (bonus[1] != bonus[0] || bonus[0] < 2)
            fail_msg("%sx%s: bonus %d taking the capital, %d taking an agent",
                     cases[i].from, cases[i].to, bonus[1], bonus[0]);
    }
    /* A piece that already took its boundary bonus is not paid twice. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d6", KOTRA_GOLD, RANK_GARRESH);
    s.flags[at("d6")] |= KF_CROSSED;
    put(&s, "d7", KOTRA_SILVER, RANK_CAPITAL);
    put(&s, "f1", KOTRA_GOLD, RANK_CAPITAL);
    play(&s, "d6");
    play(&s, "d6xd7");
    assert_int_equal(s.bonus[KOTRA_GOLD], 0);
}

/* Where a uniformly random setup puts `player`'s capital: 0 on the own front
 * row ... 3 on the own back row (gold's ranks 4..1, silver's 6..9). */
static int random_setup_capital_row(int player, uint64_t seed) {
    struct kotra_state s;
    struct rng rng;
    rng_seed(&rng, seed);
    T.game->start(&T.variant, &s);
    move_t moves[T.game->max_moves];
    while (s.phase == PHASE_SETUP) {
        int n = T.game->moves(&T.variant, &s, moves);
        T.game->apply(&T.variant, &s, moves[rng_below(&rng, (uint32_t)n)]);
    }
    for (int i = 0; i < KOTRA_TERRITORY; i++) {
        int sp = kotra_territory_space(player, i);
        if (s.cell[sp] != kotra_cell(player, RANK_CAPITAL)) continue;
        int gold_sp = player == KOTRA_GOLD ? sp : kotra_board[sp].mirror;
        return '4' - kotra_board[gold_sp].name[1];
    }
    fail_msg("no capital of player %d after the setup", player);
    return -1;
}

/* Each side decides its own front row first, so random setups do not favour
 * a seat: the capital's row shares of gold and silver over independent
 * seeds agree within a few points (a binomial spread of about 1.3 points). */
static void test_setup_order_is_seat_symmetric(void **unused) {
    enum { GAMES = 3000 };
    int rows[2][4] = {{0}};
    for (int k = 0; k < GAMES; k++) {
        rows[KOTRA_GOLD][random_setup_capital_row(KOTRA_GOLD, 1000u + k)]++;
        rows[KOTRA_SILVER][random_setup_capital_row(KOTRA_SILVER, 900000u + k)]++;
    }
    for (int r = 0; r < 4; r++) {
        double gold = 100.0 * rows[KOTRA_GOLD][r] / GAMES;
        double silver = 100.0 * rows[KOTRA_SILVER][r] / GAMES;
        if (gold - silver > 5.0 || silver - gold > 5.0)
            fail_msg("capital on row %d from the front: gold %.1f%%, silver %.1f%%", r,
                     gold, silver);
    }
    /* The decision order itself: the i-th decision of silver is the mirror
     * image of gold's i-th. */
    for (int i = 0; i < KOTRA_TERRITORY; i++)
        assert_int_equal(kotra_territory_space(KOTRA_SILVER, i),
                         kotra_board[kotra_territory_space(KOTRA_GOLD, i)].mirror);
}

static void test_dark_die_and_pass(void **unused) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "c2", KOTRA_GOLD, RANK_GIL);
    put(&s, "d2", KOTRA_GOLD, RANK_GIL);
    put(&s, "e2", KOTRA_GOLD, RANK_GIL);
    put(&s, "d9", KOTRA_SILVER, RANK_GIL);
    char buf[128];
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "c2 d2 e2 done");
    play(&s, "d2");
    play(&s, "d2-d3");
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "c2 e2 done"); /* each piece moves once a turn */
    play(&s, "c2");
    play(&s, "c2-c3");
    /* Two pieces moved on a dark 2: silver's turn, dice next. */
    assert_int_equal(s.side, KOTRA_SILVER);
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_CHANCE);
    assert_int_equal(s.turns, 11);
    play(&s, "1/1");
    /* Silver's only piece is stuck in a corner? No: d9 can move. Block it. */
    s.cell[at("c9")] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    s.cell[at("e9")] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    s.cell[at("d8")] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "pass");
    play(&s, "pass");
    assert_int_equal(s.side, KOTRA_GOLD);
}

static void test_surrender_and_limit(void **unused) {
    /* Silver has only a boxed-in piece and immobile pieces: at the start of
     * its turn it surrenders. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GIL);
    put(&s, "b9", KOTRA_SILVER, RANK_CAPITAL);
    put(&s, "c9", KOTRA_SILVER, RANK_MINE);
    put(&s, "b8", KOTRA_SILVER, RANK_MINE);
    put(&s, "a8", KOTRA_SILVER, RANK_MINE);
    play(&s, "done");
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_OVER);
    assert_int_equal(s.over, OVER_SURRENDER);
    /* With a reserve piece and a free base it keeps hoping for doubles. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GIL);
    put(&s, "b9", KOTRA_SILVER, RANK_CAPITAL);
    s.reserve[KOTRA_SILVER][0] = RANK_GIL;
    play(&s, "done");
    assert_int_equal(T.game->turn(&T.variant, &s), TURN_CHANCE);
    /* What counts as able to move: a mobile piece boxed in by its own side
     * cannot; an enemy beside it can be attacked, a free door jumped to. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "b9", KOTRA_SILVER, RANK_GIL);
    const struct kotra_space *b9 = &kotra_board[at("b9")];
    for (int k = 0; k < b9->degree; k++)
        s.cell[b9->next[k]] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    assert_false(kotra_can_move(&s, KOTRA_SILVER));
    s.cell[b9->next[0]] = kotra_cell(KOTRA_GOLD, RANK_MINE);
    assert_true(kotra_can_move(&s, KOTRA_SILVER));
    s = turn_of(KOTRA_GOLD, 1, 1);
    int door = 0;
    while (kotra_board[door].terrain != TERRAIN_DOOR) door++;
    s.cell[door] = kotra_cell(KOTRA_SILVER, RANK_GIL);
    for (int k = 0; k < kotra_board[door].degree; k++)
        s.cell[kotra_board[door].next[k]] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    assert_true(kotra_can_move(&s, KOTRA_SILVER)); /* the other doors are free */
    for (int sp = 0; sp < KOTRA_SPACES; sp++)
        if (kotra_board[sp].terrain == TERRAIN_DOOR && !s.cell[sp])
            s.cell[sp] = kotra_cell(KOTRA_SILVER, RANK_MINE);
    assert_false(kotra_can_move(&s, KOTRA_SILVER));
    /* The turn limit ends the game on points. */
    struct test_game short_game = test_game_make("kotra", "turns=11");
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GIL);
    put(&s, "d8", KOTRA_SILVER, RANK_GIL);
    short_game.game->apply(&short_game.variant, &s, kotra_move(MV_DONE, 0, 0));
    assert_int_equal(s.over, OVER_LIMIT);
    assert_int_equal(short_game.game->turn(&short_game.variant, &s), TURN_OVER);
}

static void test_safety_and_bog(void **unused) {
    /* Gold lands on the safety space a2... it is gold's own; silver cannot
     * attack it during silver's next two turns. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 2);
    put(&s, "b2", KOTRA_GOLD, RANK_GIL); /* retreat: 2 - 1 = one step */
    put(&s, "a3", KOTRA_SILVER, RANK_LEGATE);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    put(&s, "f1", KOTRA_GOLD, RANK_GIL);
    play(&s, "b2");
    play(&s, "b2-a2");
    int a2 = at("a2");
    assert_int_equal(kotra_shield(s.flags[a2]), 2);
    for (int round = 0; round < 3; round++) {
        /* silver's turn */
        play(&s, "1/1");
        int can = legal(&s, "a3");
        if (can) {
            play(&s, "a3");
            can = legal(&s, "a3xa2");
            s.phase = PHASE_PICK;
            s.picked = KOTRA_NO_SPACE;
        }
        if (round < 2)
            assert_false(can);
        else
            assert_true(can);
        play(&s, "done");
        play(&s, "1/1"); /* gold's turn: pass the time */
        play(&s, "done");
    }
    /* Bog: the piece sits out its owner's next turn. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "c3", KOTRA_GOLD, RANK_GIL);
    put(&s, "f1", KOTRA_GOLD, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    play(&s, "c3");
    play(&s, "c3-b3");
    play(&s, "1/2"); /* silver */
    play(&s, "done");
    play(&s, "1/2"); /* gold: b3 is stuck */
    assert_false(legal(&s, "b3"));
    play(&s, "done");
    play(&s, "1/2");
    play(&s, "done");
    play(&s, "1/2"); /* gold again: free */
    assert_true(legal(&s, "b3"));
}

static void test_promotion_boundary_bonuses(void **unused) {
    /* Gold's gil lands on silver's promotion space d7: becomes a glinn. It
     * earned the boundary bonus (+2) when it entered silver's territory. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 2);
    put(&s, "d5", KOTRA_GOLD, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    play(&s, "d5");
    play(&s, "d5-d7");
    int d7 = at("d7");
    assert_int_equal(s.cell[d7], kotra_cell(KOTRA_GOLD, RANK_GLINN));
    assert_int_equal(s.extra[d7] & KX_PROMO, 1);
    assert_int_equal(s.bonus[KOTRA_GOLD], 2);
    assert_true(s.flags[d7] & KF_CROSSED);
    /* Own promotion space: nothing. A legate: stays a legate. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GIL);
    put(&s, "d6", KOTRA_GOLD, RANK_LEGATE);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    s.left = s.dark = 2;
    play(&s, "d2");
    play(&s, "d2-d3");
    assert_int_equal(s.cell[at("d3")], kotra_cell(KOTRA_GOLD, RANK_GIL));
    play(&s, "d6");
    play(&s, "d6-d7");
    assert_int_equal(s.cell[d7], kotra_cell(KOTRA_GOLD, RANK_LEGATE));
    /* The boundary bonus is paid once per piece. */
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d5", KOTRA_GOLD, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    play(&s, "d5");
    play(&s, "d5-d6");
    const char *later[] = {"1/1", "done", "1/1", "d6", "d6-d5",
                           "1/1", "done", "1/1", "d5", "d5-d6"};
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++) play(&s, later[i]);
    assert_int_equal(s.bonus[KOTRA_GOLD], 2);
    /* Capture bonuses: capture+1 (c3/e3), capture+2 (c2/e2), defense of
     * home (+5, d2 and d8) for any capture made there, as the text says. */
    struct {
        const char *from, *to;
        int attacker_side, bonus;
    } cases[] = {
        {"c4s", "c3", KOTRA_SILVER, 1}, {"d2", "c2", KOTRA_SILVER, 2},
        {"d3", "d2", KOTRA_SILVER, 5},  {"d3", "d2", KOTRA_GOLD, 5},
        {"d7", "d8", KOTRA_GOLD, 5},    {"d8", "d7", KOTRA_GOLD, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int me = cases[i].attacker_side;
        s = turn_of(me, 1, 1);
        put(&s, cases[i].from, me, RANK_LEGATE);
        put(&s, cases[i].to, 1 - me, RANK_GIL);
        char move[16];
        play(&s, cases[i].from);
        snprintf(move, sizeof move, "%sx%s", cases[i].from, cases[i].to);
        play(&s, move);
        int crossed = kotra_board[at(cases[i].to)].zone == 1 - me ? 2 : 0;
        if (s.bonus[me] - crossed != cases[i].bonus)
            fail_msg("capture %s: bonus %d, want %d", move, s.bonus[me] - crossed,
                     cases[i].bonus);
    }
}

/* A piece goes up once: stepping off the enemy promotion space and back does
 * not promote it again. A legate stays a legate and, since promotions are
 * public, is revealed by not going up. */
static void test_promotion_once_and_legate(void **unused) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d6", KOTRA_GOLD, RANK_GARRESH);
    put(&s, "f1", KOTRA_GOLD, RANK_CAPITAL);
    put(&s, "b9", KOTRA_SILVER, RANK_CAPITAL);
    put(&s, "e5", KOTRA_SILVER, RANK_GIL);
    const char *moves[] = {"d6",    "d6-d7", "1/1",  "done", "1/1", "d7",
                           "d7-d6", "1/1",   "done", "1/1",  "d6",  "d6-d7"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) play(&s, moves[i]);
    int d7 = at("d7");
    assert_int_equal(s.cell[d7], kotra_cell(KOTRA_GOLD, RANK_GIL));
    assert_int_equal(s.extra[d7] & KX_PROMO, 1);
    assert_false(s.flags[d7] & KF_REVEALED);
    s = turn_of(KOTRA_GOLD, 1, 1);
    put(&s, "d6", KOTRA_GOLD, RANK_LEGATE);
    play(&s, "d6");
    play(&s, "d6-d7");
    assert_int_equal(s.cell[d7], kotra_cell(KOTRA_GOLD, RANK_LEGATE));
    assert_int_equal(s.extra[d7] & KX_PROMO, 0);
    assert_true(s.flags[d7] & KF_REVEALED);
    /* So silver's view shows it, and every sampled world agrees. */
    struct kotra_state view = s;
    T.game->view(&T.variant, &view, KOTRA_SILVER);
    assert_int_equal(view.cell[d7], kotra_cell(KOTRA_GOLD, RANK_LEGATE));
}

/* Surrender: the side that cannot move loses by default, even when ahead on
 * points; surrender=points scores it on points. */
static void test_surrender_scoring(void **unused) {
    struct test_game points = test_game_make("kotra", "surrender=points");
    for (int variant = 0; variant < 2; variant++) {
        const struct test_game *t = variant ? &points : &T;
        struct kotra_state s = turn_of(KOTRA_GOLD, 1, 1);
        put(&s, "d2", KOTRA_GOLD, RANK_GIL);
        put(&s, "b9", KOTRA_SILVER, RANK_CAPITAL);
        put(&s, "c9", KOTRA_SILVER, RANK_MINE);
        put(&s, "b8", KOTRA_SILVER, RANK_MINE);
        put(&s, "a8", KOTRA_SILVER, RANK_MINE);
        s.bonus[KOTRA_SILVER] = 9; /* silver ahead on points */
        t->game->apply(&t->variant, &s, kotra_move(MV_DONE, 0, 0));
        assert_int_equal(s.over, OVER_SURRENDER);
        double r[GAME_MAX_PLAYERS];
        t->game->returns(&t->variant, &s, r);
        assert_true(r[KOTRA_GOLD] == (variant ? -1.0 : 1.0));
        assert_string_equal(t->game->end_reason(&t->variant, &s), "surrender");
    }
}

/* A line typed by a person: a move typed whole (pick and destination),
 * several moves, setup presets; bad words are refused with the reason. */
static void test_typed_lines(void **unused) {
    struct kotra_state s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "d2", KOTRA_GOLD, RANK_GUL);
    put(&s, "e2", KOTRA_GOLD, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_CAPITAL);
    move_t out[64];
    char err[GAME_ERROR_BYTES];
    int n = T.game->parse_line(&T.variant, &s, "d2-d3", 1, out, 64, err);
    assert_int_equal(n, 2);
    assert_true(out[0] == kotra_move(MV_PICK, at("d2"), 0));
    assert_true(out[1] == kotra_move(MV_STEP, at("d2"), at("d3")));
    n = T.game->parse_line(&T.variant, &s, " d2-d3  e2 e2-f2 ", 1, out, 64, err);
    assert_int_equal(n, 4);
    assert_int_equal(T.game->parse_line(&T.variant, &s, "d2-d7", 1, out, 64, err), -1);
    assert_non_null(strstr(err, "illegal move 'd2-d7'"));
    /* The turn ends after two pieces: a third word is refused. */
    assert_int_equal(
        T.game->parse_line(&T.variant, &s, "d2-d3 e2-f2 d3", 1, out, 64, err), -1);
    assert_non_null(strstr(err, "turn is over"));
    assert_int_equal(
        T.game->parse_line(&T.variant, &s, "setup defensive", 1, out, 64, err), -1);
    /* Presets: each makes the whole setup, every decision legal, with the
     * capital at the back; defensive puts mines beside it. */
    static const char *const presets[] = {"setup sensible", "setup defensive",
                                          "setup offensive", "setup random"};
    for (int k = 0; k < 4; k++) {
        for (uint64_t seed = 1; seed <= 20; seed++) {
            struct kotra_state st;
            T.game->start(&T.variant, &st);
            n = T.game->parse_line(&T.variant, &st, presets[k], seed, out, 64, err);
            if (n <= 0) fail_msg("%s: %s", presets[k], err);
            for (int i = 0; i < n; i++) {
                move_t legal_moves[KOTRA_MAX_MOVES];
                int count = T.game->moves(&T.variant, &st, legal_moves), found = 0;
                for (int j = 0; j < count; j++) found |= legal_moves[j] == out[i];
                assert_true(found);
                T.game->apply(&T.variant, &st, out[i]);
            }
            assert_int_equal(st.side, KOTRA_SILVER);
            assert_int_equal(kotra_count_on_board(&st, KOTRA_GOLD), KOTRA_ON_BOARD);
            int capital = -1;
            for (int sp = 0; sp < KOTRA_SPACES; sp++)
                if (st.cell[sp] == kotra_cell(KOTRA_GOLD, RANK_CAPITAL)) capital = sp;
            assert_true(capital >= 0);
            if (k == 3) continue;
            assert_int_equal(kotra_board[capital].row, KOTRA_ROWS - 1);
            int guards = 0;
            for (int j = 0; j < kotra_board[capital].degree; j++)
                guards += st.cell[kotra_board[capital].next[j]] ==
                          kotra_cell(KOTRA_GOLD, RANK_MINE);
            assert_true(guards >= 1);
            if (k == 1) assert_true(guards >= 2);
        }
    }
    struct kotra_state st;
    T.game->start(&T.variant, &st);
    assert_int_equal(T.game->parse_line(&T.variant, &st, "setup bold", 1, out, 64, err),
                     -1);
    assert_non_null(strstr(err, "setup takes sensible, defensive, offensive or random"));
}

static void test_rescue(void **unused) {
    /* Gold lands on silver's loyalty space c9 with a gil: rescue a piece. */
    struct kotra_state s = turn_of(KOTRA_GOLD, 2, 1);
    put(&s, "c8", KOTRA_GOLD, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_GIL);
    s.tray[KOTRA_SILVER][0] = RANK_GUL;
    s.tray[KOTRA_SILVER][1] = RANK_MINE;
    s.tray[KOTRA_SILVER][2] = RANK_GARRESH;
    struct kotra_state start = s;
    play(&s, "c8");
    play(&s, "c8-c9");
    assert_int_equal(s.phase, PHASE_RESCUE);
    char buf[128];
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "res=U res=R res=-"); /* never a mine */
    play(&s, "res=U");
    int d1 = at("d1"), c9 = at("c9");
    assert_int_equal(s.cell[d1], kotra_cell(KOTRA_GOLD, RANK_GUL));
    assert_true(s.flags[d1] & KF_REVEALED);
    assert_true(s.flags[c9] & KF_RESCUER);
    assert_true(s.status[KOTRA_GOLD] & KS_RESCUED);
    assert_int_equal(s.tray[KOTRA_SILVER][0], RANK_MINE);
    /* The same piece never rescues twice: step off and back on. */
    s.extra[c9] &= (uint8_t)~KX_TURN;
    s.left = 2;
    s.cell[d1] = 0;
    s.flags[d1] = s.extra[d1] = 0;
    play(&s, "c9");
    play(&s, "c9-c8");
    s.extra[at("c8")] &= (uint8_t)~KX_TURN;
    s.left = 2;
    play(&s, "c8");
    play(&s, "c8-c9");
    assert_int_equal(s.phase, PHASE_PICK);
    /* A garresh cannot rescue: it gets the decision too (so the opponent
     * cannot tell it from the others) with only res=-; nor can anyone
     * while the base is taken. */
    s = start;
    s.cell[at("c8")] = kotra_cell(KOTRA_GOLD, RANK_GARRESH);
    play(&s, "c8");
    play(&s, "c8-c9");
    assert_int_equal(s.phase, PHASE_RESCUE);
    moves_text(&s, buf, sizeof buf);
    assert_string_equal(buf, "res=-");
    play(&s, "res=-");
    assert_int_equal(s.phase, PHASE_PICK);
    s = start;
    put(&s, "d1", KOTRA_GOLD, RANK_GIL);
    play(&s, "c8");
    play(&s, "c8-c9");
    assert_int_equal(s.phase, PHASE_PICK);
    /* Landing on one's own loyalty space rescues nothing. */
    s = start;
    put(&s, "c2", KOTRA_GOLD, RANK_GIL);
    play(&s, "c2");
    play(&s, "c2-c1");
    assert_int_equal(s.phase, PHASE_PICK);
}

static void test_relocation(void **unused) {
    /* Gold holds silver's loyalty, family and duty spaces at the start of its
     * turn and has made a rescue: relocation unlocks, for -10 points. */
    struct kotra_state s = turn_of(KOTRA_SILVER, 1, 1);
    put(&s, "b9", KOTRA_GOLD, RANK_GIL);
    put(&s, "c9", KOTRA_GOLD, RANK_GIL);
    put(&s, "e9", KOTRA_GOLD, RANK_GIL);
    put(&s, "f1", KOTRA_GOLD, RANK_CAPITAL);
    put(&s, "d5", KOTRA_SILVER, RANK_GIL);
    put(&s, "f9", KOTRA_SILVER, RANK_CAPITAL);
    struct kotra_state no_rescue = s;
    s.status[KOTRA_GOLD] = KS_RESCUED;
    play(&s, "done");
    assert_true(s.status[KOTRA_GOLD] & KS_UNLOCKED);
    assert_int_equal(s.bonus[KOTRA_GOLD], -10);
    play(&s, "2/1");
    char buf[256];
    moves_text(&s, buf, sizeof buf);
    assert_non_null(strstr(buf, "reloc"));
    play(&s, "reloc");
    play(&s, "f1>b2");
    int b2 = at("b2");
    assert_int_equal(s.cell[b2], kotra_cell(KOTRA_GOLD, RANK_CAPITAL));
    assert_true(s.flags[b2] & KF_REVEALED);
    assert_true(s.status[KOTRA_GOLD] & KS_RELOCATED);
    moves_text(&s, buf, sizeof buf);
    assert_null(strstr(buf, "reloc")); /* once per game */
    /* Without a rescue, no unlock. */
    play(&no_rescue, "done");
    assert_false(no_rescue.status[KOTRA_GOLD] & KS_UNLOCKED);
    assert_int_equal(no_rescue.bonus[KOTRA_GOLD], 0);
}

static void test_notation_errors(void **unused) {
    struct kotra_state s;
    char err[GAME_ERROR_BYTES], text[KOTRA_TEXT_BYTES];
    T.game->start(&T.variant, &s);
    T.game->format_position(&T.variant, &s, text, sizeof text);
    struct {
        const char *text, *message;
    } bad[] = {
        {"", "bad board"},
        {"...../......./......./...../.../...../......./......./.....", "side to move"},
        {"...../......./......./...../.../...../......./......./..... q setup 0/0/0 - 0 "
         "0 - - - - 0:0 -:-",
         "side to move must be"},
        {"...../......./......./...../.../...../......./......./..... g fly 0/0/0 - 0 "
         "0 - - - - 0:0 -:-",
         "unknown phase"},
        {"...../......./......./...../.../...../......./......./..... g roll 0/0/0 - 0 "
         "0 - - - - 0:0 -:-",
         "gold has 0 pieces"},
        {"Q..../......./......./...../.../...../......./......./..... g setup 0/0/0 - "
         "0 0 - - - - 0:0 -:-",
         "unknown piece 'Q'"},
        {"...../......./......./...../.../...../......./......./....C g setup 0/0/0 - "
         "0 0 - - - - 0:0 -:-",
         "setup goes in order"},
        {"...../......./......./...../.../...../......./......./..... g setup 11/0/0 - "
         "0 0 - - - - 0:0 -:-",
         "bad dice"},
        {"...../......./......./...../.../...../......./......./..... g setup 0/0/0 - "
         "0 0 - - - - 0:0 -:- extra",
         "unexpected text"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        if (T.game->parse_position(&T.variant, bad[i].text, &s, err) == 0)
            fail_msg("'%s' accepted", bad[i].text);
        if (!strstr(err, bad[i].message))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i].text, err, bad[i].message);
    }
    move_t m;
    T.game->start(&T.variant, &s);
    assert_int_equal(T.game->parse_move(&T.variant, &s, "zz", &m, err), -1);
    assert_non_null(strstr(err, "malformed move"));
    assert_int_equal(T.game->parse_move(&T.variant, &s, "d1=C", &m, err), -1);
    assert_non_null(strstr(err, "illegal move"));
    assert_int_equal(T.game->parse_move(&T.variant, &s, "c4n=c", &m, err), 0);
}

int main(void) {
    T = test_game_make("kotra", NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup),
        cmocka_unit_test(test_sensible_setup),
        cmocka_unit_test(test_dice),
        cmocka_unit_test(test_movement),
        cmocka_unit_test(test_movement_terrain),
        cmocka_unit_test(test_attacks),
        cmocka_unit_test(test_capital),
        cmocka_unit_test(test_capital_capture_boundary_bonus),
        cmocka_unit_test(test_setup_order_is_seat_symmetric),
        cmocka_unit_test(test_dark_die_and_pass),
        cmocka_unit_test(test_surrender_and_limit),
        cmocka_unit_test(test_door_jump_limit),
        cmocka_unit_test(test_promotion_once_and_legate),
        cmocka_unit_test(test_surrender_scoring),
        cmocka_unit_test(test_typed_lines),
        cmocka_unit_test(test_safety_and_bog),
        cmocka_unit_test(test_promotion_boundary_bonuses),
        cmocka_unit_test(test_rescue),
        cmocka_unit_test(test_relocation),
        cmocka_unit_test(test_notation_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
