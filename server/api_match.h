/*
 * api_match.h - /api/match/<action> (server/api_match.c): the games kept on the server
 * (server/games.h) as requests and replies.
 */
#ifndef KIBITZ_SERVER_API_MATCH_H
#define KIBITZ_SERVER_API_MATCH_H

#include "server/api_common.h"

void api_match(struct api *api, const char *action, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out);

#endif
