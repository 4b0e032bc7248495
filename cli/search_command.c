/* The shared body of `kibitz bestmove` and `kibitz analyse`: parse the
 * options, load the position, and let libkibitz answer from a database or
 * search (cli/backend/kz_cli.h, kz_cli_search). */
#include "cli/search_command.h"

#include <stdio.h>

int search_command_run(const struct cli_spec *spec, int argc, char **argv, bool analyse) {
    struct cli_options o;
    int status = cli_parse(spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.depth == 0) return cli_fail("--depth must be at least 1 for a search");
    kz_state *s;
    if ((status = cli_state(&o, &s))) return status;
    struct kz_cli_args a;
    cli_args(&o, &a);
    char err[KZ_CLI_ERROR_BYTES];
    status = cli_status(&o, kz_cli_search(&a, s, analyse, stdout, err), err);
    kz_state_free(s);
    return status;
}
