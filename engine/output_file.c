/* Checked, atomic writing of output files (see output_file.h). */
#include "engine/output_file.h"
#include "engine/temp_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder part of `path` ("." when it has none). */
static void folder_of(const char *path, char *buf, size_t n) {
    snprintf(buf, n, "%s", path);
    char *slash = strrchr(buf, '/');
    if (!slash)
        snprintf(buf, n, ".");
    else if (slash == buf)
        buf[1] = '\0';
    else
        *slash = '\0';
}

static const char *kind_of(mode_t mode) {
    return S_ISDIR(mode)    ? "a folder"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

/* Is `path` absent or a regular file? stat follows symbolic links, so a link
 * to a device (/dev/stdout) is refused like the device. */
static int check_target(const char *path, char *err, size_t n) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        snprintf(err, n, "cannot write %.100s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) return 0;
    snprintf(err, n, "cannot write %.100s: it is %s, and only regular files are replaced",
             path, kind_of(st.st_mode));
    return -1;
}

int output_file_check(const char *path, char *err, size_t n) {
    if (!path || !*path) {
        snprintf(err, n, "the output path is empty");
        return -1;
    }
    if (strlen(path) >= OUTPUT_PATH_BYTES) {
        snprintf(err, n, "cannot write %.60s...: the path is too long", path);
        return -1;
    }
    if (check_target(path, err, n) != 0) return -1;
    char folder[OUTPUT_PATH_BYTES];
    folder_of(path, folder, sizeof folder);
    struct stat st;
    if (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, n, "cannot write %.100s: no folder %.100s", path, folder);
        return -1;
    }
    if (access(folder, W_OK | X_OK) != 0) {
        snprintf(err, n, "cannot write %.100s: folder %.100s: %s", path, folder,
                 strerror(errno));
        return -1;
    }
    return 0;
}

int output_file_begin(struct output_file *f, const char *path, char *err, size_t n) {
    memset(f, 0, sizeof *f);
    f->temp_slot = -1;
    if (output_file_check(path, err, n) != 0) return -1;
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->temp, sizeof f->temp, "%s.tmp.%ld", path, (long)getpid());
    /* Exclusive: never write through a link or a file someone else made. A
     * leftover of this same pid (an earlier process) is removed first. */
    unlink(f->temp);
    int fd = open(f->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 || !(f->file = fdopen(fd, "wb"))) {
        snprintf(err, n, "cannot write %.100s: %s", f->temp, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(f->temp);
        }
        f->temp[0] = '\0';
        return -1;
    }
    f->temp_slot = temp_files_add(f->temp);
    return 0;
}

void output_file_abort(struct output_file *f) {
    if (f->file) fclose(f->file);
    f->file = NULL;
    if (f->temp[0]) unlink(f->temp);
    f->temp[0] = '\0';
    temp_files_forget(f->temp_slot);
    f->temp_slot = -1;
}

int output_file_commit(struct output_file *f, char *err, size_t n) {
    if (!f->file) {
        snprintf(err, n, "cannot write %.100s: not open", f->path);
        output_file_abort(f);
        return -1;
    }
    bool ok = fflush(f->file) == 0 && fsync(fileno(f->file)) == 0;
    int saved = errno;
    if (fclose(f->file) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    f->file = NULL;
    if (!ok) {
        snprintf(err, n, "cannot write %.100s: %s", f->temp, strerror(saved));
        output_file_abort(f);
        return -1;
    }
    /* Something may have appeared at the destination while we worked. */
    if (check_target(f->path, err, n) != 0) {
        output_file_abort(f);
        return -1;
    }
    if (rename(f->temp, f->path) != 0) {
        snprintf(err, n, "cannot rename %.60s to %.60s: %s", f->temp, f->path,
                 strerror(errno));
        output_file_abort(f);
        return -1;
    }
    f->temp[0] = '\0';
    temp_files_forget(f->temp_slot);
    f->temp_slot = -1;
    return 0;
}

int output_file_write(const char *path, const void *data, size_t bytes, char *err,
                      size_t n) {
    struct output_file f;
    if (output_file_begin(&f, path, err, n) != 0) return -1;
    if (bytes && fwrite(data, 1, bytes, f.file) != bytes) {
        snprintf(err, n, "cannot write %.100s: %s", f.temp, strerror(errno));
        output_file_abort(&f);
        return -1;
    }
    return output_file_commit(&f, err, n);
}

int output_file_remove_stale(const char *path) {
    char folder[OUTPUT_PATH_BYTES];
    folder_of(path, folder, sizeof folder);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t len = strlen(base);
    DIR *d = opendir(folder);
    if (!d) return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *name = e->d_name;
        if (strncmp(name, base, len) != 0 || strncmp(name + len, ".tmp.", 5) != 0)
            continue;
        const char *digits = name + len + 5;
        char *end;
        errno = 0;
        long pid = strtol(digits, &end, 10);
        if (*digits < '1' || *digits > '9' || *end || errno || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive */
        char full[OUTPUT_PATH_BYTES + 300];
        snprintf(full, sizeof full, "%s/%s", folder, name);
        struct stat st;
        if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) && unlink(full) == 0) removed++;
    }
    closedir(d);
    return removed;
}
