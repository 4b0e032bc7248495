/* A program outside kibitz that uses the installed library the way any
 * client would: include <kibitz.h>, link with pkg-config's flags. It plays
 * through the public API only and prints what tests/cli_libkibitz.sh then
 * compares with the kibitz program. Usage: lib_client GAME DEPTH */
#include <kibitz.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load("nosuch", NULL, &g, err, sizeof err) != KZ_EINVAL) return 1;
    printf("error: %s\n", err);
    if (kz_game_load(argv[1], NULL, &g, err, sizeof err)) {
        printf("error: %s\n", err);
        return 1;
    }
    kz_state *s = kz_state_new(g);
    char text[KZ_TEXT_BYTES];
    kz_state_format(s, text, sizeof text);
    printf("start: %s\n", text);
    printf("perft: %llu\n", (unsigned long long)kz_perft(s, atoi(argv[2]), 1));
    /* Walk the first legal action each time for a few plies; say who acts. */
    kz_action actions[4096];
    for (int ply = 0; ply < 6 && kz_state_turn(s) != KZ_TURN_OVER; ply++) {
        int n = kz_state_actions(s, actions, 4096);
        if (n == 0 && kz_state_turn(s) == KZ_TURN_SIMULTANEOUS) break;
        kz_state_action_text(s, actions[0], text, sizeof text);
        printf("turn %d plays %s\n", kz_state_turn(s), text);
        if (kz_state_apply(s, actions[0], err, sizeof err)) return 1;
    }
    if (kz_state_apply(s, (kz_action)0x7777777, err, sizeof err) != KZ_EINVAL) return 1;
    printf("error: %s\n", err);
    /* A state's identity: a clone is equal and hashes alike; a move later
     * it is not equal; every action's dense index goes back to it. */
    kz_state *copy = kz_state_clone(s);
    int same = kz_state_equal(s, copy) && kz_state_hash(s) == kz_state_hash(copy);
    int n = kz_state_actions(s, actions, 4096), indexed = n > 0;
    for (int i = 0; i < n; i++) {
        kz_action back;
        indexed &= kz_state_action_index(s, actions[i]) == i &&
                   kz_state_action_at(s, i, &back) == KZ_OK && back == actions[i];
    }
    indexed &= kz_state_action_at(s, n, actions) == KZ_EINVAL;
    if (n > 0 && kz_state_turn(s) >= 0) {
        kz_state_apply(copy, actions[0], err, sizeof err);
        same &= !kz_state_equal(s, copy);
    }
    printf("identity: %s, index: %s\n", same ? "ok" : "BAD", indexed ? "ok" : "BAD");
    kz_state_free(copy);
    /* Every entry point takes NULL without crashing: an error code or an
     * empty answer. */
    kz_game *none = NULL; /* not g: a failed load sets its *out to NULL */
    int null_ok = kz_game_load(NULL, NULL, &none, err, sizeof err) == KZ_EINVAL &&
                  kz_game_load("kulibrat", NULL, NULL, err, sizeof err) == KZ_EINVAL &&
                  kz_state_new(NULL) == NULL && kz_state_turn(NULL) == KZ_TURN_OVER &&
                  kz_state_actions(NULL, actions, 4) == 0 &&
                  kz_state_apply(NULL, 0, err, sizeof err) == KZ_EINVAL &&
                  kz_state_format(NULL, text, sizeof text) == 0 && text[0] == '\0' &&
                  kz_state_hash(NULL) == 0 && kz_perft(NULL, 2, 1) == 0 &&
                  kz_search_with(NULL, NULL, NULL, NULL, 0, NULL, err, sizeof err) ==
                      KZ_EINVAL &&
                  kz_game_players(NULL) == 0 && kz_game_name(NULL) == NULL;
    printf("null handles: %s\n", null_ok ? "ok" : "BAD");
    printf("version: %s %s\n", KZ_VERSION_STRING, kz_version());
    kz_state_free(s);
    kz_game_free(g);
    return 0;
}
