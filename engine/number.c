/* Decimal numbers from text (see number.h). */
#include "engine/number.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

/* Does `text` have the decimal form (see number.h)? */
static bool decimal_form(const char *text, bool whole, bool sign_allowed) {
    const char *p = text;
    if (*p == '-' && sign_allowed) p++;
    int digits = 0, fraction = 0;
    while (is_digit(*p)) p++, digits++;
    if (*p == '.' && !whole) {
        p++;
        while (is_digit(*p)) p++, fraction++;
    }
    return *p == '\0' && digits + fraction > 0;
}

int number_whole(const char *what, const char *text, long long low, long long high,
                 long long *out, char *err, size_t n) {
    errno = 0;
    long long value = 0;
    bool ok = text && decimal_form(text, true, low < 0);
    if (ok) value = strtoll(text, NULL, 10);
    if (!ok || errno != 0 || value < low || value > high) {
        snprintf(err, n, "%s needs a whole number from %lld to %lld, not '%.40s'", what,
                 low, high, text ? text : "");
        return -1;
    }
    *out = value;
    return 0;
}

int number_unsigned(const char *what, const char *text, uint64_t *out, char *err,
                    size_t n) {
    errno = 0;
    unsigned long long value = 0;
    bool ok = text && decimal_form(text, true, false);
    if (ok) value = strtoull(text, NULL, 10);
    if (!ok || errno != 0) {
        snprintf(err, n, "%s needs a whole number from 0 to %" PRIu64 ", not '%.40s'",
                 what, UINT64_MAX, text ? text : "");
        return -1;
    }
    *out = value;
    return 0;
}

int number_real(const char *what, const char *text, double low, double high, double *out,
                char *err, size_t n) {
    errno = 0;
    double value = 0;
    bool ok = text && decimal_form(text, false, low < 0);
    if (ok) value = strtod(text, NULL);
    if (!ok || errno != 0 || !(value >= low && value <= high)) {
        snprintf(err, n, "%s needs a number from %g to %g, not '%.40s'", what, low, high,
                 text ? text : "");
        return -1;
    }
    *out = value;
    return 0;
}
