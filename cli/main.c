/* kibitz: play, analyse and solve small abstract games. See README.md. */
#include "cli/cli.h"

int main(int argc, char **argv) {
    return cli_main(argc, argv);
}
