/* Fuzz target: `query --positions` batches (cli/backend/kz_cli.h
 * kz_cli_query_stream) against a Kulibrat target=1 database, intact or with
 * its tier damaged (the first byte chooses: finished positions are still
 * answered from the damaged one, after the lines that met the damage). Input: the batch,
 * one position a line. Properties (issue 31, defects 2 and 4): no crash; exactly one JSON
 * document per counted line (not blank, not starting with '#'), in order; an error
 * document names its line and keeps a message, whatever bytes the line held. */
#include "cli/backend/kz_cli.h"
#include "tests/fuzz/fuzz_support.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static kz_game *game;
static kz_db *intact, *damaged;
static char paths[2][160];

static void remove_scratch(void) {
    kz_db_close(intact);
    kz_db_close(damaged);
    unlink(paths[0]);
    unlink(paths[1]);
    kz_game_free(game);
}

/* Solve once, copy, damage the copy (a byte in its cells). */
static void prepare(void) {
    char err[KZ_ERROR_BYTES];
    for (int i = 0; i < 2; i++)
        snprintf(paths[i], sizeof paths[i], "%s/kibitz-fuzz-positions-%ld-%d.kdb",
                 fuzz_scratch_folder(), (long)getpid(), i);
    if (kz_game_load("kulibrat", "target=1", &game, err, sizeof err) != KZ_OK ||
        kz_solve(game, paths[0], 1, err, sizeof err) != KZ_OK)
        fuzz_fail("cannot make the database: %s", err);
    FILE *from = fopen(paths[0], "rb"), *to = fopen(paths[1], "wb");
    if (!from || !to) abort();
    int c;
    for (long at = 0; (c = fgetc(from)) != EOF; at++)
        fputc(at == 512 + 340038 ? c ^ 0x55 : c, to); /* a cell in the middle */
    fclose(from);
    fclose(to);
    if (kz_db_open(game, paths[0], &intact, err, sizeof err) != KZ_OK ||
        kz_db_open(game, paths[1], &damaged, err, sizeof err) != KZ_OK)
        fuzz_fail("cannot open the databases: %s", err);
    atexit(remove_scratch);
}

/* The lines kz_cli_query_stream answers, as it reads them: cut at '\r' or
 * '\n', blank ones and those starting with '#' skipped. -1 when a line is
 * longer than the stream's buffer (it would be read as several). */
static int counted_lines(const char *text, int *numbers, int room) {
    int count = 0, number = 0;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len >= 4000) return -1;
        number++;
        size_t cut = strcspn(p, "\r\n");
        if (cut > len) cut = len;
        if (cut > 0 && p[0] != '#' && count < room) numbers[count++] = number;
        p += len + (end ? 1 : 0);
    }
    return count;
}

/* libFuzzer calls this once before the inputs (the solve is not timed as
 * an input); the replay driver does not, hence the check below too. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    prepare();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 1 << 14) return 0;
    if (!game) prepare();
    char *text = fuzz_text(data + 1, size - 1);
    int numbers[1 << 14];
    int want = counted_lines(text, numbers, 1 << 14);
    if (want < 0) {
        free(text);
        return 0;
    }
    FILE *in = fmemopen(text, strlen(text), "r");
    char *written = NULL, err[KZ_CLI_ERROR_BYTES];
    size_t written_n = 0;
    FILE *out = open_memstream(&written, &written_n);
    if (!out) abort();
    int status = KZ_OK;
    if (in) {
        status = kz_cli_query_stream(game, data[0] & 1 ? damaged : intact, in, out, err);
        fclose(in);
    }
    fclose(out);
    if (status == KZ_ERUNTIME) fuzz_fail("the stream did not start: %s", err);
    int got = 0;
    char *save = NULL;
    for (char *line = written ? strtok_r(written, "\n", &save) : NULL; line;
         line = strtok_r(NULL, "\n", &save), got++) {
        json_error_t jerr;
        json_t *doc = json_loads(line, 0, &jerr);
        if (!doc) fuzz_fail("output line %d is not JSON: %s", got + 1, line);
        const char *kind = json_string_value(json_object_get(doc, "kind"));
        if (!kind) fuzz_fail("output line %d has no kind: %s", got + 1, line);
        if (!strcmp(kind, "error")) {
            const char *message = json_string_value(json_object_get(doc, "message"));
            json_int_t at = json_integer_value(json_object_get(doc, "line"));
            if (!message || !message[0]) fuzz_fail("error document without a message");
            if (got >= want || at != numbers[got])
                fuzz_fail("error document for line %lld, answer %d", (long long)at,
                          got + 1);
        }
        json_decref(doc);
    }
    if (got != want) fuzz_fail("%d documents for %d lines", got, want);
    free(written);
    free(text);
    return 0;
}
