/* The engine registry and the framework around the contract
 * (search/engine.h): one spec parser, one budget rule. */
#include "engine/number.h"
#include "search/agent.h"
#include "search/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENGINE(symbol) extern const struct engine symbol;
#include "search/engine_list.def"
#undef ENGINE

static const struct engine *const engines[] = {
#define ENGINE(symbol) &symbol,
#include "search/engine_list.def"
#undef ENGINE
};

const struct engine *const *engine_list(int *count) {
    *count = (int)(sizeof engines / sizeof engines[0]);
    return engines;
}

const struct engine *engine_find(const char *name, size_t length) {
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (strlen(engines[i]->name) == length &&
            strncmp(engines[i]->name, name, length) == 0)
            return engines[i];
    return NULL;
}

/* Cut `*rest` at the next ':' and return the piece before it (NULL at the end). */
static char *next_piece(char **rest) {
    char *piece = *rest;
    if (!piece) return NULL;
    char *colon = strchr(piece, ':');
    if (colon)
        *colon = '\0', *rest = colon + 1;
    else
        *rest = NULL;
    return piece;
}

/* "a, b or c" of a NULL-terminated list, appended at buf + used. */
static size_t append_words(char *buf, size_t n, size_t used, const char *const *words) {
    int count = 0;
    while (words[count] != NULL) count++;
    for (int i = 0; i < count && used < n; i++) {
        int k = snprintf(buf + used, n - used, "%s%s",
                         i == 0 ? "" : i == count - 1 ? " or " : ", ", words[i]);
        if (k > 0) used += (size_t)k;
    }
    return used;
}

static int parse_value(const struct engine_key *key, const char *text, double *out,
                       char *err) {
    if (key->choices) {
        for (int i = 0; key->choices[i]; i++)
            if (strcmp(text, key->choices[i]) == 0) return *out = i, 0;
        int used = snprintf(err, GAME_ERROR_BYTES, "agent option %s is ", key->name);
        used = (int)append_words(err, GAME_ERROR_BYTES, (size_t)used, key->choices);
        snprintf(err + used, GAME_ERROR_BYTES - (size_t)used, ", not '%s'", text);
        return -1;
    }
    /* The one number parser (engine/number.h), so that a spec's numbers
     * read and fail as the command line's --depth and --time do. */
    char what[64];
    snprintf(what, sizeof what, "agent option %s", key->name);
    if (key->flags & ENGINE_KEY_REAL)
        return number_real(what, text, key->low, key->high, out, err, GAME_ERROR_BYTES);
    long long whole;
    if (number_whole(what, text, (long long)key->low, (long long)key->high, &whole, err,
                     GAME_ERROR_BYTES))
        return -1;
    *out = (double)whole;
    return 0;
}

static int unknown_engine(const char *name, char *err) {
    int used = snprintf(err, GAME_ERROR_BYTES, "unknown agent '%s' (", name);
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++) {
        const struct engine *e = engines[i];
        int k = snprintf(err + used, GAME_ERROR_BYTES - (size_t)used, "%s%s", i ? ", " : "",
                         e->name);
        if (k > 0 && e->key_count > 0 && used + k < GAME_ERROR_BYTES)
            k += snprintf(err + used + k, GAME_ERROR_BYTES - (size_t)(used + k),
                          "[:%s=%s]", e->keys[0].name,
                          e->keys[0].flags & ENGINE_KEY_REST ? "SPEC" : "N");
        if (k < 0 || used + k >= GAME_ERROR_BYTES) return -1;
        used += k;
    }
    snprintf(err + used, GAME_ERROR_BYTES - (size_t)used, ")");
    return -1;
}

/* Whether `g` asks for a kind of play that `e` lacks (and why, in `err`). */
static int refuse_game(const struct engine *e, const struct game *g, char *err) {
    if (e->fits) return e->fits(g, err);
    static const struct {
        unsigned game_flag, plays;
        const char *what;
    } kinds[] = {
        {GAME_HAS_CHANCE, ENGINE_PLAYS_CHANCE, "chance"},
        {GAME_HAS_SIMULTANEOUS, ENGINE_PLAYS_SIMULTANEOUS, "simultaneous moves"},
        {GAME_HAS_HIDDEN, ENGINE_PLAYS_HIDDEN, "hidden information"},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if ((g->flags & kinds[i].game_flag) && !(e->plays & kinds[i].plays)) {
            snprintf(err, GAME_ERROR_BYTES, "%s does not play games with %s (%s)",
                     e->name, kinds[i].what, g->name);
            return -1;
        }
    return 0;
}

static const struct engine_key *find_key(const struct engine *e, const char *name,
                                         bool hidden, int *index) {
    for (int i = 0; i < e->key_count; i++) {
        const struct engine_key *k = &e->keys[i];
        if (strcmp(k->name, name) == 0 && (hidden || !(k->flags & ENGINE_KEY_HIDDEN_ONLY)))
            return *index = i, k;
    }
    return NULL;
}

int engine_spec_parse(struct agent *a, const char *spec, const struct game *g, bool ready,
                      char *err) {
    memset(a, 0, sizeof *a);
    if (strlen(spec) >= sizeof a->spec) {
        snprintf(err, GAME_ERROR_BYTES, "agent spec too long");
        return -1;
    }
    char text[sizeof a->spec];
    strcpy(text, spec);
    strcpy(a->spec, spec);
    char *rest = text, *name = next_piece(&rest);
    const struct engine *e = engine_find(name, strlen(name));
    if (!e) return unknown_engine(name, err);
    a->engine = e;
    a->hidden = (g->flags & GAME_HAS_HIDDEN) != 0;
    if (refuse_game(e, g, err)) return -1;
    for (int i = 0; i < e->key_count; i++)
        a->values[i] = e->keys[i].fallback ? strtod(e->keys[i].fallback, NULL) : 0;
    if (e->init) e->init(a, g);
    char *item;
    while ((item = next_piece(&rest)) != NULL) {
        /* The spec from this option on, as written. */
        const char *written = spec + (item - text);
        char *eq = strchr(item, '=');
        int index = -1;
        const struct engine_key *key = NULL;
        if (eq && eq != item) {
            *eq = '\0';
            key = find_key(e, item, a->hidden, &index);
        }
        if (e->usage && (!key || eq[1] == '\0')) {
            snprintf(err, GAME_ERROR_BYTES, "%s takes %s, not '%s'", e->name, e->usage,
                     written);
            return -1;
        }
        if (!eq || eq == item) {
            snprintf(err, GAME_ERROR_BYTES, "agent option '%s' is not key=value", item);
            return -1;
        }
        if (!key) {
            snprintf(err, GAME_ERROR_BYTES, "agent '%s' has no option '%s'", e->name, item);
            return -1;
        }
        if (key->flags & ENGINE_KEY_REST) { /* the rest of the spec, colons and all */
            if (e->set_text(a, index, written + (eq + 1 - item), g, ready, err)) return -1;
            break;
        }
        double value;
        if (parse_value(key, eq + 1, &value, err)) return -1;
        a->values[index] = value;
        if (e->set) e->set(a, index, value);
        if (key->flags & ENGINE_KEY_BUDGET) a->budget_given = true;
    }
    if (!ready) return 0;
    if (e->ready && e->ready(a, err)) return -1;
    a->ready = true;
    return 0;
}

int engine_budget_refused(const struct engine *e, bool depth_given, bool iterations_given,
                          bool option_words, char *err) {
    /* [option words?][depth, time, iterations] */
    static const char *const words[2][3] = {{"a depth", "a time", "iterations"},
                                            {"--depth", "--time", "--iterations"}};
    const char *const *w = words[option_words];
    if (e->unit == ENGINE_UNIT_DEPTH && iterations_given) {
        snprintf(err, GAME_ERROR_BYTES, "%s takes %s or %s, not %s", e->name, w[0], w[1],
                 w[2]);
        return -1;
    }
    if (e->unit == ENGINE_UNIT_ITERATIONS && depth_given) {
        snprintf(err, GAME_ERROR_BYTES, "%s takes %s or %s, not %s", e->name, w[2], w[1],
                 w[0]);
        return -1;
    }
    return 0;
}

void engine_reporting_names(char *buf, size_t n, bool bestmove, bool with_options,
                            const char *last) {
    const struct engine *listed[sizeof engines / sizeof engines[0]];
    int count = 0;
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (engines[i]->reports || (bestmove && engines[i]->bestmove))
            listed[count++] = engines[i];
    buf[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < count && used < n; i++) {
        const struct engine *e = listed[i];
        char options[64] = "";
        if (with_options && e->key_count > 0 && (e->keys[0].flags & ENGINE_KEY_REST))
            snprintf(options, sizeof options, "[:%s=SPEC]", e->keys[0].name);
        else if (with_options)
            snprintf(options, sizeof options, "[:OPTION=VALUE...]");
        int k = snprintf(buf + used, n - used, "%s%s%s",
                         i == 0 ? "" : i == count - 1 ? last : ", ", e->name, options);
        if (k > 0) used += (size_t)k;
    }
}

void engine_report_free(struct engine_report *r) {
    free(r->ab);
    free(r->ex);
    free(r->mcts);
    memset(r, 0, sizeof *r);
}
