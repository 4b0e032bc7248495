/* Parser robustness for every available game in the registry: mutated and
 * random position and move texts are either refused with a message or read
 * into a position that prints and reads back to the same bytes. Run under
 * the sanitizer build (make sanitize) this is a small built-in fuzzer. */
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "support.h"

#include <string.h>

enum { MUTATIONS = 20000 };

static const char alphabet[] =
    " ./-+:x0123456789abcdefghijklmnopqrstuvwxyzABRW#@,;=()[]\t";

/* One random edit: replace, insert, delete a character, or cut the text. */
static void mutate(char *text, size_t cap, struct rng *rng) {
    size_t len = strlen(text);
    size_t at = len ? rng_below(rng, (uint32_t)len) : 0;
    char c = alphabet[rng_below(rng, sizeof alphabet - 1)];
    switch (rng_below(rng, 4)) {
    case 0:
        if (len) text[at] = c;
        break;
    case 1:
        if (len + 1 < cap) {
            memmove(text + at + 1, text + at, len - at + 1);
            text[at] = c;
        }
        break;
    case 2:
        if (len) memmove(text + at, text + at + 1, len - at);
        break;
    default: text[at] = '\0'; break;
    }
}

static void check_game(const struct game *g, struct rng *rng) {
    struct variant v;
    variant_init(g, &v);
    unsigned char start[GAME_MAX_STATE_BYTES], state[GAME_MAX_STATE_BYTES],
        again[GAME_MAX_STATE_BYTES];
    char original[1024], text[1024], printed[1024], err[GAME_ERROR_BYTES];
    g->start(&v, start);
    g->format_position(&v, start, original, sizeof original);
    int accepted = 0;
    for (int i = 0; i < MUTATIONS; i++) {
        strcpy(text, original);
        int edits = 1 + (int)rng_below(rng, 4);
        for (int k = 0; k < edits; k++) mutate(text, sizeof text, rng);
        err[0] = '\0';
        if (g->parse_position(&v, text, state, err) != 0) {
            if (err[0] == '\0')
                fail_msg("%s: '%s' refused without a message", g->name, text);
            continue;
        }
        accepted++;
        g->format_position(&v, state, printed, sizeof printed);
        if (g->parse_position(&v, printed, again, err) != 0)
            fail_msg("%s: accepted '%s' prints as '%s', which is refused: %s", g->name,
                     text, printed, err);
        if (memcmp(state, again, g->state_size) != 0)
            fail_msg("%s: '%s' does not read back to the same state", g->name, printed);
        /* Moves of an accepted position must be listable and printable. */
        if (g->turn(&v, state) >= 0) {
            move_t moves[g->max_moves];
            int count = g->moves(&v, state, moves);
            assert_true(count >= 0 && count <= g->max_moves);
        }
    }
    assert_true(accepted > 0); /* some single edits keep a valid position */
    /* Random move texts from the start position: refused with a message or
     * parsed into a legal move. */
    for (int i = 0; i < MUTATIONS; i++) {
        size_t len = rng_below(rng, 12);
        for (size_t k = 0; k < len; k++)
            text[k] = alphabet[rng_below(rng, sizeof alphabet - 1)];
        text[len] = '\0';
        move_t m;
        err[0] = '\0';
        if (g->parse_move(&v, start, text, &m, err) != 0 && err[0] == '\0')
            fail_msg("%s: move '%s' refused without a message", g->name, text);
    }
}

static void test_every_game(void **unused) {
    struct rng rng;
    rng_seed(&rng, 12345);
    int count, checked = 0;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        check_game(games[i], &rng);
        checked++;
    }
    assert_true(checked >= 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_game)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
