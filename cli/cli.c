/* Dispatch of `kibitz <command> ...` to the command functions. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

int cmd_games(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_bestmove(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_solvebench(int argc, char **argv);
int cmd_version(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_ugi(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_prove(int argc, char **argv);
int cmd_checkproof(int argc, char **argv);

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

/* One line per command; a command's options and help live in its own file. */
static const struct command commands[] = {
    {"games", cmd_games, "list the games and their variant options"},
    {"show", cmd_show, "draw a position and list its legal moves"},
    {"perft", cmd_perft, "count move-tree leaves to a depth (move generator check)"},
    {"play", cmd_play, "play a game against the engine in the terminal"},
    {"bestmove", cmd_bestmove, "search a position for its best move"},
    {"analyse", cmd_analyse, "score every move of a position"},
    {"bench", cmd_bench, "measure search speed on fixed positions"},
    {"arena", cmd_arena, "play engine settings against each other, with Elo"},
    {"solve", cmd_solve, "solve a game by retrograde analysis into a database"},
    {"query", cmd_query, "value and best moves of a position, from the database"},
    {"ugi", cmd_ugi, "play matches through the UGI protocol (match runners)"},
    {"review", cmd_review, "judge every move of a game record (mistakes marked)"},
    {"verify", cmd_verify, "check every tier and block of a database now"},
    {"prove", cmd_prove, "prove a position's value: manager, fact store, df-pn jobs"},
    {"checkproof", cmd_checkproof, "check a proof file against the rules and databases"},
    {"solvebench", cmd_solvebench, "df-pn accuracy and speed on a solved Kerx set"},
    {"serve", cmd_serve, "play, watch and explore every game in a web browser"},
    {"version", cmd_version, "version, commit, build type, compiler (also --version)"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static void print_usage(FILE *out) {
    fprintf(out, "usage: kibitz <command> [game] [options]\n\ncommands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out,
            "\n'kibitz <command> --help' describes a command's options. Every command\n"
            "takes --json (docs/JSON.md). Exit status: 0 success, 2 a usage error,\n"
            "1 a runtime failure (database, file, memory).\n");
}

int cli_main(int argc, char **argv) {
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
        strcmp(name, "help") == 0) {
        print_usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) name = "version";
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0) {
            fflush(stdout);
            return commands[i].run(argc - 1, argv + 1);
        }
    return cli_fail("unknown command '%s' (try 'kibitz --help')", name);
}
