/* Fuzz target: the UGI protocol line parser (cli/ugi_parse.h). Input: one
 * line of any bytes. The parser must not crash or read past the line, and
 * what it returns must hold together: a known kind; a refused line has a
 * message; a position's fen has single spaces, no 'moves' word and no edge
 * spaces; its moves are single words; a position or setoption written back
 * as a line parses to the same command. */
#include "cli/ugi_parse.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool one_word(const char *w) {
    return w[0] && !strpbrk(w, " \t\r\n");
}

static void check_position(const struct ugi_command *c) {
    if (c->fen) {
        size_t n = strlen(c->fen);
        if (n == 0 || c->fen[0] == ' ' || c->fen[n - 1] == ' ' || strstr(c->fen, "  ") ||
            strpbrk(c->fen, "\t\r\n"))
            fuzz_fail("position fen '%s' is not single-spaced words", c->fen);
        if (!strcmp(c->fen, "moves") || !strncmp(c->fen, "moves ", 6) ||
            strstr(c->fen, " moves ") || (n >= 6 && !strcmp(c->fen + n - 6, " moves")))
            fuzz_fail("position fen '%s' holds the word 'moves'", c->fen);
    }
    if (c->move_count < 0 || c->move_count > UGI_MAX_MOVES)
        fuzz_fail("position with %d moves", c->move_count);
    for (int i = 0; i < c->move_count; i++)
        if (!one_word(c->moves[i]))
            fuzz_fail("move %d '%s' is not one word", i, c->moves[i]);
}

/* The command written back as a line. */
static void write_back(const struct ugi_command *c, char *line, size_t n) {
    size_t at = 0;
    if (c->kind == UGI_POSITION) {
        at += (size_t)snprintf(line, n, "position %s%s", c->fen ? "fen " : "startpos",
                               c->fen ? c->fen : "");
        if (c->move_count) at += (size_t)snprintf(line + at, n - at, " moves");
        for (int i = 0; i < c->move_count && at < n; i++)
            at += (size_t)snprintf(line + at, n - at, " %s", c->moves[i]);
    } else {
        snprintf(line, n, "setoption name %s%s%s", c->option_name,
                 c->option_value ? " value " : "",
                 c->option_value ? c->option_value : "");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    struct ugi_command *cmd = malloc(sizeof *cmd), *again = malloc(sizeof *again);
    char *line = malloc(2 * UGI_LINE_BYTES);
    ugi_parse(text, cmd);
    if (cmd->kind < UGI_EMPTY || cmd->kind > UGI_QUERY)
        fuzz_fail("unknown kind %d", cmd->kind);
    if (cmd->kind == UGI_BAD && !cmd->error[0])
        fuzz_fail("'%s' refused without a message", text);
    if (cmd->kind == UGI_POSITION) check_position(cmd);
    if (cmd->kind == UGI_SETOPTION &&
        (!cmd->option_name[0] || cmd->option_name[0] == ' ' ||
         cmd->option_name[strlen(cmd->option_name) - 1] == ' '))
        fuzz_fail("setoption with an empty or unspaced name '%s'", cmd->option_name);
    if (cmd->kind == UGI_POSITION || cmd->kind == UGI_SETOPTION) {
        write_back(cmd, line, 2 * UGI_LINE_BYTES);
        ugi_parse(line, again);
        if (again->kind != cmd->kind)
            fuzz_fail("'%s' written back as '%s' reads otherwise", text, line);
        if (cmd->kind == UGI_POSITION &&
            ((!cmd->fen) != (!again->fen) || (cmd->fen && strcmp(cmd->fen, again->fen)) ||
             cmd->move_count != again->move_count))
            fuzz_fail("position '%s' does not read back the same", line);
        if (cmd->kind == UGI_SETOPTION &&
            (strcmp(cmd->option_name, again->option_name) ||
             (!cmd->option_value) != (!again->option_value) ||
             (cmd->option_value && strcmp(cmd->option_value, again->option_value))))
            fuzz_fail("setoption '%s' does not read back the same", line);
        for (int i = 0; cmd->kind == UGI_POSITION && i < cmd->move_count; i++)
            if (strcmp(cmd->moves[i], again->moves[i]))
                fuzz_fail("move %d of '%s' reads back otherwise", i, line);
    }
    free(line);
    free(again);
    free(cmd);
    free(text);
    return 0;
}
