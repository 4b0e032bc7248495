/* Fuzz target: the match (play/match.h). Input: one byte choosing the game,
 * eight bytes of seed, then one operation per two bytes: apply (a seat and
 * a move picked among that seat's legal moves, or a made-up move), undo,
 * redo or resign. Nothing may crash; refusals must leave the match as it was;
 * the record must replay into an equal match; and every seat's log has one
 * line per step. */
#include "engine/variant.h"
#include "play/match.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdlib.h>
#include <string.h>

/* What an operation may change. */
struct snapshot {
    int ply;
    bool over;
    unsigned chosen;
    _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
};

static struct snapshot snap(const struct match *m) {
    struct snapshot s = {
        .ply = match_ply(m), .over = match_over(m), .chosen = match_chosen(m)};
    memcpy(s.state, match_state(m), match_game(m)->state_size);
    return s;
}

static bool same(const struct snapshot *a, const struct snapshot *b, size_t bytes) {
    return a->ply == b->ply && a->over == b->over && a->chosen == b->chosen &&
           memcmp(a->state, b->state, bytes) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 9) return 0;
    const struct game *g = fuzz_game(data[0]);
    uint64_t seed;
    memcpy(&seed, data + 1, sizeof seed);
    struct variant v;
    variant_init(g, &v);
    struct match *m = match_new(g, &v, NULL, seed);
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    if (!m || !moves) abort();
    for (size_t i = 9; i + 1 < size; i += 2) {
        int op = data[i] & 7, seat = (data[i] >> 3) % GAME_MAX_PLAYERS;
        struct snapshot before = snap(m);
        int r;
        if (op < 5) {
            int n = match_moves(m, seat, moves);
            move_t mv =
                n > 0 && op < 4 ? moves[data[i + 1] % n] : (move_t)data[i + 1] << 8;
            r = match_apply(m, seat, mv);
            if (r != MATCH_OK && n > 0 && op < 4)
                fuzz_fail("%s: a listed move was refused (%d)", g->name, r);
        } else if (op == 5) {
            r = match_undo(m);
        } else if (op == 6) {
            r = match_redo(m);
        } else {
            r = data[i + 1] < 16 ? match_resign(m, seat) : MATCH_OK;
        }
        struct snapshot after = snap(m);
        if (r != MATCH_OK && !same(&before, &after, g->state_size))
            fuzz_fail("%s: a refused operation (%d) changed the match", g->name, r);
        /* The record of the steps played replays to the same position. */
        struct game_record rec = match_record(m);
        char err[GAME_ERROR_BYTES];
        struct match *copy = match_from_record(&rec, err);
        if (!copy) fuzz_fail("%s: its own record does not replay: %s", g->name, err);
        if (match_ply(copy) != match_ply(m) ||
            memcmp(match_state(copy), match_state(m), g->state_size) != 0 ||
            match_over(copy) != match_over(m))
            fuzz_fail("%s: the record replays to another game", g->name);
        match_free(copy);
        for (int s = MATCH_ALL_SEATS; s < match_players(m); s++)
            for (int k = 0; k < match_ply(m); k++)
                if (!match_line(m, s, k)[0])
                    fuzz_fail("%s: step %d has no line", g->name, k);
    }
    free(moves);
    match_free(m);
    return 0;
}
