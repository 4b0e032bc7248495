/*
 * solve_kerx.h - the Kerx parts of `kibitz solve` and `kibitz query`:
 * endgame databases by material (games/kerx/kerx_tiers_db.h).
 */
#ifndef KIBITZ_SOLVE_KERX_H
#define KIBITZ_SOLVE_KERX_H

#include "cli/cli.h"
#include "search/retro.h"

/* `kibitz solve kerx --pieces K [--memory MiB] [--threads N] [--db DIR]`:
 * the Kerx-specific symmetric builder (games/kerx/kerx_egdb.h), or with
 * `--algo retro` the generic tiered solver (games/kerx/kerx_tiers_db.h). */
int solve_kerx_build(const struct cli_options *o, int threads);

/* `kibitz query kerx [--position P] [--moves M] [--db DIR] [--json]`. */
int solve_kerx_query(const struct cli_options *o);

/* Probes for df-pn leaves and queries: the symmetric endgame databases when
 * their folder exists under `data` (a damaged file there is an error), else
 * the generic per-material ones when present. */
struct solve_kerx_probe {
    struct kerx_egdb *eg;
    struct kerx_db_set *generic;
    char folder[4096];
};
/* 0 with a set open, 1 when there is none (err says where it looked), -1
 * with err for a damaged or foreign file. */
int solve_kerx_probe_open(struct solve_kerx_probe *p, const struct variant *v,
                          const char *data, char *err);
retro_cell solve_kerx_probe(void *p, const void *state);
void solve_kerx_probe_close(struct solve_kerx_probe *p);

#endif
