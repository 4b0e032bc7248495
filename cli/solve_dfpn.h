/*
 * solve_dfpn.h - `kibitz solve <game> --position P`: one position proved
 * with df-pn (search/dfpn.h), reported as text or JSON.
 */
#ifndef KIBITZ_SOLVE_DFPN_H
#define KIBITZ_SOLVE_DFPN_H

#include "cli/cli.h"

/* Exit status as cli.h describes; an unfinished proof is still EXIT_OK. */
int solve_dfpn_run(const struct cli_options *o);

#endif
