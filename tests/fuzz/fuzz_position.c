/* Fuzz target: every game's position parser. Input: one byte choosing the
 * game, then optionally a variant spec and a newline, then the position text.
 * An accepted position must print and parse back to the same bytes, have a
 * move unless over, and list moves that print and parse back to themselves
 * (fuzz_check_position). */
#include "engine/variant.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const struct game *g = fuzz_game(data[0]);
    char *text = fuzz_text(data + 1, size - 1), err[GAME_ERROR_BYTES];
    struct variant v;
    variant_init(g, &v);
    char *position = text, *newline = strchr(text, '\n');
    if (newline) {
        *newline = '\0';
        position = newline + 1;
        struct variant chosen;
        variant_init(g, &chosen);
        if (variant_parse(g, &chosen, text, err) == 0 &&
            variant_finish(g, &chosen, err) == 0)
            v = chosen;
    }
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    err[0] = '\0';
    if (g->parse_position(&v, position, state, err) == 0)
        fuzz_check_position(g, &v, state);
    else if (err[0] == '\0')
        fuzz_fail("%s: position refused without a message", g->name);
    free(text);
    return 0;
}
