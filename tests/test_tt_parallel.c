/* Transposition table: store/probe, replacement, and concurrent use from
 * several threads (run under ThreadSanitizer by `make tsan`). The threads
 * here are POSIX threads, not OpenMP: GCC's libgomp is not instrumented, so
 * TSan cannot see its barriers and reports false races at every join. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/rng.h"
#include "search/tt.h"

#include <pthread.h>

/* Every field is a function of the key, so a torn or foreign entry shows. */
static int score_of(uint64_t key) {
    return (int)((key >> 7) % 20001) - 10000;
}
static int depth_of(uint64_t key) {
    return (int)((key >> 24) % 60);
}
static int move_of(uint64_t key) {
    return (int)((key >> 33) % 4000);
}

static void test_store_probe(void **unused) {
    struct tt t;
    assert_int_equal(tt_init(&t, 1), 0);
    struct tt_entry e;
    assert_false(tt_probe(&t, 12345, &e));
    tt_store(&t, 12345, -2999, 7, TT_LOWER, 3);
    assert_true(tt_probe(&t, 12345, &e));
    assert_int_equal(e.score, -2999);
    assert_int_equal(e.depth, 7);
    assert_int_equal(e.bound, TT_LOWER);
    assert_int_equal(e.move, 3);
    /* A shallower non-exact store of the same search keeps the deeper one. */
    tt_store(&t, 12345, 5, 2, TT_UPPER, TT_NO_MOVE);
    assert_true(tt_probe(&t, 12345, &e));
    assert_int_equal(e.depth, 7);
    /* An exact store replaces it; a store without a move keeps the old move. */
    tt_store(&t, 12345, 5, 2, TT_EXACT, TT_NO_MOVE);
    assert_true(tt_probe(&t, 12345, &e));
    assert_int_equal(e.score, 5);
    assert_int_equal(e.move, 3);
    /* Same bucket, other key: a miss. */
    assert_false(tt_probe(&t, 12345 + (t.mask + 1), &e));
    tt_clear(&t);
    assert_false(tt_probe(&t, 12345, &e));
    tt_free(&t);
}

static void test_replacement_prefers_shallow_and_old(void **unused) {
    struct tt t;
    assert_int_equal(tt_init(&t, 1), 0);
    uint64_t stride = t.mask + 1, base = 77;
    /* Fill one bucket with depths 10, 3, 8, 9; a fifth key evicts depth 3. */
    int depths[4] = {10, 3, 8, 9};
    for (int i = 0; i < 4; i++)
        tt_store(&t, base + stride * (uint64_t)i, i, depths[i], TT_EXACT, i);
    tt_store(&t, base + stride * 4, 4, 5, TT_EXACT, 4);
    struct tt_entry e;
    assert_false(tt_probe(&t, base + stride * 1, &e));
    assert_true(tt_probe(&t, base + stride * 4, &e));
    assert_true(tt_probe(&t, base, &e));
    /* After many new searches the deep old entries go before a fresh one. */
    for (int i = 0; i < 5; i++) tt_new_search(&t);
    tt_store(&t, base + stride * 5, 5, 1, TT_EXACT, 5);
    tt_store(&t, base + stride * 6, 6, 1, TT_EXACT, 6);
    assert_true(tt_probe(&t, base + stride * 5, &e));
    assert_true(tt_probe(&t, base + stride * 6, &e));
    tt_free(&t);
}

enum { THREADS = 4, OPS = 200000, KEYS = 1 << 17 };

struct worker {
    struct tt *t;
    uint64_t seed;
    long bad, hits;
};

static void *worker_run(void *arg) {
    struct worker *w = arg;
    struct rng r;
    rng_seed(&r, w->seed);
    for (int i = 0; i < OPS; i++) {
        /* Few distinct keys: threads collide on the same buckets. */
        uint64_t x = rng_below(&r, KEYS);
        uint64_t key = rng_splitmix(&x) | 1;
        struct tt_entry e;
        if (rng_below(&r, 2)) {
            tt_store(w->t, key, score_of(key), depth_of(key), TT_EXACT, move_of(key));
        } else if (tt_probe(w->t, key, &e)) {
            w->hits++;
            if (e.score != score_of(key) || e.depth != depth_of(key) ||
                e.move != move_of(key) || e.bound != TT_EXACT)
                w->bad++;
        }
    }
    return NULL;
}

static void test_concurrent_threads(void **unused) {
    struct tt t;
    assert_int_equal(tt_init(&t, 1), 0);
    pthread_t id[THREADS];
    struct worker w[THREADS];
    for (int i = 0; i < THREADS; i++) {
        w[i] = (struct worker){.t = &t, .seed = 1000 + (uint64_t)i};
        assert_int_equal(pthread_create(&id[i], NULL, worker_run, &w[i]), 0);
    }
    long bad = 0, hits = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(id[i], NULL);
        bad += w[i].bad;
        hits += w[i].hits;
    }
    assert_int_equal(bad, 0);
    assert_true(hits > 0);
    assert_true(tt_hashfull(&t) > 0);
    tt_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_probe),
        cmocka_unit_test(test_replacement_prefers_shallow_and_old),
        cmocka_unit_test(test_concurrent_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
