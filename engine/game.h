/*
 * game.h - the game contract: the one interface every kibitz game implements
 * and every search algorithm uses.
 *
 * A game is a `const struct game` of callbacks plus a `struct variant` that
 * holds its parsed `key=value` options. Positions are fixed-size plain structs
 * of `game->state_size` bytes, without pointers, copied with memcpy (search
 * keeps stacks of them: copy-make). Two states that denote the same position
 * must be equal byte for byte (padding zeroed), so hashing and comparing the
 * raw bytes is always right.
 *
 * A move is a 64-bit value whose packing the game owns. Chance outcomes are
 * moves too: at a chance node `moves` lists the outcomes, `chance` gives their
 * probabilities, and `apply` plays the one that happened.
 *
 * Players are numbered 0 .. players-1 in seating order. Callbacks marked
 * "required" must be set; the others may be NULL and the engine falls back to
 * the documented default or reports the feature as unavailable.
 *
 * Every callback must be safe to call from several threads at once on
 * different states: games keep no mutable global state.
 */
#ifndef KIBITZ_GAME_H
#define KIBITZ_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef uint64_t move_t;

enum {
    GAME_MAX_PLAYERS = 4,
    /* Largest state any game may declare; lets callers keep states on the
     * stack without allocating. */
    GAME_MAX_STATE_BYTES = 512,
    /* Bytes available to a game for its parsed variant options. */
    GAME_VARIANT_BYTES = 64,
    /* Error-message buffers passed to parsers are at least this long. */
    GAME_ERROR_BYTES = 512,
    /* The evaluation scale: `evaluate` returns whole points within
     * [-GAME_EVAL_MAX, GAME_EVAL_MAX], GAME_EVAL_MAX meaning "as good as
     * won" and 0 "even". Reports print evaluations divided by it (+0.35);
     * alpha-beta scores proven results outside it (search/alphabeta.h),
     * expectimax maps returns in [-1, 1] onto it (search/expectimax.h). */
    GAME_EVAL_MAX = 10000,
    /* The solver's size limits (solve/retro.h; a game whose tiers exceed
     * them is refused with a message, never solved wrongly): */
    GAME_TIER_MAX_CHILDREN = 16,  /* child tiers one tier may lead to */
    GAME_TIER_MAX_RANK_BITS = 29, /* a tier holds < 2^29 ranks */
    GAME_SOLVER_MAX_MOVES = 254,  /* `max_moves` of a game to be solved */
};

/* A move value no game uses for anything else: "I cannot act, the turn
 * passes". A game returns it as the single move of a player who must pass.
 * Solvers do not count it in remoteness (distance in moves actually made). */
#define GAME_MOVE_PASS UINT64_C(0xFFFFFFFFFFFFFFFF)

/* Who acts in a state: a player index >= 0, or one of these. */
enum game_turn {
    TURN_OVER = -1,         /* terminal: read `returns` */
    TURN_CHANCE = -2,       /* nature draws one of `moves` with `chance` odds */
    TURN_SIMULTANEOUS = -3, /* every player in `acting` picks one move at once */
};

/* Flags describing what a game needs from search. */
enum game_flags {
    GAME_HAS_CHANCE = 1u << 0,       /* TURN_CHANCE can occur */
    GAME_HAS_SIMULTANEOUS = 1u << 1, /* TURN_SIMULTANEOUS can occur */
    GAME_HAS_HIDDEN = 1u << 2,       /* players see only `view` of the state */
    GAME_CAN_CYCLE = 1u << 3,        /* a position can repeat: search must
                                        treat repetition (a draw by default) */
    GAME_ZERO_SUM_2P = 1u << 4,      /* two players, returns sum to zero: the
                                        alpha-beta family applies */
};

/* Parsed variant options. The game owns the layout of `bytes` (it casts them
 * to its own options struct, zero-filled before the declared defaults are
 * set by engine/variant.h, so two equal variants compare equal with
 * memcmp). */
struct variant {
    _Alignas(8) unsigned char bytes[GAME_VARIANT_BYTES];
};

/* One declared variant parameter. The game declares its parameters once, in
 * order (the canonical spelling lists them in this order); the framework
 * (engine/variant.h) fills the defaults, parses `key=value` text with one
 * error style (numbers through engine/number.h), prints the canonical
 * spelling and documents them (`kibitz games`, /api/games, Python). */
enum variant_param_type {
    VARIANT_WHOLE,   /* a whole number in [low, high] */
    VARIANT_CHOICE,  /* one of `choices`, stored as its code */
    VARIANT_DECIMAL, /* a decimal with at most `decimals` fraction digits,
                        strictly between low and high, stored in units of
                        10^-decimals (low and high in those units too) */
};
struct variant_param {
    const char *name; /* the key, e.g. "target"; NULL ends the list */
    enum variant_param_type type;
    size_t offset, size; /* where the value lives in the game's options struct
                            (VARIANT_FIELD): 1, 2 or 4 unsigned bytes */
    long long low, high; /* VARIANT_WHOLE, VARIANT_DECIMAL */
    long long fallback;  /* the default: the value, or the choice's index */
    const char *const *choices; /* VARIANT_CHOICE: the names, NULL-terminated */
    const long long *codes;     /* VARIANT_CHOICE: each name's stored value
                                   (NULL: its index) */
    int decimals;               /* VARIANT_DECIMAL */
    const char *help;           /* what it means, one line */
};
/* Where a parameter lives: VARIANT_FIELD(struct kulibrat_variant, target). */
#define VARIANT_FIELD(type, field)                                                       \
    .offset = offsetof(type, field), .size = sizeof(((type *)0)->field)

/* Solver tiers: a tier is a set of positions closed under moves except for
 * moves into "child" tiers, which are solved first. Tier ids are the game's
 * own 64-bit labels. */
typedef uint64_t tier_t;

struct board;          /* engine/board.h */
struct bench_suite;    /* bench/bench_positions.h */
struct game_database;  /* solve/game_database.h */
struct game_reports;   /* search/game_report.h */
struct search_kernels; /* search/kernels.h */

struct game {
    /* ---- identity (required) ---- */
    const char *name;    /* lower-case command-line name, e.g. "kulibrat" */
    const char *summary; /* one line for `kibitz games` */
    int players;         /* 2..GAME_MAX_PLAYERS (the default variant's count
                            when `player_count` is set) */
    unsigned flags;      /* enum game_flags */
    size_t state_size;   /* bytes in a state, <= GAME_MAX_STATE_BYTES */
    int max_moves;       /* most moves (or chance outcomes, or one player's
                            simultaneous options) any position can have */

    /* ---- variants ---- */
    /* Required (may be empty: {NULL}). The declared parameters, ended by one
     * whose name is NULL; at most VARIANT_MAX_PARAMS (engine/variant.h). */
    const struct variant_param *variant_params;
    /* Optional. Check the options as a whole after all keys are set (for
     * combinations that are only wrong together). 0, or -1 with `err`. */
    int (*variant_check)(const struct variant *v, char *err);
    /* Optional. Players in this variant, when it can differ from `players`. */
    int (*player_count)(const struct variant *v);

    /* ---- play (required) ---- */
    /* The start position. */
    void (*start)(const struct variant *v, void *state);
    /* Who acts: a player index, or an enum game_turn value. */
    int (*turn)(const struct variant *v, const void *state);
    /* The moves of the player to act (or chance outcomes) into `out`, which
     * holds `max_moves`; returns the count. A player who must pass gets the
     * single move GAME_MOVE_PASS. Terminal states have 0 moves. At
     * simultaneous nodes search uses `joint_moves` and `apply_joint`; a game
     * may still list here every joint choice as one move value (which
     * `apply`, `parse_move` and `format_move` then handle, and `max_moves`
     * counts), so tools that play one move at a time (`show`, `--moves`) can
     * cross the node; otherwise it returns 0 there. */
    int (*moves)(const struct variant *v, const void *state, move_t *out);
    /* Play one move (or chance outcome) in place. The move must come from
     * `moves` for this state; anything else is undefined. */
    void (*apply)(const struct variant *v, void *state, move_t move);
    /* Final result for every player, in [-1, 1]; for GAME_ZERO_SUM_2P games
     * +1 win, 0 draw, -1 loss. Only called when `turn` is TURN_OVER. */
    void (*returns)(const struct variant *v, const void *state,
                    double out[GAME_MAX_PLAYERS]);

    /* ---- chance (required if GAME_HAS_CHANCE) ---- */
    /* Probabilities of the outcomes `moves` lists, in the same order; they sum
     * to 1. */
    void (*chance)(const struct variant *v, const void *state, const move_t *outcomes,
                   int count, double *prob);

    /* ---- simultaneous moves (required if GAME_HAS_SIMULTANEOUS) ---- */
    /* Bit i set when player i chooses at this simultaneous node. */
    unsigned (*acting)(const struct variant *v, const void *state);
    /* The options of one acting player. */
    int (*joint_moves)(const struct variant *v, const void *state, int player,
                       move_t *out);
    /* Apply one choice per player (entries of non-acting players ignored). */
    void (*apply_joint)(const struct variant *v, void *state,
                        const move_t choice[GAME_MAX_PLAYERS]);

    /* ---- hashing and evaluation (optional) ---- */
    /* 64-bit key. Default: XXH3 of the state bytes (see engine/hash.h). A game
     * sets this only when it has something faster or incremental. */
    uint64_t (*hash)(const struct variant *v, const void *state);
    /* Heuristic value of a non-terminal state for `player`, within
     * [-GAME_EVAL_MAX, GAME_EVAL_MAX] (GAME_EVAL_MAX ~ "as good as won";
     * search scores proven results outside this range). NULL: depth-limited
     * search uses 0. */
    int (*evaluate)(const struct variant *v, const void *state, int player);
    /* How far apart the returns of decided games usually lie, as a share of
     * the full [-1, 1] range (1: wins and losses near +-1). UCT's exploration
     * constant is only right for one scale of returns: MCTS multiplies its
     * default constant by this. NULL: 1. */
    double (*return_scale)(const struct variant *v);

    /* ---- capture extension (optional) ---- */
    /* True when the side to move in `state` has a capture: material is
     * about to change, so an evaluation there misjudges the position. Where
     * such a position lies on alpha-beta's horizon, it is searched one ply
     * further instead of evaluated, at most `capture_extension` extra plies
     * along one line (search/alphabeta.h; the `alphabeta` engine's `extend`
     * option changes the limit). A game opts in by setting both; NULL or
     * 0: alpha-beta searches exactly to its depth. May be called on a
     * finished game (its answer is then not used). */
    bool (*capture_pending)(const struct variant *v, const void *state);
    int capture_extension;

    /* ---- text (required) ---- */
    /* Parse a one-line position. Never trusts input: 0, or -1 with a message
     * in `err` naming what is wrong (length, character, counts, scores...). */
    int (*parse_position)(const struct variant *v, const char *text, void *state,
                          char *err);
    /* Print the one-line position into `buf` (`n` bytes); parse_position must
     * read it back to the same bytes. */
    void (*format_position)(const struct variant *v, const void *state, char *buf,
                            size_t n);
    /* Parse a move in the game's notation and check it is legal here: 0, or
     * -1 with a message (malformed, or legal-looking but illegal). */
    int (*parse_move)(const struct variant *v, const void *state, const char *text,
                      move_t *move, char *err);
    /* Print a move legal in `state`. */
    void (*format_move)(const struct variant *v, const void *state, move_t move,
                        char *buf, size_t n);
    /* Draw the board for a terminal, several lines, to `out`. */
    void (*draw)(const struct variant *v, const void *state, FILE *out);
    /* Name of a player for messages ("black", "green", ...). */
    const char *(*player_name)(const struct variant *v, int player);

    /* ---- hidden information (required if GAME_HAS_HIDDEN) ---- */
    /* Overwrite `state` with what `player` may know of it (unknown parts set
     * to the game's "unknown" markers); the result is itself a state. */
    void (*view)(const struct variant *v, void *state, int player);
    /* Sample a full state consistent with `view` as seen by `player`, using
     * the random words from `next_random(ctx)`. */
    void (*determinize)(const struct variant *v, const void *view, int player,
                        uint64_t (*next_random)(void *ctx), void *ctx, void *state_out);

    /* Optional (games with GAME_HAS_HIDDEN). What `player` learns of `move`,
     * played in `state` by another player or by chance: false when nothing
     * of it is shown ("makes a hidden choice"), else true with `*seen` the
     * move as `player` sees it: the move itself, or the move with what stays
     * hidden replaced by the game's unknown markers (Kotra: an enemy's
     * placement with its rank unknown). The match prints `*seen` with
     * `format_move` on `player`'s view of `state`. The answer must depend
     * only on what `player` knows: equal for two states with the same view
     * and two moves leading to the same view (tests/test_match_views.c).
     * NULL: chance outcomes are shown and other players' moves hidden. */
    bool (*seen_move)(const struct variant *v, const void *state, move_t move, int player,
                      move_t *seen);

    /* ---- the end of a game outside the position (optional) ---- */
    /* The most plies a match is played (moves, chance outcomes and
     * simultaneous choices all count); a match that reaches it is a draw
     * ("move limit"). A game's own limits (Kotra's turn limit) are in its
     * rules and come first. 0: play/match.h's default. A GAME_CAN_CYCLE game
     * is also drawn when a position occurs for the third time; each game's
     * RULES.md states its rule. */
    int play_limit;

    /* ---- reports (optional) ---- */
    /* Why a finished game ended, a few lower-case words ("capital",
     * "surrender", "turn limit"), for arena's tally of endings; NULL (or a
     * NULL callback): not told. Only called when `turn` is TURN_OVER. */
    const char *(*end_reason)(const struct variant *v, const void *state);

    /* ---- typing moves (optional) ---- */
    /* A line a person typed, as the moves it stands for, all by the player
     * to act and legal one after another from `state`: several moves
     * separated by spaces, and the game's shorthands (Kotra: `d3-d5` for
     * its pick `d3` and the move `d3-d5`; `setup defensive` for every setup
     * decision left). `seed` feeds any random choice. Writes at most `max`
     * moves to `out` and returns their number, or -1 with `err`. NULL: the
     * line is one move for `parse_move`. */
    int (*parse_line)(const struct variant *v, const void *state, const char *line,
                      uint64_t seed, move_t *out, int max, char *err);

    /* ---- solving (optional: a game without these cannot be `solve`d) ---- */
    /* The tier of a state. */
    tier_t (*tier_of)(const struct variant *v, const void *state);
    /* Positions in a tier (rank space size; ranks are 0 .. size-1, fewer
     * than 2^GAME_TIER_MAX_RANK_BITS for the solver). */
    uint64_t (*tier_size)(const struct variant *v, tier_t tier);
    /* Tiers a move from `tier` can lead to, other than `tier` itself, into
     * `out` (at most GAME_TIER_MAX_CHILDREN); returns the count. A move that
     * ends the game leads to no tier (its result is `returns`). */
    int (*tier_children)(const struct variant *v, tier_t tier, tier_t *out);
    /* Dense index of a state within its tier. */
    uint64_t (*rank)(const struct variant *v, const void *state);
    /* Inverse of rank. Returns false if the index names no legal position
     * (a "hole"; dense games never return false). */
    bool (*unrank)(const struct variant *v, tier_t tier, uint64_t index, void *state);
    /* Map a state in place to its canonical representative under the game's
     * symmetries (NULL: no symmetry used). Values are invariant under it. */
    void (*canonicalize)(const struct variant *v, void *state);
    /* Readable tier name for progress output. */
    void (*tier_name)(const struct variant *v, tier_t tier, char *buf, size_t n);
    /* Optional. Tiers with equal shape keys have the same rank space and the
     * same moves: from every rank the same moves lead to the same ranks, in
     * the tier itself or in the child tier at the same place of
     * `tier_children`, and the same terminal results. The solver then builds
     * its move graph once per shape instead of once per tier. NULL: every
     * tier is its own shape. */
    uint64_t (*tier_shape)(const struct variant *v, tier_t tier);
    /* Optional. Other variants (e.g. smaller targets) whose positions all lie,
     * with the same tier ids and ranks, in the tiers solved for `v`, so one
     * database answers them too. Fills `out` (room for `max`), returns the
     * count (`v` itself may be listed). */
    int (*solved_variants)(const struct variant *v, struct variant *out, int max);

    /* ---- web board (optional: `kibitz serve` draws a game that sets both) ----
     * Describe `state` for drawing (engine/board.h): cells, pieces, notes.
     * For a game with hidden information the caller passes a `view`, and
     * ranks the viewer cannot know are drawn as unknown pieces. */
    void (*describe)(const struct variant *v, const void *state, struct board *out);
    /* The cells (ids of `describe`) a legal move touches, in the order a
     * person clicks them (from, any intermediate landing, to), into `cells`
     * (room for BOARD_MAX_PATH); returns the count, 0 for a move no cell
     * expresses (it is then offered by its text). */
    int (*move_cells)(const struct variant *v, const void *state, move_t move,
                      int *cells);

    /* ---- extensions (optional: NULL means the generic machinery) ----
     * For a game that needs more than the callbacks above offer. The engine
     * and the searches use them without knowing which game they serve. */
    /* A database builder and prober of the game's own (Kerx: endgame
     * databases by material), used by `solve --pieces`, `query`, df-pn's leaf
     * probes and `solvebench --games` instead of solve/solver_db.h. */
    const struct game_database *database;
    /* Named analyses of a whole solution, for `solve --report NAME`. */
    const struct game_reports *reports;
    /* Hot loops (perft, playouts, alpha-beta) compiled with the game's rules
     * inlined (search/kernels.h); they must count, move and order exactly as
     * the generic kernels do (tests/test_kernels_agree.c). */
    const struct search_kernels *kernels;
    /* The positions and budgets `kibitz bench` runs for this game
     * (games/<game>/<game>_bench.c); NULL: the game is not benchmarked. */
    const struct bench_suite *bench;
    /* Optional. The observation tensor of `player` for learning programs
     * (libkibitz, the Python package; layouts in docs/OBSERVATIONS.md):
     * writes the shape into `dims` and returns its rank (1..3); when `out`
     * is not NULL also fills it (the shape's product of floats, zeroed by
     * the caller) from `view`, a state already reduced to what `player`
     * may know (`view` above). NULL: the game has no observation. */
    int (*observe)(const struct variant *v, const void *view, int player, float *out,
                   int dims[3]);
    /* Optional. Map a (non-terminal) state in place to one representative of
     * every state with the same value for its side to move: the board
     * symmetries and, where the rules treat both sides alike, the colour
     * swap (so the result may have the other player to move). Keys of the
     * store of settled facts (search/fact_store.h). NULL: the state itself. */
    void (*value_canonicalize)(const struct variant *v, void *state);
};

#endif
