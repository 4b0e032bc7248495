/* The df-pn table's replacement (solve/dfpn_table.h): a collection removes
 * exactly the open entries of least work, keeps every proved and disproved
 * one, and leaves every remaining entry reachable (the in-place rehash of
 * linear probing); a full table without replacement refuses, with it makes
 * room. And df-pn itself: a proof that a small table cannot hold without
 * replacement finishes with it, with the same value. */
#include "games/kerx/kerx.h"
#include "solve/dfpn.h"
#include "solve/dfpn_table.h"
#include "support.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { KEY = 16 };

/* Entry i: key bytes from i, hash deliberately weak (many collisions, long
 * clusters, wrap-around at the table's end), work and settledness from i. */
static void key_of(uint64_t i, unsigned char *k) {
    memset(k, 0, KEY);
    memcpy(k, &i, sizeof i);
    k[12] = 0x5a;
}
static uint64_t hash_of(uint64_t i) {
    return (i % 977) * 0x9E3779B97F4A7C15u + 1;
}
/* Below 1024, where collections rank work exactly (dfpn_table.h). */
static uint32_t work_of(uint64_t i) {
    return (uint32_t)((i * 7919) % 1000) + 1;
}
static bool settled(uint64_t i) {
    return i % 7 == 0;
}
static uint32_t pn_of(uint64_t i) {
    return settled(i) ? (i % 2 ? 0 : DFPN_INF) : 5;
}
static uint32_t dn_of(uint64_t i) {
    return settled(i) ? (i % 2 ? DFPN_INF : 0) : 9;
}

static uint64_t fill(struct dfpn_table *t) {
    unsigned char k[KEY];
    uint64_t n = 0;
    while (t->count < t->limit) {
        key_of(n, k);
        assert_true(
            dfpn_table_store(t, hash_of(n), k, pn_of(n), dn_of(n), 0, 0, work_of(n)));
        n++;
    }
    return n;
}

static void test_collect_removes_least_work(void **unused) {
    (void)unused;
    struct dfpn_table t;
    assert_int_equal(dfpn_table_init(&t, 1, KEY), 0);
    uint64_t n = fill(&t);
    uint64_t target = t.limit / 3, before = t.count;
    assert_int_equal(dfpn_table_collect(&t, target), target);
    assert_int_equal(t.count, before - target);
    /* The removed are open entries of no more work than any kept open one. */
    unsigned char k[KEY];
    uint32_t most_removed = 0, least_kept = UINT32_MAX;
    uint64_t found = 0;
    for (uint64_t i = 0; i < n; i++) {
        key_of(i, k);
        const struct dfpn_slot *s = dfpn_table_find(&t, hash_of(i), k);
        if (settled(i)) assert_non_null(s);
        if (!s) {
            if (work_of(i) > most_removed) most_removed = work_of(i);
            continue;
        }
        found++;
        assert_int_equal(s->pn, pn_of(i));
        assert_int_equal(s->dn, dn_of(i));
        assert_int_equal(s->work, work_of(i));
        if (!settled(i) && work_of(i) < least_kept) least_kept = work_of(i);
    }
    assert_int_equal(found, t.count);
    assert_true(most_removed <= least_kept);
    dfpn_table_free(&t);
}

/* Most open entries of a search have the same least work (positions
 * expanded once), so a collection takes only part of one work bucket: it
 * must take them evenly over the table. Taking the first ones in slot order
 * left the last part of the table as full as before (90%), and the entries
 * stored next piled up there into one probe run tens of thousands of slots
 * long (size-3 Kerx start with a 16 MiB table: 15-25 s instead of 1 s). */
static void test_collect_spreads_over_the_table(void **unused) {
    (void)unused;
    struct dfpn_table t;
    assert_int_equal(dfpn_table_init(&t, 1, KEY), 0);
    unsigned char k[KEY];
    for (uint64_t i = 0; t.count < t.limit; i++) { /* one work, a good hash */
        key_of(i, k);
        uint64_t h = (i + 1) * 0x9E3779B97F4A7C15u;
        h ^= h >> 29;
        assert_true(dfpn_table_store(&t, h * 0xBF58476D1CE4E5B9u, k, 5, 9, 0, 0, 1));
    }
    uint64_t target = t.limit / 3, left = t.count - target;
    assert_int_equal(dfpn_table_collect(&t, target), target);
    /* Each tenth of the slots keeps about a tenth of the entries. */
    for (int part = 0; part < 10; part++) {
        uint64_t used = 0, lo = t.size * part / 10, hi = t.size * (part + 1) / 10;
        for (uint64_t i = lo; i < hi; i++) used += t.slots[i].hash != 0;
        if (used * 100 > left * 12 || used * 100 < left * 8)
            fail_msg("slots %llu-%llu hold %llu of %llu entries", (unsigned long long)lo,
                     (unsigned long long)hi, (unsigned long long)used,
                     (unsigned long long)left);
    }
    dfpn_table_free(&t);
}

static void test_full_table(void **unused) {
    (void)unused;
    unsigned char k[KEY];
    struct dfpn_table t;
    assert_int_equal(dfpn_table_init(&t, 1, KEY), 0);
    uint64_t n = fill(&t);
    key_of(n, k);
    assert_false(dfpn_table_store(&t, hash_of(n), k, 1, 1, 0, 0, 1));
    assert_true(t.full);
    dfpn_table_free(&t);

    assert_int_equal(dfpn_table_init(&t, 1, KEY), 0);
    t.replace = true;
    n = fill(&t);
    for (uint64_t i = n; i < 4 * n; i++) { /* several collections */
        key_of(i, k);
        assert_true(
            dfpn_table_store(&t, hash_of(i), k, pn_of(i), dn_of(i), 0, 0, work_of(i)));
    }
    assert_false(t.full);
    assert_true(t.collections >= 2);
    for (uint64_t i = 0; i < 4 * n; i += 7) { /* every settled entry stays */
        key_of(i, k);
        assert_non_null(dfpn_table_find(&t, hash_of(i), k));
    }
    /* Adding to an existing entry adds its work. */
    key_of(0, k);
    uint32_t w = dfpn_table_find(&t, hash_of(0), k)->work;
    assert_true(dfpn_table_store(&t, hash_of(0), k, pn_of(0), dn_of(0), 0, 0, 10));
    assert_int_equal(dfpn_table_find(&t, hash_of(0), k)->work, w + 10);
    dfpn_table_free(&t);

    /* Nothing open to remove: a full table refuses even with replacement. */
    assert_int_equal(dfpn_table_init(&t, 1, KEY), 0);
    t.replace = true;
    for (uint64_t i = 0; t.count < t.limit; i++) {
        key_of(i, k);
        assert_true(dfpn_table_store(&t, hash_of(i), k, 0, DFPN_INF, 0, 0, 1));
    }
    key_of(t.limit, k);
    assert_false(dfpn_table_store(&t, hash_of(t.limit), k, 1, 1, 0, 0, 1));
    assert_true(t.full);
    dfpn_table_free(&t);
}

/* Size 3 after c2-c3 (black to move wins, e4xc2): the proof needs more
 * entries than a 2 MiB table holds. */
static void test_small_table_proves(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    test_parse(&t, "bbb/bbbb/bbwww/ww1w/www b", s);
    struct dfpn_config cfg = {.game = t.game,
                              .variant = &t.variant,
                              .table_mib = 2,
                              .node_limit = 3000000,
                              .no_replacement = true};
    struct dfpn_result r;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(dfpn_solve(&cfg, s, &r, err), 0);
    assert_int_equal(r.value, DFPN_UNKNOWN);
    assert_non_null(strstr(r.stopped, "table full"));
    cfg.no_replacement = false;
    assert_int_equal(dfpn_solve(&cfg, s, &r, err), 0);
    if (r.value != DFPN_WIN) fail_msg("value %d (%s)", r.value, r.stopped);
    assert_true(r.table_collections >= 1);
    assert_true(r.remoteness > 0);
}

/* A draw that needs replacement: the size-3 start with a 6 MiB table
 * (about 70,000 entries; the two closed defence sets alone hold some 35,000
 * positions). Before collections were spread over the table, this run
 * piled entries into one long probe run, its disproof checks kept failing
 * on what collections removed, and the table filled: unfinished. */
static void test_small_table_draw(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, s);
    struct dfpn_config cfg = {
        .game = t.game, .variant = &t.variant, .table_mib = 6, .node_limit = 5000000};
    struct dfpn_result r;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(dfpn_solve(&cfg, s, &r, err), 0);
    if (r.value != DFPN_DRAW) fail_msg("value %d (%s)", r.value, r.stopped);
    assert_int_equal(r.mover_wins, 0);
    assert_int_equal(r.mover_loses, 0);
    assert_true(r.table_collections >= 3);
    assert_true(r.check_expansions > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_collect_removes_least_work),
        cmocka_unit_test(test_collect_spreads_over_the_table),
        cmocka_unit_test(test_full_table),
        cmocka_unit_test(test_small_table_proves),
        cmocka_unit_test(test_small_table_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
