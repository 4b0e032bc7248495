/*
 * playout_body.h - a uniformly random playout, written once against the
 * BODY_* macros (search/body_generic.h) and included once per kernel
 * instance (see search/kernels.h). Defines the static function
 * body_playout() with the contract of playout_run (search/playout.h).
 *
 * A game may define BODY_RANDOM_STEP(v, s, rng): the same ply as
 * body_random_step below (same random draws, same result) done without
 * listing every move; or BODY_PLAYOUT(v, s, rng, max_plies, returns): the
 * whole playout, with the same plies, draws and result as the loop below.
 */

/* One ply of random play in place: a player picks uniformly among its moves,
 * a chance outcome comes by its probability, each acting player of a
 * simultaneous node picks at random. False (nothing played) when the game is
 * over. */
static inline bool body_random_step(const struct game *g, const struct variant *v,
                                    void *state, struct rng *rng) {
    move_t moves[BODY_MAX_MOVES];
    int turn = BODY_TURN(v, state);
    if (turn == TURN_OVER) return false;
    if ((BODY_FLAGS & GAME_HAS_SIMULTANEOUS) && turn == TURN_SIMULTANEOUS) {
        move_t choice[GAME_MAX_PLAYERS] = {0};
        unsigned acting = BODY_ACTING(v, state);
        for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
            if (!(acting & (1u << p))) continue;
            int n = BODY_JOINT_MOVES(v, state, p, moves);
            choice[p] = moves[rng_below(rng, (uint32_t)n)];
        }
        BODY_APPLY_JOINT(v, state, choice);
        return true;
    }
    int count = BODY_MOVES(v, state, moves);
    int pick;
    if ((BODY_FLAGS & GAME_HAS_CHANCE) && turn == TURN_CHANCE) {
        double prob[BODY_MAX_MOVES];
        BODY_CHANCE(v, state, moves, count, prob);
        pick = playout_sample(prob, count, rng);
    } else {
        pick = (int)rng_below(rng, (uint32_t)count);
    }
    BODY_APPLY(v, state, moves[pick]);
    return true;
}

#ifndef BODY_RANDOM_STEP
#define BODY_RANDOM_STEP(v, s, rng) body_random_step(g, v, s, rng)
#endif

static int body_playout(const struct game *g, const struct variant *v, void *state,
                        struct rng *rng, int max_plies,
                        double returns[GAME_MAX_PLAYERS]) {
#ifdef BODY_PLAYOUT
    (void)g;
    (void)body_random_step; /* the generic ply, unused by this instance */
    return BODY_PLAYOUT(v, state, rng, max_plies, returns);
#endif
    for (int ply = 0; ply < max_plies; ply++) {
        if (!BODY_RANDOM_STEP(v, state, rng)) {
            BODY_RETURNS(v, state, returns);
            return ply;
        }
    }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) returns[p] = 0;
    return max_plies;
}
