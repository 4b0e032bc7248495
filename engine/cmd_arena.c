#include "engine/cli.h"
int cmd_arena(int argc, char **argv) {
    return cli_fail("not yet");
}
