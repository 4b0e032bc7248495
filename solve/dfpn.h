/*
 * dfpn.h - depth-first proof-number search (df-pn) proving the exact value
 * (win, draw or loss for the side to move) of a position of any two-player
 * zero-sum game of the contract without chance, hidden information or
 * simultaneous moves.
 *
 * Two proofs share one table: "the mover wins" and "the opponent wins"
 * (each with its own attacker). A proof (proof number 0) never rests on a
 * repetition, so wins and losses are sound as proved. A repetition along the
 * search line counts as "the attacker does not win" (endless play is a
 * draw), which makes disproofs path-dependent (the graph-history
 * interaction problem); so a disproof is only believed after a check that
 * does not trust the search: from the root, the defender's choices (guided
 * by the table) must span a set of positions closed under the attacker's
 * moves in which no attacker win is ever reached. A draw is reported only
 * when both disproofs pass that check.
 *
 * The table stores the whole state bytes (exact keys) and never evicts a
 * proved or disproved entry. When it fills, it makes room by removing the
 * open entries that took the least work (solve/dfpn_table.h); when no room
 * can be made, or the time or node budget runs out, the search stops and
 * the result says so, with what it learned (root proof numbers, moves
 * already proved winning or losing). The time limit and the interrupt also
 * stop a disproof check, which on a large table can take long; the node
 * budget counts search expansions only, so a check may run past it.
 *
 * Positions not searched yet get initial numbers from `init` (enum
 * dfpn_init: knowledge of the game, df-pn+ style), which steer the search
 * toward likely proofs but never decide anything.
 *
 * Leaves may be answered by a probe (an endgame database): a value from it
 * is taken as exact; and by a store of settled facts (fact_store.h). The two
 * proofs share what they settle: a position proved for one attacker is a
 * disproved leaf for the other (proofs never rest on repetitions). df-pn proves values,
 * not shortest wins; for a proved win or loss a walk of the proof afterwards gives the
 * shortest win the proof holds (`remoteness`, an upper bound of the exact one, which the
 * databases give, see `kibitz query`).
 */
#ifndef KIBITZ_DFPN_H
#define KIBITZ_DFPN_H

#include "engine/game.h"
#include "solve/fact_store.h"
#include "solve/retro_cell.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum dfpn_value { DFPN_UNKNOWN = -2, DFPN_LOSS = -1, DFPN_DRAW = 0, DFPN_WIN = 1 };

enum { DFPN_MAX_ROOT_MOVES = 512 };

/* df-pn's table size (MiB) when the caller gives none (`solve --position`,
 * `solvebench`). */
enum { DFPN_DEFAULT_TABLE_MIB = 256 };

/* How df-pn numbers a position it has not searched yet (not in its table,
 * not a leaf). Only the order of the search depends on it: proofs and
 * disproofs still come only from terminals, probes, repetitions and the
 * check, so every value is the same whichever is chosen.
 * - UNIFORM: (1, 1), plain df-pn.
 * - EVAL (df-pn+ style): from the game's `evaluate` of the position for the
 *   attacker, e, in GAME_EVAL_MAX units: pn = 4 * 2^(-16 e / GAME_EVAL_MAX)
 *   and dn = 4 * 2^(16 e / GAME_EVAL_MAX), each rounded and kept within
 *   [1, 1024]: an even position is (4, 4), one the attacker leads in
 *   by an eighth of the scale (1, 16), one it trails in (16, 1). A game
 *   without `evaluate` gets UNIFORM.
 * - MOBILITY (the classical proof-number initialisation): the number of
 *   moves of the side to move, k: (1, k) when the attacker moves (one move
 *   must win, all must fail to disprove), (k, 1) when the defender does.
 * - MATERIAL: MOBILITY's numbers, each scaled by 2^(-/+ 8 e / GAME_EVAL_MAX)
 *   with e the game's `evaluate` for the attacker (Kerx: mostly material),
 *   so a side ahead on pieces is taken to be likelier to win. */
enum dfpn_init {
    DFPN_INIT_UNIFORM = 0,
    DFPN_INIT_EVAL,
    DFPN_INIT_MOBILITY,
    DFPN_INIT_MATERIAL
};

/* The initialisation named `name` ("uniform", "eval", "mobility"): 0, or -1
 * when there is none of that name. */
int dfpn_init_parse(const char *name, enum dfpn_init *out);

/* The name of an initialisation, as dfpn_init_parse takes it. */
const char *dfpn_init_name(enum dfpn_init init);

/* The exact value of a non-terminal `state` (any RETRO_* value, for its side
 * to move), or RETRO_HOLE / RETRO_UNKNOWN when the probe does not know. */
typedef retro_cell (*dfpn_probe_fn)(void *ctx, const void *state);

/* What a running search has done so far, for a progress line. */
struct dfpn_progress {
    double seconds;
    uint64_t nodes, table_entries, table_collections;
    uint32_t pn[2], dn[2]; /* root numbers as of the last round, as in
                              dfpn_result */
};
typedef void (*dfpn_progress_fn)(void *ctx, const struct dfpn_progress *p);

struct dfpn_config {
    const struct game *game;
    const struct variant *variant;
    size_t table_mib;    /* table memory (the check uses a quarter more) */
    double time_limit;   /* seconds; <= 0: none */
    uint64_t node_limit; /* expansions; 0: none */
    int max_depth;       /* longest search line; <= 0: 4000 */
    dfpn_probe_fn probe; /* may be NULL */
    void *probe_ctx;
    bool no_replacement; /* a full table stops the search instead of
                            making room (for comparison) */
    enum dfpn_init init; /* numbers of unsearched positions (0: UNIFORM;
                            `solve --position` uses MOBILITY) */
    /* May be NULL; once it reads nonzero (a signal handler sets it) the
     * search stops at its next clock check ("interrupted") and reports
     * what it learned, as for a time limit. */
    const volatile sig_atomic_t *interrupt;
    /* May be NULL. Settled facts (solve/fact_store.h): a position the
     * store settles for the attacker is a leaf, and the search adds what it
     * settles: the root's proved or checked halves, and every proof below
     * the root that took at least `store_min_work` expansions (0: 256). */
    struct fact_store *store;
    uint64_t store_min_work;
    /* Which proofs to run: bit 0 "the mover wins", bit 1 "the opponent
     * wins"; 0 means both. With one, the value stays unknown unless that
     * proof settles it, and mover_wins / mover_loses say what was learned. */
    unsigned halves;
    /* No facts from the store or from the other proof: what is settled
     * then rests only on terminals, probes and the search itself (for a
     * certificate a checker can replay). */
    bool isolated;
    /* May be NULL. Called for every position of the certificate of each
     * settled root half: a proof ("attacker wins": `wins`; every
     * attacker-to-move position with its winning move) or the part of a
     * checked closed defence set reachable from the root (every
     * defender-to-move position with the move that stays in the set). A
     * position whose side to move is the other one has no move (all moves
     * must hold). Children that are leaves (terminals, probes, facts) are
     * not reported. */
    void (*certificate)(void *ctx, const void *state, int attacker, bool wins,
                        bool has_move, move_t move);
    void *certificate_ctx;
    dfpn_progress_fn progress; /* may be NULL; else called about every
                                  `progress_seconds` (<= 0: 1 s) */
    void *progress_ctx;
    double progress_seconds;
};

struct dfpn_result {
    int value;       /* enum dfpn_value for the side to move; DFPN_UNKNOWN when
                        unfinished */
    int mover_wins;  /* 1 proved, 0 disproved and checked, -1 unknown */
    int mover_loses; /* same, for "the opponent wins" */
    bool has_move;   /* best move: the winning one, a checked non-losing one,
                        or (in a loss) the first */
    move_t move;
    int remoteness;      /* a win or loss: its length in moves, the shortest win
                            inside the proof (an upper bound of the exact
                            remoteness, see dfpn_proof_distance); -1 unknown */
    uint64_t proof_size; /* positions in the proof tree, or (draw) in the two
                            checked closed defence sets */
    uint64_t nodes;      /* expansions */
    uint64_t table_entries;
    uint64_t table_collections; /* times a full table made room */
    uint64_t table_removed;     /* open entries it removed doing so */
    uint64_t voided;            /* table disproofs the check found false and voided */
    uint64_t check_expansions;  /* positions the disproof checks expanded (each
                                   sweep of a check: its remaining candidates) */
    double seconds;
    enum dfpn_init init;   /* the initialisation used (the config's) */
    uint32_t pn[2], dn[2]; /* root proof/disproof numbers: [0] mover wins,
                              [1] opponent wins */
    char stopped[256];     /* why the search ended unfinished, else "" */
    uint64_t facts_added;  /* facts the search added to the store */
    char store_error[256]; /* the first failure to add one, else "" */
    bool from_store;       /* the root's answer came from the store */
    /* Every root move and what is known of it for the mover (DFPN_WIN,
     * DFPN_LOSS, DFPN_DRAW only for the checked best move of a draw, else
     * DFPN_UNKNOWN). */
    int root_count;
    move_t root_moves[DFPN_MAX_ROOT_MOVES];
    int root_values[DFPN_MAX_ROOT_MOVES];
};

/* Whether df-pn serves this game; if not, a reason in `err`. */
bool dfpn_supports(const struct game *g, char *err);

/* Solve `state`. 0 (also when unfinished: see result->stopped), or -1 with
 * a message in `err` (GAME_ERROR_BYTES) for an unsupported game or no
 * memory. */
int dfpn_solve(const struct dfpn_config *cfg, const void *state, struct dfpn_result *out,
               char *err);

#endif
