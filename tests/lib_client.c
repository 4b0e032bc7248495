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
    kz_state_free(s);
    kz_game_free(g);
    return 0;
}
