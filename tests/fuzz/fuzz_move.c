/* Fuzz target: every game's move parser. Input: one byte choosing the game,
 * one byte n, n bytes choosing moves played from the start (each byte picks
 * among the legal moves), then the move text. An accepted move must be one
 * of the position's listed moves and print back to a text that parses to
 * the same move. */
#include "engine/variant.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    const struct game *g = fuzz_game(data[0]);
    size_t plies = data[1];
    if (plies > size - 2) plies = size - 2;
    struct variant v;
    variant_init(g, &v);
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    g->start(&v, state);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    if (!moves) abort();
    for (size_t i = 0; i < plies && g->turn(&v, state) != TURN_OVER; i++) {
        int count = g->moves(&v, state, moves);
        if (count <= 0) break; /* simultaneous node without listed joint moves */
        g->apply(&v, state, moves[data[2 + i] % count]);
    }
    char *text = fuzz_text(data + 2 + plies, size - 2 - plies);
    char err[GAME_ERROR_BYTES] = "", printed[256];
    move_t move;
    if (g->parse_move(&v, state, text, &move, err) == 0) {
        int count = g->moves(&v, state, moves), found = 0;
        for (int i = 0; i < count && !found; i++) found = moves[i] == move;
        if (!found) fuzz_fail("%s: move '%s' accepted but not listed", g->name, text);
        g->format_move(&v, state, move, printed, sizeof printed);
        move_t again;
        if (g->parse_move(&v, state, printed, &again, err) != 0 || again != move)
            fuzz_fail("%s: move '%s' prints as '%s', which does not parse back", g->name,
                      text, printed);
    } else if (err[0] == '\0') {
        fuzz_fail("%s: move '%s' refused without a message", g->name, text);
    }
    free(text);
    free(moves);
    return 0;
}
