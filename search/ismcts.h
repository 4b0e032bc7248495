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
 * Keeping the tree (ismcts_search_kept): a player deciding several times in
 * a row (Kotra: pick a piece, then its destination, then the next piece)
 * need not start over. Each root move records the hash of the searcher's
 * view after it, in every world; if all worlds agreed (the move revealed
 * nothing hidden) and the next search's view has that hash, the next search
 * starts from that child's subtree with its statistics. A move whose outcome
 * depends on hidden ranks (an attack on an unknown piece) is never reused.
 *
 * Threads: root parallelism (one tree per thread, root statistics summed).
 * One thread with a fixed seed and an iteration budget repeats exactly.
 */
#ifndef KIBITZ_ISMCTS_H
#define KIBITZ_ISMCTS_H

#include "engine/game.h"
#include "search/mcts.h"

/* Default playout length for games with an evaluation: a playout is cut
 * after this many plies and scored by the evaluation (playout_score_cut).
 * On Kotra (a random game runs ~270 plies, a turn ~10) a 40-ply playout
 * beat the 1000-ply default by +117 Elo at equal time (results/kotra.md):
 * four times the iterations, and the points after a few turns say more
 * than a random game's end. PIMC uses the same default. */
enum { ISMCTS_CUT_PLAYOUT = 40 };

/* Default exploration constant. Plain MCTS uses 1.4; on Kotra at 0.01 s a
 * decision IS-MCTS with 0.7 beat PIMC (5 worlds) in two runs of 3000 games,
 * +15 and +19 Elo, where 1.4 was level with it (results/kotra.md).
 * Iterations are few and split over many worlds, so spending them on the
 * moves that look best pays more than exploring. */
#define ISMCTS_DEFAULT_C 0.7

/* Search for the player to move in `state` (a player, not chance or a
 * simultaneous node). Uses iterations, time, threads, c (<= 0:
 * ISMCTS_DEFAULT_C), seed, max_playout (<= 0: ISMCTS_CUT_PLAYOUT if the game
 * has `evaluate`, else 1000) and memory_mib of `limits`; fills `out` like
 * mcts_search (no proofs, no plan). 0, or -1 with a message in `err`. */
int ismcts_search(const struct game *g, const struct variant *v, const void *state,
                  const struct mcts_limits *limits, struct mcts_result *out, char *err);

/* Trees kept between the searches of one player (an agent). */
struct ismcts_keep;
struct ismcts_keep *ismcts_keep_new(void); /* NULL if out of memory */
void ismcts_keep_free(struct ismcts_keep *keep);
/* Root visits the last search with `keep` started with (0: it started anew). */
long ismcts_keep_reused(const struct ismcts_keep *keep);

/* ismcts_search that continues the tree in `keep` when the searcher stands
 * where the last search's root move led, and leaves its tree there for the
 * next call. `keep` NULL: exactly ismcts_search. `out->iterations` counts
 * this search's iterations; root visits include the kept ones. */
int ismcts_search_kept(const struct game *g, const struct variant *v, const void *state,
                       const struct mcts_limits *limits, struct ismcts_keep *keep,
                       struct mcts_result *out, char *err);

#endif
