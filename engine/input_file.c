/* Non-blocking, regular-files-only opening of inputs (see input_file.h). */
#include "engine/input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *input_file_open(const char *what, const char *path, char *err, size_t n) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, n, "cannot read %s %.100s: %s", what, path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const char *kind = S_ISDIR(st.st_mode)    ? "a folder"
                           : S_ISFIFO(st.st_mode) ? "a FIFO"
                                                  : "not a regular file";
        snprintf(err, n, "cannot read %s %.100s: it is %s", what, path, kind);
        close(fd);
        return NULL;
    }
    /* Regular files never block; reads go back to the usual mode. */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "r");
    if (!f) {
        snprintf(err, n, "cannot read %s %.100s: %s", what, path, strerror(errno));
        close(fd);
    }
    return f;
}
