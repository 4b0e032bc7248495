/*
 * kz_cli.h - what only the `kibitz` command line wants from libkibitz, in
 * kz_ terms (kz_game, kz_state, kz_db handles, plain C values): the parts of
 * option parsing that need the engine, and the commands' reports whose text
 * is the command line's own (search reports, whole-game solve, df-pn proof,
 * query text, review table, bench, solvebench, solve --report).
 *
 * Not installed and not exported from libkibitz.so (lib/kibitz.map keeps
 * kz_cli_* local). The command line (cli/) includes this and
 * include/kibitz.h and nothing of engine/, search/, games/ or json/
 * (tests/layering.sh checks it).
 *
 * Contract: functions return an enum kz_status (or KZ_CLI_* below) with a
 * one-line message in `err` (KZ_CLI_ERROR_BYTES); reports go to the FILE given
 * (the command's stdout); progress lines go to stderr only when asked.
 * Nothing here exits. Like include/kibitz.h it names no engine type, so
 * nothing of the engine reaches cli/ through it.
 */
#ifndef KIBITZ_KZ_CLI_H
#define KIBITZ_KZ_CLI_H

#include "include/kibitz.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The size of every `err` here: messages quote what the command line gave
 * (a position, a move, an engine spec, a path) whole. */
enum { KZ_CLI_ERROR_BYTES = 8192 };
/* The most threads --threads and UGI's threads option take (engine/threads.h). */
enum { KZ_CLI_THREADS_MAX = 1024 };

/* Statuses beyond enum kz_status. */
enum {
    KZ_CLI_MISSING = -10,        /* a database does not exist yet: advise how to
                                    make it */
    KZ_CLI_QUIET_EINVAL = -11,   /* a usage error already reported (or, an MPI
                                    worker rank, left to rank 0 to report) */
    KZ_CLI_QUIET_ERUNTIME = -12, /* a runtime failure, likewise */
    KZ_CLI_CHECK = 1,            /* the work ran but a check failed (exit 1) */
    KZ_CLI_PROVE = 2,            /* kz_cli_solve: prove the command's position
                                    instead (kz_cli_prove) */
};

/* What a command was given on the command line, in plain terms (cli.h's
 * struct cli_options, without the parsing state). */
struct kz_cli_args {
    const kz_game *game;
    const char *position, *moves, *record; /* the position to start from */
    const char *db;                        /* NULL: the default folder; "none" */
    const char *algo, *side, *report, *positions;
    /* df-pn's --pn-init; NULL: not given */
    const char *pn_init;
    /* --store DIR: the settled facts df-pn reads and extends; NULL: none */
    const char *store;
    /* prove: --goal NAME; prove/checkproof: --proof FILE; NULL: not given */
    const char *goal, *proof;
    bool quiet;      /* --quiet */
    int depth;       /* -1: not given */
    double time;     /* < 0: not given */
    long iterations; /* -1: not given */
    int threads;     /* --threads (1 when not given) */
    bool threads_given;
    int hash_mib; /* 0: not given */
    uint64_t seed;
    bool json, progress, budget_given;
    int pieces;      /* -1: not given */
    long memory_mib; /* -1: not given */
    long games;      /* -1: not given */
    bool force;      /* --force: replace a --db file that is no database of the game */
};

/* ------------------------------------------------------------ options */

/* The game called `name`, with its default variant not yet finished (as the
 * option parser reads --variant next). KZ_OK or KZ_EINVAL. */
int kz_cli_game_find(const char *name, kz_game **out, char *err);
/* Replace the variant by `text` (every --variant so far, joined by commas):
 * KZ_OK or KZ_EINVAL; the game is unchanged on error. */
int kz_cli_game_variant(kz_game *g, const char *text, char *err);
/* Check the variant complete: KZ_OK or KZ_EINVAL. */
int kz_cli_game_finish(kz_game *g, char *err);
/* Take `from`'s variant (same game). */
void kz_cli_game_take_variant(kz_game *to, const kz_game *from);
/* True when both games are the same variant of the same game. */
bool kz_cli_same_variant(const kz_game *a, const kz_game *b);
/* Numbers of the command line and of UGI, by the one parser of
 * engine/number.h (decimal only, no blanks, range checked, one message):
 * KZ_OK, or KZ_EINVAL with the message. */
int kz_cli_whole(const char *what, const char *text, long long low, long long high,
                 long long *out, char *err);
int kz_cli_unsigned(const char *what, const char *text, uint64_t *out, char *err);
int kz_cli_real(const char *what, const char *text, double low, double high, double *out,
                char *err);
/* `path` open for reading, never blocking (engine/input_file.h: regular
 * files only; a folder or FIFO is refused), or NULL with a message naming
 * `what` and the path. */
FILE *kz_cli_open_input(const char *what, const char *path, char *err);
/* kibitz verify: every tier and block of the databases at `path` (a file or
 * a folder) checked now; a text report, or the verify document (json).
 * KZ_OK, KZ_CLI_CHECK (something is damaged), or KZ_ERUNTIME. */
int kz_cli_verify(const char *path, bool json, FILE *out, char *err);
/* May `path` be written as an output (engine/output_file.h: its folder
 * exists, nothing but a regular file is there)? KZ_OK or KZ_ERUNTIME with a
 * message naming it. Commands check every output path before their work. */
int kz_cli_output_check(const char *path, char *err);
/* Write `text` to `path` atomically (engine/output_file.h). KZ_OK or
 * KZ_ERUNTIME. */
int kz_cli_write_text(const char *path, const char *text, char *err);
/* Can `threads` threads start? KZ_OK or KZ_ERUNTIME. */
int kz_cli_threads_reserve(int threads, char *err);
/* The game's own databases builder exists (Kerx: solve --pieces). */
bool kz_cli_has_own_databases(const kz_game *g);
/* True when no solver database file for the game exists where `db` points. */
bool kz_cli_database_missing(const kz_game *g, const char *db);
/* Put `position` (NULL: the start) into `s`, check it can be played, then
 * play `moves` (NULL: none), each message as the command line words it,
 * quoting the position or move (so `err_n` is the caller's: room for them).
 * KZ_OK or KZ_EINVAL. */
int kz_cli_load(kz_state *s, const char *position, const char *moves, char *err,
                size_t err_n);

/* Read a one-line position into `s`; the message is the game's own, without
 * the position. KZ_OK or KZ_EINVAL (the state unchanged). */
int kz_cli_parse_position(kz_state *s, const char *text, char *err);

/* ------------------------------------------------------------ reports */

/* kibitz bestmove / analyse: the database rule, a forced move, or a search,
 * reported as text or the search document (a->side: only that player's
 * choice at a simultaneous root). */
int kz_cli_search(const struct kz_cli_args *a, const kz_state *s, bool analyse, FILE *out,
                  char *err);
/* --side NAME|N: the player index (-1 without --side). KZ_OK or KZ_EINVAL. */
int kz_cli_side(const kz_game *g, const char *side, int *player, char *err);

/* kibitz query: one position (json: the query document) from `db`;
 * `line` > 0 reports a problem as an error document of a --positions stream.
 * KZ_OK; KZ_ERUNTIME (not held, corrupt); a database contradicting itself
 * is said on stderr at once ("kibitz: ...", as a tier read afterwards may
 * still turn out corrupt) and returns KZ_CLI_QUIET_EINVAL. */
int kz_cli_query(const kz_db *db, const kz_state *s, bool json, int line, FILE *out,
                 char *err);
/* query --positions: one position a line from `in` (blank lines and lines
 * starting with '#' skipped), exactly one JSON document a line to `out` (a
 * query document, or an error document naming the line). KZ_OK;
 * KZ_CLI_QUIET_EINVAL when a line was bad input, else KZ_CLI_QUIET_ERUNTIME
 * when one could not be answered (both said in the documents); KZ_ERUNTIME
 * with err when the stream could not start. */
int kz_cli_query_stream(const kz_game *game, const kz_db *db, FILE *in, FILE *out,
                        char *err);
/* kz_db_open for the command line: KZ_CLI_MISSING when no database exists. */
int kz_cli_db_open(const kz_game *g, const char *db, kz_db **out, char *err);
/* An error document {"line", "message"} of a --positions stream. */
void kz_cli_error_document(int line, const char *message, FILE *out);

/* kibitz solve: the whole variant by retrograde analysis (or the game's own
 * builder with --pieces, or --report), reported; progress on stderr when
 * a->progress. KZ_OK, KZ_EINVAL, KZ_ERUNTIME, KZ_CLI_CHECK (a report's check
 * failed), KZ_CLI_QUIET_* (an MPI worker rank failed), or KZ_CLI_PROVE. */
int kz_cli_solve(const struct kz_cli_args *a, FILE *out, char *err);
/* kibitz solve --position (kz_cli_solve said KZ_CLI_PROVE): one position
 * proved by df-pn, with a database's leaf probes when one answers. */
int kz_cli_prove(const struct kz_cli_args *a, const kz_state *s, FILE *out, char *err);

/* kibitz prove: the proof manager (solve/prove.h) on the command's
 * position, with --store, --goal, --db, --iterations (a job's first
 * budget), --time, --hash (each job's table), --depth (prediction plies),
 * --proof FILE (the proof written when the goal is proved); under mpirun
 * rank 0 manages and the others run the jobs. */
int kz_cli_manage(const struct kz_cli_args *a, const kz_state *s, FILE *out, char *err);
/* kibitz checkproof: --proof FILE replayed against the rules and the
 * databases (--db): KZ_OK when it holds, KZ_CLI_CHECK when not. */
int kz_cli_checkproof(const struct kz_cli_args *a, FILE *out, char *err);

/* kibitz review: every move of the record judged, with a solver database
 * answering its variant where one is (a->db). */
int kz_cli_review(const struct kz_cli_args *a, const kz_record *r, FILE *out, char *err);

/* kibitz bench: is `name` a game with bench positions? KZ_OK or KZ_EINVAL. */
int kz_cli_bench_check(const char *name, char *err);
/* kibitz bench on the games named (none: every game with bench positions),
 * text to `text`; with `json_text` the bench document (malloc'd, NULL when
 * out of memory). KZ_OK, or KZ_EINVAL for a bad suite entry or no memory for
 * the table (the run stops there). */
int kz_cli_bench(const char *const *names, int count, int threads, int hash_mib,
                 FILE *text, char **json_text, char *err);

/* kibitz solvebench: run the set file, or (--games) print a new set. */
int kz_cli_solvebench(const struct kz_cli_args *a, const char *set, FILE *out, char *err);
int kz_cli_solvebench_set(const struct kz_cli_args *a, FILE *out, char *err);

/* kibitz --version --json: the version document. */
int kz_cli_version_json(const char *version, const char *commit, const char *build,
                        const char *compiler, const char *openmp, FILE *out);

#endif
