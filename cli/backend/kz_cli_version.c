/* The version document of `kibitz --version --json` (cli/backend/kz_cli.h): the
 * command line knows what was built, the library how documents look. */
#include "cli/backend/kz_cli.h"
#include "json/kjson.h"

int kz_cli_version_json(const char *version, const char *commit, const char *build,
                        const char *compiler, const char *openmp, FILE *out) {
    json_t *doc = kjson_document("version");
    json_object_set_new(doc, "version", json_string(version));
    json_object_set_new(doc, "commit", json_string(commit));
    json_object_set_new(doc, "build_type", json_string(build));
    json_object_set_new(doc, "compiler", json_string(compiler));
    json_object_set_new(doc, "openmp", kjson_string_or_null(openmp));
    return kjson_print(doc, out);
}
