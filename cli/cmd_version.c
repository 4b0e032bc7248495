/* kibitz --version: what was built, from which commit, with what. The values
 * come from CMake (CMakeLists.txt, cmake/git_commit.cmake). */
#include "cli/cli.h"
#include "git_commit.h"

#include <stdio.h>

#ifdef _OPENMP
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#define KIBITZ_OPENMP STRINGIFY(_OPENMP)
#else
#define KIBITZ_OPENMP NULL
#endif

static const struct cli_spec version_spec = {
    .usage = "kibitz --version [--json]",
    .help = "Prints the version, the git commit built, the build type, the\n"
            "compiler and the OpenMP version (the _OPENMP date).",
    .allowed = OPT_JSON,
};

int cmd_version(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&version_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    const char *openmp = KIBITZ_OPENMP;
    if (o.json)
        return kz_cli_version_json(KIBITZ_VERSION, KIBITZ_GIT_COMMIT, KIBITZ_BUILD_TYPE,
                                   KIBITZ_COMPILER, openmp, stdout)
                   ? EXIT_RUNTIME_FAILURE
                   : EXIT_OK;
    printf("kibitz %s (commit %s, %s build, %s, OpenMP %s)\n", KIBITZ_VERSION,
           KIBITZ_GIT_COMMIT, KIBITZ_BUILD_TYPE, KIBITZ_COMPILER,
           openmp ? openmp : "none");
    return EXIT_OK;
}
