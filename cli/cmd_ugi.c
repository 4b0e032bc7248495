/* kibitz ugi <game>: the engine behind the UGI match protocol (docs/UGI.md),
 * on standard input and output. */
#include "cli/cli.h"
#include "cli/ugi_session.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "usage: kibitz ugi <game>[(key=value,...)] [--variant key=value,...]";

int cmd_ugi(int argc, char **argv) {
    const char *name = NULL, *variant = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(
                "%s\n\n"
                "Speaks UGI (the Universal Game Interface of cutegames, a superset of\n"
                "UCI) on standard input and output, so match runners can play kibitz:\n"
                "ugi, isready, setoption name algo|threads|hash|seed|side|variant value X,\n"
                "uginewgame, position startpos|fen <position> [moves ...], go with\n"
                "movetime, depth, nodes, p1time..p4time, p1inc..p4inc or infinite,\n"
                "stop, quit, and query gameover|p1turn|result (extensions: query\n"
                "turn|outcomes|moves, go side N, joint choices 'a&b&c'). Unknown\n"
                "commands are ignored. The protocol and its extensions for three or\n"
                "four players, chance and simultaneous choices: docs/UGI.md.\n",
                usage);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--variant") == 0) {
            if (i + 1 == argc) return cli_fail("--variant needs key=value,...");
            variant = argv[++i];
        } else if (argv[i][0] == '-') {
            return cli_fail("unknown option '%s' (%s)", argv[i], usage);
        } else if (!name) {
            name = argv[i];
        } else {
            return cli_fail("one game only, not '%s' too", argv[i]);
        }
    }
    if (!name) return cli_fail("which game? %s", usage);
    char err[KZ_ERROR_BYTES];
    kz_game *game;
    if (kz_game_load(name, variant, &game, err, sizeof err)) return cli_fail("%s", err);
    setvbuf(stdout, NULL, _IOLBF, 0);
    int status = ugi_serve(game, stdin, stdout);
    kz_game_free(game);
    return status ? EXIT_RUNTIME_FAILURE : EXIT_OK;
}
