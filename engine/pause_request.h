/*
 * pause_request.h - a request that a long build stop at its next safe
 * point, keeping what it did.
 *
 * Killing a build (SIGINT, SIGTERM) loses the work since its last saved
 * state; a Kerx endgame pair saves a checkpoint only every 15 minutes and
 * runs for hours. A pause asks instead: once pause_request_install has run
 * (the command line does it before a build), SIGUSR1 sets the request, and
 * a builder that can save its state polls pause_requested at its safe
 * points (a Kerx pair at each level, kerx_egdb_pair.c), saves there and
 * returns an error saying it paused. Running the same command again goes
 * on from the saved state. Builders that cannot save ignore the request.
 *
 * Thread-safe and async-signal-safe: one atomic flag.
 */
#ifndef KIBITZ_PAUSE_REQUEST_H
#define KIBITZ_PAUSE_REQUEST_H

#include <stdbool.h>

/* Ask for a pause (what the SIGUSR1 handler calls; tests call it too). */
void pause_request_set(void);

/* Withdraw the request (tests; a new build in the same process). */
void pause_request_clear(void);

/* True once a pause has been asked for and not withdrawn. */
bool pause_requested(void);

/* Install the SIGUSR1 handler (once; later calls do nothing). */
void pause_request_install(void);

#endif
