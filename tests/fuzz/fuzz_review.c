/* Fuzz target: game records through `review` (include/kibitz.h: the record
 * reader of json/kjson_record.h, replay and kz_review_json). Input: the
 * first byte picks the game, the rest is a record file's text. Properties:
 * no crash; a record that loads replays to its end and has a length that
 * is not negative; its review is a JSON document of kind "review" with one
 * judged move per step (small budgets: alphabeta depth 1, MCTS 16
 * iterations, so that long records stay fast); a refused record has a
 * message. */
#include "tests/fuzz/fuzz_support.h"

#include "include/kibitz.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char scratch[128];

static void remove_scratch(void) {
    unlink(scratch);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 1 << 16) return 0;
    if (!scratch[0]) {
        snprintf(scratch, sizeof scratch, "%s/kibitz-fuzz-review-%ld.json",
                 fuzz_scratch_folder(), (long)getpid());
        atexit(remove_scratch);
    }
    FILE *f = fopen(scratch, "wb");
    if (!f || (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1)) abort();
    fclose(f);
    const struct game *g = fuzz_game(data[0]);
    kz_game *game;
    char err[KZ_ERROR_BYTES] = "";
    if (kz_game_load(g->name, "", &game, err, sizeof err) != KZ_OK)
        fuzz_fail("game %s: %s", g->name, err);
    kz_record *r = NULL;
    if (kz_record_load(game, scratch, &r, err, sizeof err) != KZ_OK) {
        if (r || !err[0]) fuzz_fail("a refused record without a message");
        kz_game_free(game);
        return 0;
    }
    int steps = kz_record_length(r);
    if (steps < 0) fuzz_fail("record length %d", steps);
    kz_state *s = kz_state_new(kz_record_game(r));
    if (!s || kz_record_replay(r, -1, s, err, sizeof err) != KZ_OK)
        fuzz_fail("a loaded record does not replay: %s", err);
    kz_state_free(s);
    size_t room = 1 << 20;
    char *json = malloc(room);
    if (!json) abort();
    long need = kz_review_json(r, NULL, 1, 0, 16, 1, json, room, err, sizeof err);
    if (need < 0 && !err[0]) fuzz_fail("review failed without a message");
    if (need >= 0 && (size_t)need < room) {
        json_error_t jerr;
        json_t *doc = json_loads(json, 0, &jerr);
        if (!doc) fuzz_fail("review is not JSON: %s", jerr.text);
        const char *kind = json_string_value(json_object_get(doc, "kind"));
        json_t *moves = json_object_get(doc, "moves");
        if (!kind || strcmp(kind, "review") || !json_is_array(moves) ||
            json_array_size(moves) != (size_t)steps)
            fuzz_fail("review of %d steps: kind %s, %zu moves", steps, kind ? kind : "?",
                      json_array_size(moves));
        json_decref(doc);
    }
    free(json);
    kz_record_free(r);
    kz_game_free(game);
    return 0;
}
