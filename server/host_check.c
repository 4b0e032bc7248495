/* The Host header check against DNS rebinding (server/host_check.h). */
#include "server/host_check.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Split "name[:port]" ("[::1]:8080" keeps its brackets) into name and port
 * (0 when none). False when malformed. */
static bool split_host(const char *host, char *name, size_t n, long *port) {
    const char *colon = NULL;
    if (host[0] == '[') {
        const char *close = strchr(host, ']');
        if (!close) return false;
        colon = close[1] == ':' ? close + 1 : NULL;
        if (!colon && close[1]) return false;
    } else {
        colon = strchr(host, ':');
    }
    size_t len = colon ? (size_t)(colon - host) : strlen(host);
    if (len == 0 || len >= n) return false;
    memcpy(name, host, len);
    name[len] = '\0';
    *port = 0;
    if (colon) {
        char *end;
        *port = strtol(colon + 1, &end, 10);
        if (colon[1] == '\0' || *end || *port <= 0 || *port > 65535) return false;
    }
    return true;
}

bool host_allowed(const char *host, const char *bind, int port) {
    if (!host) return true;
    char name[256];
    long given;
    if (!split_host(host, name, sizeof name, &given)) return false;
    if (given ? given != port : port != 80) return false;
    if (strcasecmp(name, "localhost") == 0 || strcmp(name, "127.0.0.1") == 0 ||
        strcmp(name, "[::1]") == 0 || (bind && strcmp(name, bind) == 0))
        return true;
    struct in_addr addr;
    return bind && strcmp(bind, "0.0.0.0") == 0 && inet_pton(AF_INET, name, &addr) == 1;
}

bool origin_allowed(const char *origin, const char *host, const char *bind, int port) {
    if (!origin) return true;
    static const char scheme[] = "http://";
    if (strncasecmp(origin, scheme, sizeof scheme - 1) != 0) return false;
    const char *rest = origin + sizeof scheme - 1;
    if (host) return strcasecmp(rest, host) == 0;
    return rest[0] && host_allowed(rest, bind, port);
}
