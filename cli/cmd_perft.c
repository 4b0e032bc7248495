/* kibitz perft: leaf counts to a depth, optionally per root move. */
#include "cli/cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const struct cli_spec perft_spec = {
    .usage = "kibitz perft <game> --depth N [--divide] [--threads N] [--position P]\n"
             "       [--json]",
    .help = "Counts the leaves of the move tree exactly N plies deep (a pass and a\n"
            "chance outcome are plies; finished games have no children). --divide\n"
            "prints the count under each root move. Root moves run in parallel.",
    .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_DEPTH |
               OPT_DIVIDE | OPT_THREADS | OPT_JSON,
    .needs_game = true,
};

int cmd_perft(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&perft_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.depth < 0) return cli_fail("perft needs --depth N");
    kz_state *s;
    if ((status = cli_state(&o, &s))) return status;
    if (o.json) {
        /* The document is about a few dozen bytes a root move. */
        size_t room = 4096 + 96 * (size_t)kz_game_max_actions(o.kz);
        char *doc = malloc(room);
        if (doc && kz_perft_json(s, o.depth, o.threads, o.divide, doc, room) >= room) {
            free(doc);
            doc = NULL;
        }
        kz_state_free(s);
        return cli_print_document(doc);
    }
    int cap = kz_game_max_actions(o.kz), count = 0;
    kz_action *actions = malloc(sizeof *actions * (size_t)cap);
    uint64_t *divide = malloc(sizeof *divide * (size_t)cap);
    if (!actions || !divide) {
        free(actions);
        free(divide);
        kz_state_free(s);
        return cli_fail_runtime("out of memory");
    }
    double start = seconds_now();
    uint64_t leaves =
        kz_perft_divide(s, o.depth, o.threads, actions, divide, cap, &count);
    double seconds = seconds_now() - start;
    double rate = seconds > 0 ? (double)leaves / seconds : 0;
    char text[KZ_TEXT_BYTES];
    if (o.divide)
        for (int i = 0; i < count; i++) {
            kz_state_action_text(s, actions[i], text, sizeof text);
            printf("%-12s %" PRIu64 "\n", text, divide[i]);
        }
    printf("depth %d: %" PRIu64 " leaves in %.3f s (%.1f M leaves/s, %d thread%s)\n",
           o.depth, leaves, seconds, rate / 1e6, o.threads, o.threads == 1 ? "" : "s");
    free(actions);
    free(divide);
    kz_state_free(s);
    return EXIT_OK;
}
