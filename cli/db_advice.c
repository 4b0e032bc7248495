/* Advice for a missing database (see db_advice.h). */
#include "cli/db_advice.h"
#include "search/solver_db.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
    const struct game *g = o->game;
    char variant[256];
    g->variant_format(&o->variant, variant, sizeof variant);
    fprintf(stderr, "kibitz: %s; make it with: kibitz solve %s --variant %s", problem,
            g->name, variant);
    /* A size that builds in seconds and answers the endgames; more pieces
     * take longer (see kibitz solve --help). */
    if (g->database) fputs(" --pieces 5", stderr);
    if (o->db) {
        fputs(" --db ", stderr);
        print_shell_word(o->db);
    }
    fputc('\n', stderr);
    return EXIT_RUNTIME_FAILURE;
}

bool cli_database_missing(const struct cli_options *o) {
    char path[SOLVER_DB_PATH_BYTES];
    solver_db_path(o->game, &o->variant, o->db, path, sizeof path);
    return access(path, F_OK) != 0;
}
