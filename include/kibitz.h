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
    KZ_HAS_HIDDEN = 1u << 2,  /* players see only kz_state_view */
    KZ_CAN_CYCLE = 1u << 3,   /* positions can repeat */
    KZ_ZERO_SUM_2P = 1u << 4, /* two players, returns sum to zero */
    KZ_CAN_SOLVE = 1u << 8,   /* kz_solve and databases work for it */
};

/* ---------------------------------------------------------------- library */

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
 * acting player). `algo` is an engine spec as the command line's --algo
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

/* -------------------------------------------------------------- databases */

/* Solve the game's variant completely (retrograde analysis) and store the
 * database under `path` (a file ending in .kdb, or a folder: the file is
 * then "<game>-<variant>.kdb" there; the folder is made when missing) with
 * `threads` threads (<= 0: all cores). KZ_EUNSUPPORTED when the game cannot
 * be solved this way. The file appears only when complete. */
int kz_solve(const kz_game *g, const char *path, int threads, char *err, size_t err_n);
/* Open the database answering `g`'s variant at `path` (a .kdb file, or a
 * folder searched for it; NULL: $KIBITZ_DATA, else ./data). */
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

typedef struct kz_record kz_record; /* a game record: start, moves, players */

/* Read a record file (the JSON of `kibitz play --save` and `kibitz arena
 * --record`) of game `g` (any variant: the record says which). Every move is
 * checked as it is replayed. KZ_OK, or KZ_EINVAL with a message naming the
 * file and the step. */
int kz_record_load(const kz_game *g, const char *file, kz_record **out, char *err,
                   size_t err_n);
void kz_record_free(kz_record *r);
/* The record's game with the record's variant. Valid while `r` lives. */
const kz_game *kz_record_game(const kz_record *r);
/* The number of steps (moves, chance outcomes, joint choices) recorded. */
int kz_record_length(const kz_record *r);
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
