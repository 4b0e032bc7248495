/* Kulibrat's kernels (the `kernels` hook of struct game): the search bodies
 * with the rules of kulibrat_inline.h inlined (see search/kernels.h). */
#define XXH_INLINE_ALL /* the same XXH3 keys as engine/hash.h, inlined */
#include <xxhash.h>

#include "games/kulibrat/kulibrat_inline.h"
#include "search/alphabeta_internal.h"
#include "search/kernels.h"
#include "search/playout.h"
#include "search/tt.h"

#include <string.h>

#define BODY_STATE_SIZE sizeof(struct kulibrat_state)
#define BODY_MAX_MOVES KULIBRAT_MAX_MOVES
#define BODY_FLAGS KULIBRAT_FLAGS
#define BODY_TURN(v, s) kulibrat_turn(v, s)
#define BODY_MOVES(v, s, out) kulibrat_moves(v, s, out)
#define BODY_APPLY(v, s, m) kulibrat_apply(v, s, m)
#define BODY_RETURNS(v, s, r) kulibrat_returns(v, s, r)
#define BODY_COUNT(v, s) ((uint64_t)kulibrat_count(v, s))
#define BODY_HASH(v, s) XXH3_64bits(s, sizeof(struct kulibrat_state))
#define BODY_EVALUATE(v, s, p) kulibrat_evaluate(v, s, p)
#define BODY_PLAYOUT(v, s, rng, max, r) kulibrat_playout(v, s, rng, max, r)
/* Kulibrat declares no capture extension (alpha-beta never asks). */
#define BODY_CAPTURE_PENDING(v, s) false
/* Kulibrat has no chance or simultaneous nodes: BODY_FLAGS folds these
 * branches away. */
#define BODY_CHANCE(v, s, moves, n, prob) g->chance(v, s, moves, n, prob)
#define BODY_ACTING(v, s) g->acting(v, s)
#define BODY_JOINT_MOVES(v, s, p, out) g->joint_moves(v, s, p, out)
#define BODY_APPLY_JOINT(v, s, choice) g->apply_joint(v, s, choice)

#include "search/alphabeta_body.h"
#include "search/perft_body.h"
#include "search/playout_body.h"

const struct search_kernels kulibrat_kernels = {
    .game = &kulibrat_game,
    .name = "kulibrat",
    .perft = body_perft,
    .playout = body_playout,
    .ab_root = body_ab_root,
    /* Measured (results/bench.md): 15% less time to the bench depths. */
    .ab_table_depth = 2,
};
