/*
 * review.h - judging every move of a recorded game: the best move, what the
 * position was worth to the mover before the move and what the move played
 * was worth to the same player, and the mistakes (a proven win thrown to a
 * draw or a loss, a draw thrown to a loss).
 *
 * Values are exact from a database wherever it holds the position
 * and its moves; elsewhere a search with the given budget scores every move
 * (alpha-beta where it applies, else MCTS), whose values are proven or
 * estimates as that search found them. Chance outcomes and simultaneous
 * choices are listed without judgement. `kibitz review` prints the result
 * (json/kjson_review.h for its JSON form).
 */
#ifndef KIBITZ_REVIEW_H
#define KIBITZ_REVIEW_H

#include "play/record.h"
#include "search/agent.h"
#include "solve/retro_check.h"

struct review_config {
    /* Exact values (a solver database's lookup, or a game's own provider's
     * probe: solve/game_database.h); NULL: search everything. */
    retro_lookup_fn lookup;
    void *lookup_ctx;
    int depth;       /* alpha-beta depth (0: AGENT_DEFAULT_AB_DEPTH) */
    double time;     /* > 0: seconds per position instead */
    long iterations; /* MCTS iterations (0: AGENT_DEFAULT_MCTS_ITERATIONS) */
    int hash_mib;    /* alpha-beta table */
    uint64_t seed;
};

struct review_move {
    int turn;    /* who moved (or TURN_CHANCE, TURN_SIMULTANEOUS) */
    bool judged; /* false: chance, simultaneous, or nothing could score it */
    bool has_best;
    move_t best;
    struct agent_eval before, after; /* for the mover */
    const char *source;              /* "database", "alphabeta", "mcts", "none" */
    const char *mistake;             /* "win to draw", ... or NULL */
};

/* Judge the first r->count steps into `out` (r->count entries). 0, or -1
 * with `err` (GAME_ERROR_BYTES). */
int review_game(const struct game_record *r, const struct review_config *cfg,
                struct review_move *out, char *err);

#endif
