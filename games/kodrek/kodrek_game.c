/* Kodrek's game record (engine/game.h): the rules' callbacks
 * (kodrek_rules.c), the notation (kodrek_text.c), evaluation, observation,
 * the web board and the bench joined in one table. */
#include "games/kodrek/kodrek.h"

extern const struct bench_suite kodrek_bench; /* kodrek_bench.c */
int kodrek_observe(const struct variant *v, const void *view, int player, float *out,
                   int dims[3]); /* kodrek_observe.c */

const struct game kodrek_game = {
    .name = "kodrek",
    .summary = "three players, secret coin choices, vector movement",
    .players = KODREK_PLAYERS,
    .flags = GAME_HAS_SIMULTANEOUS,
    .state_size = sizeof(struct kodrek_state),
    .max_moves = KODREK_MAX_MOVES,
    /* The game ends by its own rules long before (RULES.md); 10,000 plies
     * is a safety net. */
    .play_limit = 10000,
    .variant_params = kodrek_variant_params,
    .start = kodrek_start,
    .turn = kodrek_turn,
    .moves = kodrek_moves,
    .apply = kodrek_apply,
    .returns = kodrek_returns,
    .acting = kodrek_acting,
    .joint_moves = kodrek_joint_moves,
    .apply_joint = kodrek_apply_joint,
    .evaluate = kodrek_evaluate,
    .return_scale = kodrek_return_scale,
    .parse_position = kodrek_parse_position,
    .format_position = kodrek_format_position,
    .parse_move = kodrek_parse_move,
    .format_move = kodrek_format_move,
    .draw = kodrek_draw,
    .player_name = kodrek_player_name,
    .describe = kodrek_describe,
    .move_cells = kodrek_move_cells,
    .bench = &kodrek_bench,
    .observe = kodrek_observe,
};
