#include "engine/cli.h"
int cmd_bench(int argc, char **argv) {
    return cli_fail("not yet");
}
