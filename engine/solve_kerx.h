/*
 * solve_kerx.h - the Kerx parts of `kibitz solve` and `kibitz query`:
 * endgame databases by material (games/kerx/kerx_tiers_db.h).
 */
#ifndef KIBITZ_SOLVE_KERX_H
#define KIBITZ_SOLVE_KERX_H

#include "engine/cli.h"

/* `kibitz solve kerx --pieces K [--memory MiB] [--threads N] [--db DIR]`. */
int solve_kerx_build(const struct cli_options *o, int threads);

/* `kibitz query kerx [--position P] [--moves M] [--db DIR] [--json]`. */
int solve_kerx_query(const struct cli_options *o);

#endif
