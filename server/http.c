/* libmicrohttpd glue (server/http.h): collect a request body up to the cap,
 * hand it to api_handle or serve a static file, send the answer. */
#include "server/http.h"
#include "server/assets.h"
#include "server/host_check.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A thread per connection: a search running for one connection never holds
 * up another's requests; connections (so threads) are capped. */
enum { MAX_CONNECTIONS = 128, CONNECTION_TIMEOUT_SECONDS = 30 };

struct http_server {
    struct MHD_Daemon *daemon;
    struct api *api;
    char bind[64]; /* the address bound, for the Host check */
    int port;      /* for http_port (the answering threads ask the daemon) */
};

/* What one request has sent so far. */
struct upload {
    char *data;
    size_t length;
    bool too_big;
};

static enum MHD_Result send_answer(struct MHD_Connection *c, int status, const void *data,
                                   size_t size, const char *type,
                                   enum MHD_ResponseMemoryMode mode) {
    struct MHD_Response *r = MHD_create_response_from_buffer(size, (void *)data, mode);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ret;
}

/* The port the daemon of connection c listens on. Read from the daemon, not
 * from http_server.port: that is written only after MHD_start_daemon has
 * started the threads that answer, so a request could come before it. */
static int listening_port(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_DAEMON);
    const union MHD_DaemonInfo *di =
        ci ? MHD_get_daemon_info(ci->daemon, MHD_DAEMON_INFO_BIND_PORT) : NULL;
    return di ? di->port : 0;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version,
                              const char *upload_data, size_t *upload_size,
                              void **state) {
    struct http_server *s = cls;
    struct upload *u = *state;
    if (!u) { /* first call: headers only */
        if (!(u = calloc(1, sizeof *u))) return MHD_NO;
        *state = u;
        return MHD_YES;
    }
    if (!*upload_size) {
        /* Before anything is answered: is the request meant for this server
         * (server/host_check.h)? A rebound name gets 421 and no page. */
        const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
        int port = listening_port(c);
        if (!host_allowed(host, s->bind, port)) {
            char body[512];
            int n = snprintf(body, sizeof body,
                             "{\"error\":\"host: this server answers only to "
                             "localhost, 127.0.0.1, [::1] or %s on port %d, not to "
                             "the Host header given (DNS rebinding?)\"}",
                             s->bind, port);
            char *copy = strdup(body);
            if (!copy) return MHD_NO;
            return send_answer(c, 421, copy, (size_t)n, "application/json",
                               MHD_RESPMEM_MUST_FREE);
        }
    }
    if (*upload_size) {
        if (!u->too_big && u->length + *upload_size <= API_MAX_BODY) {
            char *grown = realloc(u->data, u->length + *upload_size);
            if (!grown) return MHD_NO;
            u->data = grown;
            memcpy(u->data + u->length, upload_data, *upload_size);
            u->length += *upload_size;
        } else {
            u->too_big = true; /* keep reading, keep nothing */
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (strncmp(url, "/api/", 5) == 0) {
        struct api_response res;
        if (u->too_big)
            api_handle(s->api, method, url, NULL, API_MAX_BODY + 1, &res);
        else
            api_handle(s->api, method, url, u->data, u->length, &res);
        return send_answer(c, res.status, res.body, res.length, "application/json",
                           MHD_RESPMEM_MUST_FREE);
    }
    const struct asset *a = asset_find(url);
    if (!a && strcmp(url, "/index.html") == 0) a = asset_find("/");
    if (a && (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0))
        return send_answer(c, 200, a->data, a->size, a->content_type,
                           MHD_RESPMEM_PERSISTENT);
    static const char missing[] = "not found\n";
    return send_answer(c, 404, missing, sizeof missing - 1, "text/plain",
                       MHD_RESPMEM_PERSISTENT);
}

static void completed(void *cls, struct MHD_Connection *c, void **state,
                      enum MHD_RequestTerminationCode code) {
    struct upload *u = *state;
    if (u) free(u->data);
    free(u);
    *state = NULL;
}

struct http_server *http_start(struct api *api, const struct http_options *o, char *err,
                               size_t n) {
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)o->port);
    if (inet_pton(AF_INET, o->bind, &addr.sin_addr) != 1) {
        snprintf(err, n, "--bind: '%.60s' is not an IPv4 address", o->bind);
        return NULL;
    }
    struct http_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->api = api;
    snprintf(s->bind, sizeof s->bind, "%s", o->bind);
    s->daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL,
        (uint16_t)o->port, NULL, NULL, answer, s, MHD_OPTION_SOCK_ADDR,
        (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONNECTION_TIMEOUT_SECONDS,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    if (!s->daemon) {
        snprintf(err, n, "cannot listen on %.60s port %d (in use, or not allowed)",
                 o->bind, o->port);
        free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : o->port;
    return s;
}

int http_port(const struct http_server *s) {
    return s->port;
}

void http_stop(struct http_server *s) {
    if (!s) return;
    MHD_stop_daemon(s->daemon);
    free(s);
}
