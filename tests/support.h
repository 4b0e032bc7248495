/*
 * support.h - helpers shared by the cmocka tests (tests/support_*.c are linked
 * into every test program).
 */
#ifndef KIBITZ_TEST_SUPPORT_H
#define KIBITZ_TEST_SUPPORT_H

#include "engine/game.h"

/* cmocka needs these three first; keep the order. */
// clang-format off
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
// clang-format on

/* A game with its variant, set from a spec such as "target=2" (NULL: default).
 * Fails the test on a bad spec. */
struct test_game {
    const struct game *game;
    struct variant variant;
};
struct test_game test_game_make(const char *name, const char *variant_spec);

/* Parse a position; fails the test (with the parser's message) if it is refused. */
void test_parse(const struct test_game *t, const char *text, void *state);

/* Formatted legal moves of `state`, space-separated, into buf. */
void test_moves_text(const struct test_game *t, const void *state, char *buf, size_t n);

/* Apply the move written `text` (must be legal) and return the new position
 * text in `buf`. */
void test_play(const struct test_game *t, void *state, const char *text, char *buf,
               size_t n);

/* The legal moves of `position` in `game` (variant `spec`, NULL: default),
 * formatted and space-separated, are `expected`; fails the test showing both
 * otherwise. */
void test_expect_moves(const char *game, const char *spec, const char *position,
                       const char *expected);

/* Playing the space-separated `moves` from `position` reaches the position
 * written `expected`; fails the test showing both otherwise. */
void test_expect_after(const char *game, const char *spec, const char *position,
                       const char *moves, const char *expected);

/* No move stands twice in the list. */
void test_moves_distinct(const move_t *moves, int count);

/* The text of move `m` at `state` reads back as `m`; fails the test with the
 * text and the parser's message otherwise. */
void test_move_reads_back(const struct game *g, const struct variant *v,
                          const void *state, move_t m);

/* Path of a file in tests/data (KIBITZ_TEST_DATA, else the source tree). */
void test_data_path(const char *name, char *buf, size_t n);

/* A scratch folder name unique to this process, /tmp/kibitz-<tag>-<pid>, into
 * buf (not created); test_remove_folder deletes it and everything in it and
 * returns 0 on success (usable as a cmocka teardown's result). */
void test_scratch_folder(const char *tag, char *buf, size_t n);
int test_remove_folder(const char *folder);

/* Damage the byte at offset `at` of the file at `path` (XOR 0x5a), in
 * place; fails the test when it cannot. */
void test_flip_byte(const char *path, uint64_t at);

/* A copy of `text` whose terminating NUL is the last readable byte before a
 * page that faults when touched (one buffer, overwritten by the next call). */
const char *test_guarded_text(const char *text);

#endif
