/*
 * alphabeta.h - negamax alpha-beta for two-player zero-sum games without
 * chance or simultaneous moves (GAME_ZERO_SUM_2P).
 *
 * Principal variation search inside iterative deepening with aspiration
 * windows; a shared lock-free transposition table (search/tt.h); move
 * ordering by table move, two killers per ply and a history table; a
 * position repeated along the search line scores as a draw (games flagged
 * GAME_CAN_CYCLE); a capture extension for games that declare one (a
 * position on the horizon where the side to move has a capture is searched
 * a ply further, at most a fixed number of extra plies per line); Lazy SMP: `threads`
 * OpenMP threads search the same root and share only the table.
 *
 * Scores are for the side to move, in the game's evaluation units (centi-
 * units of a win). A proven result scores AB_WIN - N (win in N) or
 * -(AB_WIN - N) (loss in N), N counting moves actually made (passes are
 * not counted, like the solvers' remoteness). With one thread the search is
 * deterministic: the same call gives the same nodes, score and move.
 */
#ifndef KIBITZ_ALPHABETA_H
#define KIBITZ_ALPHABETA_H

#include "engine/game.h"
#include "search/search_probe.h"
#include "search/tt.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum {
    AB_INF = 32000,
    AB_WIN = 30000,
    AB_MAX_DISTANCE = 1000, /* scores beyond AB_WIN - this are proven */
    AB_MAX_PLY = 128,
    AB_MAX_ROOT_MOVES = 512,
    AB_NO_EXTENSION = -1,  /* ab_limits.capture_plies: no capture extension */
    AB_MAX_EXTENSION = 32, /* the most extra plies a line may take */
};

struct ab_limits {
    int depth;    /* plies; <= 0: no depth limit (then time must be set) */
    double time;  /* seconds; <= 0: no time limit */
    int threads;  /* Lazy SMP threads; <= 0 means 1 */
    bool analyse; /* search every root move with a full window */
    bool generic; /* call the game through the contract even where a
                     specialised kernel exists (search/kernels.h); the same
                     result, for tests and the bench */
    /* Endgame databases (search/search_probe.h), or NULL. Every node below
     * the root that they hold scores its exact value (win or loss in N
     * counted from the root, so that proven lines sort by length); a held
     * root searches only the moves that keep its value (all of them with
     * `analyse`, each then scored exactly). */
    search_probe_fn probe;
    void *probe_ctx;
    /* Non-NULL: another thread ends the search early by setting it (the
     * last completed iteration is the result); UGI's `stop`. */
    const atomic_bool *interrupt;
    /* The capture extension of games that declare one (engine/game.h,
     * `capture_pending`): a position on the horizon whose side to move has
     * a capture is searched one ply further, while the line has taken
     * fewer than this many extra plies. 0: the game's
     * `capture_extension`; AB_NO_EXTENSION: none. Games without
     * `capture_pending` search exactly to the depth either way. */
    int capture_plies;
};

struct ab_result {
    move_t move; /* best move (0 and `has_move` false at a terminal) */
    bool has_move;
    int score;      /* side to move's view */
    int depth;      /* last completed iteration */
    uint64_t nodes; /* all threads */
    double seconds;
    move_t pv[AB_MAX_PLY];
    int pv_length;
    /* With limits.analyse: every root move and its score, in move order. */
    int root_count;
    move_t root_moves[AB_MAX_ROOT_MOVES];
    int root_scores[AB_MAX_ROOT_MOVES];
    uint64_t probe_hits; /* nodes the databases answered (all threads) */
    bool root_held;      /* the databases hold the root: `score` is exact */
    /* A database draw has score 0 like an even estimate; these say which
     * zeros are proven: the root (held and drawn), and each root move that
     * reaches a position the databases hold as a draw. */
    bool draw_proven;
    bool root_draws[AB_MAX_ROOT_MOVES];
};

/* +1 if `score` is a proven win for the side to move, -1 a proven loss (then
 * *distance gets N), 0 otherwise. */
int ab_score_proven(int score, int *distance);

/* Search `state`. The table must outlive the call; it may be shared with
 * later searches (its age is bumped here). Returns 0, or -1 with a message in
 * `err` (GAME_ERROR_BYTES) when the game does not fit alpha-beta or the root
 * has too many moves. */
int ab_search(const struct game *g, const struct variant *v, const void *state,
              const struct ab_limits *limits, struct tt *tt, struct ab_result *out,
              char *err);

/* Whether alpha-beta serves this game; if not, a reason in `err`. */
bool ab_supports(const struct game *g, char *err);

#endif
