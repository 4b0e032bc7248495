/*
 * agent.h - a player that picks moves: `random`, alpha-beta or MCTS with its
 * settings, written as a spec string so that `play`, `arena` and `bestmove`
 * share one syntax:
 *
 *   random
 *   alphabeta[:depth=N][:time=S][:threads=N][:hash=MiB][:db=0]
 *   mcts[:iterations=N][:time=S][:threads=N][:c=X][:root=1][:playout=N][:solver=0]
 *       [:sim=duct|exp3|rm][:gamma=X][:keep=0|1][:db=0]
 *   pimc[:worlds=N][:iterations=N][:time=S][:c=X][:playout=N]
 *   expectimax[:depth=N][:time=S][:prune=star1|star2|none]  (two players, chance)
 *   greedy      (the move whose position evaluates best for the mover, one ply;
 *                at a simultaneous node averaged over the others' options)
 *   flatmc[:iterations=N][:playout=N]  (flat Monte Carlo, search/flatmc.h:
 *                N random playouts in all, shared equally by the root options;
 *                one playout per MCTS iteration, so equal N is equal work;
 *                default 1000)
 *   db[:fallback=SPEC]  the perfect player (solve/db_player.h): the move the
 *                databases rate best (soonest win, a draw-keeping move,
 *                longest loss) wherever they answer the position and all
 *                its moves; elsewhere the fallback agent SPEC (the rest of
 *                the spec, e.g. db:fallback=alphabeta:depth=8), or without
 *                one an error saying the databases do not answer. It reads
 *                the databases the command opened (--db), else the default
 *                folders (engine/data_folder.h), made there on first use
 *                when quick (solve/db_make.h).
 *
 * `db=0` keeps an alpha-beta or MCTS agent from probing the databases the
 * command opened with --db (agent_use_databases), so that an arena can
 * match the same search with and without them.
 *
 * `sim` is the selection at simultaneous nodes (decoupled UCT by default),
 * `gamma` the exploration share of EXP3/RM. On a game with hidden
 * information `mcts` is information-set MCTS (search/ismcts.h; threads are
 * root-parallel trees there) and `pimc` the perfect-information Monte Carlo
 * baseline (search/pimc.h: `iterations` per world, `time` in total). On
 * such a game every agent sees only the mover's view (agent_choose below);
 * greedy then scores moves over worlds sampled from it. IS-MCTS keeps its
 * tree from one decision to the next where nothing hidden came between
 * (`keep=0` turns that off).
 *
 * Options are separated by ':' (a ',' separates players in arena's list).
 * agent_parse is the one parser of these specs: `play`, `arena`, `bestmove`
 * and `analyse` all read --algo/--players through it. A spec that names an
 * unknown algorithm or key, a bad value, or an algorithm the game does not
 * fit is refused with a message.
 *
 * Defaults (the AGENT_* constants below) are those of a player that moves
 * many times in a game (`play`, `arena`). `bestmove` and `analyse` search
 * one position and, when neither the spec nor the command line gives a
 * budget, use the larger AGENT_ANALYSIS_* budgets.
 */
#ifndef KIBITZ_AGENT_H
#define KIBITZ_AGENT_H

#include "engine/game.h"
#include "search/alphabeta.h"
#include "search/engine.h"
#include "search/expectimax.h"
#include "search/flatmc.h"
#include "search/ismcts.h"
#include "search/mcts.h"
#include "search/search_probe.h"
#include "search/tt.h"

enum {
    AGENT_DEFAULT_AB_DEPTH = 6,
    AGENT_DEFAULT_HASH_MIB = 16, /* each alpha-beta player's own table */
    AGENT_DEFAULT_MCTS_ITERATIONS = 1000,
    AGENT_DEFAULT_PIMC_WORLDS = 10,
    AGENT_DEFAULT_PIMC_ITERATIONS = 100, /* per world */
    AGENT_DEFAULT_EXPECTIMAX_DEPTH = 3,
    AGENT_DEFAULT_FLATMC_PLAYOUTS = 1000,
    /* `bestmove` / `analyse` without a budget (pimc: in all, over the worlds). */
    AGENT_ANALYSIS_AB_DEPTH = 8,
    /* The same with databases to probe (--db): lines end where the databases
     * take over, so deeper searches cost little and reach them. */
    AGENT_ANALYSIS_AB_DB_DEPTH = 14,
    AGENT_ANALYSIS_MCTS_ITERATIONS = 10000,
    AGENT_ANALYSIS_PIMC_ITERATIONS = 1000,
};

/* What the agent's last agent_choose found the position worth to the
 * player who moved: for `play`'s evaluation after the engine's move. */
struct agent_eval {
    enum { AGENT_EVAL_NONE, AGENT_EVAL_ESTIMATE, AGENT_EVAL_PROVEN } kind;
    int outcome;  /* proven: +1 win, 0 draw, -1 loss */
    int distance; /* proven: moves to the end, -1 unknown */
    double score; /* estimate: in [-1, 1] (alpha-beta evaluation / GAME_EVAL_MAX,
                     MCTS mean return, expectimax expected return) */
};

struct agent {
    const struct engine *engine; /* search/engine.h */
    struct agent_eval last;      /* of the last agent_choose (NONE: no search) */
    char spec[128];              /* canonical text, for reports */
    double values[ENGINE_MAX_KEYS]; /* the spec's keys in the engine's order
                                       (their defaults where not given) */
    void *own;                      /* an engine's own memory (release frees it) */
    bool ready;                     /* parsed with its resources (agent_parse):
                                       agent_free releases them */
    struct ab_limits ab;
    int hash_mib;
    struct tt tt;             /* alpha-beta's table, kept between moves */
    struct mcts_limits mcts;  /* mcts, ismcts, and pimc's per-world search */
    int worlds;               /* pimc */
    bool hidden;              /* the game has hidden information */
    bool fresh;               /* ismcts: never keep the tree (keep=0) */
    struct ismcts_keep *keep; /* ismcts: the tree kept between moves */
    struct expecti_limits ex; /* expectimax */
    /* flatmc */
    struct flatmc_limits flat;
    /* What the spec itself set, so that a caller's defaults and command-line
     * options apply only to what it left open. */
    bool budget_given; /* a key flagged ENGINE_KEY_BUDGET */
    bool hash_given;   /* hash= */
    bool no_db;        /* db=0 */
    /* db: the databases it plays from (given, or opened by itself from the
     * default folders on its first move), and its fallback agent or NULL */
    search_probe_fn db_probe;
    void *db_ctx;
    struct search_probe *own_dbs;
    bool db_tried; /* the default folders were tried (opened or not) */
    struct agent *fallback;
};

/* Parse `spec` for game `g` (engine_spec_parse, search/engine.h). 0, or -1
 * with a message in `err` (GAME_ERROR_BYTES). On success the agent owns
 * memory: agent_free it. */
int agent_parse(struct agent *a, const char *spec, const struct game *g, char *err);
void agent_free(struct agent *a);
/* agent_parse without the memory an agent keeps between moves (alpha-beta's
 * table): the settings alone, for a caller that runs one search with its
 * own table (lib/kz_run.c). Nothing to free. */
int agent_read_spec(struct agent *a, const char *spec, const struct game *g, char *err);

/* Let an alpha-beta or MCTS agent probe open databases
 * (search/search_probe.h) unless its spec said db=0. The databases must
 * outlive the agent's searches. */
void agent_use_databases(struct agent *a, search_probe_fn probe, void *ctx);

/* Forget what the agent kept from earlier moves (alpha-beta's table, the
 * IS-MCTS tree), so that a new game is played as if it were the first: the
 * games of an arena then do not depend on each other or on their order. */
void agent_new_game(struct agent *a);

/* The agent's move for the player to move in `state` (not terminal, not a
 * chance node); `seed` feeds its randomness. 0, or -1 with `err`.
 * On a game with hidden information (GAME_HAS_HIDDEN) this is the only
 * door from a position to an agent: it hands the agent the mover's `view`
 * of `state` and nothing else, so two states with the same view get the
 * same move for the same seed (tests/test_kotra_agents.c). Every command
 * (arena, play, bestmove) and any future front end goes through here. */
int agent_choose(struct agent *a, const struct game *g, const struct variant *v,
                 const void *state, uint64_t seed, move_t *move, char *err);

/* What any agent may be given of `state`, in place: on a game with hidden
 * information the view of the player to act (unchanged at chance and
 * terminal nodes, and on games without hidden information). agent_choose
 * applies it itself; commands that run a search directly (bestmove,
 * analyse) apply it before searching. */
void agent_restrict_to_view(const struct game *g, const struct variant *v, void *state);

/* The option of `player`, one of the acting players at a simultaneous node
 * of `state`. 0, or -1 with `err`. */
int agent_choose_joint(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, int player, uint64_t seed, move_t *move,
                       char *err);

/* The threads the agent's spec asks for (threads=, a fallback's included;
 * at least 1). */
int agent_threads(const struct agent *a);

/* One search by the agent's engine (engine.search, search/engine.h) from
 * `state` as given (the caller restricts it to the mover's view), filling
 * `out`; engines without a search of their own choose a move (no value).
 * The threads it will use (the budget's, else the spec's) are started
 * first (engine/threads.h): when they cannot be, it fails with a message
 * (*runtime set) instead of letting libgomp end the process. 0, or -1 with
 * `err` and *runtime as engine.search says; on success free `out` with
 * engine_report_free. */
int agent_search(struct agent *a, const struct game *g, const struct variant *v,
                 const void *state, const struct engine_budget *budget,
                 struct engine_report *out, bool *runtime, char *err);

#endif
