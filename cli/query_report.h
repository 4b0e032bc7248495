/*
 * query_report.h - how `kibitz query` prints a solved position, whatever the
 * database behind it: the value for the player to move (with remoteness) and
 * every legal move's value for the player making it, best first, as text or
 * one JSON object.
 */
#ifndef KIBITZ_QUERY_REPORT_H
#define KIBITZ_QUERY_REPORT_H

#include "search/retro_check.h"

#include <stdbool.h>

/* Report `state`, reading values with `lookup(ctx, ...)`. `source` names the
 * database in the JSON output (NULL: left out). The caller has checked that
 * the position itself is held. Returns EXIT_OK (cli.h), or EXIT_BAD_INPUT
 * with a message when the database contradicts itself here: a stored value
 * that is not what the moves give, a marker ("game over", "unknown") where a
 * value belongs, or a move whose value the database does not hold. */
int query_report(const struct game *g, const struct variant *v, const void *state,
                 retro_lookup_fn lookup, void *ctx, const char *source, bool json);

#endif
