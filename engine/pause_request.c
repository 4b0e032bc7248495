/* The pause request flag and its SIGUSR1 handler (see pause_request.h). */
#include "engine/pause_request.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

/* Lock-free on every target kibitz builds for, so safe in a handler. */
static atomic_bool requested;

void pause_request_set(void) {
    atomic_store(&requested, true);
}

void pause_request_clear(void) {
    atomic_store(&requested, false);
}

bool pause_requested(void) {
    return atomic_load_explicit(&requested, memory_order_relaxed);
}

static void on_usr1(int sig) {
    (void)sig;
    pause_request_set();
}

void pause_request_install(void) {
    static atomic_flag installed = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&installed)) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* a pause must not break a read or write */
    sigaction(SIGUSR1, &sa, NULL);
}
