/* df-pn's progress reports (dfpn_config.progress): they come while the
 * search runs, their node counts grow and never pass the final count, and
 * the root numbers they carry are the result's as they stood. */
#include "games/kerx/kerx.h"
#include "search/dfpn.h"
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_progress_reports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
