/* Fuzz target: every game's variant parser. Input: one byte choosing the
 * game, then a `key=value,...` spec. An accepted variant prints (in its
 * canonical spelling) to a spec that parses to the same bytes and prints the
 * same again; its start position passes the position properties. */
#include "engine/variant.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const struct game *g = fuzz_game(data[0]);
    char *text = fuzz_text(data + 1, size - 1), err[GAME_ERROR_BYTES] = "";
    struct variant v;
    variant_init(g, &v);
    if (variant_parse(g, &v, text, err) == 0 && variant_finish(g, &v, err) == 0) {
        char printed[512], again_text[512];
        variant_format(g, &v, printed, sizeof printed);
        struct variant again;
        variant_init(g, &again);
        if (variant_parse(g, &again, printed, err) != 0)
            fuzz_fail("%s: printed variant '%s' refused: %s", g->name, printed, err);
        if (memcmp(&again, &v, sizeof v) != 0)
            fuzz_fail("%s: variant '%s' parses to other bytes", g->name, printed);
        variant_format(g, &again, again_text, sizeof again_text);
        if (strcmp(printed, again_text) != 0)
            fuzz_fail("%s: variant '%s' prints back as '%s'", g->name, printed,
                      again_text);
        _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
        g->start(&v, state);
        fuzz_check_position(g, &v, state);
    } else if (err[0] == '\0') {
        fuzz_fail("%s: variant '%s' refused without a message", g->name, text);
    }
    free(text);
    return 0;
}
