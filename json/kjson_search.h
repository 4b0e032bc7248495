/*
 * kjson_search.h - the "search" document: what an engine says about one
 * position (`bestmove`, `analyse`, df-pn proofs, POST /search). Shape in
 * docs/JSON.md, "search":
 *
 *   game, variant, position, turn, engine ("alphabeta", "mcts", "ismcts",
 *   "pimc", "expectimax", "dfpn", "database"), move (best move text or
 *   null), value (kjson_value.h), pv (array of move texts, may be empty),
 *   nodes, seconds; depth (alphabeta, expectimax), iterations (MCTS family);
 *   database (path) when one answered; database_hits and root_held
 *   (alphabeta probing databases); remoteness (dfpn, a proven value); moves (with
 * --analyse: every root move, {"move", "value", "visits"?} best first for databases, in
 * move order otherwise); players and plan at a simultaneous root; stats (an object of
 * engine-specific counters).
 */
#ifndef KIBITZ_KJSON_SEARCH_H
#define KIBITZ_KJSON_SEARCH_H

#include "search/alphabeta.h"
#include "solve/dfpn.h"
#include "search/engine.h"
#include "search/expectimax.h"
#include "search/mcts.h"
#include "solve/retro_check.h"
#include "json/kjson.h"

#include <stdbool.h>

/* The common head: kind "search", game, variant, position, turn, engine. */
json_t *kjson_search_head(const struct game *g, const struct variant *v,
                          const void *state, const char *engine);

json_t *kjson_search_alphabeta(const struct game *g, const struct variant *v,
                               const void *state, const struct ab_result *res,
                               bool all_moves);

/* `engine`: "mcts", "ismcts" or "pimc" (they share struct mcts_result). At a
 * simultaneous root (res->simultaneous) the document has "players" (each
 * acting player's choice and options; only `player` when >= 0) and "plan"
 * instead of "move" and "pv". */
json_t *kjson_search_mcts(const struct game *g, const struct variant *v,
                          const void *state, const char *engine,
                          const struct mcts_result *res, int player, bool all_moves);

json_t *kjson_search_expectimax(const struct game *g, const struct variant *v,
                                const void *state, const struct expecti_result *res,
                                bool all_moves);

json_t *kjson_search_dfpn(const struct game *g, const struct variant *v,
                          const void *state, const struct dfpn_result *res,
                          const char *database);

/* A player's only legal move, played without search (engine "forced"):
 * value {"result": "unknown"}, pv [move], no nodes. */
json_t *kjson_search_forced(const struct game *g, const struct variant *v,
                            const void *state, move_t move);

/* An exact answer from a database at `database`: `moves` and their `values`
 * (cells for the player to move), `count` of them, already best first; the
 * first is the best move (the pv holds just that move). */
json_t *kjson_search_database(const struct game *g, const struct variant *v,
                              const void *state, const char *database,
                              const move_t *moves, const retro_cell *values, int count,
                              bool all_moves);

/* The document of an engine's neutral report (search/engine.h): its
 * engine's detail where it has one, else the neutral fields (move, value,
 * pv of the move alone, nodes, seconds). `player` >= 0 reports only that
 * player's choice at a simultaneous root. */
json_t *kjson_search_report(const struct game *g, const struct variant *v,
                            const void *state, const struct engine_report *r, int player,
                            bool analyse);

#endif
