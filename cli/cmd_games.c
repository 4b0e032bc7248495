/* kibitz games: the registry with each game's variant options. */
#include "cli/cli.h"
#include "engine/registry.h"
#include "engine/variant.h"
#include "json/kjson_reports.h"

#include <stdio.h>

int cmd_games(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz games [--json]",
        .allowed = OPT_JSON,
        .help = "Lists every game kibitz knows, with its variant options\n"
                "(set them with --variant key=value on any command).",
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.json) return kjson_print(kjson_games(), stdout) ? EXIT_CHECK_FAILED : EXIT_OK;
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        struct variant v;
        variant_init(g, &v);
        printf("%-11s %s\n            %d players", g->name, g->summary,
               variant_players(g, &v));
        if (g->flags & GAME_HAS_CHANCE) printf(", chance");
        if (g->flags & GAME_HAS_SIMULTANEOUS) printf(", simultaneous moves");
        if (g->flags & GAME_HAS_HIDDEN) printf(", hidden information");
        if (g->tier_of) printf(", solvable");
        printf("\n");
        for (const struct variant_key *k = g->variant_keys; k && k->key; k++)
            printf("            %s=%s (default %s): %s\n", k->key, k->values, k->fallback,
                   k->meaning);
    }
    return EXIT_OK;
}
