/* Error messages come whole (include/kibitz.h): kz_last_error() holds the
 * entire message of the last failing call on this thread, however long the
 * input it quotes, and the caller's `err` buffer gets the same text cut to
 * its size (a prefix, NUL-terminated). Checked with long bad inputs: a
 * move of 3000 characters, an engine spec whose message lists every
 * engine (once cut at 160 bytes inside the library). */
#include "include/kibitz.h"
#include "support.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The buffer is a prefix of the whole message, which holds `needle`. */
static void whole_and_prefix(const char *err, const char *needle) {
    const char *whole = kz_last_error();
    assert_non_null(strstr(whole, needle));
    assert_true(strlen(err) <= strlen(whole));
    assert_memory_equal(err, whole, strlen(err));
}

static void long_move(void **unused) {
    kz_game *g;
    char err[KZ_ERROR_BYTES];
    assert_int_equal(kz_game_load("kerx", NULL, &g, err, sizeof err), KZ_OK);
    kz_state *s = kz_state_new(g);
    char *move = malloc(3001);
    memset(move, 'z', 3000);
    move[3000] = '\0';
    char small[40];
    assert_int_equal(kz_state_apply_text(s, move, small, sizeof small), KZ_EINVAL);
    assert_int_equal(strlen(small), sizeof small - 1); /* cut to the buffer */
    whole_and_prefix(small, move);                     /* ... but whole here */
    assert_true(strlen(kz_last_error()) > 3000);
    /* Successful calls leave the last message alone. */
    char before[64];
    snprintf(before, sizeof before, "%s", kz_last_error());
    assert_true(kz_state_actions(s, NULL, 0) > 0);
    assert_memory_equal(kz_last_error(), before, strlen(before));
    free(move);
    kz_state_free(s);
    kz_game_free(g);
}

static void every_engine_named(void **unused) {
    kz_game *g;
    char err[KZ_ERROR_BYTES];
    assert_int_equal(kz_game_load("kulibrat", NULL, &g, err, sizeof err), KZ_OK);
    assert_int_equal(kz_search_check(g, "nosuchengine", err, sizeof err), KZ_EINVAL);
    /* The list of engines ends with the last one and its closing paren. */
    assert_non_null(strstr(err, "db[:fallback=SPEC])"));
    whole_and_prefix(err, "db[:fallback=SPEC])");
    kz_game_free(g);
}

/* Each thread keeps its own last message. */
static void *fail_in_thread(void *out) {
    kz_state_parse(NULL, NULL, NULL, 0);
    snprintf(out, 256, "%s", kz_last_error());
    return NULL;
}

static void per_thread(void **unused) {
    kz_game *g;
    assert_int_equal(kz_game_load("nosuchgame", NULL, &g, NULL, 0), KZ_EINVAL);
    char mine[256], theirs[256];
    snprintf(mine, sizeof mine, "%s", kz_last_error());
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, fail_in_thread, theirs), 0);
    pthread_join(t, NULL);
    assert_string_equal(kz_last_error(), mine);
    assert_string_not_equal(theirs, mine);
    assert_true(theirs[0] != '\0');
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(long_move),
        cmocka_unit_test(every_engine_named),
        cmocka_unit_test(per_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
