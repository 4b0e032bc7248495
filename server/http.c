/* libmicrohttpd glue (server/http.h): refuse what is not meant for this
 * server (Host, Origin, Content-Type), collect a request body up to the cap
 * and within its time, hand it to api_handle_watched or serve a static file,
 * send the answer and log one line per request. */
#define _GNU_SOURCE /* POLLRDHUP: the client closed its side */
#include "server/http.h"
#include "server/assets.h"
#include "server/host_check.h"
#include "server/http_log.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

struct http_server {
    struct MHD_Daemon *daemon;
    struct api *api;
    char bind[64];   /* the address bound, for the Host check */
    int port;        /* for http_port (the answering threads ask the daemon) */
    atomic_int busy; /* requests inside api_handle_watched now */
};

/* One request: what it asked, what it has sent so far, what it got. */
struct request {
    char method[16];
    char path[HTTP_LOG_PATH_MAX];
    double start;        /* seconds (http_log_clock) */
    int fd;              /* the connection's socket, to notice the client leaving */
    int status;          /* 0 until answered */
    const char *refusal; /* why the request was refused, for the log */
    char *data;
    size_t length;
    bool too_big;
};

static enum MHD_Result send_answer(struct MHD_Connection *c, struct request *q,
                                   int status, const void *data, size_t size,
                                   const char *type, enum MHD_ResponseMemoryMode mode) {
    struct MHD_Response *r = MHD_create_response_from_buffer(size, (void *)data, mode);
    if (!r) {
        if (mode == MHD_RESPMEM_MUST_FREE) free((void *)data);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    if (ret == MHD_YES) q->status = status;
    return ret;
}

/* Refuse the request with `status` and {"error": message}; `why` (static
 * text) goes to the log. */
static enum MHD_Result refuse(struct MHD_Connection *c, struct request *q, int status,
                              const char *why, const char *format, ...) {
    char body[600], message[512];
    va_list ap;
    va_start(ap, format);
    vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    /* The messages are this file's own texts: no quote or backslash. */
    int n = snprintf(body, sizeof body, "{\"error\":\"%s\"}", message);
    char *copy = strdup(body);
    if (!copy) return MHD_NO;
    q->refusal = why;
    return send_answer(c, q, status, copy, (size_t)n, "application/json",
                       MHD_RESPMEM_MUST_FREE);
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

/* "application/json", with parameters ("; charset=utf-8") or not. */
static bool is_json_type(const char *type) {
    static const char json[] = "application/json";
    if (!type || strncasecmp(type, json, sizeof json - 1) != 0) return false;
    char next = type[sizeof json - 1];
    return next == '\0' || next == ';' || next == ' ';
}

/* Has the client closed its side (it will read no answer)? */
static bool client_gone(void *ctx) {
    const struct request *q = ctx;
    if (q->fd < 0) return false;
    struct pollfd p = {.fd = q->fd, .events = POLLRDHUP};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* The checks made once the headers are in, before any body is read: a
 * request not meant for this server is refused at once. MHD_YES when the
 * request may go on (q->status still 0). */
static enum MHD_Result check_headers(struct http_server *s, struct MHD_Connection *c,
                                     struct request *q, const char *url,
                                     const char *method) {
    /* Is the request meant for this server (server/host_check.h)? A
     * rebound name gets 421 and no page. */
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    int port = listening_port(c);
    if (!host_allowed(host, s->bind, port))
        return refuse(c, q, 421, "Host header of another site",
                      "host: this server answers only to localhost, 127.0.0.1, [::1] "
                      "or %s on port %d, not to the Host header given (DNS rebinding?)",
                      s->bind, port);
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!origin_allowed(origin, host, s->bind, port))
        return refuse(c, q, 403, "Origin of another site",
                      "origin: requests from a page of another site are refused");
    if (strcmp(method, "POST") == 0 && strncmp(url, "/api/", 5) == 0 &&
        !is_json_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type")))
        return refuse(c, q, 415, "Content-Type not JSON",
                      "content-type: a POST body must be sent as application/json");
    return MHD_YES;
}

static struct request *request_new(struct MHD_Connection *c, const char *url,
                                   const char *method) {
    struct request *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->start = http_log_clock();
    http_log_clean(q->method, sizeof q->method, method);
    http_log_clean(q->path, sizeof q->path, url);
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    q->fd = ci ? ci->connect_fd : -1;
    return q;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version,
                              const char *upload_data, size_t *upload_size,
                              void **state) {
    (void)version;
    struct http_server *s = cls;
    struct request *q = *state;
    if (!q) { /* first call: headers only */
        if (!(q = request_new(c, url, method))) return MHD_NO;
        *state = q;
        return check_headers(s, c, q, url, method);
    }
    if (q->status) { /* refused already: drop whatever body follows */
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size) {
        if (http_log_clock() - q->start > HTTP_BODY_SECONDS) {
            q->refusal = "body too slow";
            return MHD_NO; /* a trickled body: close the connection */
        }
        if (!q->too_big && q->length + *upload_size <= API_MAX_BODY) {
            char *grown = realloc(q->data, q->length + *upload_size);
            if (!grown) return MHD_NO;
            q->data = grown;
            memcpy(q->data + q->length, upload_data, *upload_size);
            q->length += *upload_size;
        } else {
            q->too_big = true; /* keep reading, keep nothing */
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (strncmp(url, "/api/", 5) == 0) {
        struct api_response res;
        struct api_watch watch = {.gone = client_gone, .ctx = q};
        atomic_fetch_add(&s->busy, 1);
        if (q->too_big)
            api_handle_watched(s->api, method, url, NULL, API_MAX_BODY + 1, &watch, &res);
        else
            api_handle_watched(s->api, method, url, q->data, q->length, &watch, &res);
        atomic_fetch_sub(&s->busy, 1);
        return send_answer(c, q, res.status, res.body, res.length, "application/json",
                           MHD_RESPMEM_MUST_FREE);
    }
    const struct asset *a = asset_find(url);
    if (!a && strcmp(url, "/index.html") == 0) a = asset_find("/");
    if (a && (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0))
        return send_answer(c, q, 200, a->data, a->size, a->content_type,
                           MHD_RESPMEM_PERSISTENT);
    static const char missing[] = "not found\n";
    return send_answer(c, q, 404, missing, sizeof missing - 1, "text/plain",
                       MHD_RESPMEM_PERSISTENT);
}

static void completed(void *cls, struct MHD_Connection *c, void **state,
                      enum MHD_RequestTerminationCode code) {
    (void)cls, (void)c;
    struct request *q = *state;
    if (!q) return;
    const char *ending = q->refusal;
    if (!ending && code == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED) ending = "timed out";
    if (!ending && code == MHD_REQUEST_TERMINATED_CLIENT_ABORT) ending = "client left";
    if (!ending && code == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN) ending = "shutdown";
    if (!ending && code != MHD_REQUEST_TERMINATED_COMPLETED_OK) ending = "not answered";
    http_log_request(q->method, q->path, q->status, http_log_clock() - q->start, ending);
    free(q->data);
    free(q);
    *state = NULL;
}

/* libmicrohttpd's own messages: connections refused over a limit, closed
 * for a timeout, malformed requests. */
static void mhd_message(void *cls, const char *format, va_list ap) {
    (void)cls;
    http_log_library(format, ap);
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
    atomic_init(&s->busy, 0);
    snprintf(s->bind, sizeof s->bind, "%s", o->bind);
    /* A thread per connection: a search running for one connection never
     * holds up another's requests; connections (so threads) are capped, in
     * all and per client address, and an idle one is closed. */
    s->daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL |
            MHD_USE_ERROR_LOG,
        (uint16_t)o->port, NULL, NULL, answer, s, MHD_OPTION_EXTERNAL_LOGGER, mhd_message,
        NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)HTTP_MAX_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned)HTTP_MAX_CONNECTIONS_PER_CLIENT, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)HTTP_IDLE_SECONDS, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
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

int http_stop(struct http_server *s, double grace) {
    if (!s) return 0;
    /* libmicrohttpd's stop waits for every connection's thread, and a
     * request inside the API (a search, a long move listing) cannot be
     * interrupted from here: wait for those only `grace` seconds. */
    double until = http_log_clock() + grace;
    while (atomic_load(&s->busy) > 0 && http_log_clock() < until)
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    int busy = atomic_load(&s->busy);
    if (busy > 0) return busy; /* the process ends with them */
    MHD_stop_daemon(s->daemon);
    free(s);
    return 0;
}
