/*
 * temp_files.h - temporary files that an interrupt must not leave behind.
 *
 * Writers of large files (solver databases, Kerx endgame tables) write to
 * "<path>.tmp.<pid>" and rename into place when complete. They register the
 * temporary name here while it exists; once temp_files_install has run
 * (the command line does it before a long job), SIGINT and SIGTERM remove
 * every registered file and then end the program by the same signal, so the
 * shell sees the usual status (130 for Ctrl-C, 143 for SIGTERM). Finished
 * files are already renamed, so a later run resumes from them (Kerx) or
 * starts clean (a whole-game solve writes one file at the end).
 *
 * Thread-safe: add and forget may be called from several threads.
 */
#ifndef KIBITZ_TEMP_FILES_H
#define KIBITZ_TEMP_FILES_H

enum { TEMP_FILES_MAX = 64, TEMP_FILES_PATH_BYTES = 4200 };

/* Register `path`; returns a slot for temp_files_forget, or -1 when all
 * slots are taken (the file is then simply not cleaned up). */
int temp_files_add(const char *path);

/* Unregister a slot from temp_files_add (-1 is ignored). */
void temp_files_forget(int slot);

/* Remove every registered file now (async-signal-safe): for a program that
 * ends while a writer still runs on another thread. */
void temp_files_remove_all(void);

/* Install the SIGINT/SIGTERM handlers (once; later calls do nothing). */
void temp_files_install(void);

#endif
