/* The API handler of `kibitz serve` (server/api.h) called directly, without
 * HTTP: routing and status codes, errors that name the bad field, the state
 * of every game (board, moves with cells, chance odds, simultaneous options),
 * hidden ranks kept from a viewer, search answers and caps, and the database
 * query against retro_move_values on a freshly solved Kulibrat. */
#include "engine/registry.h"
#include "server/api_common.h"
#include "server/host_check.h"
#include "support.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct api *api;

/* Call the handler; returns the parsed body (caller decrefs), status in *status. */
static json_t *call(const char *method, const char *path, const char *body, int *status) {
    struct api_response res;
    api_handle(api, method, path, body, body ? strlen(body) : 0, &res);
    *status = res.status;
    json_error_t err;
    json_t *doc = json_loadb(res.body, res.length, 0, &err);
    free(res.body);
    assert_non_null(doc);
    return doc;
}

/* The error message of a failed call, which must have `status`. */
static void expect_error(const char *path, const char *body, int status,
                         const char *needle) {
    int got;
    json_t *doc = call("POST", path, body, &got);
    const char *message = json_string_value(json_object_get(doc, "error"));
    if (got != status || !message || !strstr(message, needle))
        fail_msg("%s %s: status %d, error '%s' (wanted %d with '%s')", path, body, got,
                 message ? message : "(none)", status, needle);
    json_decref(doc);
}

static void routes(void **unused) {
    int status;
    json_t *doc = call("GET", "/api/games", NULL, &status);
    assert_int_equal(status, 200);
    int count;
    registry_games(&count);
    assert_int_equal(json_array_size(json_object_get(doc, "games")), (size_t)count);
    json_decref(doc);
    json_decref(call("GET", "/api/nothing", NULL, &status));
    assert_int_equal(status, 404);
    json_decref(call("GET", "/api/state", NULL, &status));
    assert_int_equal(status, 405);
    char *big = malloc(API_MAX_BODY + 2);
    memset(big, ' ', API_MAX_BODY + 1);
    big[API_MAX_BODY + 1] = 0;
    json_decref(call("POST", "/api/state", big, &status));
    assert_int_equal(status, 413);
    free(big);
}

static void errors_name_the_field(void **unused) {
    expect_error("/api/state", "{", 400, "body");
    expect_error("/api/state", "[1]", 400, "body");
    expect_error("/api/state", "{}", 400, "game");
    expect_error("/api/state", "{\"game\":\"chess\"}", 400, "game");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"variant\":\"target=0\"}", 400,
                 "variant");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"variant\":7}", 400, "variant");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"position\":\"xyz\"}", 400,
                 "position");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"position\":\"a\\u0000b\"}", 400,
                 "body");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"moves\":\"+a4\"}", 400, "moves");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"moves\":[\"+a4\",\"+a4\"]}", 400,
                 "moves[1]");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"moves\":[{\"joint\":[]}]}", 400,
                 "moves[0]");
    expect_error("/api/state", "{\"game\":\"kodrek\",\"moves\":[{\"joint\":[\"h9\"]}]}",
                 400, "joint[0]");
    expect_error("/api/state", "{\"game\":\"kulibrat\",\"viewer\":5}", 400, "viewer");
    expect_error("/api/search", "{\"game\":\"kulibrat\"}", 400, "engine");
    expect_error("/api/search", "{\"game\":\"kulibrat\",\"engine\":\"nonsense\"}", 400,
                 "engine");
    expect_error("/api/search",
                 "{\"game\":\"kulibrat\",\"engine\":\"alphabeta:hash=100000\"}", 400,
                 "hash");
    expect_error("/api/search", "{\"game\":\"kodrek\",\"engine\":\"random\"}", 400,
                 "player");
    expect_error("/api/search", "{\"game\":\"kauda-baji\",\"engine\":\"random\"}", 400,
                 "chance");
    expect_error("/api/search",
                 "{\"game\":\"kulibrat\",\"engine\":\"random\",\"seed\":\"x\"}", 400,
                 "seed");
}

/* Every game: a board, and every listed move's cells are cells of it. */
static void every_game_state(void **unused) {
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        char body[128];
        snprintf(body, sizeof body, "{\"game\":\"%s\"}", games[i]->name);
        int status;
        json_t *doc = call("POST", "/api/state", body, &status);
        assert_int_equal(status, 200);
        json_t *board = json_object_get(doc, "board");
        assert_true(json_array_size(json_object_get(board, "cells")) > 0);
        size_t k;
        json_t *m;
        json_t *cells_of = json_object_get(doc, "move_cells");
        if (json_integer_value(json_object_get(doc, "to_act")) >= 0)
            assert_int_equal(json_array_size(cells_of),
                             json_array_size(json_object_get(doc, "moves")));
        json_array_foreach(cells_of, k, m) {
            size_t j;
            json_t *cell;
            json_array_foreach(m, j, cell) {
                bool found = false;
                size_t c;
                json_t *described;
                json_array_foreach(json_object_get(board, "cells"), c, described) found |=
                    json_equal(json_object_get(described, "id"), cell);
                assert_true(found);
            }
        }
        const char *turn = json_string_value(json_object_get(doc, "turn"));
        if (games[i]->flags & GAME_HAS_CHANCE && strcmp(turn, "chance") == 0) {
            double sum = 0;
            json_array_foreach(json_object_get(doc, "chance"), k, m) sum +=
                json_real_value(m);
            assert_true(sum > 0.999 && sum < 1.001);
        }
        if (strcmp(turn, "simultaneous") == 0)
            assert_true(json_array_size(json_object_get(doc, "acting")) > 0);
        json_decref(doc);
    }
}

/* Kodrek: every player's secret choice given as a joint move is played. */
static void joint_moves(void **unused) {
    int status;
    json_t *doc = call(
        "POST", "/api/state",
        "{\"game\":\"kodrek\",\"moves\":[{\"joint\":[\"h1\",\"h0\",\"h2\"]}]}", &status);
    assert_int_equal(status, 200);
    assert_string_equal(
        json_string_value(json_array_get(json_object_get(doc, "played"), 0)), "h1 h0 h2");
    assert_string_not_equal(json_string_value(json_object_get(doc, "turn")),
                            "simultaneous");
    json_decref(doc);
}

/* Kotra after both setups: the viewer's own ranks are shown, the enemy's not. */
static void hidden_ranks(void **unused) {
    int status;
    /* Play the setups with an engine through the API, as the page does. */
    json_t *moves = json_array();
    for (int i = 0; i < 60; i++) {
        json_t *req = json_pack("{s:s,s:O}", "game", "kotra", "moves", moves);
        char *text = json_dumps(req, JSON_COMPACT);
        json_t *st = call("POST", "/api/state", text, &status);
        assert_int_equal(status, 200);
        bool chance =
            strcmp(json_string_value(json_object_get(st, "turn")), "chance") == 0;
        bool setup =
            strstr(json_string_value(json_object_get(st, "position")), "setup") != NULL;
        json_decref(st);
        if (!setup || chance) {
            free(text);
            json_decref(req);
            break;
        }
        json_object_set_new(req, "engine", json_string("random"));
        json_object_set_new(req, "seed", json_integer(i));
        free(text);
        text = json_dumps(req, JSON_COMPACT);
        json_t *answer = call("POST", "/api/search", text, &status);
        assert_int_equal(status, 200);
        json_array_append(moves, json_object_get(answer, "move"));
        json_decref(answer);
        free(text);
        json_decref(req);
    }
    json_t *req =
        json_pack("{s:s,s:O,s:i}", "game", "kotra", "moves", moves, "viewer", 0);
    char *text = json_dumps(req, JSON_COMPACT);
    json_t *st = call("POST", "/api/state", text, &status);
    assert_int_equal(status, 200);
    int own = 0, unknown = 0;
    size_t k;
    json_t *p;
    json_array_foreach(json_object_get(json_object_get(st, "board"), "pieces"), k, p) {
        int owner = (int)json_integer_value(json_object_get(p, "owner"));
        bool hidden = json_is_true(json_object_get(p, "unknown"));
        if (owner == 0) assert_false(hidden), own++;
        if (owner == 1) assert_true(hidden), unknown++;
    }
    assert_true(own > 0 && unknown > 0);
    /* Silver's unknown ranks are written 'x' in the view's position text. */
    assert_non_null(strchr(json_string_value(json_object_get(st, "view_position")), 'x'));
    assert_null(strchr(json_string_value(json_object_get(st, "position")), 'x'));
    json_decref(st);
    free(text);
    json_decref(req);
    json_decref(moves);
}

static void search_answers(void **unused) {
    int status;
    json_t *doc = call("POST", "/api/search",
                       "{\"game\":\"kulibrat\",\"engine\":\"alphabeta:depth=4\","
                       "\"analyse\":true}",
                       &status);
    assert_int_equal(status, 200);
    assert_string_equal(json_string_value(json_object_get(doc, "move")), "+a4");
    assert_int_equal(json_array_size(json_object_get(doc, "moves")), 3);
    assert_int_equal(json_array_size(json_object_get(doc, "pv")), 4);
    json_decref(doc);
    /* A simultaneous node: one player's option. */
    doc = call("POST", "/api/search",
               "{\"game\":\"kodrek\",\"engine\":\"mcts:iterations=50\",\"player\":2}",
               &status);
    assert_int_equal(status, 200);
    json_t *red = json_array_get(json_object_get(doc, "players"), 0);
    assert_string_equal(json_string_value(json_object_get(red, "player")), "red");
    assert_int_equal(json_string_value(json_object_get(red, "move"))[0], 'h');
    json_decref(doc);
    /* Budgets are capped whatever the client asks: depth 99 answers (in at
     * most API_MAX_SECONDS) instead of running for ever. */
    doc = call("POST", "/api/search",
               "{\"game\":\"kulibrat\",\"engine\":\"alphabeta:depth=99:threads=64\"}",
               &status);
    assert_int_equal(status, 200);
    json_decref(doc);
    /* All search slots taken: 503. */
    api->searches = API_MAX_SEARCHES;
    expect_error("/api/search", "{\"game\":\"kulibrat\",\"engine\":\"random\"}", 503,
                 "busy");
    api->searches = 0;
}

static void query_without_database(void **unused) {
    int status;
    json_t *doc = call("POST", "/api/query", "{\"game\":\"kodrek\"}", &status);
    assert_int_equal(status, 200);
    assert_true(json_is_null(json_object_get(doc, "database")));
    json_decref(doc);
    expect_error("/api/query", "{\"game\":\"kotra\",\"viewer\":0}", 400, "viewer");
}

/* The Host header check against DNS rebinding (server/host_check.h): only
 * names of this server with its port pass. */
static void host_header(void **unused) {
    static const struct {
        const char *host, *bind;
        int port;
        bool allowed;
    } cases[] = {
        {"127.0.0.1:8080", "127.0.0.1", 8080, true},
        {"localhost:8080", "127.0.0.1", 8080, true},
        {"LocalHost:8080", "127.0.0.1", 8080, true},
        {"[::1]:8080", "127.0.0.1", 8080, true},
        {"192.168.1.5:8080", "192.168.1.5", 8080, true},
        {"10.0.0.7:8080", "0.0.0.0", 8080, true},
        {"localhost", "127.0.0.1", 80, true},
        {NULL, "127.0.0.1", 8080, true},
        {"evil.example:8080", "127.0.0.1", 8080, false},
        {"evil.example", "127.0.0.1", 80, false},
        {"localhost.evil.example:8080", "127.0.0.1", 8080, false},
        {"127.0.0.1.evil.example:8080", "0.0.0.0", 8080, false},
        {"localhost:8081", "127.0.0.1", 8080, false},
        {"localhost", "127.0.0.1", 8080, false},
        {"10.0.0.7:8080", "127.0.0.1", 8080, false},
        {"localhost:", "127.0.0.1", 8080, false},
        {"localhost:8080x", "127.0.0.1", 8080, false},
        {"[::1", "127.0.0.1", 8080, false},
        {"[::1]x:8080", "127.0.0.1", 8080, false},
        {"", "127.0.0.1", 8080, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (host_allowed(cases[i].host, cases[i].bind, cases[i].port) != cases[i].allowed)
            fail_msg("Host '%s' (bound to %s:%d): wanted %s",
                     cases[i].host ? cases[i].host : "(none)", cases[i].bind,
                     cases[i].port, cases[i].allowed ? "allowed" : "refused");
}

static int setup(void **unused) {
    char folder[256];
    test_scratch_folder("api", folder, sizeof folder);
    api = api_create(folder, 2);
    return api ? 0 : -1;
}

static int teardown(void **unused) {
    api_free(api);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(routes),
        cmocka_unit_test(errors_name_the_field),
        cmocka_unit_test(every_game_state),
        cmocka_unit_test(joint_moves),
        cmocka_unit_test(hidden_ranks),
        cmocka_unit_test(search_answers),
        cmocka_unit_test(query_without_database),
        cmocka_unit_test(host_header),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
