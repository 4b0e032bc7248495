/* Fuzz target: whole UGI sessions (cli/ugi_session.h), sequences of lines
 * as a match runner would send them. Input: the first byte picks the game,
 * the rest is the session. So that each input stays fast, the harness
 * bounds the work a line can ask for, nothing else: every `go` becomes
 * "go movetime 1..4" (milliseconds), threads become 1 or 2, hash 1 MiB
 * (set first too: the default table alone takes most of a run's time).
 * Properties: the session ends without a crash; everything it writes is
 * whole lines; every `isready` before a `quit` is answered by "readyok",
 * including one appended at the end (searches may still be running). */
#include "cli/ugi_parse.h"
#include "cli/ugi_session.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The session with every line bounded (see above); *ready: the `isready`
 * lines before the first `quit`. Lines are cut at '\n' (a NUL ends the
 * input early). */
static char *bounded_session(const char *text, int *ready) {
    size_t room = 2 * strlen(text) + 64, used = 0;
    char *out = malloc(room), *copy = strdup(text);
    struct ugi_command *cmd = malloc(sizeof *cmd);
    if (!out || !copy || !cmd) abort();
    bool quits = false;
    *ready = 0;
    used += (size_t)snprintf(out, room, "setoption name hash value 1\n");
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char bounded[64];
        const char *put = line;
        ugi_parse(line, cmd);
        if (cmd->kind == UGI_QUIT) quits = true;
        if (cmd->kind == UGI_ISREADY && !quits) ++*ready;
        if (cmd->kind == UGI_GO) {
            snprintf(bounded, sizeof bounded, "go movetime %zu", 1 + strlen(line) % 4);
            put = bounded;
        } else if (cmd->kind == UGI_SETOPTION &&
                   !strcasecmp(cmd->option_name, "threads")) {
            snprintf(bounded, sizeof bounded, "setoption name threads value %zu",
                     1 + strlen(line) % 2);
            put = bounded;
        } else if (cmd->kind == UGI_SETOPTION && !strcasecmp(cmd->option_name, "hash")) {
            put = "setoption name hash value 1";
        }
        used += (size_t)snprintf(out + used, room - used, "%s\n", put);
    }
    snprintf(out + used, room - used, "isready\n");
    if (!quits) ++*ready;
    free(cmd);
    free(copy);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 4096) return 0; /* a few dozen lines is a session */
    const struct game *g = fuzz_game(data[0]);
    kz_game *game;
    char err[KZ_ERROR_BYTES];
    if (kz_game_load(g->name, "", &game, err, sizeof err) != KZ_OK)
        fuzz_fail("game %s: %s", g->name, err);
    char *text = fuzz_text(data + 1, size - 1);
    int ready;
    char *session = bounded_session(text, &ready);
    FILE *in = fmemopen(session, strlen(session), "r");
    char *written = NULL;
    size_t written_n = 0;
    FILE *out = open_memstream(&written, &written_n);
    if (!in || !out) abort();
    ugi_serve(game, in, out);
    fclose(in);
    fclose(out);
    if (written_n && written[written_n - 1] != '\n')
        fuzz_fail("the session's output does not end a line: '%s'", written);
    int answered = 0;
    for (const char *p = written; p && (p = strstr(p, "readyok\n")); p++)
        if (p == written || p[-1] == '\n') answered++;
    if (answered != ready)
        fuzz_fail("%d isready, %d readyok; session:\n%s\noutput:\n%s", ready, answered,
                  session, written ? written : "");
    free(written);
    free(session);
    free(text);
    kz_game_free(game);
    return 0;
}
