/* df-pn's progress reports (dfpn_config.progress): they come while the
 * search runs, their node counts grow and never pass the final count, and
 * the root numbers they carry are the result's as they stood. And stopping:
 * the disproof check, which can run long on a large table, gives up when
 * the time limit has passed or the interrupt is set. */
#include "engine/timer.h"
#include "games/kerx/kerx.h"
#include "solve/dfpn.h"
#include "solve/dfpn_check.h"
#include "support.h"

#include <stdint.h>
#include <string.h>

struct seen {
    int calls;
    uint64_t last_nodes;
    double last_seconds;
    bool ordered;
};

static void record(void *ctx, const struct dfpn_progress *p) {
    struct seen *s = ctx;
    if (p->nodes <= s->last_nodes || p->seconds < s->last_seconds) s->ordered = false;
    if (p->pn[0] == 0 && p->dn[0] == 0) s->ordered = false; /* never both 0 */
    s->last_nodes = p->nodes;
    s->last_seconds = p->seconds;
    s->calls++;
}

/* Size 3 after c2-c3 (black to move wins): some 50,000 nodes, so a report
 * every 1,024 nodes (the clock is read that often) comes many times. */
static void test_progress_reports(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    test_parse(&t, "bbb/bbbb/bbwww/ww1w/www b", s);
    struct seen seen = {.ordered = true};
    struct dfpn_config cfg = {.game = t.game,
                              .variant = &t.variant,
                              .table_mib = 64,
                              .node_limit = 3000000,
                              .progress = record,
                              .progress_ctx = &seen,
                              .progress_seconds = 1e-9};
    struct dfpn_result r;
    char err[GAME_ERROR_BYTES];
    assert_int_equal(dfpn_solve(&cfg, s, &r, err), 0);
    if (r.value != DFPN_WIN) fail_msg("value %d (%s)", r.value, r.stopped);
    if (seen.calls < 10)
        fail_msg("%d reports in %llu nodes", seen.calls, (unsigned long long)r.nodes);
    assert_true(seen.ordered);
    assert_true(seen.last_nodes <= r.nodes);
    assert_true(seen.last_seconds <= r.seconds);

    /* Without a callback the same search gives the same answer. */
    cfg.progress = NULL;
    struct dfpn_result plain;
    assert_int_equal(dfpn_solve(&cfg, s, &plain, err), 0);
    assert_int_equal(plain.value, r.value);
    assert_int_equal(plain.nodes, r.nodes);
}

/* A table holding one disproved root: the check must stop at once when
 * interrupted or past its deadline, and run (to an answer) otherwise. */
static void test_check_stops(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    t.game->start(&t.variant, s);
    volatile sig_atomic_t stop = 1;
    struct dfpn_config cfg = {.game = t.game, .variant = &t.variant, .interrupt = &stop};
    struct dfpn_ctx c = {.cfg = &cfg,
                         .g = t.game,
                         .v = &t.variant,
                         .key_size = (t.game->state_size + 8) & ~(size_t)7};
    assert_int_equal(dfpn_table_init(&c.table, 1, c.key_size), 0);
    uint64_t h = dfpn_key(&c, s, 0, key);
    assert_true(dfpn_table_store(&c.table, h, key, DFPN_INF, 0, 0, 0, 1));
    uint64_t size = 0, voided = 0;
    int pick = -1;
    char err[GAME_ERROR_BYTES] = "";
    assert_int_equal(dfpn_check_disproof(&c, s, 0, &size, &pick, &voided, err),
                     DFPN_CHECK_STOPPED);
    assert_non_null(strstr(err, "stopped during the disproof check"));
    assert_int_equal(voided, 0);
    stop = 0;
    c.deadline = timer_now() - 1; /* the time limit has passed */
    assert_int_equal(dfpn_check_disproof(&c, s, 0, &size, &pick, &voided, err),
                     DFPN_CHECK_STOPPED);
    c.deadline = 0; /* no limit: it runs; one entry cannot be closed */
    assert_int_equal(dfpn_check_disproof(&c, s, 0, &size, &pick, &voided, err), -1);
    dfpn_table_free(&c.table);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_progress_reports),
        cmocka_unit_test(test_check_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
