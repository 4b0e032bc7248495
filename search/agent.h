/*
 * agent.h - a player that picks moves: `random`, alpha-beta or MCTS with its
 * settings, written as a spec string so that `play`, `arena` and `bestmove`
 * share one syntax:
 *
 *   random
 *   alphabeta[:depth=N][:time=S][:threads=N][:hash=MiB]
 *   mcts[:iterations=N][:time=S][:threads=N][:c=X][:root=1][:playout=N][:solver=0]
 *   expectimax[:depth=N][:time=S][:prune=star2|star1|none]  (two players, chance)
 *   greedy      (the move whose position evaluates best for the mover, one ply)
 *
 * Options are separated by ':' (a ',' separates players in arena's list).
 * Defaults: alphabeta depth 6, mcts 1000 iterations, expectimax depth 3. A spec that
 * names an unknown algorithm or key, a bad value, or an algorithm the game does not fit
 * is refused with a message.
 */
#ifndef KIBITZ_AGENT_H
#define KIBITZ_AGENT_H

#include "engine/game.h"
#include "search/alphabeta.h"
#include "search/expectimax.h"
#include "search/mcts.h"
#include "search/tt.h"

enum agent_kind {
    AGENT_RANDOM,
    AGENT_ALPHABETA,
    AGENT_MCTS,
    AGENT_EXPECTIMAX,
    AGENT_GREEDY
};

struct agent {
    enum agent_kind kind;
    char spec[128]; /* canonical text, for reports */
    struct ab_limits ab;
    int hash_mib;
    struct tt tt; /* alpha-beta's table, kept between moves */
    struct mcts_limits mcts;
    struct expecti_limits ex;
};

/* Parse `spec` for game `g`. 0, or -1 with a message in `err`
 * (GAME_ERROR_BYTES). On success the agent owns memory: agent_free it. */
int agent_parse(struct agent *a, const char *spec, const struct game *g, char *err);
void agent_free(struct agent *a);

/* The agent's move for the player to move in `state` (not terminal, not a
 * chance node); `seed` feeds its randomness. 0, or -1 with `err`. */
int agent_choose(struct agent *a, const struct game *g, const struct variant *v,
                 const void *state, uint64_t seed, move_t *move, char *err);

#endif
