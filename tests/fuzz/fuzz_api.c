/* Fuzz target: the request handler of `kibitz serve` (server/api.h), the
 * code that reads what arrives over the network. Input: one byte choosing
 * the method and path (the four routes, a wrong method, an unknown path),
 * then the request body. Whatever arrives, the answer is a known status with
 * a JSON object body: a document with "kind" for 200, {"error": "..."} for
 * any other status. Searches are capped to milliseconds so inputs stay fast. */
#include "server/api.h"
#include "tests/fuzz/fuzz_support.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static struct api *api;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const struct {
        const char *method, *path;
    } routes[] = {
        {"POST", "/api/state"}, {"POST", "/api/search"}, {"POST", "/api/query"},
        {"GET", "/api/games"},  {"GET", "/api/state"},   {"POST", "/api/nothing"},
    };
    if (size < 1) return 0;
    if (!api) {
        api = api_create(fuzz_scratch_folder(), 1);
        if (!api) fuzz_fail("api_create failed");
        api_limit_searches(api, 0.005, 200);
    }
    int route = data[0] % (int)(sizeof routes / sizeof routes[0]);
    struct api_response res;
    api_handle(api, routes[route].method, routes[route].path, (const char *)data + 1,
               size - 1, &res);
    static const int known[] = {200, 400, 404, 405, 413, 503};
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
    const char *key = res.status == 200 ? "kind" : "error";
    if (!json_is_string(json_object_get(doc, key)))
        fuzz_fail("%s: status %d without \"%s\"", routes[route].path, res.status, key);
    json_decref(doc);
    free(res.body);
    return 0;
}
