/*
 * kz_probe.h - the layout of libkibitz's kz_probe (databases an engine
 * reads), shared by lib/kz_probe.c and the agents of lib/kz_agent.c that
 * probe them. Internal to lib/ (not installed).
 */
#ifndef KIBITZ_KZ_PROBE_H
#define KIBITZ_KZ_PROBE_H

#include "lib/kz_internal.h"
#include "search/search_probe.h"
#include "search/solver_db.h"

struct kz_probe {
    const kz_game *game;
    struct search_probe sp;   /* kz_probe_open: the game's own or the generic one */
    struct solver_db *solved; /* kz_probe_open_solved */
    search_probe_fn lookup;   /* whichever is open */
    void *ctx;
    char where[4096];
};

#endif
