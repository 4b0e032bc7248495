/* kibitz perft: leaf counts to a depth, optionally per root move. */
#include "cli/cli.h"
#include "engine/timer.h"
#include "search/perft.h"
#include "json/kjson_reports.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int cmd_perft(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz perft <game> --depth N [--divide] [--threads N] [--position P]\n"
                 "       [--json]",
        .help = "Counts the leaves of the move tree exactly N plies deep (a pass and a\n"
                "chance outcome are plies; finished games have no children). --divide\n"
                "prints the count under each root move. Root moves run in parallel.",
        .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_DEPTH |
                   OPT_DIVIDE | OPT_THREADS | OPT_JSON,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.depth < 0) return cli_fail("perft needs --depth N");
    const struct game *g = o.game;
    unsigned char state[GAME_MAX_STATE_BYTES];
    if ((status = cli_load_position(&o, state))) return status;

    move_t *moves = malloc(sizeof(move_t) * (size_t)g->max_moves);
    uint64_t *divide = malloc(sizeof(uint64_t) * (size_t)g->max_moves);
    int count = 0;
    double start = timer_now();
    uint64_t leaves = perft_parallel(g, &o.variant, state, o.depth, o.threads, moves,
                                     o.divide ? divide : NULL, &count);
    double seconds = timer_now() - start;
    double rate = seconds > 0 ? (double)leaves / seconds : 0;
    char text[256];
    if (o.json) {
        kjson_print(kjson_perft(g, &o.variant, state, o.depth, leaves, seconds, o.threads,
                                moves, o.divide ? divide : NULL, count),
                    stdout);
    } else {
        if (o.divide)
            for (int i = 0; i < count; i++) {
                g->format_move(&o.variant, state, moves[i], text, sizeof text);
                printf("%-12s %" PRIu64 "\n", text, divide[i]);
            }
        printf("depth %d: %" PRIu64 " leaves in %.3f s (%.1f M leaves/s, %d thread%s)\n",
               o.depth, leaves, seconds, rate / 1e6, o.threads,
               o.threads == 1 ? "" : "s");
    }
    free(moves);
    free(divide);
    return EXIT_OK;
}
