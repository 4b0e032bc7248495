/* Fuzz target: the request handler of `kibitz serve` (server/api.h), the
 * code that reads what arrives over the network. Input: one byte choosing
 * the method and path (the four routes, a wrong method, an unknown path),
 * then the request body. Whatever arrives, the answer is a known status with
 * a JSON object body: a document with "kind" (or a game's "id") for 200,
 * {"error": "..."} for any other status. Searches are capped to
 * milliseconds so inputs stay fast. The game endpoints that name a game
 * (/api/match/view, move, undo, resign, record) get a new game's id and
 * token put into a body that is a JSON object, so that the fuzzer reaches
 * past the token check; games are kept in memory only. */
#include "server/api.h"
#include "tests/fuzz/fuzz_support.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static struct api *api;

/* `body` (a JSON object) with "id" and "token" of a new game (a person
 * against random: Kulibrat, Kotra or Kodrek by `kind`), or NULL. */
static char *name_a_game(int kind, const char *body, size_t size) {
    json_t *doc = json_loadb(body, size, 0, NULL);
    if (!json_is_object(doc)) {
        json_decref(doc);
        return NULL;
    }
    static const char *const news[] = {
        "{\"game\":\"kulibrat\",\"seats\":[\"person\",\"random\"]}",
        "{\"game\":\"kotra\",\"seats\":[\"person\",\"random\"]}",
        "{\"game\":\"kodrek\",\"seats\":[\"person\",\"random\",\"random\"]}",
    };
    const char *make = news[kind % 3];
    struct api_response res;
    api_handle(api, "POST", "/api/match/new", make, strlen(make), &res);
    json_t *made = res.status == 200 ? json_loadb(res.body, res.length, 0, NULL) : NULL;
    free(res.body);
    char *text = NULL;
    if (made) {
        json_object_set(doc, "id", json_object_get(made, "id"));
        json_object_set(doc, "token", json_array_get(json_object_get(made, "tokens"), 0));
        text = json_dumps(doc, JSON_COMPACT);
    }
    json_decref(made);
    json_decref(doc);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const struct {
        const char *method, *path;
    } routes[] = {
        {"POST", "/api/state"},        {"POST", "/api/search"},
        {"POST", "/api/query"},        {"GET", "/api/games"},
        {"GET", "/api/state"},         {"POST", "/api/nothing"},
        {"POST", "/api/match/new"},    {"POST", "/api/match/load"},
        {"POST", "/api/match/view"},   {"POST", "/api/match/move"},
        {"POST", "/api/match/undo"},   {"POST", "/api/match/resign"},
        {"POST", "/api/match/record"},
    };
    enum { FIRST_NAMING_A_GAME = 8 };
    if (size < 1) return 0;
    if (!api) {
        api = api_create(fuzz_scratch_folder(), 1);
        if (!api) fuzz_fail("api_create failed");
        api_limit_searches(api, 0.005, 200);
        char err[256];
        if (api_open_games(api, ":memory:", err, sizeof err)) fuzz_fail("%s", err);
    }
    int route = data[0] % (int)(sizeof routes / sizeof routes[0]);
    struct api_response res;
    char *named = route >= FIRST_NAMING_A_GAME
                      ? name_a_game(data[0] / 16, (const char *)data + 1, size - 1)
                      : NULL;
    if (named)
        api_handle(api, routes[route].method, routes[route].path, named, strlen(named),
                   &res);
    else
        api_handle(api, routes[route].method, routes[route].path, (const char *)data + 1,
                   size - 1, &res);
    free(named);
    static const int known[] = {200, 400, 404, 405, 409, 413, 503};
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        ok |= res.status == known[i];
    if (!ok)
        fuzz_fail("%s %s: status %d", routes[route].method, routes[route].path,
                  res.status);
    json_error_t err;
    json_t *doc = json_loadb(res.body, res.length, 0, &err);
    if (!json_is_object(doc))
        fuzz_fail("%s: the answer is not a JSON object (%s)", routes[route].path,
                  err.text);
    const char *key = res.status != 200              ? "error"
                      : json_object_get(doc, "kind") ? "kind"
                                                     : "id";
    if (!json_is_string(json_object_get(doc, key)))
        fuzz_fail("%s: status %d without \"%s\"", routes[route].path, res.status, key);
    json_decref(doc);
    free(res.body);
    return 0;
}
