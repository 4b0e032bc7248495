/*
 * games_internal.h - one game kept by the server (server/games.h), shared by
 * the rules of play (server/games.c) and its views (server/games_view.c).
 */
#ifndef KIBITZ_SERVER_GAMES_INTERNAL_H
#define KIBITZ_SERVER_GAMES_INTERNAL_H

#include "server/games.h"
#include "server/games_store.h"

struct live_game {
    char id[GAMES_ID_HEX + 1];
    pthread_mutex_t lock; /* guards everything below */
    kz_game *game;        /* the game and variant (owned) */
    kz_state *state;      /* now */
    kz_record *record;    /* every step from the start */
    kz_repetition *seen;  /* the positions so far, for repetition */
    int players;
    uint64_t seed;
    char who[KZ_MAX_PLAYERS][GAMES_SPEC_MAX + 1];    /* "person" or a spec */
    char token[KZ_MAX_PLAYERS][GAMES_TOKEN_HEX + 1]; /* "" for an engine */
    kz_agent *agent[KZ_MAX_PLAYERS];                 /* engine seats */
    bool thinking;                                   /* an engine searches */
    /* A simultaneous node: who has chosen what (never shown to the others). */
    bool picked[KZ_MAX_PLAYERS];
    kz_action pick[KZ_MAX_PLAYERS];
    /* The game ended outside its rules ("repetition", "length", "gold
     * resigned"), and after a resignation every seat's return. */
    char ending[96];
    bool resigned;
    double returns[KZ_MAX_PLAYERS];
    int *actor; /* per step: the seat, -1 chance, -2 a simultaneous node */
    int actor_cap;
    json_t *history[KZ_MAX_PLAYERS]; /* the steps as each seat saw them */
    long version;                    /* +1 at every change */
    /* Each seat's view as sent, for `view_version`. */
    char *view[KZ_MAX_PLAYERS];
    size_t view_length[KZ_MAX_PLAYERS];
    long view_version[KZ_MAX_PLAYERS];
};

/* Is the game over (by its rules or outside them)? Does seat p act now? */
bool games_over(const struct live_game *g);
bool games_acts(const struct live_game *g, int p);
/* Add the step just played from `before` (by `seat`, -1 chance, -2 a
 * simultaneous node with `joint` choices or one joint action) to every
 * seat's history, as that seat saw it. */
void games_history_add(struct live_game *g, const kz_state *before, int seat,
                       kz_action action, const kz_action *joint);
/* Set `returns` from an ending that is a resignation. */
void games_ending_returns(struct live_game *g);

#endif
