/* kulibrat_game: the rules of kulibrat_inline.h and the text of kulibrat_text.c
 * behind the game contract. */
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_inline.h"
#include "games/kulibrat/kulibrat_text.h"
#include "games/kulibrat/kulibrat_tiers.h"

#include <string.h>

int kulibrat_player_moves(const struct kulibrat_state *s, int player, move_t *out) {
    return kulibrat_generate(s, player, out);
}

static void kulibrat_start(const struct variant *v, void *state) {
    struct kulibrat_state *s = state;
    memset(s, 0, sizeof *s);
    s->side = kulibrat_options(v)->first;
}

extern const struct search_kernels kulibrat_kernels; /* kulibrat_kernels.c */

extern const struct bench_suite kulibrat_bench;    /* kulibrat_bench.c */
extern const struct game_reports kulibrat_reports; /* kulibrat_cycles_report.c */
int kulibrat_observe(const struct variant *v, const void *view, int player, float *out,
                     int dims[3]); /* kulibrat_observe.c */

const struct game kulibrat_game = {
    .name = "kulibrat",
    .summary = "two players, 3x4 board, race pieces across and score",
    .players = 2,
    .flags = KULIBRAT_FLAGS,
    .state_size = sizeof(struct kulibrat_state),
    .max_moves = KULIBRAT_MAX_MOVES,
    /* Play can cycle (RULES.md): a match is drawn at a position's third
     * occurrence, and at 10,000 plies. */
    .play_limit = 10000,
    .variant_params = kulibrat_variant_params,
    .start = kulibrat_start,
    .turn = kulibrat_turn,
    .moves = kulibrat_moves,
    .apply = kulibrat_apply,
    .returns = kulibrat_returns,
    .evaluate = kulibrat_evaluate,
    .parse_position = kulibrat_parse_position,
    .format_position = kulibrat_format_position,
    .parse_move = kulibrat_parse_move,
    .format_move = kulibrat_format_move,
    .draw = kulibrat_draw,
    .player_name = kulibrat_player_name,
    .tier_of = kulibrat_tier_of,
    .tier_size = kulibrat_tier_size,
    .tier_children = kulibrat_tier_children,
    .rank = kulibrat_rank,
    .unrank = kulibrat_unrank,
    .canonicalize = kulibrat_canonicalize,
    .tier_name = kulibrat_tier_name,
    .tier_shape = kulibrat_tier_shape,
    .solved_variants = kulibrat_solved_variants,
    .describe = kulibrat_describe,
    .move_cells = kulibrat_move_cells,
    .kernels = &kulibrat_kernels,
    .reports = &kulibrat_reports,
    .bench = &kulibrat_bench,
    .observe = kulibrat_observe,
};
