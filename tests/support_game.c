#include "engine/registry.h"
#include "engine/variant.h"
#include "support.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct test_game test_game_make(const char *name, const char *variant_spec) {
    struct test_game t;
    char err[GAME_ERROR_BYTES];
    t.game = registry_find(name, err);
    if (!t.game) fail_msg("%s", err);
    variant_init(t.game, &t.variant);
    if (variant_spec && variant_parse(t.game, &t.variant, variant_spec, err) != 0)
        fail_msg("%s", err);
    return t;
}

void test_parse(const struct test_game *t, const char *text, void *state) {
    char err[GAME_ERROR_BYTES];
    if (t->game->parse_position(&t->variant, text, state, err) != 0)
        fail_msg("position '%s' refused: %s", text, err);
}

void test_moves_text(const struct test_game *t, const void *state, char *buf, size_t n) {
    move_t moves[t->game->max_moves];
    int count = t->game->moves(&t->variant, state, moves);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        char text[128];
        t->game->format_move(&t->variant, state, moves[i], text, sizeof text);
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? " " : "", text);
        if (used >= n) fail_msg("move list too long for the buffer");
    }
}

void test_play(const struct test_game *t, void *state, const char *text, char *buf,
               size_t n) {
    char err[GAME_ERROR_BYTES];
    move_t m;
    if (t->game->parse_move(&t->variant, state, text, &m, err) != 0)
        fail_msg("move '%s' refused: %s", text, err);
    t->game->apply(&t->variant, state, m);
    t->game->format_position(&t->variant, state, buf, n);
}

void test_expect_moves(const char *game, const char *spec, const char *position,
                       const char *expected) {
    struct test_game t = test_game_make(game, spec);
    _Alignas(max_align_t) unsigned char state[GAME_MAX_STATE_BYTES];
    char moves[4096];
    test_parse(&t, position, state);
    test_moves_text(&t, state, moves, sizeof moves);
    if (strcmp(moves, expected) != 0)
        fail_msg("moves of '%s' (%s, %s):\n  got  '%s'\n  want '%s'", position, game,
                 spec ? spec : "default", moves, expected);
}

void test_expect_after(const char *game, const char *spec, const char *position,
                       const char *moves, const char *expected) {
    struct test_game t = test_game_make(game, spec);
    _Alignas(max_align_t) unsigned char state[GAME_MAX_STATE_BYTES];
    char after[1024], buf[1024];
    test_parse(&t, position, state);
    if (snprintf(buf, sizeof buf, "%s", moves) >= (int)sizeof buf)
        fail_msg("move list too long for the buffer");
    after[0] = '\0';
    char *save = NULL;
    for (char *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save))
        test_play(&t, state, m, after, sizeof after);
    if (strcmp(after, expected) != 0)
        fail_msg("'%s' after %s (%s, %s):\n  got  '%s'\n  want '%s'", position, moves,
                 game, spec ? spec : "default", after, expected);
}

void test_moves_distinct(const move_t *moves, int count) {
    for (int i = 0; i < count; i++)
        for (int j = 0; j < i; j++)
            if (moves[i] == moves[j]) fail_msg("move %d repeats move %d", i, j);
}

void test_move_reads_back(const struct game *g, const struct variant *v,
                          const void *state, move_t m) {
    char text[512], err[GAME_ERROR_BYTES];
    move_t back;
    g->format_move(v, state, m, text, sizeof text);
    if (g->parse_move(v, state, text, &back, err) != 0)
        fail_msg("move '%s' refused: %s", text, err);
    if (back != m) fail_msg("move '%s' reads back as another move", text);
}

void test_data_path(const char *name, char *buf, size_t n) {
    const char *dir = getenv("KIBITZ_TEST_DATA");
    snprintf(buf, n, "%s/%s", dir ? dir : KIBITZ_SOURCE_DIR "/tests/data", name);
}

void test_scratch_folder(const char *tag, char *buf, size_t n) {
    snprintf(buf, n, "/tmp/kibitz-%s-%ld", tag, (long)getpid());
}

int test_remove_folder(const char *folder) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder);
    return system(cmd);
}

void test_flip_byte(const char *path, uint64_t at) {
    int fd = open(path, O_RDWR);
    assert_true(fd >= 0);
    uint8_t byte;
    assert_int_equal(pread(fd, &byte, 1, (off_t)at), 1);
    byte ^= 0x5a;
    assert_int_equal(pwrite(fd, &byte, 1, (off_t)at), 1);
    close(fd);
}
