/* Kauda-Baji variant options: players, killfirst, bonus, combine, p. */
#include "games/kauda-baji/kauda.h"
#include "games/kauda-baji/kauda_text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const struct variant_key kauda_variant_keys[] = {
    {"players", "2|3|4", "4", "players (2 sit face to face; 3 leave west empty)"},
    {"killfirst", "0|1", "0", "a player must kill before entering the middle ring"},
    {"bonus", "0|1", "0", "a kill earns another throw"},
    {"combine", "0|1", "1", "several pending throws may be added for one move"},
    {"p", "0<p<1, up to 6 decimals", "0.5",
     "probability that a cowrie falls open side up"},
    {NULL, NULL, NULL, NULL},
};

static struct kauda_variant *options(struct variant *v) {
    return (struct kauda_variant *)v->bytes;
}

void kauda_variant_default(struct variant *v) {
    options(v)->players = 4;
    options(v)->killfirst = 0;
    options(v)->bonus = 0;
    options(v)->combine = 1;
    options(v)->p_millionths = 500000;
}

static int set_flag(uint8_t *flag, const char *key, const char *value, char *err) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
        snprintf(err, GAME_ERROR_BYTES, "%s must be 0 or 1, not '%.40s'", key, value);
        return -1;
    }
    *flag = (uint8_t)(value[0] - '0');
    return 0;
}

/* "0.5", ".25", "0.000001": a decimal strictly between 0 and 1. */
static int set_p(uint32_t *millionths, const char *value, char *err) {
    const char *s = value;
    if (*s == '0') s++;
    uint32_t x = 0;
    int digits = 0;
    bool ok = *s == '.';
    if (ok) {
        for (s++; isdigit((unsigned char)*s); s++, digits++)
            if (digits < 6) x = x * 10 + (uint32_t)(*s - '0');
        ok = digits >= 1 && digits <= 6 && *s == '\0';
        for (; digits < 6; digits++) x *= 10;
    }
    if (!ok || x == 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "p must be a decimal strictly between 0 and 1 with at most 6 decimals "
                 "(e.g. 0.5), not '%.40s'",
                 value);
        return -1;
    }
    *millionths = x;
    return 0;
}

int kauda_variant_set(struct variant *v, const char *key, const char *value, char *err) {
    if (strcmp(key, "players") == 0) {
        if (strlen(value) != 1 || value[0] < '2' || value[0] > '4') {
            snprintf(err, GAME_ERROR_BYTES, "players must be 2, 3 or 4, not '%.40s'",
                     value);
            return -1;
        }
        options(v)->players = (uint8_t)(value[0] - '0');
        return 0;
    }
    if (strcmp(key, "killfirst") == 0)
        return set_flag(&options(v)->killfirst, key, value, err);
    if (strcmp(key, "bonus") == 0) return set_flag(&options(v)->bonus, key, value, err);
    if (strcmp(key, "combine") == 0)
        return set_flag(&options(v)->combine, key, value, err);
    if (strcmp(key, "p") == 0) return set_p(&options(v)->p_millionths, value, err);
    snprintf(err, GAME_ERROR_BYTES,
             "unknown variant option '%.40s' (known: players, killfirst, bonus, combine, "
             "p)",
             key);
    return -1;
}

void kauda_variant_format(const struct variant *v, char *buf, size_t n) {
    const struct kauda_variant *o = kauda_options(v);
    char p[16];
    snprintf(p, sizeof p, "0.%06u", (unsigned)o->p_millionths);
    for (size_t k = strlen(p); k > 3 && p[k - 1] == '0'; k--) p[k - 1] = '\0';
    snprintf(buf, n, "players=%d,killfirst=%d,bonus=%d,combine=%d,p=%s", o->players,
             o->killfirst, o->bonus, o->combine, p);
}
