/*
 * api_query.h - /api/query (server/api_query.c) and the databases the server opens, one
 * per (game, variant), kept until the API is freed.
 */
#ifndef KIBITZ_SERVER_API_QUERY_H
#define KIBITZ_SERVER_API_QUERY_H

#include "server/api_common.h"

void api_query(struct api *api, const char *body, size_t length,
               struct api_response *out);

/* The database answering `g` (its variant), or NULL (opened once, kept). */
const struct api_database *api_database_for(struct api *api, const kz_game *g);

/* Close every database opened by api_database_for. */
void api_databases_close(struct api *api);

#endif
