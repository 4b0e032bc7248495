/* kibitz serve: the web page and its JSON API on a local address, until
 * interrupted (server/http.h, server/api.h, docs/API.md). */
#include "cli/cli.h"
#include "lib/kz_front.h"
#include "server/api.h"
#include "server/http.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "usage: kibitz serve [--port N] [--bind ADDRESS] [--db PATH] [--games FILE]\n"
    "                    [--threads N]\n";

static const char help[] =
    "Serves a web page to play, watch and explore every game, and the JSON API\n"
    "behind it (docs/API.md), until interrupted (Ctrl-C). Prints the address.\n"
    "  --port N        port to listen on (default 8080; 0: any free port)\n"
    "  --bind ADDRESS  IPv4 address (default 127.0.0.1: this machine only)\n"
    "  --db PATH       folder of the solved databases the page colours moves with\n"
    "                  (default: the data folder, see kibitz solve --help)\n"
    "  --games FILE    SQLite file of the games played on the page, kept across\n"
    "                  restarts (default games.sqlite in $KIBITZ_DATA, else in\n"
    "                  $XDG_DATA_HOME/kibitz, else in ~/.local/share/kibitz;\n"
    "                  :memory: keeps them only while the server runs)\n"
    "  --threads N     most threads one search may use (default 1, at most 64)\n";

/* The default games file: games.sqlite in the per-user data folder
 * (kz_data_folder: $KIBITZ_DATA, else $XDG_DATA_HOME/kibitz, else
 * ~/.local/share/kibitz), the folders made when missing. 0, or -1 with a message printed. */
static int default_games_file(char *out, size_t n) {
    char folder[3072];
    kz_data_folder(folder, sizeof folder);
    /* mkdir -p: each folder of the path in turn. */
    for (char *p = folder + 1;; p++) {
        char c = *p;
        if (c != '/' && c != '\0') continue;
        *p = '\0';
        if (mkdir(folder, 0700) != 0 && errno != EEXIST)
            return cli_fail_runtime("serve: cannot make the data folder %.200s: %s",
                                    folder, strerror(errno));
        *p = c;
        if (!c) break;
    }
    snprintf(out, n, "%s/games.sqlite", folder);
    return 0;
}

/* A whole decimal number in [lo, hi]: the one number parser of the command
 * line (cli/backend/kz_cli.h), its message. */
static int read_int(const char *option, const char *text, long lo, long hi, int *out) {
    char err[KZ_CLI_ERROR_BYTES];
    long long value;
    if (kz_cli_whole(option, text, lo, hi, &value, err) != KZ_OK)
        return cli_fail("%s", err);
    *out = (int)value;
    return 0;
}

/* serve's options. */
struct serve_options {
    struct http_options http;
    const char *db, *games;
    int threads;
};

/* Read the options into `so`: 0, -1 after printing the help, or an exit
 * status after the message. */
static int read_options(int argc, char **argv, struct serve_options *so) {
    /* Every option that does not return takes a value: step over both. */
    for (int i = 1; i < argc; i += 2) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            printf("%s\n%s", usage, help);
            return -1;
        }
        int status = 0;
        if (strcmp(arg, "--port") == 0)
            status = read_int("--port", value, 0, 65535, &so->http.port);
        else if (strcmp(arg, "--threads") == 0)
            status = read_int("--threads", value, 1, 64, &so->threads);
        else if (strcmp(arg, "--bind") == 0 && value)
            so->http.bind = value;
        else if (strcmp(arg, "--db") == 0 && value)
            so->db = value;
        else if (strcmp(arg, "--games") == 0 && value && value[0])
            so->games = value;
        else if (strcmp(arg, "--bind") == 0 || strcmp(arg, "--db") == 0 ||
                 strcmp(arg, "--games") == 0)
            status = cli_fail("%s wants a value", arg);
        else
            status = cli_fail("serve: unknown option '%.60s'\n%s", arg, usage);
        if (status) return status;
    }
    return 0;
}

/* Stop within a second, whatever runs: searches stop at their next check,
 * and work that cannot be interrupted ends with the process. */
static int shut_down(struct api *api, struct http_server *server) {
    api_stop(api);
    int running = http_stop(server, 0.5);
    printf("kibitz serve: stopped\n");
    fflush(stdout);
    bool making = api_making_databases(api);
    if (running || making) {
        /* Their threads still use the API: end the process at once, without
         * the exit handlers that would free what they use; a database being
         * made leaves no temporary file (the finished parts are kept, and
         * the next first use resumes from them). */
        if (running)
            fprintf(stderr,
                    "kibitz serve: %d request%s still running, ended with the server\n",
                    running, running == 1 ? "" : "s");
        if (making)
            fprintf(stderr, "kibitz serve: a database being made was left unfinished\n");
        kz_abandon_writes();
        _exit(EXIT_OK);
    }
    api_free(api);
    return EXIT_OK;
}

int cmd_serve(int argc, char **argv) {
    struct serve_options so = {.http = {.bind = "127.0.0.1", .port = 8080}, .threads = 1};
    int status = read_options(argc, argv, &so);
    if (status) return status < 0 ? EXIT_OK : status;
    /* Signals go to this thread only (the server's threads inherit the mask),
     * which waits for them below. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    char games_file[4096];
    if (!so.games && default_games_file(games_file, sizeof games_file))
        return EXIT_RUNTIME_FAILURE;
    struct api *api = api_create(so.db, so.threads);
    if (!api) return cli_fail("out of memory");
    char err[4400];
    if (api_open_games(api, so.games ? so.games : games_file, err, sizeof err)) {
        api_free(api);
        return cli_fail_runtime("%s", err);
    }
    struct http_server *server = http_start(api, &so.http, err, sizeof err);
    if (!server) {
        api_free(api);
        return cli_fail("%s", err);
    }
    printf("kibitz serve: listening on http://%s:%d/ (Ctrl-C stops)\n", so.http.bind,
           http_port(server));
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    return shut_down(api, server);
}
