/*
 * fuzz_support.h - shared by the libFuzzer targets in tests/fuzz/ (one file
 * per target, each defining LLVMFuzzerTestOneInput) and by the replay driver
 * that runs their corpora in the ordinary test suite.
 *
 * A property that fails calls fuzz_fail, which prints the reason and aborts:
 * libFuzzer records the input as a crash, the replay test fails.
 */
#ifndef KIBITZ_FUZZ_SUPPORT_H
#define KIBITZ_FUZZ_SUPPORT_H

#include "engine/game.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Print "fuzz property failed: ..." to stderr and abort. */
_Noreturn void fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The available game picked by `selector` (modulo the number of games). */
const struct game *fuzz_game(uint8_t selector);

/* `size` bytes of `data` as a NUL-terminated string (malloc'ed; NUL bytes in
 * the input end it early). */
char *fuzz_text(const uint8_t *data, size_t size);

/* A folder for the files database targets write (/dev/shm when usable). */
const char *fuzz_scratch_folder(void);

/* Write the input as the file `name` in this process's folder
 * "<fuzz_scratch_folder>/kibitz-fuzz-<tag>-<pid>" (made on the first call;
 * it and the file are removed at exit; one name a process), passed first
 * through `reseal` (which recomputes the checksums of a file image) unless
 * the input's length is a multiple of 7: most inputs then reach the checks
 * behind the checksums, the others the checksum refusals. Returns the
 * file's path. */
const char *fuzz_store_file(const char *tag, const char *name, const uint8_t *data,
                            size_t size, int (*reseal)(void *image, size_t bytes));

/* The properties every accepted position must have: printed and parsed
 * again it gives the same bytes and the same text; not over means a move
 * (engine/game_check.h); every listed move prints and parses back to itself
 * and can be played; evaluation returns within its bound. */
void fuzz_check_position(const struct game *g, const struct variant *v,
                         const void *state);

#endif
