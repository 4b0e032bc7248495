/* kibitz games: the registry with each game's variant options. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>

static const struct cli_spec games_spec = {
    .usage = "kibitz games [--json]",
    .allowed = OPT_JSON,
    .help = "Lists every game kibitz knows, with its variant options\n"
            "(set them with --variant key=value on any command).",
};

int cmd_games(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&games_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.json) {
        size_t need = kz_games_json(NULL, 0);
        char *doc = malloc(need + 1);
        if (doc) kz_games_json(doc, need + 1);
        return cli_print_document(doc);
    }
    char err[KZ_CLI_ERROR_BYTES];
    for (int i = 0; i < kz_game_count(); i++) {
        kz_game *g;
        if (kz_game_load(kz_game_name_at(i), NULL, &g, err, sizeof err) != KZ_OK)
            return cli_fail_runtime("%s", err);
        unsigned flags = kz_game_flags(g);
        printf("%-11s %s\n            %d players", kz_game_name(g), kz_game_summary(g),
               kz_game_players(g));
        if (flags & KZ_HAS_CHANCE) printf(", chance");
        if (flags & KZ_HAS_SIMULTANEOUS) printf(", simultaneous moves");
        if (flags & KZ_HAS_HIDDEN) printf(", hidden information");
        if (flags & KZ_CAN_SOLVE) printf(", solvable");
        printf("\n");
        const char *key, *values, *fallback, *meaning;
        for (int k = 0; kz_game_option(g, k, &key, &values, &fallback, &meaning) == KZ_OK;
             k++)
            printf("            %s=%s (default %s): %s\n", key, values, fallback,
                   meaning);
        kz_game_free(g);
    }
    return EXIT_OK;
}
