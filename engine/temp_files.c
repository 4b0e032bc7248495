/* Removal of temporary files on SIGINT/SIGTERM (see temp_files.h). */
#include "engine/temp_files.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/* A slot is free (0), being written (1) or holds a path (2). The handler
 * reads only slots in state 2, whose path is complete. */
static _Atomic int slot_state[TEMP_FILES_MAX];
static char slot_path[TEMP_FILES_MAX][TEMP_FILES_PATH_BYTES];

int temp_files_add(const char *path) {
    if (strlen(path) >= TEMP_FILES_PATH_BYTES) return -1;
    for (int i = 0; i < TEMP_FILES_MAX; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&slot_state[i], &expected, 1)) {
            strcpy(slot_path[i], path);
            atomic_store(&slot_state[i], 2);
            return i;
        }
    }
    return -1;
}

void temp_files_forget(int slot) {
    if (slot >= 0 && slot < TEMP_FILES_MAX) atomic_store(&slot_state[slot], 0);
}

void temp_files_remove_all(void) {
    /* Only async-signal-safe calls here: unlink. */
    for (int i = 0; i < TEMP_FILES_MAX; i++)
        if (atomic_load(&slot_state[i]) == 2) unlink(slot_path[i]);
}

static void remove_and_reraise(int sig) {
    /* Only async-signal-safe calls here: unlink, signal, raise. */
    temp_files_remove_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

void temp_files_install(void) {
    static atomic_flag installed = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&installed)) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = remove_and_reraise;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}
