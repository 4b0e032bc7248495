/* kibitz show: draw a position, print its notation and its legal moves. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>

static const struct cli_spec show_spec = {
    .usage = "kibitz show <game> [--position P] [--moves 'M M ...'] [--variant k=v]\n"
             "       [--json]",
    .help = "Draws the position (the start position by default, after any --moves),\n"
            "prints it in the game's one-line notation and lists the legal moves.\n"
            "--json prints the position document of docs/JSON.md instead.",
    .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_JSON,
    .needs_game = true,
};

int cmd_show(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&show_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    kz_state *s;
    if ((status = cli_state(&o, &s))) return status;
    if (o.json) {
        size_t need = kz_state_json(s, NULL, 0);
        char *doc = malloc(need + 1);
        if (doc) kz_state_json(s, doc, need + 1);
        kz_state_free(s);
        return cli_print_document(doc);
    }
    char text[KZ_TEXT_BYTES];
    size_t need = kz_state_draw(s, NULL, 0);
    char *drawing = malloc(need + 1);
    if (!drawing) {
        kz_state_free(s);
        return cli_fail_runtime("out of memory");
    }
    kz_state_draw(s, drawing, need + 1);
    fputs(drawing, stdout);
    free(drawing);
    kz_state_format(s, text, sizeof text);
    printf("position: %s\n", text);
    if (kz_state_turn(s) != KZ_TURN_OVER) {
        int cap = kz_game_max_actions(o.kz);
        kz_action *actions = malloc(sizeof *actions * (size_t)cap);
        int count = actions ? kz_state_actions(s, actions, cap) : 0;
        printf("moves (%d):", count);
        for (int i = 0; i < count; i++) {
            kz_state_action_text(s, actions[i], text, sizeof text);
            printf(" %s", text);
        }
        printf("\n");
        free(actions);
    }
    kz_state_free(s);
    return EXIT_OK;
}
