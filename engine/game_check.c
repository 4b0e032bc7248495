#include "engine/game_check.h"

#include <stdio.h>
#include <stdlib.h>

int game_check_playable(const struct game *g, const struct variant *v, const void *state,
                        char *err) {
    int turn = g->turn(v, state);
    if (turn == TURN_OVER) return 0;
    move_t *moves = malloc((size_t)(g->max_moves > 0 ? g->max_moves : 1) * sizeof *moves);
    if (!moves) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    int status = 0;
    if (turn == TURN_SIMULTANEOUS && g->acting && g->joint_moves) {
        unsigned acting = g->acting(v, state);
        if (!acting) {
            snprintf(err, GAME_ERROR_BYTES, "nobody acts, yet the game is not over");
            status = -1;
        }
        for (int p = 0; p < GAME_MAX_PLAYERS && status == 0; p++)
            if ((acting & (1u << p)) && g->joint_moves(v, state, p, moves) <= 0) {
                snprintf(err, GAME_ERROR_BYTES,
                         "%s has no move, yet the game is not over",
                         g->player_name(v, p));
                status = -1;
            }
    } else if (g->moves(v, state, moves) <= 0) {
        if (turn >= 0)
            snprintf(err, GAME_ERROR_BYTES, "%s has no move, yet the game is not over",
                     g->player_name(v, turn));
        else
            snprintf(err, GAME_ERROR_BYTES, "no move, yet the game is not over");
        status = -1;
    }
    free(moves);
    return status;
}
