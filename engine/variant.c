#include "engine/variant.h"
#include "engine/number.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------ a parameter's value */

static long long load(const struct variant_param *p, const struct variant *v) {
    const unsigned char *at = v->bytes + p->offset;
    if (p->size == sizeof(uint8_t)) return *at;
    if (p->size == sizeof(uint16_t)) {
        uint16_t x;
        memcpy(&x, at, sizeof x);
        return x;
    }
    uint32_t x;
    memcpy(&x, at, sizeof x);
    return x;
}

static void store(const struct variant_param *p, struct variant *v, long long value) {
    unsigned char *at = v->bytes + p->offset;
    if (p->size == sizeof(uint8_t)) {
        *at = (uint8_t)value;
    } else if (p->size == sizeof(uint16_t)) {
        uint16_t x = (uint16_t)value;
        memcpy(at, &x, sizeof x);
    } else {
        uint32_t x = (uint32_t)value;
        memcpy(at, &x, sizeof x);
    }
}

static long long choice_code(const struct variant_param *p, int index) {
    return p->codes ? p->codes[index] : index;
}

/* The default as stored. */
static long long default_value(const struct variant_param *p) {
    return p->type == VARIANT_CHOICE ? choice_code(p, (int)p->fallback) : p->fallback;
}

static long long power_of_ten(int k) {
    long long x = 1;
    while (k-- > 0) x *= 10;
    return x;
}

/* A stored value as the canonical spelling writes it. */
static void value_text(const struct variant_param *p, long long value, char *buf,
                       size_t n) {
    if (p->type == VARIANT_CHOICE) {
        for (int i = 0; p->choices[i]; i++)
            if (choice_code(p, i) == value) {
                snprintf(buf, n, "%s", p->choices[i]);
                return;
            }
        snprintf(buf, n, "%s", p->choices[0]);
    } else if (p->type == VARIANT_DECIMAL) {
        /* "0.5", not "0.500000": trailing zeros go, one digit stays. */
        long long unit = power_of_ten(p->decimals);
        char text[VARIANT_TEXT_BYTES];
        snprintf(text, sizeof text, "%lld.%0*lld", value / unit, p->decimals, value % unit);
        size_t k = strlen(text);
        while (k > 0 && text[k - 1] == '0' && text[k - 2] != '.') text[--k] = '\0';
        snprintf(buf, n, "%s", text);
    } else {
        snprintf(buf, n, "%lld", value);
    }
}

void variant_param_text(const struct variant_param *p, const struct variant *v, char *buf,
                        size_t n) {
    value_text(p, load(p, v), buf, n);
}

void variant_param_default(const struct variant_param *p, char *buf, size_t n) {
    value_text(p, default_value(p), buf, n);
}

/* "a, b or c" (with=" or ") or "a|b|c" (with="|"). */
static void choice_list(const struct variant_param *p, const char *last_joint,
                        const char *joint, char *buf, size_t n) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; p->choices[i] && used < n; i++) {
        const char *sep = i == 0 ? "" : p->choices[i + 1] ? joint : last_joint;
        int w = snprintf(buf + used, n - used, "%s%s", sep, p->choices[i]);
        if (w < 0) break;
        used += (size_t)w;
    }
}

void variant_param_values(const struct variant_param *p, char *buf, size_t n) {
    if (p->type == VARIANT_CHOICE) {
        choice_list(p, "|", "|", buf, n);
    } else if (p->type == VARIANT_DECIMAL) {
        char low[VARIANT_TEXT_BYTES], high[VARIANT_TEXT_BYTES];
        long long unit = power_of_ten(p->decimals);
        snprintf(low, sizeof low, "%lld", p->low / unit);
        snprintf(high, sizeof high, "%lld", p->high / unit);
        snprintf(buf, n, "%s<%s<%s, up to %d decimals", low, p->name, high, p->decimals);
    } else {
        snprintf(buf, n, "%lld..%lld", p->low, p->high);
    }
}

/* A list of choices or of keys inside a message of GAME_ERROR_BYTES: short
 * enough that the message around it always fits (a longer list is cut). */
enum { VARIANT_LIST_BYTES = 80 };

/* ------------------------------------------------ reading a value */

static int set_choice(const struct variant_param *p, struct variant *v, const char *value,
                      char *err) {
    for (int i = 0; p->choices[i]; i++)
        if (strcmp(value, p->choices[i]) == 0) {
            store(p, v, choice_code(p, i));
            return 0;
        }
    char list[VARIANT_LIST_BYTES];
    choice_list(p, " or ", ", ", list, sizeof list);
    snprintf(err, GAME_ERROR_BYTES, "%s must be %s, not '%.40s'", p->name, list, value);
    return -1;
}

/* A decimal strictly between low and high (in units of 10^-decimals) with
 * at most `decimals` fraction digits: number.h reads it (decimal only), the
 * digits after the point are counted here. */
static int set_decimal(const struct variant_param *p, struct variant *v, const char *value,
                       char *err) {
    long long unit = power_of_ten(p->decimals);
    char ignored[GAME_ERROR_BYTES];
    double x = 0;
    const char *point = strchr(value, '.');
    size_t fraction = point ? strlen(point + 1) : 0;
    bool ok = number_real(p->name, value, (double)p->low / (double)unit,
                          (double)p->high / (double)unit, &x, ignored,
                          sizeof ignored) == 0 &&
              fraction <= (size_t)p->decimals;
    long long scaled = ok ? llround(x * (double)unit) : 0;
    if (!ok || scaled <= p->low || scaled >= p->high) {
        char low[VARIANT_TEXT_BYTES], high[VARIANT_TEXT_BYTES], example[VARIANT_TEXT_BYTES];
        snprintf(low, sizeof low, "%lld", p->low / unit);
        snprintf(high, sizeof high, "%lld", p->high / unit);
        variant_param_default(p, example, sizeof example);
        snprintf(err, GAME_ERROR_BYTES,
                 "%.10s must be a decimal strictly between %.8s and %.8s with at most %u "
                 "decimals (e.g. %.8s), not '%.40s'",
                 p->name, low, high, (unsigned char)p->decimals, example, value);
        return -1;
    }
    store(p, v, scaled);
    return 0;
}

static int set_value(const struct variant_param *p, struct variant *v, const char *value,
                     char *err) {
    if (p->type == VARIANT_CHOICE) return set_choice(p, v, value, err);
    if (p->type == VARIANT_DECIMAL) return set_decimal(p, v, value, err);
    long long x;
    if (number_whole(p->name, value, p->low, p->high, &x, err, GAME_ERROR_BYTES)) return -1;
    store(p, v, x);
    return 0;
}

/* ------------------------------------------------ the whole variant */

int variant_param_count(const struct game *g) {
    int n = 0;
    while (g->variant_params && g->variant_params[n].name) n++;
    return n;
}

const struct variant_param *variant_param_find(const struct game *g, const char *name) {
    for (const struct variant_param *p = g->variant_params; p && p->name; p++)
        if (strcmp(p->name, name) == 0) return p;
    return NULL;
}

void variant_init(const struct game *g, struct variant *v) {
    memset(v, 0, sizeof *v);
    for (const struct variant_param *p = g->variant_params; p && p->name; p++)
        store(p, v, default_value(p));
}

void variant_format(const struct game *g, const struct variant *v, char *buf, size_t n) {
    size_t used = 0;
    if (n) buf[0] = '\0';
    for (const struct variant_param *p = g->variant_params; p && p->name && used < n; p++) {
        char value[VARIANT_TEXT_BYTES];
        variant_param_text(p, v, value, sizeof value);
        int w = snprintf(buf + used, n - used, "%s%s=%s", used ? "," : "", p->name, value);
        if (w < 0) break;
        used += (size_t)w;
    }
}

/* One `key=value`: 0, or -1 with the message (unknown keys name the known). */
static int set_option(const struct game *g, struct variant *v, const char *key,
                      const char *value, char *err) {
    const struct variant_param *p = variant_param_find(g, key);
    if (p) return set_value(p, v, value, err);
    char known[VARIANT_LIST_BYTES] = "";
    size_t used = 0;
    for (const struct variant_param *q = g->variant_params; q && q->name; q++) {
        int w = snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "",
                         q->name);
        if (w < 0 || (size_t)w >= sizeof known - used) break;
        used += (size_t)w;
    }
    snprintf(err, GAME_ERROR_BYTES, "unknown variant option '%.40s' (known: %s)", key,
             used ? known : "none");
    return -1;
}

int variant_parse(const struct game *g, struct variant *v, const char *spec, char *err) {
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, GAME_ERROR_BYTES, "variant text is too long");
        return -1;
    }
    strcpy(buf, spec);
    if (!buf[0]) return 0; /* no option: the defaults */
    const char *keys[64];
    int nkeys = 0;
    /* Split at every comma: an empty option (",", "target=5,", "a=1,,b=2")
     * is a mistake, not nothing. */
    for (char *item = buf, *next; item; item = next) {
        char *comma = strchr(item, ',');
        next = comma ? comma + 1 : NULL;
        if (comma) *comma = '\0';
        if (!item[0]) {
            snprintf(err, GAME_ERROR_BYTES,
                     "variant text '%.60s' has an empty option (a comma too many)", spec);
            return -1;
        }
        char *eq = strchr(item, '=');
        if (!eq || eq == item || eq[1] == '\0') {
            snprintf(err, GAME_ERROR_BYTES,
                     "variant option '%.60s' is not of the form key=value", item);
            return -1;
        }
        *eq = '\0';
        /* A key given twice is a mistake, not "the last one wins". */
        for (int k = 0; k < nkeys; k++)
            if (strcmp(keys[k], item) == 0) {
                snprintf(err, GAME_ERROR_BYTES, "variant key '%.40s' is given twice",
                         item);
                return -1;
            }
        if (nkeys < 64) keys[nkeys++] = item;
        char message[GAME_ERROR_BYTES];
        if (set_option(g, v, item, eq + 1, message) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "%.20s: %.120s", g->name, message);
            return -1;
        }
    }
    return 0;
}

int variant_finish(const struct game *g, const struct variant *v, char *err) {
    char message[GAME_ERROR_BYTES];
    if (g->variant_check && g->variant_check(v, message) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "%.20s: %.120s", g->name, message);
        return -1;
    }
    return 0;
}

int variant_players(const struct game *g, const struct variant *v) {
    return g->player_count ? g->player_count(v) : g->players;
}
