/* kibitz bench: search speed on the fixed positions of bench/, with a
 * deterministic node-count signature. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct cli_spec bench_spec = {
    .usage = "kibitz bench [game...] [--threads N] [--hash MiB] [--json FILE]",
    .help = "Searches the fixed positions of bench/ (every game that has them, or\n"
            "the games named) on one thread: alpha-beta to a fixed depth and MCTS\n"
            "for a fixed number of iterations (timed as the fastest of 3 identical\n"
            "runs: memory-bound, it is what a busy machine disturbs most), then\n"
            "perft from the start position and random playouts. Prints nodes and\n"
            "rates per position, the rates in total, and the signature: total\n"
            "alpha-beta nodes plus MCTS tree nodes, the same on every run and\n"
            "machine for the same code. With --threads N the suite runs again on N\n"
            "threads and the speed-up is reported (MCTS with one shared tree, and as\n"
            "mcts-root with one tree per thread), with the cores the run got (CPU\n"
            "time / wall time) and the efficiency (work per CPU-second against one\n"
            "thread), which separate the code's scaling from a machine shared with\n"
            "other work.",
    .allowed = OPT_THREADS | OPT_HASH | OPT_JSON_FILE | OPT_QUIET,
    .needs_game = false,
    .max_args = 8,
};

int cmd_bench(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&bench_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    char err[KZ_CLI_ERROR_BYTES];
    for (int i = 0; i < o.arg_count; i++)
        if (kz_cli_bench_check(o.args[i], err) != KZ_OK) return cli_fail("%s", err);
    char *doc = NULL;
    /* cli_parse checked --json FILE before the benchmark runs. */
    status = kz_cli_bench(o.args, o.arg_count, o.threads, cli_hash_mib(&o, 0), stdout,
                          o.json_file ? &doc : NULL, err);
    if (status) status = cli_fail("%s", err);
    if (o.json_file && !status) {
        size_t n = doc ? strlen(doc) : 0;
        char *line = doc ? realloc(doc, n + 2) : NULL;
        if (line) {
            doc = line;
            memcpy(doc + n, "\n", 2);
        }
        if (!line || kz_cli_write_text(o.json_file, doc, err) != KZ_OK)
            status = cli_fail_runtime("%s", line ? err : "out of memory");
    }
    free(doc);
    return status;
}
