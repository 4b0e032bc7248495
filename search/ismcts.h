/*
 * ismcts.h - information-set MCTS by determinization (single observer), for
 * games with GAME_HAS_HIDDEN.
 *
 * The search first reduces the position to the searching player's view
 * (`g->view`) and never looks at the given state again, so it cannot read
 * hidden information: two states with the same view give the same result
 * for the same seed. Each iteration draws a full world consistent with that
 * view (`g->determinize`) and walks one tree with it:
 *   - the searcher's own decisions are keyed by the move;
 *   - chance outcomes (dice) are keyed by the outcome, drawn with the
 *     world's probabilities;
 *   - an opponent's decision is keyed by what the searcher sees of it: the
 *     hash of the searcher's view after the move. Moves the searcher cannot
 *     tell apart (Kotra: which rank the enemy places on a space) share one
 *     child; the world decides which of them is played.
 * Which children exist depends on the world (a piece that is a mine in one
 * world cannot move), so selection is UCT over the children legal in this
 * iteration's world, with the parent count replaced by the child's
 * availability count (how often it was selectable). Returns back up per
 * player (max^n). Results of the searcher's own moves that depend on hidden
 * ranks (an attack won or lost) share a node: the usual single-observer
 * simplification.
 *
 * Threads: root parallelism (one tree per thread, root statistics summed).
 * One thread with a fixed seed and an iteration budget repeats exactly.
 */
#ifndef KIBITZ_ISMCTS_H
#define KIBITZ_ISMCTS_H

#include "engine/game.h"
#include "search/mcts.h"

/* Search for the player to move in `state` (a player, not chance or a
 * simultaneous node). Uses iterations, time, threads, c, seed, max_playout
 * and memory_mib of `limits`; fills `out` like mcts_search (no proofs, no
 * plan). 0, or -1 with a message in `err`. */
int ismcts_search(const struct game *g, const struct variant *v, const void *state,
                  const struct mcts_limits *limits, struct mcts_result *out, char *err);

#endif
