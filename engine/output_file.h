/*
 * output_file.h - the one way kibitz writes a file it makes (databases, game
 * records, benchmark documents, tier and pair files): check the destination
 * before any work, then write it atomically.
 *
 * The rules (so that no command loses data or replaces what it must not):
 * - A destination is refused when it is empty, when its folder does not
 *   exist or cannot be written, or when something other than a regular file
 *   is there (a folder, a device such as /dev/full, a FIFO, a socket): only
 *   regular files are ever replaced. Commands call output_file_check on
 *   every output path before they start their work.
 * - Writing goes to "<path>.tmp.<pid>" (created exclusively, registered
 *   with engine/temp_files.h so that SIGINT/SIGTERM remove it), is flushed
 *   to disk, and is renamed over `path` only when complete, after checking
 *   again that `path` is still absent or a regular file. A file at `path` is
 *   thus never half-written.
 * - Temporary files "<path>.tmp.<pid>" left by processes that died (kill -9,
 *   a crash, a power cut) are removed by output_file_remove_stale, which the
 *   writers of large files call when they start on `path`. A process is
 *   taken as dead when kill(pid, 0) says no such process: run the writers of
 *   one file on one machine (MPI ranks share folders, but only one rank
 *   writes each file).
 *
 * Thread-safe for distinct paths.
 */
#ifndef KIBITZ_OUTPUT_FILE_H
#define KIBITZ_OUTPUT_FILE_H

#include <stddef.h>
#include <stdio.h>

enum { OUTPUT_PATH_BYTES = 4096 };

/* 0 when `path` may be written (see above), or -1 with a message naming the
 * path and the problem in err[n]. */
int output_file_check(const char *path, char *err, size_t n);

/* A file being written: `file` is open for writing (binary) on `temp`. */
struct output_file {
    FILE *file;
    int temp_slot; /* engine/temp_files.h */
    char path[OUTPUT_PATH_BYTES];
    char temp[OUTPUT_PATH_BYTES + 32];
};

/* Check `path` and open its temporary file. 0, or -1 with err[n] (nothing
 * is left open then). */
int output_file_begin(struct output_file *f, const char *path, char *err, size_t n);
/* Flush to disk, close and rename into place. 0, or -1 with err[n]; on
 * failure the temporary file is removed. Either way `f` is finished. */
int output_file_commit(struct output_file *f, char *err, size_t n);
/* Give up: close and remove the temporary file. Safe on a finished `f`. */
void output_file_abort(struct output_file *f);

/* Write `bytes` of `data` to `path` atomically (begin, write, commit). */
int output_file_write(const char *path, const void *data, size_t bytes, char *err,
                      size_t n);

/* Remove the "<path>.tmp.<pid>" files of processes that no longer exist;
 * returns how many were removed. */
int output_file_remove_stale(const char *path);

#endif
