/*
 * kz_dbquery.h - how a solved position is reported, whatever database is
 * behind it (a solver file or a game's own): the value for the player to
 * move (with remoteness) and every legal move's value for the player making
 * it, best first, as `kibitz query`'s text or one "query" JSON document.
 * Internal to libkibitz (engine types); tests/test_solver_db_crafted.c
 * checks it on damaged files.
 */
#ifndef KIBITZ_KZ_DBQUERY_H
#define KIBITZ_KZ_DBQUERY_H

#include "include/kibitz.h"
#include "solve/retro_check.h"

#include <stdbool.h>
#include <stdio.h>

/* Report `state` to `out`, reading values with `lookup(ctx, ...)`. `source`
 * names the database in the JSON output (NULL: left out). The caller has
 * checked that the position itself is held. Returns KZ_OK, or KZ_EINVAL with
 * a message in (err, err_n) when the database contradicts itself
 * here: a stored value that is not what the moves give, a marker ("game
 * over", "unknown") where a value belongs, or a move whose value the
 * database does not hold; KZ_ERUNTIME when out of memory. */
int kz_query_report(const struct game *g, const struct variant *v, const void *state,
                    retro_lookup_fn lookup, void *ctx, const char *source, bool json,
                    FILE *out, char *err, size_t err_n);

#endif
