/* Advice for a missing database (see db_advice.h). */
#include "cli/db_advice.h"

#include <stdio.h>
#include <string.h>

/* A word the shell reads as itself, else the word in single quotes. */
static void print_shell_word(const char *word) {
    if (strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                     "_-+=.,/:@%") == strlen(word)) {
        fputs(word, stderr);
        return;
    }
    fputc('\'', stderr);
    for (const char *c = word; *c; c++)
        if (*c == '\'')
            fputs("'\\''", stderr);
        else
            fputc(*c, stderr);
    fputc('\'', stderr);
}

int cli_fail_missing_database(const struct cli_options *o, const char *problem) {
    char variant[256];
    kz_game_variant(o->kz, variant, sizeof variant);
    fprintf(stderr, "kibitz: %s; make it with: kibitz solve %s --variant %s", problem,
            kz_game_name(o->kz), variant);
    /* A size that builds in seconds and answers the endgames; more pieces
     * take longer (see kibitz solve --help). */
    if (kz_cli_has_own_databases(o->kz)) fputs(" --pieces 5", stderr);
    if (o->db) {
        fputs(" --db ", stderr);
        print_shell_word(o->db);
    }
    fputc('\n', stderr);
    return EXIT_RUNTIME_FAILURE;
}

bool cli_database_missing(const struct cli_options *o) {
    return kz_cli_database_missing(o->kz, o->db);
}
