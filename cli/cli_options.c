/* Parsing of the options every kibitz command shares (see cli.h). */
#include "cli/cli.h"
#include "cli/db_advice.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_failure(const char *format, va_list args) {
    fputs("kibitz: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
}

int cli_fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    print_failure(format, args);
    va_end(args);
    return EXIT_BAD_INPUT;
}

int cli_fail_runtime(const char *format, ...) {
    va_list args;
    va_start(args, format);
    print_failure(format, args);
    va_end(args);
    return EXIT_RUNTIME_FAILURE;
}

int cli_status(const struct cli_options *o, int code, const char *err) {
    switch (code) {
    case KZ_OK: return EXIT_OK;
    case KZ_CLI_CHECK: return EXIT_CHECK_FAILED;
    case KZ_CLI_QUIET_EINVAL: return EXIT_BAD_INPUT;
    case KZ_CLI_QUIET_ERUNTIME: return EXIT_RUNTIME_FAILURE;
    case KZ_EINVAL: return cli_fail("%s", err);
    case KZ_CLI_MISSING: return cli_fail_missing_database(o, err);
    default: return cli_fail_runtime("%s", err);
    }
}

struct option_name {
    const char *name;
    unsigned bit;
    bool takes_value;
    const char *value_help;
};

static const struct option_name option_names[] = {
    {"--variant", OPT_VARIANT, true, "key=value[,key=value]"},
    {"--position", OPT_POSITION, true, "'<position>'"},
    {"--depth", OPT_DEPTH, true, "N"},
    {"--time", OPT_TIME, true, "SECONDS"},
    {"--iterations", OPT_ITERATIONS, true, "N"},
    {"--threads", OPT_THREADS, true, "N"},
    {"--hash", OPT_HASH, true, "MiB"},
    {"--seed", OPT_SEED, true, "N"},
    {"--json", OPT_JSON, false, NULL},
    {"--json", OPT_JSON_FILE, true, "FILE"},
    {"--divide", OPT_DIVIDE, false, NULL},
    {"--algo", OPT_ALGO, true, "NAME"},
    {"--players", OPT_PLAYERS, true, "SPEC,SPEC[,...]"},
    {"--games", OPT_GAMES, true, "N"},
    {"--db", OPT_DB, true, "PATH"},
    {"--no-db", OPT_DB, false, NULL}, /* as --db none */
    {"--side", OPT_SIDE, true, "PLAYER"},
    {"--moves", OPT_MOVES, true, "'MOVE MOVE ...'"},
    {"--quiet", OPT_QUIET, false, NULL},
    {"--pieces", OPT_PIECES, true, "N"},
    {"--memory", OPT_MEMORY, true, "MiB"},
    {"--parallel", OPT_PARALLEL, true, "N"},
    {"--record", OPT_RECORD, true, "FILE"},
    {"--save", OPT_SAVE, true, "FILE"},
    {"--positions", OPT_POSITIONS, true, "FILE|-"},
    {"--report", OPT_REPORT, true, "NAME"},
    {"--setup", OPT_SETUP, true, "NAME"},
    {"--pn-init", OPT_PN_INIT, true, "uniform|eval|mobility|material"},
    {"--force", OPT_FORCE, false, NULL},
    {"--store", OPT_STORE, true, "DIR"},
    {"--goal", OPT_GOAL, true, "value|notlose|notwin|win|loss"},
    {"--proof", OPT_PROOF, true, "FILE"},
};
enum { OPTION_COUNT = sizeof option_names / sizeof option_names[0] };

static void print_help(const struct cli_spec *spec) {
    printf("usage: %s\n\n%s\n", spec->usage, spec->help);
    bool any = false;
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (!(spec->allowed & option_names[i].bit)) continue;
        if (!any) printf("\noptions:\n");
        any = true;
        printf("  %s%s%s\n", option_names[i].name, option_names[i].takes_value ? " " : "",
               option_names[i].takes_value ? option_names[i].value_help : "");
    }
    printf("  --help\n");
}

/* --option N: one parser for every number (cli/backend/kz_cli.h). */
static int parse_long(const char *option, const char *text, long low, long high,
                      long *out) {
    char err[KZ_CLI_ERROR_BYTES];
    long long value;
    if (kz_cli_whole(option, text, low, high, &value, err) != KZ_OK)
        return cli_fail("%s", err);
    *out = (long)value;
    return 0;
}

/* One option's value into `o`. Kept as one switch: it is the table of what
 * each option sets and how its value is checked, one case an option, and
 * reads best whole. */
static int apply_option(const struct option_name *opt, const char *value,
                        struct cli_options *o) {
    long number = 0; /* set by parse_long; initialised for -Wmaybe-uninitialized */
    char err[KZ_CLI_ERROR_BYTES];
    switch (opt->bit) {
    case OPT_VARIANT: {
        if (!o->kz) return cli_fail("--variant needs a game before it");
        /* Every --variant is checked as one spec, so a key repeated in a
         * later --variant is refused too. */
        size_t used = strlen(o->variant_text);
        if (used + strlen(value) + 2 > sizeof o->variant_text)
            return cli_fail("--variant text is too long");
        snprintf(o->variant_text + used, sizeof o->variant_text - used, "%s%s",
                 used ? "," : "", value);
        if (kz_cli_game_variant(o->kz, o->variant_text, err) != KZ_OK)
            return cli_fail("%s", err);
        return 0;
    }
    case OPT_POSITION: o->position = value; return 0;
    case OPT_DEPTH:
        if (parse_long("--depth", value, 0, 1000, &number)) return EXIT_BAD_INPUT;
        o->depth = (int)number;
        return 0;
    case OPT_TIME:
        if (kz_cli_real("--time", value, 0.001, 1e7, &o->time, err) != KZ_OK)
            return cli_fail("%s", err);
        return 0;
    case OPT_ITERATIONS:
        if (parse_long("--iterations", value, 1, 4000000000L, &number))
            return EXIT_BAD_INPUT;
        o->iterations = number;
        return 0;
    case OPT_THREADS:
        if (parse_long("--threads", value, 1, KZ_CLI_THREADS_MAX, &number))
            return EXIT_BAD_INPUT;
        o->threads = (int)number;
        return 0;
    case OPT_HASH:
        if (parse_long("--hash", value, 1, 1 << 20, &number)) return EXIT_BAD_INPUT;
        o->hash_mb = (int)number;
        return 0;
    case OPT_SEED:
        if (kz_cli_unsigned("--seed", value, &o->seed, err) != KZ_OK)
            return cli_fail("%s", err);
        return 0;
    case OPT_JSON: o->json = true; return 0;
    case OPT_JSON_FILE:
        o->json = true;
        o->json_file = value;
        return 0;
    case OPT_DIVIDE: o->divide = true; return 0;
    case OPT_ALGO: o->algo = value; return 0;
    case OPT_REPORT: o->report = value; return 0;
    case OPT_PN_INIT: o->pn_init = value; return 0;
    case OPT_STORE: o->store = value; return 0;
    case OPT_GOAL: o->goal = value; return 0;
    case OPT_PROOF: o->proof = value; return 0;
    case OPT_PLAYERS: o->players = value; return 0;
    case OPT_GAMES:
        if (parse_long("--games", value, 1, 100000000L, &number)) return EXIT_BAD_INPUT;
        o->games = number;
        return 0;
    case OPT_DB:
        if (!opt->takes_value) { /* --no-db: no database, none made */
            o->db = "none";
            return 0;
        }
        if (!*value)
            return cli_fail("--db: the database path is empty (give a file, a folder or "
                            "none)");
        o->db = value;
        return 0;
    case OPT_SIDE: o->side = value; return 0;
    case OPT_MOVES: o->moves = value; return 0;
    case OPT_RECORD: o->record = value; return 0;
    case OPT_SAVE: o->save = value; return 0;
    case OPT_POSITIONS: o->positions = value; return 0;
    case OPT_SETUP: o->setup = value; return 0;
    case OPT_QUIET: o->quiet = true; return 0;
    case OPT_FORCE: o->force = true; return 0;
    case OPT_PIECES:
        if (parse_long("--pieces", value, 1, 64, &number)) return EXIT_BAD_INPUT;
        o->pieces = (int)number;
        return 0;
    case OPT_PARALLEL:
        if (parse_long("--parallel", value, 1, 1024, &number)) return EXIT_BAD_INPUT;
        o->parallel = (int)number;
        return 0;
    case OPT_MEMORY:
        if (parse_long("--memory", value, 1, 1L << 24, &number)) return EXIT_BAD_INPUT;
        o->memory_mb = number;
        return 0;
    }
    return cli_fail("internal error: unhandled option %s", opt->name);
}

/* Games parsed stay reachable until the process ends (a command's options
 * live as long as the command). */
static kz_game *kept_games[8];

static void keep_game(kz_game *g) {
    for (int i = 0; i < 8; i++)
        if (!kept_games[i]) {
            kept_games[i] = g;
            return;
        }
}

int cli_open_record(const struct cli_options *o, kz_record **r) {
    char err[KZ_CLI_ERROR_BYTES];
    if (access(o->record, R_OK) != 0)
        return cli_fail_runtime("cannot read record %s: %s", o->record, strerror(errno));
    if (kz_record_load(o->kz, o->record, r, err, sizeof err) != KZ_OK)
        return cli_fail("%s", err);
    return 0;
}

/* The options' values when not given. */
static void set_defaults(struct cli_options *o) {
    memset(o, 0, sizeof *o);
    o->depth = -1;
    o->time = -1;
    o->iterations = -1;
    o->threads = 1;
    o->seed = 1;
    o->games = -1;
    o->pieces = -1;
    o->memory_mb = -1;
    o->parallel = 1;
}

/* The option named by `word` ("--name" or "--name=value") that the command
 * allows, and its value (from the word, or the next argument at *i). 0, or
 * an exit status after the message. */
static int read_option(const struct cli_spec *spec, int argc, char **argv, int *i,
                       const struct option_name **out, const char **value) {
    const char *word = argv[*i];
    /* Accept both "--name value" and "--name=value". */
    char name[32];
    const char *inline_value = strchr(word, '=');
    size_t len = inline_value ? (size_t)(inline_value - word) : strlen(word);
    if (len >= sizeof name) len = sizeof name - 1;
    memcpy(name, word, len);
    name[len] = '\0';
    const struct option_name *opt = NULL;
    for (int k = 0; k < OPTION_COUNT; k++)
        if (strcmp(option_names[k].name, name) == 0 &&
            (spec->allowed & option_names[k].bit)) {
            opt = &option_names[k];
            break;
        }
    if (!opt)
        return cli_fail("unknown option '%s' for '%s' (see kibitz %s --help)", name,
                        argv[0], argv[0]);
    *value = NULL;
    if (opt->takes_value) {
        if (inline_value)
            *value = inline_value + 1;
        else if (*i + 1 < argc)
            *value = argv[++*i];
        else
            return cli_fail("%s needs a value (%s)", name, opt->value_help);
    } else if (inline_value) {
        return cli_fail("%s takes no value", name);
    }
    *out = opt;
    return 0;
}

/* The words after the game: plain arguments and options. 0, or an exit
 * status after the message. */
static int read_words(const struct cli_spec *spec, int argc, char **argv, int i,
                      struct cli_options *o) {
    for (; i < argc; i++) {
        const char *word = argv[i];
        if (word[0] != '-' || word[1] == '\0') {
            if (o->arg_count >= spec->max_args || o->arg_count >= 16)
                return cli_fail(
                    "unexpected argument '%s' for '%s' (see kibitz %s --help)", word,
                    argv[0], argv[0]);
            o->args[o->arg_count++] = word;
            continue;
        }
        const struct option_name *opt = NULL;
        const char *value;
        int status = read_option(spec, argc, argv, &i, &opt, &value);
        if (status == 0) status = apply_option(opt, value, o);
        if (status != 0) return status;
        o->given |= opt->bit;
    }
    return 0;
}

/* A record read where --moves is: its variant is the command's. 0, or an
 * exit status after the message. */
static int take_record_variant(struct cli_options *o) {
    if (o->position || o->moves)
        return cli_fail("--record gives the start and the moves: leave out --position "
                        "and --moves");
    kz_record *r;
    int status = cli_open_record(o, &r);
    if (status) return status;
    const kz_game *played = kz_record_game(r);
    bool same = kz_cli_same_variant(played, o->kz);
    char have[256], want[256];
    kz_game_variant(played, have, sizeof have);
    kz_game_variant(o->kz, want, sizeof want);
    kz_cli_game_take_variant(o->kz, played);
    kz_record_free(r);
    if ((o->given & OPT_VARIANT) && !same)
        return cli_fail("%s is a game of variant %s, not %s", o->record, have, want);
    return 0;
}

int cli_parse(const struct cli_spec *spec, int argc, char **argv, struct cli_options *o) {
    set_defaults(o);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_help(spec);
            return -1;
        }
    int i = 1;
    char err[KZ_CLI_ERROR_BYTES];
    if (spec->needs_game) {
        if (argc < 2 || argv[1][0] == '-')
            return cli_fail("%s needs a game name (try 'kibitz games')", argv[0]);
        if (kz_cli_game_find(argv[1], &o->kz, err) != KZ_OK) return cli_fail("%s", err);
        keep_game(o->kz);
        i = 2;
    }
    int status = read_words(spec, argc, argv, i, o);
    if (status != 0) return status;
    if (o->kz && kz_cli_game_finish(o->kz, err) != KZ_OK) return cli_fail("%s", err);
    /* Every file the command will write is checked before any work. */
    const char *outputs[] = {o->save, o->json_file};
    for (int k = 0; k < 2; k++)
        if (outputs[k] && kz_cli_output_check(outputs[k], err) != KZ_OK)
            return cli_fail_runtime("%s", err);
    if (kz_cli_threads_reserve(o->threads, err) != KZ_OK)
        return cli_fail_runtime("%s", err);
    if (o->record && o->kz && (spec->allowed & OPT_MOVES) && !spec->record_out)
        return take_record_variant(o);
    return 0;
}

/* --position and --moves into `s`: 0 or EXIT_BAD_INPUT after the message
 * (which quotes them whole). */
static int load_position(const struct cli_options *o, kz_state *s) {
    size_t n =
        512 + (o->position ? strlen(o->position) : 0) + (o->moves ? strlen(o->moves) : 0);
    char *err = malloc(n);
    if (!err) return cli_fail_runtime("out of memory");
    int status = kz_cli_load(s, o->position, o->moves, err, n);
    if (status) status = cli_fail("%s", err);
    free(err);
    return status;
}

int cli_state(const struct cli_options *o, kz_state **out) {
    char err[KZ_CLI_ERROR_BYTES];
    *out = kz_state_new(o->kz);
    if (!*out) return cli_fail_runtime("out of memory");
    int status = 0;
    if (o->record) {
        kz_record *r;
        if (!(status = cli_open_record(o, &r))) {
            if (kz_record_replay(r, -1, *out, err, sizeof err) != KZ_OK)
                status = cli_fail("%s", err);
            kz_record_free(r);
        }
    } else {
        status = load_position(o, *out);
    }
    if (status) {
        kz_state_free(*out);
        *out = NULL;
    }
    return status;
}

bool cli_begin(const struct cli_spec *spec, int argc, char **argv, struct cli_options *o,
               struct kz_cli_args *a, int *exit) {
    int status = cli_parse(spec, argc, argv, o);
    if (status) {
        *exit = status < 0 ? EXIT_OK : status;
        return false;
    }
    cli_args(o, a);
    return true;
}

int cli_run_on_state(const struct cli_options *o, const struct kz_cli_args *a,
                     cli_state_work work) {
    char err[KZ_CLI_ERROR_BYTES];
    kz_state *s;
    int status = cli_state(o, &s);
    if (status) return status;
    status = cli_status(o, work(a, s, stdout, err), err);
    kz_state_free(s);
    return status;
}

void cli_args(const struct cli_options *o, struct kz_cli_args *a) {
    *a = (struct kz_cli_args){
        .game = o->kz,
        .position = o->position,
        .moves = o->moves,
        .record = o->record,
        .db = o->db,
        .algo = o->algo,
        .side = o->side,
        .report = o->report,
        .pn_init = o->pn_init,
        .store = o->store,
        .goal = o->goal,
        .proof = o->proof,
        .quiet = o->quiet,
        .positions = o->positions,
        .depth = o->depth,
        .time = o->time,
        .iterations = o->iterations,
        .threads = o->threads,
        .threads_given = o->given & OPT_THREADS,
        .hash_mib = o->hash_mb,
        .seed = o->seed,
        .json = o->json,
        .progress = cli_progress_wanted(o),
        .budget_given = o->given & (OPT_DEPTH | OPT_TIME | OPT_ITERATIONS),
        .pieces = o->pieces,
        .memory_mib = o->memory_mb,
        .games = o->games,
        .force = o->force,
    };
}

int cli_hash_mib(const struct cli_options *o, int fallback) {
    return (o->given & OPT_HASH) ? o->hash_mb : fallback;
}

bool cli_no_database(const struct cli_options *o) {
    return o->db && strcmp(o->db, "none") == 0;
}

bool cli_progress_wanted(const struct cli_options *o) {
    return !o->quiet && isatty(STDERR_FILENO);
}

int cli_print_document(char *text) {
    bool bad = !text || !*text || printf("%s\n", text) < 0;
    free(text);
    fflush(stdout);
    return bad ? EXIT_RUNTIME_FAILURE : EXIT_OK;
}
