/*
 * kz_agent.h - the layout of libkibitz's kz_agent (search/agent.h inside),
 * shared by lib/kz_agent.c and the matches of lib/kz_match.c. Internal to
 * lib/ (not installed).
 */
#ifndef KIBITZ_KZ_AGENT_H
#define KIBITZ_KZ_AGENT_H

#include "lib/kz_internal.h"
#include "search/agent.h"

struct kz_agent {
    const kz_game *game;
    struct agent a;
};

#endif
