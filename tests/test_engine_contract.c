/* The engine contract (search/engine.h) checked on every registered engine:
 * an engine gets these checks by its line in search/engine_list.def.
 * - the struct: a unique lower-case name, a summary, a search, keys with
 *   names and ranges (low <= high) or choices, at most ENGINE_MAX_KEYS;
 * - every key's corners parse (low and high, every choice), values just
 *   outside the range and an unknown choice are refused with the
 *   framework's message naming the key, and the value lands in
 *   agent.values[] at the key's index;
 * - a documented default (`fallback`) lies within its range or is a choice;
 * - a game the engine does not play is refused, one it plays is accepted
 *   and the engine chooses a legal move there (fixed seed), from the view
 *   (engines that need databases are only parsed);
 * - docs/ENGINES.md names every engine and every key;
 * - docs/kibitz.schema.json's list of search-document engines is the
 *   registry's names plus the reports that are no registered engine. */
#include "engine/registry.h"
#include "engine/variant.h"
#include "search/agent.h"
#include "search/engine.h"
#include "support.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A registered game the engine plays (with hidden information if
 * `hidden`); NULL if none. */
static const struct game *game_for(const struct engine *e, bool hidden) {
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        struct agent a;
        char err[GAME_ERROR_BYTES];
        if (hidden && !(games[i]->flags & GAME_HAS_HIDDEN)) continue;
        if (engine_spec_parse(&a, e->name, games[i], false, err) == 0) return games[i];
    }
    return NULL;
}

static void check_struct(const struct engine *e) {
    assert_non_null(e->name);
    assert_non_null(e->summary);
    assert_non_null(e->search);
    for (const char *c = e->name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'))) fail_msg("%s", e->name);
    assert_true(e->key_count >= 0 && e->key_count <= ENGINE_MAX_KEYS);
    assert_true(e->key_count == 0 || e->keys != NULL);
    int count;
    const struct engine *const *all = engine_list(&count);
    int same = 0;
    for (int i = 0; i < count; i++) same += strcmp(all[i]->name, e->name) == 0;
    assert_int_equal(same, 1);
    assert_ptr_equal(engine_find(e->name, strlen(e->name)), e);
}

/* `spec` for `g` parses (expect_ok) or is refused with a message holding
 * `needle`. */
static void expect_spec(const char *spec, const struct game *g, bool expect_ok,
                        const char *needle, struct agent *a) {
    char err[GAME_ERROR_BYTES] = "";
    int status = engine_spec_parse(a, spec, g, false, err);
    if (expect_ok && status != 0) fail_msg("'%s' refused: %s", spec, err);
    if (!expect_ok && status == 0) fail_msg("'%s' accepted", spec);
    if (!expect_ok && !strstr(err, needle))
        fail_msg("'%s': message '%s' does not name '%s'", spec, err, needle);
}

static void check_key(const struct engine *e, int index, const struct game *g) {
    const struct engine_key *k = &e->keys[index];
    assert_non_null(k->name);
    assert_non_null(k->help);
    char spec[160];
    struct agent a;
    if (k->flags & ENGINE_KEY_REST) { /* another engine's spec, colons and all */
        snprintf(spec, sizeof spec, "%s:%s=mcts:iterations=5:c=0.5", e->name, k->name);
        expect_spec(spec, g, true, NULL, &a);
        snprintf(spec, sizeof spec, "%s:%s=nothing", e->name, k->name);
        expect_spec(spec, g, false, "nothing", &a);
        return;
    }
    if (k->choices) {
        for (int c = 0; k->choices[c]; c++) {
            snprintf(spec, sizeof spec, "%s:%s=%s", e->name, k->name, k->choices[c]);
            expect_spec(spec, g, true, NULL, &a);
            assert_true(a.values[index] == c);
        }
        snprintf(spec, sizeof spec, "%s:%s=nonsense", e->name, k->name);
        expect_spec(spec, g, false, k->name, &a);
        return;
    }
    assert_true(k->low <= k->high);
    const double corners[] = {k->low, k->high};
    for (int c = 0; c < 2; c++) {
        snprintf(spec, sizeof spec, "%s:%s=%.17g", e->name, k->name, corners[c]);
        expect_spec(spec, g, true, NULL, &a);
        assert_true(a.values[index] == corners[c]);
    }
    const double outside[] = {k->low - 1, k->high + 1};
    for (int c = 0; c < 2; c++) {
        snprintf(spec, sizeof spec, "%s:%s=%.17g", e->name, k->name, outside[c]);
        expect_spec(spec, g, false, k->name, &a);
    }
    /* The one number parser (engine/number.h) for every number key: no
     * blanks, no '+', no hex or exponent, a fraction only where the key
     * takes real numbers; the message as for --depth and --time. */
    const char *const bad_forms[] = {" %.17g", "%.17g ", "+%.17g", "%.17ge0", "0x%.0f"};
    for (size_t f = 0; f < sizeof bad_forms / sizeof bad_forms[0]; f++) {
        char value[64];
        snprintf(value, sizeof value, bad_forms[f], k->low);
        snprintf(spec, sizeof spec, "%s:%s=%s", e->name, k->name, value);
        expect_spec(spec, g, false,
                    k->flags & ENGINE_KEY_REAL ? "needs a number from"
                                               : "needs a whole number from",
                    &a);
    }
    if (!(k->flags & ENGINE_KEY_REAL)) {
        snprintf(spec, sizeof spec, "%s:%s=%.17g.5", e->name, k->name, k->low);
        expect_spec(spec, g, false, "needs a whole number from", &a);
    }
    if (k->fallback) {
        double x = strtod(k->fallback, NULL);
        assert_true(x >= k->low && x <= k->high);
    }
}

static char *read_doc(void) {
    FILE *f = fopen(KIBITZ_SOURCE_DIR "/docs/ENGINES.md", "rb");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

static void test_engines(void **unused) {
    (void)unused;
    int count;
    const struct engine *const *engines = engine_list(&count);
    assert_true(count > 0);
    const char *doc = read_doc();
    for (int i = 0; i < count; i++) {
        const struct engine *e = engines[i];
        check_struct(e);
        char heading[80];
        snprintf(heading, sizeof heading, "## `%s`", e->name);
        if (!strstr(doc, heading)) fail_msg("docs/ENGINES.md has no '%s'", heading);
        const struct game *g = game_for(e, false);
        if (!g) fail_msg("no registered game for engine %s", e->name);
        for (int k = 0; k < e->key_count; k++) {
            bool hidden = e->keys[k].flags & ENGINE_KEY_HIDDEN_ONLY;
            const struct game *kg = hidden ? game_for(e, true) : g;
            if (!kg) fail_msg("no game for %s:%s", e->name, e->keys[k].name);
            check_key(e, k, kg);
            char row[80];
            snprintf(row, sizeof row, "`%s:%s=", e->name, e->keys[k].name);
            if (!strstr(doc, row)) fail_msg("docs/ENGINES.md has no '%s'", row);
        }
        struct agent a;
        expect_spec(e->name, g, true, NULL, &a);
        char spec[80];
        snprintf(spec, sizeof spec, "%s:nokey=1", e->name);
        expect_spec(spec, g, false, "nokey", &a);
    }
}

/* Games outside `plays` are refused; the others get a legal move. */
static void test_games_played(void **unused) {
    (void)unused;
    int engines_n, games_n;
    const struct engine *const *engines = engine_list(&engines_n);
    const struct game *const *games = registry_games(&games_n);
    for (int i = 0; i < engines_n; i++) {
        const struct engine *e = engines[i];
        for (int j = 0; j < games_n; j++) {
            const struct game *g = games[j];
            unsigned asks = (g->flags & GAME_HAS_CHANCE ? ENGINE_PLAYS_CHANCE : 0) |
                            (g->flags & GAME_HAS_SIMULTANEOUS ? ENGINE_PLAYS_SIMULTANEOUS : 0) |
                            (g->flags & GAME_HAS_HIDDEN ? ENGINE_PLAYS_HIDDEN : 0);
            struct agent a;
            char err[GAME_ERROR_BYTES] = "";
            int status = agent_parse(&a, e->name, g, err);
            if ((asks & ~e->plays) != 0) {
                if (status == 0) fail_msg("%s accepted %s", e->name, g->name);
                assert_true(err[0] != '\0');
                continue;
            }
            if (status != 0) continue; /* `fits` refused it for a finer reason */
            if (e->plays & ENGINE_NEEDS_DATABASE) { /* would read (or make) databases */
                agent_free(&a);
                continue;
            }
            struct variant v;
            variant_init(g, &v);
            _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
            g->start(&v, state);
            if (g->turn(&v, state) < 0) { /* chance or simultaneous start */
                agent_free(&a);
                continue;
            }
            move_t move, moves[g->max_moves];
            int n = g->moves(&v, state, moves);
            if (agent_choose(&a, g, &v, state, 7, &move, err)) fail_msg("%s: %s", e->name, err);
            bool legal = false;
            for (int m = 0; m < n; m++) legal |= moves[m] == move;
            if (!legal) fail_msg("%s chose an illegal move in %s", e->name, g->name);
            agent_free(&a);
        }
    }
}

/* The "engine" of a search document (json/kjson_search.c) that names no
 * registered engine: information-set MCTS (mcts on hidden information),
 * a df-pn proof, a forced move, a database's answer. */
static const char *const other_reports[] = {"ismcts", "dfpn", "forced", "database"};

static bool is_other_report(const char *name) {
    for (size_t i = 0; i < sizeof other_reports / sizeof other_reports[0]; i++)
        if (strcmp(other_reports[i], name) == 0) return true;
    return false;
}

static void test_schema_engines(void **unused) {
    (void)unused;
    json_error_t jerr;
    json_t *schema = json_load_file(KIBITZ_SOURCE_DIR "/docs/kibitz.schema.json", 0, &jerr);
    if (!schema) fail_msg("docs/kibitz.schema.json: %s", jerr.text);
    json_t *list = json_object_get(
        json_object_get(
            json_object_get(json_object_get(json_object_get(schema, "$defs"), "search_doc"),
                            "properties"),
            "engine"),
        "enum");
    assert_true(json_is_array(list));
    int count;
    const struct engine *const *engines = engine_list(&count);
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item) {
        const char *name = json_string_value(item);
        assert_non_null(name);
        if (!engine_find(name, strlen(name)) && !is_other_report(name))
            fail_msg("docs/kibitz.schema.json lists engine '%s', which is neither "
                     "registered nor a report of its own",
                     name);
    }
    for (int e = 0; e < count; e++) {
        bool listed = false;
        json_array_foreach(list, i, item) listed |=
            strcmp(json_string_value(item), engines[e]->name) == 0;
        if (!listed)
            fail_msg("docs/kibitz.schema.json misses engine '%s'", engines[e]->name);
    }
    for (size_t k = 0; k < sizeof other_reports / sizeof other_reports[0]; k++) {
        bool listed = false;
        json_array_foreach(list, i, item) listed |=
            strcmp(json_string_value(item), other_reports[k]) == 0;
        if (!listed) fail_msg("docs/kibitz.schema.json misses report '%s'", other_reports[k]);
    }
    json_decref(schema);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engines),
        cmocka_unit_test(test_schema_engines),
        cmocka_unit_test(test_games_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
