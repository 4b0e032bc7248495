/*
 * cli.h - the `kibitz <command> [game] [options]` command line.
 *
 * Every command is a function `int cmd_NAME(int argc, char **argv)` (argv[0]
 * is the command name) in its own file cli/cmd_NAME.c, listed in the table
 * of cli/cli.c. Commands parse their options with cli_parse, which knows
 * every common option and refuses the ones a command does not take.
 * Commands reach the engine only through libkibitz: include/kibitz.h, and
 * cli/backend/kz_cli.h for what only the command line wants (docs/DESIGN.md;
 * tests/layering.sh).
 *
 * Exit status (documented in README.md): 0 success; 2 a usage error, i.e.
 * bad input on the command line (unknown command, game or option, malformed
 * or illegal position, move, variant, engine spec); 1 a runtime failure with
 * good input (a database missing, corrupt or not holding the position, a
 * file that cannot be read or written, not enough memory or disk, a failed
 * check such as a wrong solvebench value, an interrupted solve). Either way
 * one line "kibitz: <message>" on stderr, never a crash.
 */
#ifndef KIBITZ_CLI_H
#define KIBITZ_CLI_H

#include "include/kibitz.h"
#include "cli/backend/kz_cli.h"

#include <stdbool.h>
#include <stdint.h>

enum cli_exit {
    EXIT_OK = 0,
    EXIT_RUNTIME_FAILURE = 1,
    EXIT_CHECK_FAILED = 1, /* a runtime failure: a check found something wrong */
    EXIT_BAD_INPUT = 2,    /* a usage error */
};

/* Options a command accepts (bit set). */
enum cli_option {
    OPT_VARIANT = 1u << 0,    /* --variant key=value[,key=value] (repeatable) */
    OPT_POSITION = 1u << 1,   /* --position '<text>' */
    OPT_DEPTH = 1u << 2,      /* --depth N */
    OPT_TIME = 1u << 3,       /* --time SECONDS */
    OPT_ITERATIONS = 1u << 4, /* --iterations N */
    OPT_THREADS = 1u << 5,    /* --threads N */
    OPT_HASH = 1u << 6,       /* --hash MiB */
    OPT_SEED = 1u << 7,       /* --seed N */
    OPT_JSON = 1u << 8,       /* --json (flag) */
    OPT_JSON_FILE = 1u << 9,  /* --json FILE */
    OPT_DIVIDE = 1u << 10,    /* --divide */
    OPT_ALGO = 1u << 11,      /* --algo NAME */
    OPT_PLAYERS = 1u << 12,   /* --players SPEC,SPEC[,...] */
    OPT_GAMES = 1u << 13,     /* --games N */
    OPT_DB = 1u << 14,        /* --db PATH (database file or folder) */
    OPT_SIDE = 1u << 15,      /* --side NAME|N (which seat a person takes) */
    OPT_MOVES = 1u << 16,     /* --moves 'm1 m2 ...' (moves played from the position) */
    OPT_QUIET = 1u << 17,     /* --quiet: no progress output */
    OPT_PIECES = 1u << 18,    /* --pieces N (material bound of a database build) */
    OPT_MEMORY = 1u << 19,    /* --memory MiB (memory budget of a database build) */
    OPT_PARALLEL = 1u << 20,  /* --parallel N (arena: games played at once) */
    OPT_RECORD = 1u << 21,    /* --record FILE (a game record: read where --moves
                                 is; arena: a folder to write them to) */
    OPT_SAVE = 1u << 22,      /* --save FILE (play: write the game record) */
    OPT_POSITIONS = 1u << 23, /* --positions FILE|- (query: one position a line) */
    OPT_REPORT = 1u << 24,    /* --report NAME (solve: an analysis of the solution) */
    OPT_SETUP = 1u << 25,     /* --setup NAME (play: a setup preset for the person) */
    OPT_PN_INIT = 1u << 26,   /* --pn-init NAME (df-pn's unsearched positions) */
    OPT_FORCE = 1u << 27,     /* --force: replace a --db file that is no database
                                 of the game */
    OPT_STORE = 1u << 28,     /* --store DIR (settled facts, solve/fact_store.h) */
    OPT_GOAL = 1u << 29,      /* --goal NAME (prove: what to prove) */
    OPT_PROOF = 1u << 30,     /* --proof FILE (prove: write it; checkproof: read it) */
};

struct cli_options {
    kz_game *kz;            /* set when the command takes a game (lives until exit) */
    char variant_text[512]; /* every --variant, joined by commas */
    const char *position;   /* NULL: start position */
    const char *record;     /* --record FILE: a game record (start and moves) */
    int depth;              /* -1: not given */
    double time;            /* seconds; < 0: not given */
    long iterations;        /* -1: not given */
    int threads;            /* default 1 */
    int hash_mb;            /* 0: not given (see cli_hash_mib) */
    uint64_t seed;          /* default 1 */
    bool json;
    const char *json_file;
    bool divide;
    const char *algo;
    const char *players;
    long games; /* -1: not given */
    const char *db;
    const char *side;
    const char *moves;
    const char *save;      /* --save FILE */
    const char *positions; /* --positions FILE|- */
    bool quiet;
    int pieces;         /* -1: not given */
    long memory_mb;     /* -1: not given */
    int parallel;       /* default 1 */
    const char *report; /* NULL: not given */
    const char *setup;  /* NULL: not given */

    const char *pn_init; /* --pn-init NAME; NULL: not given */
    bool force;          /* --force */
    const char *store;   /* --store DIR; NULL: not given */
    const char *goal;    /* --goal NAME; NULL: not given */
    const char *proof;   /* --proof FILE; NULL: not given */
    /* enum cli_option bits of the options given on the command line, so that
     * a command can tell a given value from its default. */
    unsigned given;
    /* Words that are not options (after the game name, if any). */
    const char *args[16];
    int arg_count;
};

/* How a command reads its arguments. */
struct cli_spec {
    const char *usage; /* e.g. "kibitz perft <game> --depth N [...]" */
    const char *help;  /* paragraph(s) printed by --help after usage */
    unsigned allowed;  /* enum cli_option bits */
    bool needs_game;   /* first word is a game name */
    int max_args;      /* further plain words allowed */
    bool record_out;   /* --record names where records are written (arena's
                          folder), not a record to start from */
};

/* Parse argv (argv[0] = command name). Returns -1 after printing --help
 * (caller exits 0), 0 on success, or EXIT_BAD_INPUT after printing the error. */
int cli_parse(const struct cli_spec *spec, int argc, char **argv, struct cli_options *o);

/* Print "kibitz: <message>" to stderr and return EXIT_BAD_INPUT (a usage
 * error: the command line is wrong). */
int cli_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The same, returning EXIT_RUNTIME_FAILURE: the command line is right but
 * the work failed (database missing or damaged, file, memory, disk). */
int cli_fail_runtime(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* A new state of o->kz (kz_state_free it after): o->position (or the
 * start position when NULL), then o->moves if given; or, with --record, the
 * record's moves replayed from its start. 0, or an exit status after
 * printing the error. */
int cli_state(const struct cli_options *o, kz_state **out);

/* The options in the library's plain terms (cli/backend/kz_cli.h). */
void cli_args(const struct cli_options *o, struct kz_cli_args *a);

/* cli_parse, then cli_args: true to go on; false with *exit the command's
 * exit status (0 after --help, else the usage error's). */
bool cli_begin(const struct cli_spec *spec, int argc, char **argv, struct cli_options *o,
               struct kz_cli_args *a, int *exit);

/* A back end's work on the command's position (cli_state): kz_cli_manage,
 * kz_cli_prove. */
typedef int (*cli_state_work)(const struct kz_cli_args *a, const kz_state *s, FILE *out,
                              char *err);
/* `work` run on the command's position, its report to stdout; the exit
 * status (cli_status). */
int cli_run_on_state(const struct cli_options *o, const struct kz_cli_args *a,
                     cli_state_work work);

/* The exit status of a library status `code` (enum kz_status, KZ_CLI_*),
 * after printing "kibitz: <err>" for a failure: KZ_EINVAL is a usage error,
 * the others runtime failures; KZ_CLI_MISSING adds how to make the
 * database (cli_fail_missing_database). */
int cli_status(const struct cli_options *o, int code, const char *err);

/* Read --record FILE (of o->kz's game, any variant) as a library record
 * (kz_record_free it after): 0, or an exit status after printing the error
 * (1 unreadable, 2 not a valid record). */
int cli_open_record(const struct cli_options *o, kz_record **r);

/* --hash when given, else `fallback`: the default of the search that uses
 * the table (e.g. TT_DEFAULT_MIB of search/tt.h, DFPN_DEFAULT_TABLE_MIB of
 * solve/dfpn.h), so each table size has its default in one place. */
int cli_hash_mib(const struct cli_options *o, int fallback);

/* True for --db none: no database is read or written, by any command (the
 * engines search, solve keeps its result in memory). */
bool cli_no_database(const struct cli_options *o);

/* True when stderr is a terminal and --quiet is not set: show progress. */
bool cli_progress_wanted(const struct cli_options *o);

/* Print a document the library wrote (one line of JSON, malloc'd; NULL when
 * it could not be made), a newline, and free it: EXIT_OK, or
 * EXIT_RUNTIME_FAILURE when there was none or the write failed. */
int cli_print_document(char *text);

/* Entry point: dispatch argv[1] to its command. */
int cli_main(int argc, char **argv);

#endif
