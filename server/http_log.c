/* The request log of `kibitz serve` (server/http_log.h). */
#include "server/http_log.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

double http_log_clock(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void http_log_clean(char *out, size_t n, const char *text) {
    size_t i = 0;
    for (; text && text[i] && i + 1 < n; i++)
        out[i] = text[i] > ' ' && text[i] < 127 ? text[i] : '?';
    if (n) out[i] = '\0';
}

void http_log_request(const char *method, const char *path, int status, double seconds,
                      const char *note) {
    char code[16] = "-";
    if (status) snprintf(code, sizeof code, "%d", status);
    /* One fprintf: stdio writes it under the stream's lock, whole. */
    fprintf(stderr, "kibitz serve: %s %s %s %.1f ms%s%s%s\n", method, path, code,
            seconds * 1e3, note ? " " : "", note && status >= 400 ? "refused: " : "",
            note ? note : "");
}

void http_log_library(const char *format, va_list ap) {
    char message[512];
    vsnprintf(message, sizeof message, format, ap);
    size_t n = strlen(message);
    while (n && (message[n - 1] == '\n' || message[n - 1] == '\r')) message[--n] = '\0';
    fprintf(stderr, "kibitz serve: http: %s\n", message);
}
