/*
 * api_search.h - /api/search (server/api_search.c) and the engine moves of the kept
 * games: a search within the server's caps, in one of API_MAX_SEARCHES slots.
 */
#ifndef KIBITZ_SERVER_API_SEARCH_H
#define KIBITZ_SERVER_API_SEARCH_H

#include "server/api_common.h"

void api_search(struct api *api, const char *body, size_t length,
                const struct api_watch *watch, struct api_response *out);

/* An engine's move in `s` (at a simultaneous node: `player`'s option, else
 * player -1), within the server's caps, probing the database that answers
 * the game, stopped when the server stops or the client leaves. 0, or an
 * HTTP status (503 when every search slot is taken) with `err`. */
int api_engine_move(struct api *api, kz_agent *a, const kz_state *s, int player,
                    uint64_t seed, const struct api_watch *watch, kz_action *out,
                    char *err, size_t n);

/* Refuse an engine spec whose table is over API_MAX_HASH_MIB: 0, or -1
 * with `err` (KZ_ERROR_BYTES). */
int api_check_hash(const char *spec, char *err);

#endif
