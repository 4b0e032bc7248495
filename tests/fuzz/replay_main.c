/* Replays fuzz inputs without libFuzzer: every file named on the command line
 * (folders: every file in them) is passed once to the target's
 * LLVMFuzzerTestOneInput. Linked with each target for the ordinary test
 * suite, so committed seeds and regression inputs run under ASan/UBSan in
 * `make sanitize` and CI. Exit 0 when every input ran (a failed property
 * aborts). */
#include "tests/fuzz/fuzz_support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 1 << 16, size = 0, got;
    uint8_t *data = malloc(cap);
    while (data && (got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) data = realloc(data, cap *= 2);
    }
    fclose(f);
    if (!data) return -1;
    /* An exact-size copy, so that reads past the input are caught. */
    uint8_t *exact = malloc(size ? size : 1);
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay(const char *path, int *count) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: no such file or folder %s\n", path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        ++*count;
        return replay_file(path);
    }
    DIR *dir = opendir(path);
    if (!dir) return -1;
    char *names[4096];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && n < 4096)
        if (e->d_name[0] != '.') names[n++] = strdup(e->d_name);
    closedir(dir);
    qsort(names, (size_t)n, sizeof *names, by_name);
    int status = 0;
    for (int i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, names[i]);
        if (replay(full, count) != 0) status = -1;
        free(names[i]);
    }
    return status;
}

int main(int argc, char **argv) {
    int count = 0, status = 0;
    for (int i = 1; i < argc; i++)
        if (replay(argv[i], &count) != 0) status = 1;
    printf("replayed %d inputs\n", count);
    return status;
}
