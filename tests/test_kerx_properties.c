/* Property tests on random Kerx games and random positions of every size:
 * notation round trips, hash stability, every move legal and applying to a
 * valid position, piece counts never rising, and the move generator against
 * a plain reference generator written here on (file, row) arithmetic. */
#include "engine/hash.h"
#include "engine/rng.h"
#include "kerx_test_util.h"
#include "support.h"

enum { MAX_PLIES = 1000, GRID = 11 };

static const int DF[6] = {1, 1, 0, -1, -1, 0}, DR[6] = {0, 1, 1, 0, -1, -1};

/* ---- reference generator: a grid, no tables, no bit tricks ---- */

struct ref_move {
    int from, to;
    uint64_t cap[2];
};

struct ref {
    int n;
    int grid[GRID][GRID]; /* -1 off the board, 0 empty, 1 + player */
    bool remove_at_once;  /* variant: jumped pieces vanish at once */
    int me, best, count;
    struct ref_move moves[4096];
};

static bool on_board(int n, int f, int r) {
    return f >= 0 && r >= 0 && f < 2 * n - 1 && r < 2 * n - 1 && abs(f - r) <= n - 1;
}

static void ref_load(struct ref *x, const struct variant *v, const struct kerx_state *s) {
    const struct kerx_geom *g = kerx_geom_of(v);
    x->n = g->n;
    for (int f = 0; f < GRID; f++)
        for (int r = 0; r < GRID; r++) {
            x->grid[f][r] = -1;
            if (!on_board(x->n, f, r)) continue;
            int c = kerx_cell(g, f, r);
            x->grid[f][r] = 0;
            for (int p = 0; p < 2; p++)
                if ((s->pieces[p][c >> 6] >> (c & 63)) & 1) x->grid[f][r] = 1 + p;
        }
    x->me = 1 + s->side;
}

static int cell_at(const struct ref *x, const struct variant *v, int f, int r) {
    return kerx_cell(kerx_geom_of(v), f, r);
}

static void ref_add(struct ref *x, struct ref_move m, int jumps) {
    if (jumps < x->best) return;
    if (jumps > x->best) x->best = jumps, x->count = 0;
    for (int i = 0; i < x->count; i++)
        if (x->moves[i].from == m.from && x->moves[i].to == m.to &&
            x->moves[i].cap[0] == m.cap[0] && x->moves[i].cap[1] == m.cap[1])
            return;
    assert_true(x->count < 4096);
    x->moves[x->count++] = m;
}

static void ref_chain(struct ref *x, const struct variant *v, int from, int f, int r,
                      int jumps, uint64_t cap[2]) {
    bool more = false;
    for (int d = 0; d < 6; d++) {
        int of = f + DF[d], orow = r + DR[d], lf = f + 2 * DF[d], lr = r + 2 * DR[d];
        if (!on_board(x->n, lf, lr)) continue;
        int over = x->grid[of][orow];
        if (over == 0 || over == x->me || x->grid[lf][lr] != 0) continue;
        int oc = cell_at(x, v, of, orow);
        if ((cap[oc >> 6] >> (oc & 63)) & 1) continue;
        more = true;
        cap[oc >> 6] |= UINT64_C(1) << (oc & 63);
        if (x->remove_at_once) x->grid[of][orow] = 0;
        ref_chain(x, v, from, lf, lr, jumps + 1, cap);
        if (x->remove_at_once) x->grid[of][orow] = over;
        cap[oc >> 6] &= ~(UINT64_C(1) << (oc & 63));
    }
    if (!more && jumps > 0) {
        struct ref_move m = {from, cell_at(x, v, f, r), {cap[0], cap[1]}};
        ref_add(x, m, jumps);
    }
}

/* All moves by the rules' wording: longest captures, else steps. */
static void ref_moves(struct ref *x, const struct variant *v) {
    x->best = 1;
    x->count = 0;
    for (int f = 0; f < GRID; f++)
        for (int r = 0; r < GRID; r++) {
            if (x->grid[f][r] != x->me) continue;
            uint64_t cap[2] = {0, 0};
            x->grid[f][r] = 0; /* the start cell is empty during its chain */
            ref_chain(x, v, cell_at(x, v, f, r), f, r, 0, cap);
            x->grid[f][r] = x->me;
        }
    if (x->count > 0) return;
    x->best = 0;
    for (int f = 0; f < GRID; f++)
        for (int r = 0; r < GRID; r++) {
            if (x->grid[f][r] != x->me) continue;
            for (int d = 0; d < 6; d++)
                if (on_board(x->n, f + DF[d], r + DR[d]) &&
                    x->grid[f + DF[d]][r + DR[d]] == 0)
                    x->moves[x->count++] = (struct ref_move){
                        cell_at(x, v, f, r), cell_at(x, v, f + DF[d], r + DR[d]), {0, 0}};
        }
}

static int ref_compare(const void *a, const void *b) {
    const struct ref_move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    if (x->cap[1] != y->cap[1]) return x->cap[1] < y->cap[1] ? -1 : 1;
    if (x->cap[0] != y->cap[0]) return x->cap[0] < y->cap[0] ? -1 : 1;
    return 0;
}

/* ---- the properties ---- */

static void check_position(const struct variant *v, const struct kerx_state *s) {
    const struct kerx_geom *g = kerx_geom_of(v);
    char text[512], err[GAME_ERROR_BYTES];
    struct kerx_state back, copy;
    memset(&back, 0xAB, sizeof back);
    kerx_game.format_position(v, s, text, sizeof text);
    if (kerx_game.parse_position(v, text, &back, err) != 0)
        fail_msg("printed position '%s' refused: %s", text, err);
    if (memcmp(&back, s, sizeof back) != 0) fail_msg("'%s' does not round-trip", text);
    memcpy(&copy, s, sizeof copy);
    assert_true(game_hash(&kerx_game, v, &copy) == game_hash(&kerx_game, v, s));
    /* Canonical: no overlap, nothing off the board, pad zero. */
    uint64_t board[2] = {g->cells >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->cells) - 1,
                         g->cells > 64 ? (UINT64_C(1) << (g->cells - 64)) - 1 : 0};
    for (int w = 0; w < 2; w++) {
        assert_int_equal(s->pieces[0][w] & s->pieces[1][w], 0);
        assert_int_equal((s->pieces[0][w] | s->pieces[1][w]) & ~board[w], 0);
    }
    assert_true(s->side <= 1);
    assert_int_equal(s->pad[0], 0);
    for (int i = 0; i < KERX_HUFF_BYTES; i++) assert_int_equal(s->huffable[i], 0);
    int most =
        kerx_count(&(struct kerx_state){.pieces = {{g->start[0][0], g->start[0][1]}}}, 0);
    assert_true(kerx_count(s, 0) <= most && kerx_count(s, 1) <= most);
}

static void check_against_reference(const struct variant *v, const struct kerx_state *s,
                                    const move_t *moves, int count) {
    static _Thread_local struct ref x;
    static _Thread_local struct ref_move mine[KERX_MAX_MOVES];
    for (int mode = 0; mode < 2; mode++) {
        ref_load(&x, v, s);
        x.remove_at_once = mode == 1;
        ref_moves(&x, v);
        assert_int_equal(x.count, count);
        for (int i = 0; i < count; i++) {
            uint8_t dirs[KERX_MAX_JUMPS];
            mine[i].from = kerx_move_from(moves[i]);
            mine[i].to = kerx_move_to(moves[i]);
            int jumps =
                kerx_capture_path(kerx_geom_of(v), s, moves[i], dirs, mine[i].cap);
            assert_int_equal(jumps, x.best);
        }
        qsort(x.moves, (size_t)count, sizeof x.moves[0], ref_compare);
        qsort(mine, (size_t)count, sizeof mine[0], ref_compare);
        for (int i = 0; i < count; i++)
            assert_int_equal(ref_compare(&x.moves[i], &mine[i]), 0);
    }
}

static void check_moves(const struct variant *v, const struct kerx_state *s,
                        const move_t *moves, int count) {
    test_moves_distinct(moves, count);
    for (int i = 0; i < count; i++) {
        test_move_reads_back(&kerx_game, v, s, moves[i]);
        struct kerx_state child = *s;
        kerx_game.apply(v, &child, moves[i]);
        check_position(v, &child);
        int me = s->side;
        assert_int_equal(child.side, 1 - me);
        assert_int_equal(kerx_count(&child, me), kerx_count(s, me));
        assert_int_equal(kerx_count(&child, 1 - me),
                         kerx_count(s, 1 - me) - kerx_move_jumps(moves[i]));
    }
}

static void check_node(const struct variant *v, const struct kerx_state *s, move_t *moves,
                       int *count) {
    check_position(v, s);
    *count = kerx_game.moves(v, s, moves);
    int turn = kerx_game.turn(v, s);
    assert_int_equal(turn == TURN_OVER, *count == 0);
    if (turn == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        kerx_game.returns(v, s, r);
        assert_true(r[0] == -r[1] && (r[0] == 0 || r[0] == 1 || r[0] == -1));
        return;
    }
    assert_int_equal(turn, s->side);
    check_against_reference(v, s, moves, *count);
    check_moves(v, s, moves, *count);
    int e0 = kerx_game.evaluate(v, s, 0), e1 = kerx_game.evaluate(v, s, 1);
    assert_int_equal(e0, -e1);
    assert_true(e0 >= -GAME_EVAL_MAX && e0 <= GAME_EVAL_MAX);
}

static void random_games(int size, int games, uint64_t seed) {
    struct variant v;
    char spec[32];
    snprintf(spec, sizeof spec, "size=%d", size);
    kt_variant(&v, spec);
    struct rng rng;
    rng_seed(&rng, seed);
    move_t moves[KERX_MAX_MOVES];
    int finished = 0, captures = 0;
    for (int game = 0; game < games; game++) {
        struct kerx_state s;
        kerx_game.start(&v, &s);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            int count;
            check_node(&v, &s, moves, &count);
            if (count == 0) {
                finished++;
                break;
            }
            move_t m = moves[rng_below(&rng, (uint32_t)count)];
            captures += kerx_move_jumps(m) > 0;
            kerx_game.apply(&v, &s, m);
        }
    }
    print_message("size %d: %d of %d games finished, %d captures\n", size, finished,
                  games, captures);
    assert_true(finished > 0 && captures > games);
}

/* Random placements: far more captures and long chains than play from the
 * start gives. */
static void random_positions(int size, int positions, uint64_t seed) {
    struct variant v;
    char spec[32];
    snprintf(spec, sizeof spec, "size=%d,drawat=0", size);
    kt_variant(&v, spec);
    const struct kerx_geom *g = kerx_geom_of(&v);
    struct rng rng;
    rng_seed(&rng, seed);
    move_t moves[KERX_MAX_MOVES];
    int most_jumps = 0;
    for (int k = 0; k < positions; k++) {
        struct kerx_state s;
        memset(&s, 0, sizeof s);
        uint32_t density = 2 + rng_below(&rng, 5); /* in tenths, each side */
        int limit = kerx_count(
            &(struct kerx_state){.pieces = {{g->start[0][0], g->start[0][1]}}}, 0);
        for (int c = 0; c < g->cells; c++) {
            uint32_t roll = rng_below(&rng, 20);
            int p = roll < density ? 0 : roll < 2 * density ? 1 : -1;
            if (p < 0 || kerx_count(&s, p) >= limit) continue;
            s.pieces[p][c >> 6] |= UINT64_C(1) << (c & 63);
        }
        if (kerx_count(&s, 0) == 0 || kerx_count(&s, 1) == 0) continue;
        s.side = (uint8_t)rng_below(&rng, 2);
        int count;
        check_node(&v, &s, moves, &count);
        if (count > 0 && kerx_move_jumps(moves[0]) > most_jumps)
            most_jumps = kerx_move_jumps(moves[0]);
    }
    assert_true(most_jumps >= 3); /* chains were actually exercised */
}

static void test_games_size3(void **unused) {
    random_games(3, 300, 11);
}
static void test_games_size4(void **unused) {
    random_games(4, 200, 12);
}
static void test_games_size5(void **unused) {
    random_games(5, 60, 13);
}
static void test_games_size6(void **unused) {
    random_games(6, 30, 14);
}
static void test_positions_every_size(void **unused) {
    for (int n = KERX_MIN_SIZE; n <= KERX_MAX_SIZE; n++) random_positions(n, 400, 20 + n);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games_size3),          cmocka_unit_test(test_games_size4),
        cmocka_unit_test(test_games_size5),          cmocka_unit_test(test_games_size6),
        cmocka_unit_test(test_positions_every_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
