/* The Kotra drawing (issue 18): terrain under pieces and piece states are
 * shown, with a legend; split cells read upper triangle first for both
 * diagonals; terrain symbols never reuse a mark of the position notation. */
#include "games/kotra/kotra.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *drawing_of(const struct kotra_state *s) {
    struct test_game t = test_game_make("kotra", NULL);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    t.game->draw(&t.variant, s, out);
    fclose(out);
    return text;
}

static int at(const char *name) {
    int sp = kotra_space_find(name);
    if (sp < 0) fail_msg("no space '%s'", name);
    return sp;
}

/* The drawing holds `expect` (a space's terrain, piece and marks). */
static void assert_drawn(const char *drawing, const char *expect) {
    if (!strstr(drawing, expect)) fail_msg("'%s' not drawn in:\n%s", expect, drawing);
}

static void test_terrain_symbols_are_not_marks(void **unused) {
    (void)unused;
    const char *marks = "+'!^~$*@%:./\\[]-";
    for (int t = 0; t < TERRAIN_KINDS; t++) {
        char c = kotra_terrain_symbol(t);
        assert_null(strchr(marks, c));
        assert_false(c >= 'a' && c <= 'z');
        assert_false(c >= 'A' && c <= 'Z');
        for (int u = 0; u < t; u++) assert_true(kotra_terrain_symbol(u) != c);
    }
}

static void test_pieces_terrain_and_states(void **unused) {
    (void)unused;
    struct kotra_state s;
    memset(&s, 0, sizeof s);
    s.phase = PHASE_ROLL;
    s.picked = KOTRA_NO_SPACE;
    s.cell[at("d7")] = kotra_cell(KOTRA_GOLD, RANK_GLINN); /* promoted gil */
    s.extra[at("d7")] = 1;
    s.flags[at("d7")] = KF_MOVED;
    s.cell[at("a2")] = kotra_cell(KOTRA_GOLD, RANK_GUL); /* shielded */
    s.flags[at("a2")] = KF_MOVED | 2 * KF_SHIELD1;
    s.cell[at("b7")] = kotra_cell(KOTRA_SILVER, RANK_GIL); /* stuck */
    s.flags[at("b7")] = KF_MOVED | KF_STUCK1;
    s.cell[at("d1")] = kotra_cell(KOTRA_GOLD, RANK_DAL); /* from the reserve */
    s.extra[at("d1")] = KX_ENTERED;
    /* Split cells: c6 is cut by '/', e6 by '\'; both read upper first. */
    s.cell[at("c6n")] = kotra_cell(KOTRA_SILVER, RANK_AGENT);
    s.cell[at("c6s")] = kotra_cell(KOTRA_SILVER, RANK_DALIN);
    s.cell[at("e6n")] = kotra_cell(KOTRA_SILVER, RANK_LEGATE);
    s.cell[at("e6s")] = kotra_cell(KOTRA_SILVER, RANK_GARRESH);
    char *d = drawing_of(&s);
    char want[16];
    snprintf(want, sizeof want, "%cG+ ", kotra_terrain_symbol(TERRAIN_PROMOTION));
    assert_drawn(d, want);
    snprintf(want, sizeof want, "%cU'@", kotra_terrain_symbol(TERRAIN_SAFETY));
    assert_drawn(d, want);
    snprintf(want, sizeof want, "%ci'%%", kotra_terrain_symbol(TERRAIN_BOG));
    assert_drawn(d, want);
    snprintf(want, sizeof want, "%cD$ ", kotra_terrain_symbol(TERRAIN_BASE));
    assert_drawn(d, want);
    snprintf(want, sizeof want, "[%ca  /%cn  ]",
             kotra_terrain_symbol(kotra_board[at("c6n")].terrain),
             kotra_terrain_symbol(kotra_board[at("c6s")].terrain));
    assert_drawn(d, want);
    snprintf(want, sizeof want, "[%cl  \\%cr  ]",
             kotra_terrain_symbol(kotra_board[at("e6n")].terrain),
             kotra_terrain_symbol(kotra_board[at("e6s")].terrain));
    assert_drawn(d, want);
    /* The legend names every terrain kind with its symbol. */
    for (int t = 1; t < TERRAIN_KINDS; t++) {
        char entry[40];
        snprintf(entry, sizeof entry, "%c %s", kotra_terrain_symbol(t),
                 kotra_terrain_name(t));
        assert_drawn(d, entry);
    }
    free(d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terrain_symbols_are_not_marks),
        cmocka_unit_test(test_pieces_terrain_and_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
