#include "tests/fuzz/fuzz_support.h"
#include "engine/game_check.h"
#include "engine/registry.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void fuzz_fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "fuzz property failed: ");
    vfprintf(stderr, format, args);
    fprintf(stderr, "\n");
    va_end(args);
    abort();
}

const struct game *fuzz_game(uint8_t selector) {
    int count;
    const struct game *const *games = registry_games(&count);
    return count > 0 ? games[selector % count] : NULL;
}

char *fuzz_text(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) abort();
    if (size) memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

enum { TEXT_BYTES = 4096, MOVES_CHECKED = 64 };

static void check_moves(const struct game *g, const struct variant *v,
                        const void *state) {
    /* Exactly max_moves on the heap: a generator writing more is caught by
     * AddressSanitizer. */
    move_t *moves = malloc((size_t)g->max_moves * sizeof *moves);
    if (!moves) abort();
    int count = g->moves(v, state, moves);
    if (count < 0 || count > g->max_moves)
        fuzz_fail("%s: %d moves, max_moves is %d", g->name, count, g->max_moves);
    char text[TEXT_BYTES], err[GAME_ERROR_BYTES];
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    int turn = g->turn(v, state);
    for (int i = 0; i < count && i < MOVES_CHECKED; i++) {
        /* Chance outcomes are not typed in by players; simultaneous nodes
         * list joint moves only for the command line: both still print and
         * parse back in the games that list them. */
        g->format_move(v, state, moves[i], text, sizeof text);
        move_t again;
        if (turn != TURN_CHANCE) {
            if (g->parse_move(v, state, text, &again, err) != 0)
                fuzz_fail("%s: listed move '%s' refused: %s", g->name, text, err);
            if (again != moves[i])
                fuzz_fail("%s: move '%s' parses to another move", g->name, text);
        }
        memcpy(child, state, g->state_size);
        g->apply(v, child, moves[i]);
        (void)g->turn(v, child);
    }
    free(moves);
}

void fuzz_check_position(const struct game *g, const struct variant *v,
                         const void *state) {
    char text[TEXT_BYTES], again_text[TEXT_BYTES], err[GAME_ERROR_BYTES];
    _Alignas(8) unsigned char again[GAME_MAX_STATE_BYTES];
    g->format_position(v, state, text, sizeof text);
    if (g->parse_position(v, text, again, err) != 0)
        fuzz_fail("%s: printed position '%s' refused: %s", g->name, text, err);
    if (memcmp(again, state, g->state_size) != 0)
        fuzz_fail("%s: '%s' parses to other bytes", g->name, text);
    g->format_position(v, again, again_text, sizeof again_text);
    if (strcmp(text, again_text) != 0)
        fuzz_fail("%s: '%s' prints back as '%s'", g->name, text, again_text);
    if (game_check_playable(g, v, state, err) != 0)
        fuzz_fail("%s: '%s' accepted but %s", g->name, text, err);
    check_moves(g, v, state);
    int turn = g->turn(v, state);
    if (turn >= 0 && g->evaluate) {
        int score = g->evaluate(v, state, turn);
        if (score < -GAME_EVAL_MAX || score > GAME_EVAL_MAX)
            fuzz_fail("%s: evaluation %d out of bounds at '%s'", g->name, score, text);
    }
}

const char *fuzz_scratch_folder(void) {
    /* Memory-backed when the machine has it: targets write a file per input. */
    return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

static char store_folder[160], store_path[320];

static void store_remove(void) {
    unlink(store_path);
    rmdir(store_folder);
}

const char *fuzz_store_file(const char *tag, const char *name, const uint8_t *data,
                            size_t size, int (*reseal)(void *image, size_t bytes)) {
    if (!store_folder[0]) {
        snprintf(store_folder, sizeof store_folder, "%s/kibitz-fuzz-%s-%ld",
                 fuzz_scratch_folder(), tag, (long)getpid());
        mkdir(store_folder, 0777);
        snprintf(store_path, sizeof store_path, "%s/%s", store_folder, name);
        atexit(store_remove);
    }
    uint8_t *file = malloc(size ? size : 1);
    if (!file) abort();
    if (size) memcpy(file, data, size);
    if (size % 7 != 0) reseal(file, size);
    FILE *f = fopen(store_path, "wb");
    if (!f || (size && fwrite(file, 1, size, f) != size)) abort();
    fclose(f);
    free(file);
    return store_path;
}
