/* The per-user data folder and the folders searched for databases
 * (engine/data_folder.h). */
#include "engine/data_folder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *set(const char *name) {
    const char *value = getenv(name);
    return value && *value ? value : NULL;
}

void data_folder_user(char *buf, size_t n) {
    const char *kibitz = set("KIBITZ_DATA"), *xdg = set("XDG_DATA_HOME"),
               *home = set("HOME");
    if (kibitz)
        snprintf(buf, n, "%s", kibitz);
    else if (xdg && xdg[0] == '/') /* the XDG rule: relative values are ignored */
        snprintf(buf, n, "%s/kibitz", xdg);
    else if (home)
        snprintf(buf, n, "%s/.local/share/kibitz", home);
    else
        snprintf(buf, n, "data");
}

int data_folder_candidates(char folders[DATA_FOLDER_MAX][4096], size_t n) {
    data_folder_user(folders[0], n);
    /* $KIBITZ_DATA names the one folder, as --db does; ./data is read for
     * compatibility with databases made before the user folder existed. */
    if (set("KIBITZ_DATA") || strcmp(folders[0], "data") == 0) return 1;
    snprintf(folders[1], n, "data");
    return 2;
}

void data_folder_find(const char *entry, char *buf, size_t n) {
    char folders[DATA_FOLDER_MAX][4096];
    int count = data_folder_candidates(folders, sizeof folders[0]);
    for (int i = 0; i < count; i++) {
        char path[4096 + 512];
        struct stat st;
        snprintf(path, sizeof path, "%.4095s/%.500s", folders[i], entry);
        if (stat(path, &st) == 0) {
            snprintf(buf, n, "%s", folders[i]);
            return;
        }
    }
    snprintf(buf, n, "%s", folders[0]);
}
