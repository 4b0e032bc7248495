/*
 * games_internal.h - one game kept by the server (server/games.h), shared by
 * the registry and its steps (server/games.c) and its views
 * (server/games_view.c). The rules of play are the match's (kz_match of
 * include/kibitz.h): the server only adds seats, tokens, engines and
 * storage around it.
 */
#ifndef KIBITZ_SERVER_GAMES_INTERNAL_H
#define KIBITZ_SERVER_GAMES_INTERNAL_H

#include "server/games.h"
#include "server/games_store.h"

struct live_game {
    char id[GAMES_ID_HEX + 1];
    pthread_mutex_t lock; /* guards everything below */
    kz_match *match;      /* the game: state, record, chance, the end, views */
    int players;
    char who[KZ_MAX_PLAYERS][GAMES_SPEC_MAX + 1];    /* "person" or a spec */
    char token[KZ_MAX_PLAYERS][GAMES_TOKEN_HEX + 1]; /* "" for an engine */
    kz_agent *agent[KZ_MAX_PLAYERS];                 /* engine seats */
    bool thinking;                                   /* an engine searches */
    /* A person's secret pick at the simultaneous node now (shown to that
     * person alone while the match keeps it). */
    char pick[KZ_MAX_PLAYERS][GAMES_SPEC_MAX + 1];
    long version; /* +1 at every change */
    /* Each seat's view as sent, for `view_version`. */
    char *view[KZ_MAX_PLAYERS];
    size_t view_length[KZ_MAX_PLAYERS];
    long view_version[KZ_MAX_PLAYERS];
};

#endif
