/*
 * ugi_session.h - `kibitz ugi <game>`: an engine speaking the UGI match
 * protocol (docs/UGI.md) on a pair of streams, built on libkibitz
 * (include/kibitz.h) alone: the game, the position, the moves and the
 * searches all go through the public library.
 *
 * Lines are read with cli/ugi_parse.h; a search runs on its own thread so
 * that `stop`, `isready` and `quit` are answered while it thinks. Output
 * lines are written whole under a lock and flushed at once.
 */
#ifndef KIBITZ_UGI_SESSION_H
#define KIBITZ_UGI_SESSION_H

#include "include/kibitz.h"

#include <stdio.h>

/* Serve the protocol for `game` (owned by the caller) from `in` to `out`
 * until `quit` or the end of input. Returns 0. */
int ugi_serve(kz_game *game, FILE *in, FILE *out);

#endif
