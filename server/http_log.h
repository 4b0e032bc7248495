/*
 * http_log.h - the request log of `kibitz serve`: one line per request on
 * stderr, written in one piece so that lines of requests answered at the
 * same time never mix:
 *
 *   kibitz serve: POST /api/state 200 1.2 ms
 *   kibitz serve: POST /api/state 415 0.1 ms refused: Content-Type not JSON
 *   kibitz serve: GET /api/games - 10003.5 ms timed out
 *
 * "-" is a request that got no answer (the client left, it timed out); a
 * refusal names its reason. libmicrohttpd's own messages (a connection over
 * a limit, a malformed request) follow "kibitz serve: http: ". Method and
 * path are written with anything but printable ASCII as '?' and cut at
 * HTTP_LOG_PATH_MAX - 1 characters: a client cannot forge log lines.
 */
#ifndef KIBITZ_SERVER_HTTP_LOG_H
#define KIBITZ_SERVER_HTTP_LOG_H

#include <stdarg.h>
#include <stddef.h>

enum { HTTP_LOG_PATH_MAX = 120 };

/* Seconds on a monotonic clock. */
double http_log_clock(void);
/* Copy `text` into `out` (n bytes) as the log writes it. */
void http_log_clean(char *out, size_t n, const char *text);
/* The line of one request: status 0 is written "-"; `note` (may be NULL) is
 * a refusal's reason or why no answer went out. */
void http_log_request(const char *method, const char *path, int status, double seconds,
                      const char *note);
/* A message of libmicrohttpd's (printf format). */
void http_log_library(const char *format, va_list ap);

#endif
