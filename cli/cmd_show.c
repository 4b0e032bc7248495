/* kibitz show: draw a position, print its notation and its legal moves. */
#include "cli/cli.h"
#include "json/kjson_position.h"

#include <stdio.h>

int cmd_show(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz show <game> [--position P] [--moves 'M M ...'] [--variant k=v]\n"
                 "       [--json]",
        .help = "Draws the position (the start position by default, after any --moves),\n"
                "prints it in the game's one-line notation and lists the legal moves.\n"
                "--json prints the position document of docs/JSON.md instead.",
        .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_JSON,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    const struct game *g = o.game;
    unsigned char state[GAME_MAX_STATE_BYTES];
    if ((status = cli_load_position(&o, state))) return status;
    if (o.json)
        return kjson_print(kjson_position(g, &o.variant, state), stdout)
                   ? EXIT_CHECK_FAILED
                   : EXIT_OK;
    g->draw(&o.variant, state, stdout);
    char text[512];
    g->format_position(&o.variant, state, text, sizeof text);
    printf("position: %s\n", text);
    if (g->turn(&o.variant, state) == TURN_OVER) return EXIT_OK;
    move_t moves[g->max_moves];
    int count = g->moves(&o.variant, state, moves);
    printf("moves (%d):", count);
    for (int i = 0; i < count; i++) {
        g->format_move(&o.variant, state, moves[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
    return EXIT_OK;
}
