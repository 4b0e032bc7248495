/*
 * api_query.h - /api/query (server/api_query.c) and the databases the server opens, one
 * per (game, variant), kept until the API is freed.
 */
#ifndef KIBITZ_SERVER_API_QUERY_H
#define KIBITZ_SERVER_API_QUERY_H

#include "server/api_common.h"

void api_query(struct api *api, const char *body, size_t length,
               const struct api_watch *watch, struct api_response *out);

/* The database answering `g` (its variant), or NULL (opened once, kept).
 * The first request for a variant opens it on a thread of its own, which
 * also makes it when it is missing and quick to make (lib: kz_db_open), so
 * that the server's lock is never held meanwhile; requests wait for it, but
 * give up (NULL) at once when the server stops or their client leaves
 * (`watch`, may be NULL: only the server's stop). */
const struct api_database *api_database_for(struct api *api, const kz_game *g,
                                            const struct api_watch *watch);

/* Close every database opened by api_database_for. */
void api_databases_close(struct api *api);

#endif
