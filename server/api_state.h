/*
 * api_state.h - /api/games and /api/state (server/api_state.c).
 */
#ifndef KIBITZ_SERVER_API_STATE_H
#define KIBITZ_SERVER_API_STATE_H

#include "server/api_common.h"

void api_games(struct api *api, struct api_response *out);
void api_state(struct api *api, const char *body, size_t length,
               struct api_response *out);

/* The cells each legal move of `s` touches, in the order of its moves
 * (kz_state_actions), each in click order. */
json_t *api_move_cells(const kz_state *s);

#endif
