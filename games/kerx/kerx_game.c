/* Kerx: the game record (engine/game.h) and its variants, start, play and
 * evaluation callbacks. Notation lives in kerx_text.c. */
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_eval.h"
#include "games/kerx/kerx_symmetry.h"
#include "games/kerx/kerx_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const huff_names[] = {"0", "1", NULL};

static const struct variant_param kerx_params[] = {
    {.name = "size", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kerx_variant, size),
     .low = KERX_MIN_SIZE, .high = KERX_MAX_SIZE, .fallback = KERX_DEFAULT_SIZE,
     .help = "cells on each edge of the hexagon (4: 37 cells)"},
    {.name = "drawat", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kerx_variant, drawat),
     .low = 0, .high = KERX_MAX_DRAWAT, .fallback = KERX_DEFAULT_DRAWAT,
     .help = "draw once both sides have at most this many pieces (0: never)"},
    {.name = "huff", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kerx_variant, huff),
     .choices = huff_names, .fallback = 0,
     .help = "1: any step or capture is legal; a missed longest capture is punished by "
             "the opponent removing a piece that could have made it (huffing)"},
    {.name = NULL},
};

static void kerx_start(const struct variant *v, void *state) {
    const struct kerx_geom *g = kerx_geom_of(v);
    struct kerx_state *s = state;
    memset(s, 0, sizeof *s);
    memcpy(s->pieces, g->start, sizeof s->pieces);
    s->side = KERX_WHITE;
}

static int kerx_turn(const struct variant *v, const void *state) {
    const struct kerx_state *s = state;
    if (kerx_status(kerx_geom_of(v), kerx_options(v)->drawat, s) != 2) return TURN_OVER;
    return s->side;
}

static int kerx_game_moves(const struct variant *v, const void *state, move_t *out) {
    const struct kerx_state *s = state;
    int mine = kerx_count(s, s->side), theirs = kerx_count(s, s->side ^ 1);
    int drawat = kerx_options(v)->drawat;
    /* Over by material: no moves. With no legal move the generator finds
     * none by itself. */
    if (mine == 0 || theirs == 0 || (mine <= drawat && theirs <= drawat)) return 0;
    if (kerx_options(v)->huff) return kerx_huff_moves(kerx_geom_of(v), s, out);
    return kerx_moves(kerx_geom_of(v), s, out);
}

static void kerx_apply(const struct variant *v, void *state, move_t move) {
    if (kerx_options(v)->huff)
        kerx_huff_play(kerx_geom_of(v), state, move);
    else
        kerx_play(kerx_geom_of(v), state, move);
}

static void kerx_returns(const struct variant *v, const void *state,
                         double out[GAME_MAX_PLAYERS]) {
    const struct kerx_state *s = state;
    int status = kerx_status(kerx_geom_of(v), kerx_options(v)->drawat, s);
    double mover = status == 2 ? 0.0 : (double)status;
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    out[s->side] = mover;
    out[s->side ^ 1] = -mover;
}

/* Material, the centre, and endgame progress (games/kerx/kerx_eval.h). */
static int kerx_evaluate(const struct variant *v, const void *state, int player) {
    return kerx_eval(kerx_geom_of(v), kerx_options(v)->drawat, state, player);
}

/* Positions where a capture is due: alpha-beta's capture extension
 * searches past them instead of evaluating them (results/kerx.md,
 * "Capture extension"). */
static bool kerx_capture_pending(const struct variant *v, const void *state) {
    return kerx_can_capture(kerx_geom_of(v), state);
}

/* The rules treat all six directions and both sides alike (each side's
 * direction only names its start edge; see RULES.md), so a position's value
 * for the mover is that of its side-relative image (mover as white, to
 * move) under the board symmetry giving the smallest sets
 * (kerx_sym_canon, as the endgame databases index). A due huff (huff=1)
 * names pieces by their order, which symmetries change: such states keep
 * their board and only swap colours. */
static void kerx_value_canonicalize(const struct variant *v, void *state) {
    struct kerx_state *s = state;
    int me = s->side;
    uint64_t mine[2] = {s->pieces[me][0], s->pieces[me][1]};
    uint64_t theirs[2] = {s->pieces[me ^ 1][0], s->pieces[me ^ 1][1]};
    const struct kerx_sym *sym = kerx_sym_of(kerx_geom_of(v)->n);
    if (sym && !kerx_huff_due(s) && !mine[1] && !theirs[1])
        kerx_sym_canon(sym, &mine[0], &theirs[0]);
    s->pieces[0][0] = mine[0];
    s->pieces[0][1] = mine[1];
    s->pieces[1][0] = theirs[0];
    s->pieces[1][1] = theirs[1];
    s->side = 0;
}

static const char *kerx_player_name(const struct variant *v, int player) {
    return player == KERX_WHITE ? "white" : "black";
}

extern const struct game_database kerx_database; /* kerx_database.c */

extern const struct bench_suite kerx_bench; /* kerx_bench.c */
int kerx_observe(const struct variant *v, const void *view, int player, float *out,
                 int dims[3]); /* kerx_observe.c */

const struct game kerx_game = {
    .name = "kerx",
    .summary = "two-player draughts on a hexagon; longest capture compulsory",
    .players = 2,
    .flags = GAME_ZERO_SUM_2P | GAME_CAN_CYCLE,
    .state_size = sizeof(struct kerx_state),
    .max_moves = KERX_MAX_MOVES,
    /* Play can cycle (RULES.md): a match is drawn at a position's third
     * occurrence, and at 10,000 plies. */
    .play_limit = 10000,
    .variant_params = kerx_params,
    .start = kerx_start,
    .turn = kerx_turn,
    .moves = kerx_game_moves,
    .apply = kerx_apply,
    .returns = kerx_returns,
    .evaluate = kerx_evaluate,
    .capture_pending = kerx_capture_pending,
    .capture_extension = KERX_CAPTURE_EXTENSION,
    .parse_position = kerx_parse_position,
    .format_position = kerx_format_position,
    .parse_move = kerx_parse_move,
    .format_move = kerx_format_move,
    .draw = kerx_draw,
    .player_name = kerx_player_name,
    .describe = kerx_describe,
    .move_cells = kerx_move_cells,
    .database = &kerx_database,
    .bench = &kerx_bench,
    .observe = kerx_observe,
    .value_canonicalize = kerx_value_canonicalize,
};
