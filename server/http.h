/*
 * http.h - `kibitz serve`'s HTTP side: libmicrohttpd serving the embedded
 * page (server/assets.h) and the JSON API (server/api.h) on one address.
 *
 * Refused before any body is read: a Host header naming another site (421,
 * server/host_check.h), an Origin header that is not this server's own (403:
 * a page of another site cannot make the server work), a POST to /api/
 * whose Content-Type is not application/json (415).
 *
 * Limits: request bodies over API_MAX_BODY are refused (413) without being
 * kept, and a body must arrive within HTTP_BODY_SECONDS; each connection has
 * its own thread, so a running search does not hold up other requests;
 * connections are capped in all and per client address, and one idle for
 * HTTP_IDLE_SECONDS is closed, so slow clients (slowloris) from one address
 * cannot take every connection. A search stops when its client leaves.
 *
 * Every request is logged on stderr (server/http_log.h).
 */
#ifndef KIBITZ_SERVER_HTTP_H
#define KIBITZ_SERVER_HTTP_H

#include "server/api.h"

enum {
    HTTP_MAX_CONNECTIONS = 256,           /* in all (a thread each) */
    HTTP_MAX_CONNECTIONS_PER_CLIENT = 64, /* from one IP address */
    HTTP_IDLE_SECONDS = 10,               /* nothing received or sent */
    HTTP_BODY_SECONDS = 10,               /* from the headers to the body's end */
};

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
/* Stop serving: wait at most `grace` seconds for requests inside the API
 * (call api_stop first, so that searches end), then close every connection
 * and free `s`: 0. When requests are still running (work that cannot be
 * interrupted), return their number and leave `s` and its API in place:
 * the caller then ends the process. */
int http_stop(struct http_server *s, double grace);

#endif
