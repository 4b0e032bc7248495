/* df-pn's numbers for unsearched positions (enum dfpn_init): what each
 * initialisation gives, and that the search really uses them (a fixed
 * position proved with far fewer nodes; node counts are deterministic).
 * That the values never change is tested against a plain solver in
 * test_dfpn_kerx.c. */
#include "solve/dfpn.h"
#include "solve/dfpn_ctx.h"
#include "support.h"

#include <string.h>

static void numbers(const struct test_game *t, enum dfpn_init init, const char *text,
                    int attacker, uint32_t *pn, uint32_t *dn) {
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    test_parse(t, text, s);
    struct dfpn_config cfg = {.game = t->game, .variant = &t->variant, .init = init};
    struct dfpn_ctx c = {.cfg = &cfg, .g = t->game, .v = &t->variant};
    dfpn_initial_numbers(&c, s, attacker, pn, dn);
    assert_true(*pn >= 1 && *pn <= DFPN_INIT_MAX);
    assert_true(*dn >= 1 && *dn <= DFPN_INIT_MAX);
}

static void test_initial_numbers(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3");
    uint32_t pn, dn, pn2, dn2;
    /* Uniform: plain df-pn's (1, 1). */
    numbers(&t, DFPN_INIT_UNIFORM, "bbb/bbbb/bb1ww/wwww/www w", 0, &pn, &dn);
    assert_int_equal(pn, 1);
    assert_int_equal(dn, 1);
    /* Eval: the start is even (the same for either attacker). */
    numbers(&t, DFPN_INIT_EVAL, "bbb/bbbb/bb1ww/wwww/www w", 0, &pn, &dn);
    assert_int_equal(pn, dn);
    /* Four white pieces against one black: easy to prove for white, hard
     * to disprove; the other way round for black. */
    numbers(&t, DFPN_INIT_EVAL, "1b1/4/5/3w/www w", 0, &pn, &dn);
    numbers(&t, DFPN_INIT_EVAL, "1b1/4/5/3w/www w", 1, &pn2, &dn2);
    assert_true(pn < dn);
    assert_int_equal(pn, dn2);
    assert_int_equal(dn, pn2);
    /* Mobility: the mover's move count on the side it must cover. */
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    move_t moves[256];
    test_parse(&t, "1b1/4/5/3w/www w", s);
    uint32_t k = (uint32_t)t.game->moves(&t.variant, s, moves);
    assert_true(k > 1);
    numbers(&t, DFPN_INIT_MOBILITY, "1b1/4/5/3w/www w", 0, &pn, &dn);
    assert_int_equal(pn, 1);
    assert_int_equal(dn, k);
    numbers(&t, DFPN_INIT_MOBILITY, "1b1/4/5/3w/www w", 1, &pn, &dn);
    assert_int_equal(pn, k);
    assert_int_equal(dn, 1);
    /* Names. */
    enum dfpn_init init;
    assert_int_equal(dfpn_init_parse("eval", &init), 0);
    assert_int_equal(init, DFPN_INIT_EVAL);
    assert_int_equal(dfpn_init_parse("mobility", &init), 0);
    assert_int_equal(init, DFPN_INIT_MOBILITY);
    assert_int_equal(dfpn_init_parse("uniform", &init), 0);
    assert_int_equal(init, DFPN_INIT_UNIFORM);
    assert_int_equal(dfpn_init_parse("Eval", &init), -1);
}

/* A size-3 win (4 against 3, bench/kerx_size3_solve.txt "4+3-long"): the
 * search with knowledge must take a different, here shorter, path to the
 * same proof. If the initial numbers were ignored, the node counts
 * would be equal. */
static void test_search_uses_them(void **unused) {
    (void)unused;
    struct test_game t = test_game_make("kerx", "size=3,drawat=3,huff=0");
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    test_parse(&t, "1ww/1wb1/4b/w1b1/3 w", s);
    uint64_t nodes[3];
    for (int k = 0; k < 3; k++) {
        struct dfpn_config cfg = {.game = t.game,
                                  .variant = &t.variant,
                                  .table_mib = 16,
                                  .node_limit = 1000000,
                                  .init = (enum dfpn_init)k};
        struct dfpn_result r;
        char err[GAME_ERROR_BYTES];
        assert_int_equal(dfpn_solve(&cfg, s, &r, err), 0);
        if (r.value != DFPN_WIN)
            fail_msg("init %d: value %d (%s)", k, r.value, r.stopped);
        nodes[k] = r.nodes;
    }
    /* Mobility halves the work here; eval (games/kerx/kerx_eval.c, whose
     * endgame terms rate this 4-against-3 position by progress, not only
     * material) takes a different path that is shorter too. */
    if (!(nodes[DFPN_INIT_EVAL] < nodes[DFPN_INIT_UNIFORM] &&
          2 * nodes[DFPN_INIT_MOBILITY] < nodes[DFPN_INIT_UNIFORM]))
        fail_msg("nodes: uniform %llu, eval %llu, mobility %llu",
                 (unsigned long long)nodes[0], (unsigned long long)nodes[1],
                 (unsigned long long)nodes[2]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initial_numbers),
        cmocka_unit_test(test_search_uses_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
