/*
 * perft_body.h - perft's recursion, written once against the BODY_* macros
 * (search/body_generic.h) and included once per kernel instance (see
 * search/kernels.h). Defines the static function body_perft(). The last ply
 * is bulk-counted: BODY_COUNT, no moves played.
 */

static uint64_t body_perft(const struct game *g, const struct variant *v,
                           const void *state, int depth);

/* Enumerate the joint choices of the players still to choose, then recurse. */
static uint64_t body_perft_joint(const struct game *g, const struct variant *v,
                                 const void *state, int depth, unsigned acting,
                                 int player, move_t choice[GAME_MAX_PLAYERS]) {
    while (player < GAME_MAX_PLAYERS && !(acting & (1u << player))) player++;
    if (player == GAME_MAX_PLAYERS) {
        _Alignas(16) unsigned char child[GAME_MAX_STATE_BYTES];
        memcpy(child, state, BODY_STATE_SIZE);
        BODY_APPLY_JOINT(v, child, choice);
        return body_perft(g, v, child, depth - 1);
    }
    move_t moves[BODY_MAX_MOVES];
    int count = BODY_JOINT_MOVES(v, state, player, moves);
    uint64_t total = 0;
    for (int i = 0; i < count; i++) {
        choice[player] = moves[i];
        total += body_perft_joint(g, v, state, depth, acting, player + 1, choice);
    }
    return total;
}

static uint64_t body_perft(const struct game *g, const struct variant *v,
                           const void *state, int depth) {
    if (depth == 0) return 1;
    if (depth == 1) return BODY_COUNT(v, state);
    int turn = BODY_TURN(v, state);
    if (turn == TURN_OVER) return 0;
    if ((BODY_FLAGS & GAME_HAS_SIMULTANEOUS) && turn == TURN_SIMULTANEOUS) {
        move_t choice[GAME_MAX_PLAYERS] = {0};
        return body_perft_joint(g, v, state, depth, BODY_ACTING(v, state), 0, choice);
    }
    move_t moves[BODY_MAX_MOVES];
    int count = BODY_MOVES(v, state, moves);
    _Alignas(16) unsigned char child[GAME_MAX_STATE_BYTES];
    uint64_t total = 0;
    for (int i = 0; i < count; i++) {
        memcpy(child, state, BODY_STATE_SIZE);
        BODY_APPLY(v, child, moves[i]);
        total += body_perft(g, v, child, depth - 1);
    }
    return total;
}
