/*
 * host_check.h - the Host header check of `kibitz serve` against DNS
 * rebinding: a page on an attacker's site whose name is made to resolve to
 * 127.0.0.1 can send requests to the server from the user's browser, but
 * the browser then sends the attacker's name as Host. Only names that mean
 * this server pass:
 *
 *   localhost, 127.0.0.1, [::1], and the address the server is bound to,
 *   each with the bound port (or without a port when the port is 80);
 *   bound to 0.0.0.0 (every interface), any IPv4 address literal too
 *   (a literal address cannot be rebound: no DNS answers for it).
 *
 * A request without a Host header (HTTP/1.0) passes: browsers always send
 * one, so it cannot come from a rebound page.
 */
#ifndef KIBITZ_SERVER_HOST_CHECK_H
#define KIBITZ_SERVER_HOST_CHECK_H

#include <stdbool.h>

/* May a request with this Host header (NULL: none) reach a server bound to
 * the IPv4 address `bind` on `port`? */
bool host_allowed(const char *host, const char *bind, int port);

/* May a request with this Origin header (NULL: none, which passes) reach
 * the server? Browsers send Origin with every cross-origin request and with
 * every POST, and a page on another site could otherwise make this server
 * work (a "simple" CORS request needs no preflight). Only the server's own
 * origin passes: "http://" followed by the request's Host header (already
 * checked by host_allowed), or, without a Host header, by a name
 * host_allowed accepts. "null" (a sandboxed or file: page) is refused. */
bool origin_allowed(const char *origin, const char *host, const char *bind, int port);

#endif
