/* The web board hooks (engine/board.h) on every registered game that has
 * them: along random games, every description has unique cell ids, pieces
 * on described cells, owners in range, and every legal move touches only
 * described cells, at most BOARD_MAX_PATH of them, without repeating a
 * cell back to back. For hidden information: a player's view never shows
 * that player's own pieces as unknown, and shows at least one enemy piece as
 * unknown right after setup. Every game registered here must have a board. */
#include "engine/board.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "games/kotra/kotra.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static void check_board(const struct game *g, const struct variant *v,
                        const void *state) {
    struct board b;
    board_init(&b);
    g->describe(v, state, &b);
    assert_false(b.failed);
    assert_true(b.n_cells > 0);
    assert_true(b.width > 0 && b.height > 0);
    for (int i = 0; i < b.n_cells; i++)
        for (int j = i + 1; j < b.n_cells; j++)
            assert_int_not_equal(b.cells[i].id, b.cells[j].id);
    int players = variant_players(g, v);
    for (int i = 0; i < b.n_pieces; i++) {
        assert_non_null(board_find(&b, b.pieces[i].cell));
        assert_true(b.pieces[i].owner >= -1 && b.pieces[i].owner < players);
    }
    move_t moves[g->max_moves];
    int turn = g->turn(v, state);
    int n = turn >= 0 ? g->moves(v, state, moves) : 0;
    for (int i = 0; i < n; i++) {
        int cells[BOARD_MAX_PATH];
        int k = g->move_cells(v, state, moves[i], cells);
        assert_true(k >= 0 && k <= BOARD_MAX_PATH);
        for (int j = 0; j < k; j++) {
            assert_non_null(board_find(&b, cells[j]));
            if (j && cells[j] == cells[j - 1]) {
                char text[128];
                g->format_move(v, state, moves[i], text, sizeof text);
                fail_msg("%s: move %s touches cell %d twice in a row", g->name, text,
                         cells[j]);
            }
        }
    }
    board_free(&b);
}

/* Own pieces are never unknown in one's own view; returns how many enemy
 * pieces are. */
static int check_view(const struct game *g, const struct variant *v, const void *state,
                      int player) {
    _Alignas(8) unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, state, g->state_size);
    g->view(v, seen, player);
    struct board b;
    board_init(&b);
    g->describe(v, seen, &b);
    int unknown = 0;
    for (int i = 0; i < b.n_pieces; i++) {
        if (!b.pieces[i].unknown) continue;
        assert_int_not_equal(b.pieces[i].owner, player);
        unknown++;
    }
    board_free(&b);
    return unknown;
}

/* How many notes of the description were too long and cut. */
static int cut_notes(const struct game *g, const struct variant *v, const void *state) {
    struct board b;
    board_init(&b);
    g->describe(v, state, &b);
    int cut = b.cut_notes;
    board_free(&b);
    return cut;
}

static void random_games(const struct game *g) {
    struct variant v;
    variant_init(g, &v);
    struct rng r;
    rng_seed(&r, 2026);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    assert_non_null(moves);
    for (int game = 0; game < 4; game++) {
        _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
        memset(state, 0, sizeof state);
        g->start(&v, state);
        int most_unknown = 0;
        for (int ply = 0; ply < 400; ply++) {
            check_board(g, &v, state);
            assert_int_equal(cut_notes(g, &v, state), 0);
            if (g->flags & GAME_HAS_HIDDEN)
                for (int p = 0; p < variant_players(g, &v); p++) {
                    int u = check_view(g, &v, state, p);
                    if (u > most_unknown) most_unknown = u;
                }
            int turn = g->turn(&v, state);
            if (turn == TURN_OVER) break;
            if (turn == TURN_SIMULTANEOUS) {
                move_t choice[GAME_MAX_PLAYERS] = {0};
                unsigned acting = g->acting(&v, state);
                for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                    if (!(acting >> p & 1)) continue;
                    int n = g->joint_moves(&v, state, p, moves);
                    choice[p] = moves[rng_below(&r, (uint32_t)n)];
                }
                g->apply_joint(&v, state, choice);
                continue;
            }
            int n = g->moves(&v, state, moves);
            assert_true(n > 0);
            g->apply(&v, state, moves[rng_below(&r, (uint32_t)n)]);
        }
        if (g->flags & GAME_HAS_HIDDEN) assert_true(most_unknown > 0);
    }
    free(moves);
}

static void every_game_has_a_board(void **unused) {
    int count;
    const struct game *const *games = registry_games(&count);
    assert_true(count >= 5);
    for (int i = 0; i < count; i++) {
        assert_non_null(games[i]->describe);
        assert_non_null(games[i]->move_cells);
        random_games(games[i]);
    }
}

/* Kotra's web board shows each known piece's public states with the same
 * marks as the terminal drawing (rank letter, then the marks that apply), and
 * random games do reach pieces that carry one. */
static void kotra_pieces_carry_their_marks(void **unused) {
    char err[GAME_ERROR_BYTES];
    const struct game *g = registry_find("kotra", err);
    assert_non_null(g);
    struct variant v;
    variant_init(g, &v);
    struct rng r;
    rng_seed(&r, 18);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    assert_non_null(moves);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memset(state, 0, sizeof state);
    g->start(&v, state);
    int marked = 0;
    for (int ply = 0; ply < 600 && g->turn(&v, state) != TURN_OVER; ply++) {
        struct board b;
        board_init(&b);
        g->describe(&v, state, &b);
        const struct kotra_state *s = (const void *)state;
        for (int i = 0; i < b.n_pieces; i++) {
            const struct board_piece *p = &b.pieces[i];
            char marks[3], want[4] = {0};
            kotra_piece_marks(s, p->cell, marks);
            want[0] = kotra_rank_letter(kotra_rank_of(s->cell[p->cell]));
            for (int k = 0, len = 1; k < 2; k++)
                if (marks[k] != ' ') want[len++] = marks[k];
            assert_string_equal(p->label, want);
            if (want[1]) marked++;
        }
        board_free(&b);
        int n = g->moves(&v, state, moves);
        assert_true(n > 0);
        g->apply(&v, state, moves[rng_below(&r, (uint32_t)n)]);
    }
    assert_true(marked > 0);
    free(moves);
}

/* The board grows past its first allocation without losing anything. */
static void board_grows(void **unused) {
    struct board b;
    board_init(&b);
    for (int i = 0; i < 1000; i++) board_circle(&b, i, (float)i, 0, 0.5f, "", "", -1);
    for (int i = 0; i < 300; i++) board_piece(&b, i, i % 2, "x", false);
    assert_int_equal(b.n_cells, 1000);
    assert_int_equal(b.n_pieces, 300);
    assert_non_null(board_find(&b, 999));
    assert_null(board_find(&b, 1000));
    assert_null(board_polygon(&b, 5000, 2, (const float[]){0, 0, 1, 1}, "", "", -1));
    board_free(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_has_a_board),
        cmocka_unit_test(kotra_pieces_carry_their_marks),
        cmocka_unit_test(board_grows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
