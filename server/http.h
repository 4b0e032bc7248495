/*
 * http.h - `kibitz serve`'s HTTP side: libmicrohttpd serving the embedded
 * page (server/assets.h) and the JSON API (server/api.h) on one address.
 *
 * Limits: request bodies over API_MAX_BODY are refused (413) without being
 * kept; connections are capped and time out; each connection has its own
 * thread, so a running search does not hold up other requests.
 */
#ifndef KIBITZ_SERVER_HTTP_H
#define KIBITZ_SERVER_HTTP_H

#include "server/api.h"

struct http_server;

struct http_options {
    const char *bind; /* IPv4 address, e.g. "127.0.0.1" */
    int port;         /* 0: any free port */
};

/* Start serving `api`. NULL with a message in `err` (`n` bytes). */
struct http_server *http_start(struct api *api, const struct http_options *o, char *err,
                               size_t n);
/* The port actually bound. */
int http_port(const struct http_server *s);
void http_stop(struct http_server *s);

#endif
