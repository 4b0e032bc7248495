/* The retrograde solver on a small synthetic game whose moves come from a
 * hash: cycles (draws), passes, moves that keep the mover, terminal positions
 * inside tiers and scoring moves into child tiers. Checked against a naive
 * level-by-level solver written here over an explicit graph. */
#include "solve/retro.h"
#include "solve/retro_check.h"
#include "solve/retro_split.h"

#include <pthread.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

enum { SPOTS = 40, TARGET = 4, MAXMOVES = 4 };

struct syn_state {
    uint8_t need[2]; /* points each player still needs */
    uint8_t side;
    uint8_t x;
};

struct syn_variant {
    uint32_t seed;
    uint32_t mixed;  /* some positions may pass besides moving */
    uint32_t mirror; /* x and SPOTS - 1 - x play alike (see spot) */
};

static uint32_t syn_hash(uint32_t seed, uint32_t a, uint32_t b) {
    uint64_t h =
        (uint64_t)seed * 0x9E3779B97F4A7C15u ^ (a * 0x85EBCA6Bu + b * 0xC2B2AE35u);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 32;
    return (uint32_t)h;
}

static uint32_t seed_of(const struct variant *v) {
    return ((const struct syn_variant *)v->bytes)->seed;
}

/* In a mirror variant every hash reads x's pair {x, SPOTS - 1 - x} (its
 * smaller member) and a move from the larger member lands on the mirror
 * image of where the smaller one's lands: the mirror is a symmetry, and
 * syn_canonicalize may map every state to the smaller member. */
static bool is_mirror(const struct variant *v) {
    return ((const struct syn_variant *)v->bytes)->mirror != 0;
}
static uint32_t spot(const struct variant *v, uint8_t x) {
    return is_mirror(v) && x > SPOTS - 1 - x ? (uint32_t)(SPOTS - 1 - x) : x;
}

/* Only x and side decide the moves, so tiers with both needs >= 2 share a
 * shape. */
static int syn_turn(const struct variant *v, const void *p) {
    const struct syn_state *s = p;
    if (s->need[0] == 0 || s->need[1] == 0) return TURN_OVER;
    if (syn_hash(seed_of(v), spot(v, s->x), 100 + s->side) % 11 == 0) return TURN_OVER;
    return s->side;
}

static int syn_moves(const struct variant *v, const void *p, move_t *out) {
    const struct syn_state *s = p;
    if (syn_turn(v, p) == TURN_OVER) return 0;
    uint32_t h = syn_hash(seed_of(v), spot(v, s->x), s->side);
    int n = (int)(h % 4);
    if (n == 0) {
        out[0] = GAME_MOVE_PASS;
        return 1;
    }
    for (int i = 0; i < n; i++) out[i] = (move_t)i;
    /* A pass among other moves: the solver's general case for losses. */
    if (((const struct syn_variant *)v->bytes)->mixed && (h >> 12) % 5 == 0)
        out[n++] = GAME_MOVE_PASS;
    return n;
}

static void syn_apply(const struct variant *v, void *p, move_t m) {
    struct syn_state *s = p;
    if (m == GAME_MOVE_PASS) {
        s->side ^= 1;
        return;
    }
    uint32_t h = syn_hash(seed_of(v), spot(v, s->x) * 8u + (uint32_t)m, 7 + s->side);
    bool mirrored = spot(v, s->x) != s->x;
    if (h % 5 == 0) s->need[s->side]--;
    s->x = (uint8_t)((h >> 8) % SPOTS);
    if (mirrored) s->x = (uint8_t)(SPOTS - 1 - s->x);
    if ((h >> 20) % 9 != 0) s->side ^= 1; /* sometimes the mover goes again */
}

static void syn_returns(const struct variant *v, const void *p, double out[4]) {
    const struct syn_state *s = p;
    memset(out, 0, 4 * sizeof *out);
    int winner = -1;
    if (s->need[0] == 0)
        winner = 0;
    else if (s->need[1] == 0)
        winner = 1;
    else {
        uint32_t h = syn_hash(seed_of(v), spot(v, s->x), 50 + s->side) % 3;
        winner = h == 2 ? -1 : (int)h;
    }
    if (winner >= 0) {
        out[winner] = 1;
        out[1 - winner] = -1;
    }
}

static tier_t syn_tier_of(const struct variant *v, const void *p) {
    const struct syn_state *s = p;
    return (tier_t)s->need[0] << 8 | s->need[1];
}
static uint64_t syn_tier_size(const struct variant *v, tier_t t) {
    return 2 * SPOTS;
}
static int syn_tier_children(const struct variant *v, tier_t t, tier_t *out) {
    int n = 0, a = (int)(t >> 8), b = (int)(t & 255);
    if (a > 1) out[n++] = (tier_t)(a - 1) << 8 | (tier_t)b;
    if (b > 1) out[n++] = (tier_t)a << 8 | (tier_t)(b - 1);
    return n;
}
static uint64_t syn_rank(const struct variant *v, const void *p) {
    const struct syn_state *s = p;
    return (uint64_t)s->side * SPOTS + s->x;
}
static bool syn_unrank(const struct variant *v, tier_t t, uint64_t r, void *p) {
    struct syn_state *s = p;
    s->need[0] = (uint8_t)(t >> 8);
    s->need[1] = (uint8_t)(t & 255);
    s->side = (uint8_t)(r / SPOTS);
    s->x = (uint8_t)(r % SPOTS);
    return true;
}
static void syn_canonicalize(const struct variant *v, void *p) {
    struct syn_state *s = p;
    s->x = (uint8_t)spot(v, s->x);
}
static uint64_t syn_shape(const struct variant *v, tier_t t) {
    uint64_t a = t >> 8, b = t & 255;
    return (a < 2 ? a : 2) << 8 | (b < 2 ? b : 2);
}

static struct game syn_game = {
    .name = "synthetic",
    .players = 2,
    .flags = GAME_ZERO_SUM_2P | GAME_CAN_CYCLE,
    .state_size = sizeof(struct syn_state),
    .max_moves = MAXMOVES,
    .turn = syn_turn,
    .moves = syn_moves,
    .apply = syn_apply,
    .returns = syn_returns,
    .tier_of = syn_tier_of,
    .tier_size = syn_tier_size,
    .tier_children = syn_tier_children,
    .rank = syn_rank,
    .unrank = syn_unrank,
};

/* ---- the solver's output, kept whole ---- */
struct store {
    retro_cell cells[TARGET + 1][TARGET + 1][2 * SPOTS];
    int tiers_seen;
    int order_ok; /* children arrived before parents */
    int seen[TARGET + 1][TARGET + 1];
};

static int store_sink(void *ctx, tier_t t, const retro_cell *values, uint64_t size) {
    struct store *st = ctx;
    int a = (int)(t >> 8), b = (int)(t & 255);
    assert_int_equal(size, 2 * SPOTS);
    memcpy(st->cells[a][b], values, size * sizeof *values);
    if ((a > 1 && !st->seen[a - 1][b]) || (b > 1 && !st->seen[a][b - 1]))
        st->order_ok = 0;
    st->seen[a][b] = 1;
    st->tiers_seen++;
    return 0;
}

static retro_cell store_lookup(void *ctx, const void *p) {
    const struct store *st = ctx;
    const struct syn_state *s = p;
    return st->cells[s->need[0]][s->need[1]][syn_rank(NULL, s)];
}

/* ---- the naive solver: explicit graph, whole sweeps per level ---- */
enum { NPOS = (TARGET + 1) * (TARGET + 1) * 2 * SPOTS };

static int index_of(const struct syn_state *s) {
    return ((s->need[0] * (TARGET + 1) + s->need[1]) * 2 + s->side) * SPOTS + s->x;
}

static void naive_solve(const struct variant *v, retro_cell *val) {
    struct syn_state all[NPOS];
    for (int i = 0; i < NPOS; i++) val[i] = RETRO_HOLE;
    for (int a = 1; a <= TARGET; a++)
        for (int b = 1; b <= TARGET; b++)
            for (int side = 0; side < 2; side++)
                for (int x = 0; x < SPOTS; x++) {
                    struct syn_state s = {
                        {(uint8_t)a, (uint8_t)b}, (uint8_t)side, (uint8_t)x};
                    int i = index_of(&s);
                    all[i] = s;
                    val[i] =
                        syn_turn(v, &s) == TURN_OVER ? RETRO_TERMINAL : RETRO_UNKNOWN;
                }
    for (int level = 0;; level++) {
        int decided = 0, changed = 1;
        while (changed) {
            changed = 0;
            for (int i = 0; i < NPOS; i++) {
                if (val[i] != RETRO_UNKNOWN) continue;
                const struct syn_state *s = &all[i];
                move_t moves[MAXMOVES];
                int n = syn_moves(v, s, moves), known = 0, win = 0, maxloss = -1;
                for (int k = 0; k < n; k++) {
                    struct syn_state c = *s;
                    syn_apply(v, &c, moves[k]);
                    int w = moves[k] == GAME_MOVE_PASS ? 0 : 1;
                    int outcome, rem;
                    if (syn_turn(v, &c) == TURN_OVER) {
                        double ret[4];
                        syn_returns(v, &c, ret);
                        outcome = ret[s->side] > 0 ? 1 : ret[s->side] < 0 ? -1 : 0;
                        rem = w;
                    } else {
                        retro_cell cv = val[index_of(&c)];
                        if (cv == RETRO_UNKNOWN) continue;
                        outcome = retro_outcome(cv) * (c.side == s->side ? 1 : -1);
                        rem = retro_remoteness(cv) + w;
                    }
                    known++;
                    if (outcome > 0 && rem == level) win = 1;
                    if (outcome < 0 && rem > maxloss) maxloss = rem;
                    if (outcome >= 0) maxloss = 1 << 20; /* cannot lose */
                }
                if (win)
                    val[i] = retro_win(level);
                else if (known == n && maxloss == level)
                    val[i] = retro_loss(level);
                else
                    continue;
                changed = 1;
                decided++;
            }
        }
        if (decided == 0 && level > 2) break;
    }
    for (int i = 0; i < NPOS; i++)
        if (val[i] == RETRO_UNKNOWN) val[i] = RETRO_DRAW;
}

/* Solves and compares with the naive solver; true when the game had draws,
 * wins and losses. */
static bool solve_and_compare(uint32_t seed, bool shaped, int threads, bool mixed,
                              bool mirror) {
    struct variant v = {0};
    ((struct syn_variant *)v.bytes)->seed = seed;
    ((struct syn_variant *)v.bytes)->mixed = mixed;
    ((struct syn_variant *)v.bytes)->mirror = mirror;
    syn_game.tier_shape = shaped ? syn_shape : NULL;
    syn_game.canonicalize = mirror ? syn_canonicalize : NULL;
    struct store *st = calloc(1, sizeof *st);
    st->order_ok = 1;
    struct retro_config cfg = {.game = &syn_game,
                               .variant = &v,
                               .root = (tier_t)TARGET << 8 | TARGET,
                               .threads = threads,
                               .sink = store_sink,
                               .sink_ctx = st};
    struct retro_stats stats;
    char err[GAME_ERROR_BYTES] = "";
    int rc = retro_solve(&cfg, &stats, err);
    if (rc != 0) fail_msg("solve failed: %s", err);
    assert_int_equal(st->tiers_seen, TARGET * TARGET);
    assert_true(st->order_ok);
    assert_int_equal(stats.graphs_built, shaped ? 4 : TARGET * TARGET);

    retro_cell *naive = malloc(NPOS * sizeof *naive);
    naive_solve(&v, naive);
    int draws = 0, wins = 0, losses = 0, mixed_seen = 0;
    struct retro_counts counts = {0};
    for (int a = 1; a <= TARGET; a++)
        for (int b = 1; b <= TARGET; b++)
            retro_count(&counts, st->cells[a][b], 2 * SPOTS);
    /* The counts the solver found on the way agree with a count of its
     * output. */
    assert_int_equal(stats.counts.positions, counts.positions);
    assert_int_equal(stats.counts.won, counts.won);
    assert_int_equal(stats.counts.lost, counts.lost);
    assert_int_equal(stats.counts.drawn, counts.drawn);
    assert_int_equal(stats.counts.terminal, counts.terminal);
    assert_int_equal(stats.counts.max_remoteness, counts.max_remoteness);
    for (int a = 1; a <= TARGET; a++)
        for (int b = 1; b <= TARGET; b++)
            for (int r = 0; r < 2 * SPOTS; r++) {
                struct syn_state s;
                syn_unrank(&v, (tier_t)a << 8 | (tier_t)b, (uint64_t)r, &s);
                retro_cell want = naive[index_of(&s)], got = st->cells[a][b][r];
                char err3[GAME_ERROR_BYTES] = "";
                if (want != got && getenv("SYN_DEBUG")) {
                    retro_check_position(&syn_game, &v, &s, got, store_lookup, st, err3);
                    print_message("solver consistency: %s\n", err3);
                    move_t mv[4];
                    int nm = syn_moves(&v, &s, mv);
                    for (int k = 0; k < nm; k++) {
                        struct syn_state c = s;
                        syn_apply(&v, &c, mv[k]);
                        print_message(
                            "move %d -> need %d,%d side %d x %d turn %d solver %d naive "
                            "%d\n",
                            (int)mv[k], c.need[0], c.need[1], c.side, c.x,
                            syn_turn(&v, &c),
                            c.need[0] && c.need[1]
                                ? st->cells[c.need[0]][c.need[1]][syn_rank(0, &c)]
                                : -1,
                            naive[index_of(&c)]);
                    }
                }
                if (want != got)
                    fail_msg("seed %u tier (%d,%d) rank %d: solver %d, naive %d", seed, a,
                             b, r, got, want);
                char err2[GAME_ERROR_BYTES];
                if (got != RETRO_TERMINAL &&
                    retro_check_position(&syn_game, &v, &s, got, store_lookup, st,
                                         err2) != 0)
                    fail_msg("inconsistent: %s", err2);
                move_t mv[MAXMOVES];
                int nm = got == RETRO_TERMINAL ? 0 : syn_moves(&v, &s, mv);
                mixed_seen += nm >= 2 && mv[nm - 1] == GAME_MOVE_PASS;
                draws += got == RETRO_DRAW;
                wins += retro_outcome(got) == RETRO_OUTCOME_WIN;
                losses += retro_outcome(got) == RETRO_OUTCOME_LOSS;
            }
    /* The game must actually exercise all three outcomes (the caller checks:
     * one mirror game has no draws). */
    bool all_outcomes = draws > 0 && wins > 0 && losses > 0;
    if (mixed) assert_true(mixed_seen > 0);
    free(naive);
    free(st);
    syn_game.canonicalize = NULL;
    return all_outcomes;
}

static void test_matches_naive(void **unused) {
    for (uint32_t seed = 1; seed <= 12; seed++)
        assert_true(solve_and_compare(seed, false, 1, false, false));
}

static void test_matches_naive_shaped_threads(void **unused) {
    for (uint32_t seed = 1; seed <= 12; seed++)
        assert_true(solve_and_compare(seed, true, 2, false, false));
}

static void test_matches_naive_mixed_passes(void **unused) {
    for (uint32_t seed = 1; seed <= 12; seed++) {
        assert_true(solve_and_compare(seed, false, 1, true, false));
        assert_true(solve_and_compare(seed, true, 2, true, false));
    }
}

/* With canonicalize, half the ranks (the mirror images) are copied, not
 * solved: every rank still gets the naive solver's value. */
static void test_matches_naive_mirror(void **unused) {
    int all_outcomes = 0;
    for (uint32_t seed = 1; seed <= 12; seed++) {
        all_outcomes += solve_and_compare(seed, false, 1, true, true);
        all_outcomes += solve_and_compare(seed, true, 2, false, true);
    }
    assert_true(all_outcomes >= 20);
}

/* ---- split tiers (retro_split.h): parts as threads of this process ---- */
enum { MAX_TEST_PARTS = 7 };

struct thread_io {
    int parts;
    pthread_barrier_t barrier;
    void *const *outs[MAX_TEST_PARTS];
    const uint64_t *bytes[MAX_TEST_PARTS];
    int64_t values[MAX_TEST_PARTS];
};

struct part_run {
    struct thread_io *t;
    struct retro_split_io io;
    const struct variant *v;
    tier_t tier;
    const retro_cell *const *kids;
    retro_cell *whole; /* each part writes its range */
    int status;
    uint64_t sent; /* moves and updates sent to other parts */
};

static int thread_exchange(void *ctx, void *const *out, const uint64_t *out_bytes,
                           void **in, uint64_t *in_bytes) {
    struct part_run *r = ctx;
    struct thread_io *t = r->t;
    int me = r->io.part;
    t->outs[me] = out;
    t->bytes[me] = out_bytes;
    pthread_barrier_wait(&t->barrier);
    uint64_t total = 0;
    for (int q = 0; q < t->parts; q++)
        if (q != me) total += t->bytes[q][me];
    char *buf = malloc(total + 1), *at = buf;
    assert_non_null(buf);
    for (int q = 0; q < t->parts; q++)
        if (q != me && t->bytes[q][me]) {
            memcpy(at, t->outs[q][me], t->bytes[q][me]);
            at += t->bytes[q][me];
        }
    pthread_barrier_wait(&t->barrier); /* the senders may reuse their batches */
    *in = buf;
    *in_bytes = total;
    return 0;
}

static int64_t thread_max(void *ctx, int64_t x) {
    struct part_run *r = ctx;
    struct thread_io *t = r->t;
    t->values[r->io.part] = x;
    pthread_barrier_wait(&t->barrier);
    int64_t most = x;
    for (int q = 0; q < t->parts; q++) most = t->values[q] > most ? t->values[q] : most;
    pthread_barrier_wait(&t->barrier);
    return most;
}

static void *part_main(void *arg) {
    struct part_run *r = arg;
    struct retro_split_graph gr;
    struct retro_split_stats st;
    char err[GAME_ERROR_BYTES];
    r->status = retro_split_graph_build(&syn_game, r->v, r->tier, &r->io, 1, &gr, err);
    if (r->status == 0) {
        r->status = retro_split_solve(&gr, r->kids, &r->io, r->whole + gr.lo, &st, err);
        r->sent = gr.edges_sent + st.updates_sent;
        retro_split_graph_free(&gr);
    }
    if (r->status != 0) print_message("part %d: %s\n", r->io.part, err);
    return NULL;
}

/* Solve `tier` split into `parts` threads; returns what they sent. */
static uint64_t split_solve(const struct variant *v, tier_t tier,
                            const retro_cell *const *kids, int parts, retro_cell *whole) {
    struct thread_io t = {.parts = parts};
    struct part_run runs[MAX_TEST_PARTS];
    pthread_t threads[MAX_TEST_PARTS];
    pthread_barrier_init(&t.barrier, NULL, (unsigned)parts);
    for (int q = 0; q < parts; q++) {
        runs[q] = (struct part_run){
            .t = &t, .v = v, .tier = tier, .kids = kids, .whole = whole, .status = -1};
        runs[q].io = (struct retro_split_io){.ctx = &runs[q],
                                             .part = q,
                                             .parts = parts,
                                             .exchange = thread_exchange,
                                             .max = thread_max};
        pthread_create(&threads[q], NULL, part_main, &runs[q]);
    }
    uint64_t sent = 0;
    for (int q = 0; q < parts; q++) {
        pthread_join(threads[q], NULL);
        assert_int_equal(runs[q].status, 0);
        sent += runs[q].sent;
    }
    pthread_barrier_destroy(&t.barrier);
    return sent;
}

/* Every tier split over 2, 3, 5 and 7 parts gives the whole solve's
 * cells, for games with passes, mixed passes and moves that keep the
 * mover, and with mirror images (copied from a canonical rank that may lie
 * in another part). */
static void test_split_matches_whole(void **unused) {
    uint64_t sent = 0;
    for (uint32_t seed = 1; seed <= 12; seed++)
        for (int variant = 0; variant < 4; variant++) {
            int mixed = variant & 1, mirror = variant >> 1;
            if (mirror && seed > 6) continue; /* keeps the test to seconds */
            struct variant v = {0};
            ((struct syn_variant *)v.bytes)->seed = seed;
            ((struct syn_variant *)v.bytes)->mixed = (uint32_t)mixed;
            ((struct syn_variant *)v.bytes)->mirror = (uint32_t)mirror;
            syn_game.tier_shape = NULL;
            syn_game.canonicalize = mirror ? syn_canonicalize : NULL;
            struct store *st = calloc(1, sizeof *st);
            struct retro_config cfg = {.game = &syn_game,
                                       .variant = &v,
                                       .root = (tier_t)TARGET << 8 | TARGET,
                                       .threads = 1,
                                       .sink = store_sink,
                                       .sink_ctx = st};
            struct retro_stats stats;
            char err[GAME_ERROR_BYTES] = "";
            if (retro_solve(&cfg, &stats, err) != 0) fail_msg("solve failed: %s", err);
            for (int a = 1; a <= TARGET; a++)
                for (int b = 1; b <= TARGET; b++) {
                    tier_t tier = (tier_t)a << 8 | (tier_t)b, kid[RETRO_MAX_SLOTS];
                    const retro_cell *kids[RETRO_MAX_SLOTS];
                    int nk = syn_tier_children(&v, tier, kid);
                    for (int k = 0; k < nk; k++)
                        kids[k] = st->cells[kid[k] >> 8][kid[k] & 255];
                    static const int splits[] = {2, 3, 5, 7};
                    for (int s = 0; s < 4; s++) {
                        retro_cell got[2 * SPOTS];
                        memset(got, 0xAB, sizeof got);
                        sent += split_solve(&v, tier, kids, splits[s], got);
                        for (int r = 0; r < 2 * SPOTS; r++)
                            if (got[r] != st->cells[a][b][r])
                                fail_msg("seed %u mixed %d mirror %d tier (%d,%d) in "
                                         "%d parts, rank %d: split %d, whole %d",
                                         seed, mixed, mirror, a, b, splits[s], r, got[r],
                                         st->cells[a][b][r]);
                    }
                }
            free(st);
            syn_game.canonicalize = NULL;
        }
    assert_true(sent > 0); /* moves and updates did cross parts */
}

static void test_tier_order(void **unused) {
    struct variant v = {0};
    tier_t *order = NULL;
    char err[GAME_ERROR_BYTES];
    long n = retro_tier_order(&syn_game, &v, (tier_t)3 << 8 | 2, &order, err);
    assert_int_equal(n, 6);
    assert_int_equal(order[0], (tier_t)1 << 8 | 1);
    assert_int_equal(order[n - 1], (tier_t)3 << 8 | 2);
    free(order);
}

static void test_cell_helpers(void **unused) {
    assert_int_equal(retro_outcome(retro_win(3)), RETRO_OUTCOME_WIN);
    assert_int_equal(retro_remoteness(retro_loss(7)), 7);
    assert_int_equal(retro_negate(retro_win(4)), retro_loss(4));
    assert_int_equal(retro_through(retro_loss(4), true, false), retro_win(5));
    assert_int_equal(retro_through(retro_loss(4), true, true), retro_win(4));
    assert_true(retro_better(retro_win(2), retro_win(5)));
    assert_true(retro_better(retro_loss(9), retro_loss(2)));
    assert_true(retro_better(RETRO_DRAW, retro_loss(9)));
    assert_false(retro_better(RETRO_DRAW, retro_win(90)));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_helpers),
        cmocka_unit_test(test_tier_order),
        cmocka_unit_test(test_matches_naive),
        cmocka_unit_test(test_matches_naive_shaped_threads),
        cmocka_unit_test(test_matches_naive_mixed_passes),
        cmocka_unit_test(test_matches_naive_mirror),
        cmocka_unit_test(test_split_matches_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
