/* Kotra moves as a person types them (the game's parse_line): several moves
 * on one line, a move typed whole where the engine splits it in two
 * (`d3-d5` for the pick `d3` and the move `d3-d5`, `f1>b2` for `reloc` and
 * `f1>b2`), and setup presets (`setup defensive`) for the 24 setup
 * decisions. See RULES.md, "Typing moves". */
#include "games/kotra/kotra.h"

#include "engine/rng.h"

#include <stdio.h>
#include <string.h>

/* Parse one typed word at `now` into one or two moves (the pick first). */
static int parse_word(const struct variant *v, const struct kotra_state *now,
                      const char *word, move_t out[2], char *err) {
    if (kotra_parse_move(v, now, word, &out[0], err) == 0) return 1;
    if (now->phase != PHASE_PICK) return -1;
    char first[8], why[GAME_ERROR_BYTES];
    size_t len = strcspn(word, "-x>");
    if (len == 0 || len >= sizeof first || word[len] == '\0') return -1;
    memcpy(first, word, len);
    first[len] = '\0';
    const char *pick = word[len] == '>' ? "reloc" : first;
    if (kotra_parse_move(v, now, pick, &out[0], why) != 0) return -1;
    struct kotra_state after = *now;
    kotra_game.apply(v, &after, out[0]);
    if (kotra_parse_move(v, &after, word, &out[1], err) != 0) return -1;
    return 2;
}

int kotra_parse_line(const struct variant *v, const void *state, const char *line,
                     uint64_t seed, move_t *out, int max, char *err) {
    struct kotra_state now = *(const struct kotra_state *)state;
    const int me = kotra_game.turn(v, &now);
    if (me < 0) {
        snprintf(err, GAME_ERROR_BYTES, "no player is to move here");
        return -1;
    }
    char text[256];
    if (strlen(line) >= sizeof text) {
        snprintf(err, GAME_ERROR_BYTES, "line too long (at most %zu characters)",
                 sizeof text - 1);
        return -1;
    }
    strcpy(text, line);
    struct rng rng;
    rng_seed(&rng, seed);
    int n = 0;
    char *rest = text, *word;
    while ((word = strtok_r(rest, " \t", &rest)) != NULL) {
        if (kotra_game.turn(v, &now) != me) {
            snprintf(err, GAME_ERROR_BYTES, "'%.30s': your turn is over before it", word);
            return -1;
        }
        move_t got[KOTRA_TERRITORY];
        int k;
        if (strcmp(word, "setup") == 0) {
            char *name = strtok_r(rest, " \t", &rest);
            int style = name ? kotra_setup_style_find(name) : -1;
            if (style < 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "setup takes sensible, defensive, offensive or random, not "
                         "'%.30s'",
                         name ? name : "");
                return -1;
            }
            if (now.phase != PHASE_SETUP) {
                snprintf(err, GAME_ERROR_BYTES, "setup %s: the setup is over", name);
                return -1;
            }
            k = kotra_setup_preset(v, &now, style, rng_next_ctx, &rng, got);
        } else {
            char why[GAME_ERROR_BYTES];
            k = parse_word(v, &now, word, got, why);
            if (k < 0) {
                snprintf(err, GAME_ERROR_BYTES, "%s", why);
                return -1;
            }
        }
        if (n + k > max) {
            snprintf(err, GAME_ERROR_BYTES, "too many moves on one line (at most %d)",
                     max);
            return -1;
        }
        for (int i = 0; i < k; i++) {
            kotra_game.apply(v, &now, got[i]);
            out[n++] = got[i];
        }
    }
    if (n == 0) snprintf(err, GAME_ERROR_BYTES, "no move typed");
    return n > 0 ? n : -1;
}
