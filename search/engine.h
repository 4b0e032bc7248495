/*
 * engine.h - the engine contract: what a move-choosing algorithm declares,
 * the way engine/game.h is what a game declares.
 *
 * An engine is one `const struct engine` (search/engine_*.c) listed once in
 * search/engines.c. It declares
 * - its name (the first word of a spec: "mcts:iterations=500"),
 * - its typed spec keys with ranges and documented defaults, which the
 *   framework parses, range-checks and reports errors for, in one style
 *   (engine_spec_parse below; the engine only stores the values),
 * - which games it plays (ENGINE_PLAYS_*), with `fits` for a finer reason,
 * - one entry point, `search`, that chooses a move or analyses a position
 *   within a budget and fills one neutral report (struct engine_report),
 *   which the text printer (search/search_report.h, report_search) and the
 *   JSON printer (json/kjson_search.h, kjson_search_report) both render.
 * An engine keeps its settings and anything it carries between moves in
 * the `struct agent` it is given (search/agent.h); a new engine may use
 * agent.values[] (its keys' values in key order) and agent.own.
 * docs/ADDING_AN_ENGINE.md says how to add one.
 */
#ifndef KIBITZ_ENGINE_H
#define KIBITZ_ENGINE_H

#include "engine/game.h"
#include "search/search_probe.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct agent;
struct ab_result;
struct expecti_result;
struct mcts_result;
struct tt;

enum { ENGINE_MAX_KEYS = 16 };

/* What an engine plays. A game whose GAME_HAS_* flags ask for a kind the
 * engine lacks is refused (or `fits` says why, in its own words). */
enum engine_plays {
    ENGINE_PLAYS_PERFECT = 1u << 0,      /* deterministic, perfect information */
    ENGINE_PLAYS_CHANCE = 1u << 1,       /* chance nodes */
    ENGINE_PLAYS_SIMULTANEOUS = 1u << 2, /* simultaneous choices */
    ENGINE_PLAYS_HIDDEN = 1u << 3,       /* hidden information */
    ENGINE_NEEDS_DATABASE = 1u << 4,     /* plays only from a solver database */
    ENGINE_PLAYS_ALL = ENGINE_PLAYS_PERFECT | ENGINE_PLAYS_CHANCE |
                       ENGINE_PLAYS_SIMULTANEOUS | ENGINE_PLAYS_HIDDEN,
};

/* How the engine's work is counted: what a command's --depth or
 * --iterations means to it (the other is refused). */
enum engine_unit { ENGINE_UNIT_NONE, ENGINE_UNIT_DEPTH, ENGINE_UNIT_ITERATIONS };

enum engine_key_flags {
    ENGINE_KEY_BUDGET = 1u << 0,      /* depth=, time=, iterations=: the spec gave a budget */
    ENGINE_KEY_HIDDEN_ONLY = 1u << 1, /* offered only on games with hidden information */
    ENGINE_KEY_REST = 1u << 2,        /* its value is the rest of the spec, colons and
                                         all (a fallback engine's spec): set_text */
    ENGINE_KEY_REAL = 1u << 3,        /* a number with a fraction (time=, c=); without
                                         it a number key takes whole numbers only */
};

/* One spec key. A number key takes a whole number (a real one with
 * ENGINE_KEY_REAL) from `low` to `high`, written in decimal as every number
 * kibitz reads (engine/number.h: no blanks, no '+', no hex, no exponent);
 * a choice key (choices != NULL, NULL-terminated) one of its words, passed
 * on as the word's index. `fallback` is the default as documented. */
struct engine_key {
    const char *name;
    double low, high;
    const char *const *choices;
    unsigned flags;
    const char *fallback;
    const char *help;
};

/* What a search may spend. `fresh` runs it as a one-off analysis: the
 * numbers given (> 0) replace the spec's, and with none given here or in
 * the spec the engine's analysis default applies; a fresh table is sized
 * by hash_mib. Not fresh: as the agent plays (its own limits and table). */
struct engine_budget {
    bool fresh;
    bool given; /* fresh: a budget came from the spec or the request */
    int depth;
    double time;
    long iterations;
    int threads;
    int hash_mib;
    struct tt *table; /* fresh: a caller's alpha-beta table, kept between its
                         searches and aged by each (hash_mib then unused) */
    uint64_t seed;
    bool analyse; /* score every root move */
    int player;   /* at a simultaneous node: whose option (-1: the mover) */
    bool playing; /* a move in a game: the engine may use and keep what it
                     carries between moves (IS-MCTS's tree) */
    const atomic_bool *interrupt;
};

/* The neutral report of one search: best move, value and counts, and the
 * engine's detail for the printers (at most one detail is set; an engine
 * with none is printed from the neutral fields alone). */
struct engine_report {
    const char *engine; /* the name printed ("ismcts" for mcts on hidden games) */
    bool has_move;
    move_t move;
    enum { ENGINE_VALUE_NONE, ENGINE_VALUE_ESTIMATE, ENGINE_VALUE_PROVEN } value;
    int outcome;  /* proven: +1 win, 0 draw, -1 loss (for the mover) */
    int distance; /* proven: moves to the end, -1 unknown */
    double score; /* estimate: in [-1, 1] for the mover */
    uint64_t nodes;
    double seconds;
    struct ab_result *ab; /* tree searches: alpha-beta's result */
    struct expecti_result *ex;
    struct mcts_result *mcts; /* the Monte Carlo tree family */
};

struct engine {
    const char *name;
    const char *summary;
    unsigned plays; /* enum engine_plays */
    enum engine_unit unit;
    bool reports;   /* its search reports a value: `bestmove`/`analyse` take it */
    bool bestmove;  /* `bestmove`/`analyse` take it all the same (db: they answer
                       from the databases, lib/kz_db.h) */
    bool probes;    /* its search probes the databases a command opened (--db) */
    /* NULL, or what its options are, for one message about any bad option:
     * "NAME takes USAGE, not 'REST'". */
    const char *usage;
    const struct engine_key *keys;
    int key_count;
    /* 0 if the engine plays `g`; else -1 with the reason in `err`. NULL:
     * judged from `plays` alone. */
    int (*fits)(const struct game *g, char *err);
    /* Defaults into `a` before the spec's keys are applied. */
    void (*init)(struct agent *a, const struct game *g);
    /* Key number `key` (index into keys) set to `value` (a choice key's
     * word index). Parsed and range-checked already. */
    void (*set)(struct agent *a, int key, double value);
    /* An ENGINE_KEY_REST key's text (the rest of the spec); `ready` as
     * engine_spec_parse's. 0, or -1 with `err`. */
    int (*set_text)(struct agent *a, int key, const char *text, const struct game *g,
                    bool ready, char *err);
    /* After the keys: take resources (a table). 0, or -1 with `err`. May be
     * NULL. `release` frees them and whatever the engine kept; `forget`
     * drops what it kept between moves (a new game). Both may be NULL. */
    int (*ready)(struct agent *a, char *err);
    void (*release)(struct agent *a);
    void (*forget)(struct agent *a);
    /* Choose or analyse: the move for the player to move (or budget->player
     * at a simultaneous node) in `state`, already the mover's view on
     * hidden-information games, within `budget`, into `out` (zeroed by the
     * caller). 0, or -1 with `err` (GAME_ERROR_BYTES) and *runtime set when
     * it is not the request's fault (memory). */
    int (*search)(struct agent *a, const struct game *g, const struct variant *v,
                  const void *state, const struct engine_budget *budget,
                  struct engine_report *out, bool *runtime, char *err);
};

/* The registered engines, in listing order. */
const struct engine *const *engine_list(int *count);
/* The engine called `name` (up to `length` characters), or NULL. */
const struct engine *engine_find(const char *name, size_t length);

/* Parse `spec` ("name:key=value:...") for game `g` into `a` (zeroed
 * first): the one parser of engine specs. With `ready` the engine takes
 * what it keeps between moves (alpha-beta's table; engine.ready), else the
 * settings alone are read and nothing needs freeing. 0, or -1 with `err`. */
int engine_spec_parse(struct agent *a, const char *spec, const struct game *g, bool ready,
                      char *err);

/* The budget rule: 0 if `e` can spend a budget given in depth
 * (`depth_given`) or iterations; else -1 with err. `option_words` writes
 * the command line's option names (--depth), else plain words. */
int engine_budget_refused(const struct engine *e, bool depth_given, bool iterations_given,
                          bool option_words, char *err);

/* The names of the engines that report a searched value (with `bestmove`
 * also those that bestmove takes otherwise), for messages: separated by
 * ", " and before the last by `last` (" or "); `with_options` adds how
 * each takes options ("[:OPTION=VALUE...]", "[:fallback=SPEC]"). */
void engine_reporting_names(char *buf, size_t n, bool bestmove, bool with_options,
                            const char *last);

/* Free the report's detail and zero it. */
void engine_report_free(struct engine_report *r);

#endif
