/*
 * kibitz.h - libkibitz, the one public interface of the kibitz engine: load a
 * game, play positions, search, count, solve and query solver databases from
 * any program (the `kibitz` command line, the Python package and the UGI
 * match protocol are built on it).
 *
 * Contract for every function here:
 * - Handles are opaque (kz_game, kz_state, kz_db, kz_stop) and owned by the
 *   caller, who frees them with the matching *_free. A state keeps a pointer
 *   to its game: free the game last.
 * - Buffers are the caller's. A function that writes text into (buf, n)
 *   always NUL-terminates when n > 0 and returns the length the full text
 *   needs (excluding the NUL), like snprintf: a result >= n means truncated.
 *   Functions that fill arrays take their capacity and return the count;
 *   a count larger than the capacity means only `cap` entries were written.
 * - Errors are negative return codes (enum kz_status) plus a one-line
 *   message in the caller's `err` buffer (KZ_ERROR_BYTES is always enough;
 *   `err` may be NULL). Nothing in the library prints, exits or aborts on
 *   bad input.
 * - Actions are integers: the game's own 64-bit move value, which is stable
 *   for a given move in a given position; KZ_ACTION_PASS is "I cannot act,
 *   the turn passes". Chance outcomes and simultaneous choices are actions
 *   too.
 * - Thread safety: different states may be used from different threads at
 *   once; one state must not be used by two threads at the same time.
 */
#ifndef KIBITZ_H
#define KIBITZ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kz_game kz_game;   /* a game with its variant options */
typedef struct kz_state kz_state; /* one position of a game */
typedef struct kz_db kz_db;       /* an open solver database */
typedef struct kz_stop kz_stop;   /* a flag another thread raises to end a search */
typedef int64_t kz_action;        /* a move, pass, chance outcome or choice */

/* Return codes. */
enum kz_status {
    KZ_OK = 0,
    KZ_EINVAL = -1,       /* bad input: unknown game, bad variant, position, move */
    KZ_ERUNTIME = -2,     /* memory, files, a database missing or not answering */
    KZ_EUNSUPPORTED = -3, /* the game lacks the feature (no solver, no chance) */
    KZ_ETURN = -4,        /* a match: the seat does not act now */
    KZ_EOVER = -5,        /* a match: the game has ended */
};

enum {
    KZ_ERROR_BYTES = 256, /* an `err` buffer of this size holds any message */
    KZ_MAX_PLAYERS = 4,
    KZ_TEXT_BYTES = 1024, /* holds any position or move text */
};

/* The pass action (the engine's GAME_MOVE_PASS as a signed integer). */
#define KZ_ACTION_PASS ((kz_action)-1)

/* Who acts in a state: a player 0..players-1, or one of these. */
enum kz_turn {
    KZ_TURN_OVER = -1,         /* the game is over: read kz_state_returns */
    KZ_TURN_CHANCE = -2,       /* nature draws an outcome (kz_state_chance) */
    KZ_TURN_SIMULTANEOUS = -3, /* the players in kz_state_acting choose at once */
};

/* What a game has (kz_game_flags). */
enum kz_flags {
    KZ_HAS_CHANCE = 1u << 0,
    KZ_HAS_SIMULTANEOUS = 1u << 1,
    KZ_HAS_HIDDEN = 1u << 2,     /* players see only kz_state_view */
    KZ_CAN_CYCLE = 1u << 3,      /* positions can repeat */
    KZ_ZERO_SUM_2P = 1u << 4,    /* two players, returns sum to zero */
    KZ_CAN_SOLVE = 1u << 8,      /* kz_solve and databases work for it */
    KZ_HAS_BOARD = 1u << 9,      /* kz_state_board_json draws it (the web page) */
    KZ_READS_LINES = 1u << 10,   /* kz_state_parse_line takes several moves */
    KZ_TELLS_ENDING = 1u << 11,  /* kz_state_end_reason says why a game ended */
    KZ_OWN_DATABASES = 1u << 12, /* databases of its own (Kerx's endgames by
                                    material) for kz_db_open_engine, not kz_solve's */
};

/* ---------------------------------------------------------------- library */

/* The version of this header, at compile time (kz_version() tells the
 * library's at run time; the build refuses a header whose version is not
 * the project's). */
#define KZ_VERSION_MAJOR 0
#define KZ_VERSION_MINOR 1
#define KZ_VERSION_STRING "0.1"
#define KZ_VERSION_NUMBER (KZ_VERSION_MAJOR * 10000 + KZ_VERSION_MINOR * 100)

/* The library's version, e.g. "0.1". */
const char *kz_version(void);
/* Number of games the library knows. */
int kz_game_count(void);
/* Name of game i (0 <= i < kz_game_count()), or NULL. */
const char *kz_game_name_at(int i);

/* ------------------------------------------------------------------ games */

/* Load a game. `name` is a game name, optionally with its variant in
 * parentheses ("kulibrat(target=5)"); `variant` (may be NULL or "") adds
 * key=value options ("target=5,first=red"). A key given twice is refused.
 * KZ_OK with *out set, or KZ_EINVAL with a message. */
int kz_game_load(const char *name, const char *variant, kz_game **out, char *err,
                 size_t err_n);
void kz_game_free(kz_game *g);
/* The game's name ("kulibrat"). Valid while `g` lives. */
const char *kz_game_name(const kz_game *g);
/* The canonical variant text ("target=5,first=black"), snprintf-style. */
size_t kz_game_variant(const kz_game *g, char *buf, size_t n);
/* Players in this variant (2..KZ_MAX_PLAYERS). */
int kz_game_players(const kz_game *g);
/* enum kz_flags of the game. */
unsigned kz_game_flags(const kz_game *g);
/* The most actions any position can have: room enough for kz_state_actions. */
int kz_game_max_actions(const kz_game *g);
/* Name of player p ("black"), or NULL when p is out of range. */
const char *kz_game_player_name(const kz_game *g, int p);
/* The observation tensor's shape for this variant (kz_state_observation):
 * writes up to 3 dimensions into dims and returns how many (0: the game has
 * no observation encoding). The layout is documented per game in
 * docs/OBSERVATIONS.md. */
int kz_game_observation_shape(const kz_game *g, int dims[3]);

/* ----------------------------------------------------------------- states */

/* A new state at the start position; NULL only when out of memory. */
kz_state *kz_state_new(const kz_game *g);
/* An independent copy (with the same game); NULL when out of memory. */
kz_state *kz_state_clone(const kz_state *s);
void kz_state_free(kz_state *s);
/* Copy `from` into `to` (both of the same game). KZ_OK or KZ_EINVAL. */
int kz_state_copy(kz_state *to, const kz_state *from);
/* The game a state belongs to. */
const kz_game *kz_state_game(const kz_state *s);
/* Replace the position by the one-line position `text` (as kz_state_format
 * writes it). KZ_OK, or KZ_EINVAL with a message naming what is wrong; on
 * error the state is unchanged. */
int kz_state_parse(kz_state *s, const char *text, char *err, size_t err_n);
/* The one-line position, snprintf-style. */
size_t kz_state_format(const kz_state *s, char *buf, size_t n);
/* The board drawn for a terminal (several lines), snprintf-style. */
size_t kz_state_draw(const kz_state *s, char *buf, size_t n);
/* Who acts: a player index or an enum kz_turn value. */
int kz_state_turn(const kz_state *s);
/* The legal actions of the player to move, or the chance outcomes at a
 * chance node, in the game's generator order; a player who must pass has
 * the single action KZ_ACTION_PASS; 0 when the game is over. At a
 * simultaneous node some games list every joint choice as one action (then
 * kz_state_apply crosses the node), others 0 (use kz_state_joint_actions).
 * Returns the count (room for kz_game_max_actions is always enough). */
int kz_state_actions(const kz_state *s, kz_action *out, int cap);
/* The text of an action legal here, snprintf-style; 0 and an empty string
 * when it is not legal. */
size_t kz_state_action_text(const kz_state *s, kz_action a, char *buf, size_t n);
/* Read a move in the game's notation and check it is legal here. */
int kz_state_parse_action(const kz_state *s, const char *text, kz_action *a, char *err,
                          size_t err_n);
/* Play a legal action (move, pass or chance outcome). KZ_EINVAL with a
 * message when it is not legal here; the state is then unchanged. */
int kz_state_apply(kz_state *s, kz_action a, char *err, size_t err_n);
/* kz_state_parse_action then kz_state_apply. */
int kz_state_apply_text(kz_state *s, const char *text, char *err, size_t err_n);
/* At a chance node: the outcomes and their probabilities (summing to 1);
 * returns the count, 0 when this is not a chance node. */
int kz_state_chance(const kz_state *s, kz_action *outcomes, double *probs, int cap);
/* At a simultaneous node: bit p set when player p chooses (0 elsewhere). */
unsigned kz_state_acting(const kz_state *s);
/* At a simultaneous node: the options of acting player p; the count (0 when
 * p does not act). */
int kz_state_joint_actions(const kz_state *s, int p, kz_action *out, int cap);
/* The text of acting player p's option `a` at a simultaneous node,
 * snprintf-style; 0 and an empty string when it is not one of p's options. */
size_t kz_state_joint_action_text(const kz_state *s, int p, kz_action a, char *buf,
                                  size_t n);
/* At a simultaneous node: one choice per player (entries of players who do
 * not act are ignored), all applied at once. KZ_EINVAL when a choice is not
 * one of that player's options or this is not a simultaneous node. */
int kz_state_apply_joint(kz_state *s, const kz_action choices[KZ_MAX_PLAYERS], char *err,
                         size_t err_n);
/* Every player's result in [-1, 1] (two-player games: +1 win, 0 draw,
 * -1 loss) into out[0..players-1]: KZ_OK, or KZ_EINVAL when not over. */
int kz_state_returns(const kz_state *s, double out[KZ_MAX_PLAYERS]);
/* What player p may know of `s`, as a new state (games with hidden
 * information replace what p cannot see by "unknown" markers; other games
 * give a copy). NULL when p is out of range or out of memory. */
kz_state *kz_state_view(const kz_state *s, int p);
/* The observation tensor of player p (computed from p's view only) into
 * `out`, float32, row-major with the shape of kz_game_observation_shape:
 * returns the number of floats (more than `cap`: nothing written), or
 * KZ_EUNSUPPORTED / KZ_EINVAL (p out of range). */
long kz_state_observation(const kz_state *s, int p, float *out, long cap);
/* Play `n` random games to the end from `s` (uniform over actions; chance
 * by its probabilities; simultaneous nodes: uniform per player), at most
 * `max_plies` plies each (<= 0: 1000). Adds every player's returns summed
 * over the games into sum_returns[players] (a game cut at the cap scores as
 * MCTS scores a cut playout: by the evaluation where the game has one, else
 * a draw), and returns the plies played in all. */
long kz_random_rollouts(const kz_state *s, long n, uint64_t seed, int max_plies,
                        double sum_returns[KZ_MAX_PLAYERS]);
/* Leaves at exactly `depth` plies below `s` (a ply: a move, pass, chance
 * outcome or joint choice), on `threads` threads (<= 0: all cores). */
uint64_t kz_perft(const kz_state *s, int depth, int threads);

/* ----------------------------------------------------------------- search */

/* A stop flag for a search running on another thread. */
kz_stop *kz_stop_new(void);
/* Ask the searches watching `f` to end now (they return their best so far).
 * Safe from any thread; sticky until kz_stop_reset. */
void kz_stop_request(kz_stop *f);
void kz_stop_reset(kz_stop *f);
void kz_stop_free(kz_stop *f);

/* Search `s` for the player to move (at a simultaneous node: for every
 * acting player); in games with hidden information the search sees only
 * the mover's view of `s` (kz_state_view), so twin states the mover cannot
 * tell apart get the same answer. `algo` is an engine spec as the command line's --algo
 * takes it ("alphabeta", "alphabeta:depth=6", "mcts:c=0.7", "pimc",
 * "expectimax"; NULL or "": alpha-beta where it applies, else MCTS).
 * Budget: `time` seconds (> 0), `iterations` (MCTS family, > 0) or `depth`
 * (alpha-beta, expectimax, > 0); none given: the spec's, else the command
 * line's analysis default. `threads` (> 0) overrides the spec's. With
 * `analyse` every root move is scored. `stop` (may be NULL) ends it early.
 * On KZ_OK: *best (may be NULL) gets the best action; at a simultaneous
 * node `best` must have room for KZ_MAX_PLAYERS actions and receives every
 * acting player's recommended option (KZ_ACTION_PASS for the others, see
 * also the document's "players"). `json` (may be
 * NULL) the "search" document of docs/JSON.md, snprintf-style into
 * (json, json_n) with its needed length in *json_len (may be NULL).
 * A player's only move is returned without search (engine "forced").
 * KZ_EINVAL for a finished game, a chance node or a bad spec. */
int kz_search(const kz_state *s, const char *algo, double time, long iterations,
              int depth, int threads, uint64_t seed, int analyse, kz_stop *stop,
              kz_action *best, char *json, size_t json_n, size_t *json_len, char *err,
              size_t err_n);

/* Limits every entry point checks (KZ_EINVAL beyond them). */
enum {
    KZ_MAX_THREADS = 256,      /* threads of one search or perft */
    KZ_MAX_DEPTH = 120,        /* plies of an alpha-beta or expectimax search */
    KZ_MAX_TABLE_MIB = 65536,  /* an alpha-beta table (64 GiB) */
    KZ_MAX_ITERATIONS = 2000000000L, /* MCTS iterations of one search */
};
#define KZ_MAX_SECONDS 1e7 /* a search's time budget (about 4 months) */

/* An alpha-beta transposition table kept between searches: allocated and
 * zeroed once, then reused by every kz_search_with given it (each search
 * ages the entries of the earlier ones, which stay usable and are replaced
 * first: no memory is cleared per search). One table must not serve two
 * searches at once. */
typedef struct kz_table kz_table;
/* A table of about `mib` MiB (1..KZ_MAX_TABLE_MIB, rounded down to a power
 * of two). KZ_OK with *out, KZ_EINVAL for a bad size, KZ_ERUNTIME when the
 * memory is not there. */
int kz_table_new(int mib, kz_table **out, char *err, size_t err_n);
/* Forget everything (a new game whose moves should not depend on the last
 * one's searches): one pass over the memory. */
void kz_table_clear(kz_table *t);
/* The size asked for at kz_table_new (0 for NULL). */
int kz_table_mib(const kz_table *t);
void kz_table_free(kz_table *t);

/* What kz_search_with runs; zero fields take the defaults, so start from
 * `struct kz_search_options o = {0}` and set what matters. */
struct kz_search_options {
    const char *algo;   /* engine spec as for kz_search (NULL: the default) */
    double time;        /* seconds, 0 < time <= KZ_MAX_SECONDS */
    long iterations;    /* MCTS family, 0 < iterations <= KZ_MAX_ITERATIONS */
    int depth;          /* alpha-beta, expectimax, 0 < depth <= KZ_MAX_DEPTH */
    int threads;        /* 0: the spec's; else 1..KZ_MAX_THREADS */
    uint64_t seed;      /* MCTS family */
    int analyse;        /* score every root move */
    kz_stop *stop;      /* may be NULL */
    kz_table *table;    /* alpha-beta's table (NULL: a fresh one per search) */
};

/* kz_search with its settings in `o` (NULL: all defaults) and, with
 * o->table, no table allocated per search. Every count is range-checked
 * (KZ_EINVAL naming it). Otherwise exactly kz_search. */
int kz_search_with(const kz_state *s, const struct kz_search_options *o,
                   kz_action *best, char *json, size_t json_n, size_t *json_len,
                   char *err, size_t err_n);
/* Whether kz_search can run engine spec `algo` on game `g`: KZ_OK, or
 * KZ_EINVAL with the reason (an unknown engine, a bad key, an engine the
 * game does not fit, or one that does not search: random, greedy, flatmc). */
int kz_search_check(const kz_game *g, const char *algo, char *err, size_t err_n);

/* A state's identity: its 64-bit hash (the key the engine's tables use;
 * equal states hash alike), whether two states are the same position of
 * the same game and variant (1) or not (0), and the dense index of an
 * action: its place in kz_state_actions' list (0 .. count-1), and back.
 * NULL states: hash 0, not equal; KZ_EINVAL for an action not legal here
 * or an index out of range. */
uint64_t kz_state_hash(const kz_state *s);
int kz_state_equal(const kz_state *a, const kz_state *b);
int kz_state_action_index(const kz_state *s, kz_action a);
int kz_state_action_at(const kz_state *s, int index, kz_action *out);

/* ------------------------------------------------------- more of a state */

/* Whether a parsed position can be played on (pieces counted, the player
 * to act consistent): KZ_OK, or KZ_EINVAL with the game's reason. Positions
 * from kz_state_parse are syntactically right but may still fail this. */
int kz_state_check(const kz_state *s, char *err, size_t err_n);
/* A line a person typed, as the actions it stands for (all by the player
 * to act, legal one after another from `s`): games with KZ_READS_LINES
 * take several moves and shorthands on one line (Kotra: "setup defensive");
 * the others read the line as one move. `seed` feeds any random choice.
 * Writes at most `cap` actions and returns their number, or KZ_EINVAL with
 * the game's own message (no prefix). */
int kz_state_parse_line(const kz_state *s, const char *line, uint64_t seed,
                        kz_action *out, int cap, char *err, size_t err_n);
/* Why the finished game in `s` ended ("capital", "surrender"), for games
 * with KZ_TELLS_ENDING, snprintf-style; 0 and "" when not told or not over. */
size_t kz_state_end_reason(const kz_state *s, char *buf, size_t n);
/* The engine the command line uses when none is named: "alphabeta" where
 * alpha-beta applies to the game, else "mcts". */
const char *kz_game_default_engine(const kz_game *g);

/* ---------------------------------------------------------- JSON documents
 * The documents of docs/JSON.md, so that the command line, the web server
 * and the Python package return the same objects. Each writes compact JSON
 * snprintf-style and returns the length it needs, or a negative
 * enum kz_status cast to long. */

/* (kz_games_json and kz_state_json: see "descriptions" below.)
 * The web page's board of `s` as seen by `viewer` (-1: everything; games
 * with hidden information then draw what the viewer cannot know as unknown
 * pieces): {"width","height","cells","pieces","notes"} as docs/API.md
 * describes. KZ_EUNSUPPORTED for a game without KZ_HAS_BOARD. */
long kz_state_board_json(const kz_state *s, int viewer, char *json, size_t n);
/* The board cells (ids of kz_state_board_json) a legal action touches, in
 * the order a person clicks them, into cells[cap]: the count (0 for an
 * action no cell expresses, or a game without a board). */
int kz_state_action_cells(const kz_state *s, kz_action a, int *cells, int cap);

/* ------------------------------------------------------------ randomness */

typedef struct kz_rng kz_rng; /* a seeded random stream */

/* The stream the command line's play and arena draw from: the same seed
 * gives the same numbers everywhere. NULL when out of memory. */
kz_rng *kz_rng_new(uint64_t seed);
uint64_t kz_rng_next(kz_rng *r);
void kz_rng_free(kz_rng *r);
/* At a chance node: draw an outcome by its probabilities into *out, KZ_OK;
 * KZ_EINVAL when `s` is not a chance node. */
int kz_rng_chance(kz_rng *r, const kz_state *s, kz_action *out);

/* ---------------------------------------------------------------- agents
 * An agent is a player that chooses moves, made from an engine spec as the
 * command line's --algo and arena's --players take it:
 *   random, greedy, alphabeta[:depth=N][:time=S][:threads=N][:hash=MiB][:db=0],
 *   mcts[:iterations=N][:time=S][:threads=N][:c=X][:keep=0]...,
 *   pimc[:worlds=N]..., expectimax[:depth=N]..., flatmc[:iterations=N]...
 * (docs/ENGINES.md lists every key). An agent keeps what it learnt between
 * its moves (alpha-beta's table, the information-set MCTS tree) until
 * kz_agent_new_game. One agent must not be used by two threads at once. */

typedef struct kz_agent kz_agent;

/* What an agent's last choice found the position worth to the mover. */
enum kz_eval_kind { KZ_EVAL_NONE, KZ_EVAL_ESTIMATE, KZ_EVAL_PROVEN };
struct kz_eval {
    int kind;     /* enum kz_eval_kind (NONE: no search, e.g. random) */
    int outcome;  /* proven: +1 win, 0 draw, -1 loss */
    int distance; /* proven: moves to the end, -1 unknown */
    double score; /* estimate: in [-1, 1] */
};

/* Most an agent may spend per decision (kz_agent_cap); 0 leaves a field
 * alone. */
struct kz_caps {
    double seconds;  /* every search's time; a budget in iterations keeps it */
    long iterations; /* MCTS iterations, flat MC playouts */
    int depth;       /* alpha-beta, expectimax plies */
    int threads;     /* threads of one search */
    int worlds;      /* PIMC worlds */
    int memory_mib;  /* node pool of an MCTS search on a time budget */
};

/* Make an agent for game `g` from `spec`. KZ_OK with *out, or KZ_EINVAL with
 * the parser's message (unknown algorithm or key, bad value, an algorithm
 * the game does not fit). */
int kz_agent_new(const kz_game *g, const char *spec, kz_agent **out, char *err,
                 size_t err_n);
void kz_agent_free(kz_agent *a);
/* The spec in canonical form ("alphabeta:depth=6"), for reports. */
const char *kz_agent_spec(const kz_agent *a);
/* The threads one decision of the agent uses (1 for single-threaded). */
int kz_agent_threads(const kz_agent *a);
/* Forget what was kept from earlier moves: the next game is played as if it
 * were the first. */
void kz_agent_new_game(kz_agent *a);
/* Let an alpha-beta or MCTS agent probe the databases of `db` (unless its
 * spec says db=0); `db` must outlive the agent's choices. */
void kz_agent_use_db(kz_agent *a, const kz_db *db);
/* Lower the agent's budgets to `caps` (a server's limits). */
void kz_agent_cap(kz_agent *a, const struct kz_caps *caps);
/* Let `stop` (may be NULL: none) end the agent's searches early: a raised
 * flag makes alpha-beta, expectimax and MCTS (also IS-MCTS and PIMC) return
 * the best move found so far at their next check. `stop` must outlive the
 * agent's choices. */
void kz_agent_watch(kz_agent *a, kz_stop *stop);
/* The agent's move for the player to act in `s` (not over, not chance, not
 * simultaneous). In games with hidden information the agent is handed only
 * the mover's view of `s`, so two states with the same view get the same
 * move for the same seed. KZ_OK with *out, or KZ_EINVAL with a message. */
int kz_agent_choose(kz_agent *a, const kz_state *s, uint64_t seed, kz_action *out,
                    char *err, size_t err_n);
/* The option of acting `player` at a simultaneous node of `s`, chosen
 * without knowing the others' choices. */
int kz_agent_choose_joint(kz_agent *a, const kz_state *s, int player, uint64_t seed,
                          kz_action *out, char *err, size_t err_n);
/* What the last kz_agent_choose found (KZ_EVAL_NONE before any). */
void kz_agent_eval(const kz_agent *a, struct kz_eval *out);
/* An evaluation in words for the player who moved: "win in 7", "draw",
 * "loss", "+0.35" or "not searched"; snprintf-style. */
size_t kz_eval_text(const struct kz_eval *e, char *buf, size_t n);
/* The agent's search of `s` as the "search" document of docs/JSON.md (with
 * `analyse`: every root move's score; the searching engines only), run as
 * its kz_agent_choose would run it, so the move is the one it would play;
 * random, greedy and flat Monte Carlo report their move with an unknown
 * value. At a simultaneous node `player` is the acting player to choose
 * for. Written snprintf-style, the needed length in *json_len (may be
 * NULL). KZ_OK, or KZ_EINVAL with a message. */
int kz_agent_search_json(kz_agent *a, const kz_state *s, int player, int analyse,
                         uint64_t seed, char *json, size_t json_n, size_t *json_len,
                         char *err, size_t err_n);

/* ----------------------------------------------------- engine databases
 * The kz_db handle of the databases section below, opened the ways an
 * engine uses databases (kz_db_close closes them all). */

/* Open the databases that answer `g`'s variant for a search to probe: the
 * game's own (Kerx's endgame databases by material) or the generic solver
 * database. `path` is a file or folder (NULL: the data folders below).
 * KZ_OK with *out, or KZ_ERUNTIME with a message when nothing there answers
 * the variant, a file is damaged, or the game has no databases. */
int kz_db_open_engine(const kz_game *g, const char *path, kz_db **out, char *err,
                      size_t err_n);
/* The generic solver database an engine plays perfectly from. With `path`
 * it must answer the variant (else KZ_ERUNTIME); without it the default
 * folder is tried quietly: KZ_OK and *out NULL when there is none, as for
 * path "none" and for games with databases of their own (KZ_OWN_DATABASES). */
int kz_db_open_solved(const kz_game *g, const char *path, kz_db **out, char *err,
                      size_t err_n);
/* Perfect play: the best action of `s` (wins soonest, else a draw, else the
 * longest loss; ties to the first in generator order) and its value for the
 * mover in *eval (may be NULL). KZ_OK, or KZ_EINVAL when the game is over
 * or the database does not hold `s` or a position after it. */
int kz_db_best(const kz_db *db, const kz_state *s, kz_action *out, struct kz_eval *eval);
/* The "query" document of `s` as the web page shows it: unlike
 * kz_db_query_json a position or move not held has the value "unknown"
 * instead of an error, `db` may be NULL (no database: "database" and
 * "value" null, no moves), and "database" names `label` (NULL: where the
 * database was found). snprintf-style. */
long kz_db_page_json(const kz_db *db, const kz_state *s, const char *label, char *json,
                     size_t n);
/* The "value" object of `s` for its mover, "null" when not held. */
long kz_db_value_json(const kz_db *db, const kz_state *s, char *json, size_t n);

/* --------------------------------------------------------- making records
 * A game record: the variant, the seed, the start, who sat where and every
 * step (move, chance outcome or simultaneous choices), written and read as
 * the "record" document of docs/JSON.md. Every step is checked when added,
 * so a record always replays. Reading one, its game, length and replay:
 * kz_record_load and the rest in the "records" section below. */

typedef struct kz_record kz_record; /* a game record: start, moves, players */

/* An empty record starting at `s` (players "?" until set); NULL when out of
 * memory. It keeps its own copy of the game. */
kz_record *kz_record_new(const kz_state *start);
/* Drop the steps from `count` on (a move taken back and replaced). */
void kz_record_truncate(kz_record *r, int count);
/* Append a player's move or chance outcome played in `before` (KZ_EINVAL
 * when not legal there, KZ_ERUNTIME out of memory). */
int kz_record_add(kz_record *r, const kz_state *before, kz_action a);
/* Append the choices of the acting players at the simultaneous `before`. */
int kz_record_add_joint(kz_record *r, const kz_state *before,
                        const kz_action choices[KZ_MAX_PLAYERS]);
/* Who plays seat `seat` ("human" or an engine spec). */
void kz_record_set_player(kz_record *r, int seat, const char *who);
/* Copy the seats and the seed of `from` (records of the same game). */
void kz_record_copy_players(kz_record *to, const kz_record *from);
void kz_record_set_seed(kz_record *r, uint64_t seed);
/* The game ended by a rule outside the position (threefold repetition, a
 * move limit): a draw, and why. */
void kz_record_set_ended(kz_record *r, const char *reason);
/* Why the game ended, as the record keeps it (snprintf-style). */
void kz_record_set_reason(kz_record *r, const char *reason);
/* The first `steps` steps (< 0: all) as the "record" document. */
long kz_record_json(const kz_record *r, int steps, char *json, size_t n);
/* Write that document to `path` (via a temporary file and a rename: never
 * half-written). KZ_OK, or KZ_ERUNTIME with a message. */
int kz_record_write(const kz_record *r, int steps, const char *path, char *err,
                    size_t err_n);
/* The first `steps` steps as the moves text the command line's --moves
 * takes (a simultaneous step as the one move the game lists for it).
 * snprintf-style; KZ_EUNSUPPORTED (cast) when a step cannot be written so. */
long kz_record_moves_text(const kz_record *r, int steps, char *buf, size_t n);

/* --------------------------------------------------------------- matches
 * A match is one game being played, the object every front end (`play`,
 * `arena`, `ugi`, `serve`, Python) plays through: it owns the state, the
 * seats' labels, the record, chance (drawn from its seed and the step
 * number: reproducible), choices made at a simultaneous node (kept secret
 * until all have chosen), undo and redo, and the end of the game: the
 * game's own rules, threefold repetition in games that can cycle
 * (KZ_CAN_CYCLE: a draw, "repetition"), the game's move limit in plies (a
 * draw, "move limit"; every games/<game>/RULES.md states both), or a
 * resignation. It never chooses a player's move: a front end asks a person
 * or an engine (kz_agent) and hands the move over. What a seat is shown
 * (log lines, views, documents) depends only on that seat's view. Reading
 * never replays the game. Seats are players 0..players-1; KZ_SEAT_ALL sees
 * everything (a spectator of an open game, a referee). */

typedef struct kz_match kz_match;

enum { KZ_SEAT_ALL = -1 };

/* A new match of `g` from `start` (NULL: the start position; else a
 * playable position of the same game and variant) with chance drawn from
 * `seed`. KZ_OK with *out, KZ_EINVAL (start of another game, not
 * playable) or KZ_ERUNTIME (memory) with a message. */
int kz_match_new(const kz_game *g, const kz_state *start, uint64_t seed, kz_match **out,
                 char *err, size_t err_n);
/* A match replaying a record (its start, seats, seed and every step; play
 * goes on from its end unless it ended). KZ_EINVAL naming a step that is
 * not legal. */
int kz_match_from_record(const kz_record *r, kz_match **out, char *err, size_t err_n);
/* A refereed match: its chance outcomes are given by the caller (a match
 * runner names them to a UGI engine) instead of drawn from a seed. At a
 * chance node kz_match_turn answers KZ_TURN_CHANCE and the referee plays
 * the outcome with kz_match_apply(m, KZ_TURN_CHANCE, outcome, ...); undo
 * takes a chance step back on its own. Otherwise as kz_match_new. */
int kz_match_new_refereed(const kz_game *g, const kz_state *start, kz_match **out,
                          char *err, size_t err_n);
void kz_match_free(kz_match *m);
/* The match's game and variant, valid while `m` lives. */
const kz_game *kz_match_game(const kz_match *m);
/* The true state (for engines and referees: not for showing to a seat),
 * valid until the match changes. */
const kz_state *kz_match_state(const kz_match *m);
/* Who acts: a player, KZ_TURN_SIMULTANEOUS, or KZ_TURN_OVER once the game
 * has ended by any rule (KZ_TURN_CHANCE only in a refereed match: the
 * others draw chance themselves). */
int kz_match_turn(const kz_match *m);
/* Bit p set for each seat that must still act now. */
unsigned kz_match_waiting(const kz_match *m);
/* At a simultaneous node: bit p set for each seat that has chosen. */
unsigned kz_match_chosen(const kz_match *m);
/* Steps played so far (moves, chance outcomes, simultaneous choices). */
int kz_match_ply(const kz_match *m);
uint64_t kz_match_seed(const kz_match *m);
/* Label a seat ("human", an engine spec; kept in the record). */
int kz_match_set_seat(kz_match *m, int seat, const char *who);
size_t kz_match_seat(const kz_match *m, int seat, char *buf, size_t n);
/* The actions `seat` may play now (its moves on its turn, its options at a
 * simultaneous node until it has chosen, else none); the count. */
int kz_match_actions(const kz_match *m, int seat, kz_action *out, int cap);
/* The text of an action of kz_match_actions, snprintf-style ("" if not). */
size_t kz_match_action_text(const kz_match *m, int seat, kz_action a, char *buf,
                            size_t n);
/* Read one of `seat`'s actions in the game's notation. KZ_OK, KZ_EOVER,
 * KZ_ETURN or KZ_EINVAL with a message. */
int kz_match_parse_action(const kz_match *m, int seat, const char *text, kz_action *a,
                          char *err, size_t err_n);
/* Play `seat`'s action (at a simultaneous node: its secret option; the
 * node is crossed when the last acting seat has chosen). Chance nodes that
 * follow are drawn at once. KZ_OK; KZ_EOVER (the game has ended), KZ_ETURN
 * (not this seat's turn, or it has chosen), KZ_EINVAL (not legal, or no such
 * seat) with a message; nothing changes on error. Two steps no seat makes
 * take a turn value as `seat` (a referee's): KZ_TURN_CHANCE plays the
 * outcome at a chance node of a refereed match, and KZ_TURN_SIMULTANEOUS
 * plays, at a simultaneous node where nobody has chosen yet, every acting
 * seat's choice at once as the one action the game lists for them
 * (kz_state_actions). kz_match_parse_action reads those the same way. */
int kz_match_apply(kz_match *m, int seat, kz_action a, char *err, size_t err_n);
/* kz_match_parse_action then kz_match_apply. */
int kz_match_apply_text(kz_match *m, int seat, const char *text, char *err, size_t err_n);
/* Take back the last step a player made (and the chance outcomes after
 * it), or the choices made so far at a simultaneous node; redo plays it
 * again (with the same chance outcomes) until a new action replaces it.
 * KZ_EINVAL "nothing to undo/redo". */
int kz_match_undo(kz_match *m, char *err, size_t err_n);
int kz_match_redo(kz_match *m, char *err, size_t err_n);
/* `seat` gives up: -1 for it, +1 for the other (two players) or 0 (more). */
int kz_match_resign(kz_match *m, int seat, char *err, size_t err_n);
/* Has the game ended? Then every player's result (KZ_OK; KZ_EINVAL before
 * the end) and why: the game's reason (kz_state_end_reason), else "end",
 * "repetition", "move limit" or "<player> resigned" (snprintf-style; ""
 * before the end). */
int kz_match_over(const kz_match *m);
int kz_match_returns(const kz_match *m, double out[KZ_MAX_PLAYERS]);
size_t kz_match_end_reason(const kz_match *m, char *buf, size_t n);
/* The record of the steps played, a new record the caller frees (ended by
 * repetition, the move limit or a resignation: with its returns and
 * reason). NULL when out of memory. Showing it to a seat tells hidden
 * moves: wait for the end in games with hidden information. */
kz_record *kz_match_record(const kz_match *m);
/* Step `step` (0 .. ply-1) as `seat` saw it (once the game is over: in
 * full, everything being revealed), a log line without its number
 * ("black plays a1-b2", "silver makes a hidden choice", "silver plays
 * c6s=x", "reveal: red h2 blue g3"), snprintf-style. */
size_t kz_match_line(const kz_match *m, int seat, int step, char *buf, size_t n);
/* What `seat` may know of the position (kz_state_view; everything for
 * KZ_SEAT_ALL and once the game is over), a new state; NULL out of memory
 * or a bad seat. */
kz_state *kz_match_view(const kz_match *m, int seat);
/* The "view" document of docs/JSON.md for `seat`: the seat's view, its
 * legal moves, its log, who must act, the result. snprintf-style; a
 * negative kz_status cast to long on failure. */
long kz_match_view_json(const kz_match *m, int seat, char *json, size_t n);

/* The random opening of kz_match_play, in plies. */
enum { KZ_MATCH_OPENING_PLIES = 2 };

/* One game from `start` between agents, seats[p] playing seat p, played
 * through a kz_match (its rules of the end). With
 * `opening` the first KZ_MATCH_OPENING_PLIES plies are random (not in games
 * with simultaneous moves), drawn from `opening_seed`; chance and the
 * agents' seeds come from `seed`. Fills returns[p],
 * `ending` (the game's end reason, else "end", "repetition" or "move limit")
 * and `rec` (may be NULL; a record that started at `start`). KZ_OK, or an
 * error of an agent or KZ_ERUNTIME. */
int kz_match_play(const kz_state *start, kz_agent *const *seats, int opening,
                  uint64_t opening_seed, uint64_t seed, double returns[KZ_MAX_PLAYERS],
                  char *ending, size_t ending_n, kz_record *rec, char *err, size_t err_n);

/* An arena: many games between engine specs, every seating in turn. */
struct kz_arena_options {
    const char *players; /* "spec,spec[,...]", one per seat */
    long games;          /* > 0 */
    uint64_t seed;
    int parallel;           /* games at once (>= 1); then specs take no threads= */
    int opening;            /* random openings (from the start position) */
    const char *db;         /* databases every engine probes (NULL: none) */
    const char *record_dir; /* write game-000001.json ... there (NULL: none) */
    /* Called after each finished game (in order of finishing, one call at
     * a time) with the games done and the first spec's points so far. */
    void (*progress)(void *ctx, long finished, long games, double first_score,
                     const char *first_spec);
    void *progress_ctx;
};

/* A spec's results: shares with their 95% interval [share, low, high]. */
struct kz_arena_row {
    char spec[128];
    double win[3], draw[3], loss[3];
    double first[3]; /* three or more players: share of first place */
};

enum { KZ_ARENA_MAX_ENDINGS = 8 };

struct kz_arena_result {
    int players;
    struct kz_arena_row rows[KZ_MAX_PLAYERS];
    double score;  /* two players: the first spec's mean score */
    double elo[3]; /* two players: Elo difference and its interval */
    int n_endings; /* distinct reasons, in the order first met */
    char ending[KZ_ARENA_MAX_ENDINGS][64];
    long ending_count[KZ_ARENA_MAX_ENDINGS];
};

/* Who sits where in game number `game` of an arena of `n` players
 * (1 <= n <= KZ_MAX_PLAYERS): order[seat] = spec index, going through the
 * n! seatings in turn (lexicographic, by the factorial number system), so
 * games k*n! .. k*n!+n!-1 hold every seating once and each player sits both
 * before and after each other one. Returns n!, the games one random opening
 * is shared by. */
long kz_arena_seating(long game, int n, int order[KZ_MAX_PLAYERS]);
/* Play the arena from `start` (kibitz arena; `kibitz arena --help` explains
 * seating, intervals and Elo). KZ_OK with *out filled; KZ_EINVAL with a message for
 * bad specs or a failed game, KZ_ERUNTIME for databases, files, memory. */
int kz_arena_run(const kz_state *start, const struct kz_arena_options *o,
                 struct kz_arena_result *out, char *err, size_t err_n);
/* The "arena" document of a result (docs/JSON.md). */
long kz_arena_json(const kz_game *g, const struct kz_arena_options *o,
                   const struct kz_arena_result *r, char *json, size_t n);

/* -------------------------------------------------------------- databases */

/* Solve the game's variant completely (retrograde analysis) and store the
 * database under `path` (a file ending in .kdb, or a folder: the file is
 * then "<game>-<variant>.kdb" there; the folder is made when missing) with
 * `threads` threads (<= 0: all cores). KZ_EUNSUPPORTED when the game cannot
 * be solved this way. The file appears only when complete. A game whose
 * own database builder holds the whole variant (Kerx size 3: every material
 * of 18 pieces) builds those files instead, into the data folder `path`
 * (NULL: $KIBITZ_DATA, else ./data), resuming pair by pair. */
int kz_solve(const kz_game *g, const char *path, int threads, char *err, size_t err_n);
/* The per-user data folder, where databases (and the server's games) are
 * kept when no place is named: $KIBITZ_DATA when set, else
 * $XDG_DATA_HOME/kibitz, else ~/.local/share/kibitz (./data without HOME),
 * snprintf-style. Nothing is created. */
size_t kz_data_folder(char *buf, size_t n);
/* Open the database answering `g`'s variant at `path` (a .kdb file, or a
 * folder searched for it; NULL: the data folders: $KIBITZ_DATA when set,
 * else $XDG_DATA_HOME/kibitz, else ~/.local/share/kibitz, then ./data where
 * it already holds one). With NULL a database quick to make (Kulibrat up to
 * target 6, Kerx endgames of size <= 4 up to 6 pieces) is made in the data
 * folder when missing, with a line on stderr; "none" opens nothing. */
int kz_db_open(const kz_game *g, const char *path, kz_db **out, char *err, size_t err_n);
void kz_db_close(kz_db *db);
/* The exact value of `s` for the player to move: *outcome +1 win, 0 draw,
 * -1 loss; *distance the moves to the end with perfect play (0 for a draw);
 * `actions`/`outcomes`/`distances` (may be NULL, room for `cap`) every
 * legal action with its value for the mover, best first. Returns the number
 * of actions, or KZ_EINVAL when the game is over in `s`, KZ_ERUNTIME when the
 * database does not hold `s`. */
int kz_db_query(const kz_db *db, const kz_state *s, int *outcome, int *distance,
                kz_action *actions, int *outcomes, int *distances, int cap, char *err,
                size_t err_n);
/* The same answer as the "query" document of docs/JSON.md, snprintf-style;
 * a negative enum kz_status cast to long on failure. */
long kz_db_query_json(const kz_db *db, const kz_state *s, char *json, size_t json_n,
                      char *err, size_t err_n);

/* Where the open database was found: the .kdb file, or the folder of a
 * game's own databases (Kerx: "<data>/egdb-kerx-<variant>"), snprintf-style.
 * kz_db_open takes either kind: a game with its own database builder (Kerx
 * endgame sets made by `kibitz solve kerx --pieces K`) is opened through
 * it; `path` is then the data folder holding them. KZ_ERUNTIME when no
 * database is there (the message says where it looked). */
size_t kz_db_where(const kz_db *db, char *buf, size_t n);

/* Solve as kz_solve does, reporting progress and watching a stop flag:
 * `progress` (may be NULL) is called with `ctx` after each tier with the
 * tiers done, the tiers in all and the positions solved so far; raising
 * `stop` (may be NULL) ends the solve after the tier being solved, with
 * KZ_ERUNTIME ("stopped") and no file written. */
typedef void (*kz_progress_fn)(void *ctx, uint64_t done, uint64_t total,
                               uint64_t positions);
int kz_solve_with(const kz_game *g, const char *path, int threads,
                  kz_progress_fn progress, void *ctx, kz_stop *stop, char *err,
                  size_t err_n);

/* ---------------------------------------------------- descriptions, perft */

/* One line saying what the game is. Valid while `g` lives. */
const char *kz_game_summary(const kz_game *g);
/* Variant option i of the game (0, 1, ... until KZ_EINVAL): its key, the
 * values it takes, its default and what it means, as `kibitz games` lists
 * them. Pointers valid while `g` lives; any of them may be NULL. */
int kz_game_option(const kz_game *g, int i, const char **key, const char **values,
                   const char **fallback, const char **meaning);
/* The "games" document of docs/JSON.md (every game, its options),
 * snprintf-style. */
size_t kz_games_json(char *json, size_t n);
/* The "position" document of docs/JSON.md for `s` (the position, who acts,
 * the legal moves), snprintf-style. */
size_t kz_state_json(const kz_state *s, char *json, size_t n);

/* kz_perft with the count under each root action (perft "divide"): up to
 * `cap` root actions into actions[] and their leaves into leaves[] (either
 * may be NULL), their number into *count (may be NULL). Returns the total. */
uint64_t kz_perft_divide(const kz_state *s, int depth, int threads, kz_action *actions,
                         uint64_t *leaves, int cap, int *count);
/* Run perft and write the "perft" document of docs/JSON.md (leaves, time,
 * rate; with `divide` every root move's count), snprintf-style. */
size_t kz_perft_json(const kz_state *s, int depth, int threads, int divide, char *json,
                     size_t n);

/* ---------------------------------------------------------------- records */

/* Read a record file (the JSON of `kibitz play --save` and `kibitz arena
 * --record`) of game `g` (any variant: the record says which). Every move is
 * checked as it is replayed. KZ_OK, or KZ_EINVAL with a message naming the
 * file and the step. */
int kz_record_load(const kz_game *g, const char *file, kz_record **out, char *err,
                   size_t err_n);
/* The same from the document's text (`n` bytes): a record sent to a server.
 * `g` may be NULL (the record's game, whatever it is). */
int kz_record_parse(const kz_game *g, const char *json, size_t n, kz_record **out,
                    char *err, size_t err_n);
void kz_record_free(kz_record *r);
/* The record's game with the record's variant. Valid while `r` lives. */
const kz_game *kz_record_game(const kz_record *r);
/* The number of steps (moves, chance outcomes, joint choices) recorded. */
int kz_record_length(const kz_record *r);
/* Step i (0-based) of the record: who acted (a player, KZ_TURN_CHANCE or
 * KZ_TURN_SIMULTANEOUS), and the action (a move or chance outcome, or a
 * simultaneous step the game lists as one action: *acting 0), or in
 * choices[p] each acting player's option (*acting: bit p set when p chose).
 * KZ_EINVAL when i is out of range. */
int kz_record_step(const kz_record *r, int i, kz_action *action,
                   kz_action choices[KZ_MAX_PLAYERS], unsigned *acting);
/* The position after the first `ply` steps (ply < 0 or past the end: the
 * last position) into `into`, a state of the record's game and variant
 * (KZ_EINVAL otherwise). */
int kz_record_replay(const kz_record *r, int ply, kz_state *into, char *err,
                     size_t err_n);
/* Judge every move of the record (the "review" document of docs/JSON.md,
 * snprintf-style): exact values where `db` (may be NULL) holds the
 * position, else a search: alpha-beta to `depth` (<= 0: 6) or for `time`
 * seconds where the game allows it, else MCTS for `iterations` (<= 0: 1000)
 * with `seed`. A negative enum kz_status cast to long on failure. */
long kz_review_json(const kz_record *r, const kz_db *db, int depth, double time,
                    long iterations, uint64_t seed, char *json, size_t n, char *err,
                    size_t err_n);

#ifdef __cplusplus
}
#endif

#endif
