/* kibitz solvebench: df-pn measured on a set of positions whose values a
 * game's own databases know (in the spirit of Pascal Pons' Connect 4 test
 * sets): accuracy, mean time and mean nodes per group (for Kerx: material
 * and stage). With --games N the game's database provider makes such a set
 * instead (search/game_database.h). */
#include "cli/cli.h"
#include "search/dfpn.h"
#include "search/game_database.h"
#include "json/kjson.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_GROUPS = 64 };

static const char *value_word(int v) {
    return v == DFPN_WIN    ? "win"
           : v == DFPN_LOSS ? "loss"
           : v == DFPN_DRAW ? "draw"
                            : "?";
}

static int make_set(const struct cli_options *o) {
    const struct game_database *gdb = o->game->database;
    if (!gdb || !gdb->write_test_set)
        return cli_fail("%s has no databases to draw a solvebench set from",
                        o->game->name);
    char err[GAME_ERROR_BYTES];
    if (gdb->write_test_set(&o->variant, o->db, o->games, o->seed, stdout, err) != 0)
        return cli_fail("%s", err);
    return EXIT_OK;
}

struct group {
    char name[32];
    int count, right, finished;
    double seconds;
    uint64_t nodes;
};

static int run_set(const struct cli_options *o, const char *file) {
    const struct game *g = o->game;
    const struct variant *v = &o->variant;
    FILE *f = fopen(file, "r");
    if (!f) return cli_fail_runtime("cannot read %s", file);
    struct group groups[MAX_GROUPS];
    int ngroups = 0, line_no = 0;
    char line[1024], err[GAME_ERROR_BYTES];
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        fclose(f);
        return cli_fail_runtime("out of memory");
    }
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *name = strtok(line, "\t"), *pos = strtok(NULL, "\t"),
             *want = strtok(NULL, "\t\n");
        _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
        if (!name || !pos || !want || g->parse_position(v, pos, s, err) != 0) {
            fclose(f);
            free(r);
            return cli_fail("%s:%d: not 'group<TAB>position<TAB>value'", file, line_no);
        }
        int k = 0;
        while (k < ngroups && strcmp(groups[k].name, name) != 0) k++;
        if (k == ngroups) {
            if (ngroups == MAX_GROUPS) continue;
            memset(&groups[k], 0, sizeof groups[k]);
            snprintf(groups[k].name, sizeof groups[k].name, "%s", name);
            ngroups++;
        }
        struct dfpn_config cfg = {
            .game = g,
            .variant = v,
            .table_mib = (size_t)cli_hash_mib(o, DFPN_DEFAULT_TABLE_MIB),
            .time_limit = o->time > 0 ? o->time : 10,
            .node_limit = o->iterations > 0 ? (uint64_t)o->iterations : 0};
        if (dfpn_solve(&cfg, s, r, err) != 0) {
            fclose(f);
            free(r);
            return cli_fail("%s:%d: %s", file, line_no, err);
        }
        struct group *gr = &groups[k];
        gr->count++;
        gr->finished += r->value != DFPN_UNKNOWN;
        gr->right += strcmp(value_word(r->value), want) == 0;
        gr->seconds += r->seconds;
        gr->nodes += r->nodes;
    }
    fclose(f);
    free(r);
    int total = 0, right = 0;
    json_t *list = o->json ? json_array() : NULL;
    for (int k = 0; k < ngroups; k++) {
        struct group *gr = &groups[k];
        total += gr->count;
        right += gr->right;
        if (o->json)
            json_array_append_new(
                list, json_pack("{s:s,s:i,s:i,s:i,s:f,s:f}", "group", gr->name,
                                "positions", gr->count, "right", gr->right, "finished",
                                gr->finished, "mean_seconds", gr->seconds / gr->count,
                                "mean_nodes", (double)gr->nodes / gr->count));
        else
            printf("%-14s %4d positions  right %5.1f%%  finished %5.1f%%  mean %.4f s  "
                   "mean %.0f nodes\n",
                   gr->name, gr->count, 100.0 * gr->right / gr->count,
                   100.0 * gr->finished / gr->count, gr->seconds / gr->count,
                   (double)gr->nodes / gr->count);
    }
    if (o->json) {
        json_t *doc = kjson_game_document("solvebench", g, v);
        json_object_set_new(doc, "set", json_string(file));
        json_object_set_new(doc, "groups", list);
        json_object_set_new(doc, "positions", json_integer(total));
        json_object_set_new(doc, "right", json_integer(right));
        kjson_print(doc, stdout);
    } else {
        printf("all            %4d positions  right %5.1f%%\n", total,
               total ? 100.0 * right / total : 0);
    }
    /* A wrong value (not merely unfinished) is a failed check. */
    for (int k = 0; k < ngroups; k++)
        if (groups[k].right < groups[k].finished) return EXIT_CHECK_FAILED;
    return EXIT_OK;
}

int cmd_solvebench(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage =
            "kibitz solvebench <game> [--variant key=value] SET [--time S]\n"
            "       [--iterations NODES] [--hash MiB] [--json]\n"
            "       kibitz solvebench <game> [--variant key=value] --games N [--seed S]\n"
            "       [--db DIR] > SET",
        .help = "Runs df-pn (no database probes) on every position of SET, lines\n"
                "'group<TAB>position<TAB>value[<TAB>remoteness]', and reports per group\n"
                "the share of right values, of finished proofs, and the mean time and\n"
                "nodes (--time bounds each proof, default 10 s). Exit 1 if a finished\n"
                "proof disagrees. With --games N it prints a new set instead, drawn\n"
                "from the databases of a game that builds its own (Kerx: N random\n"
                "positions per material and stage - short: won or lost within 6 moves,\n"
                "long, draw - from 'kibitz solve kerx --pieces K').\n"
                "Sets: bench/kerx_size3_solve.txt.",
        .allowed = OPT_VARIANT | OPT_TIME | OPT_ITERATIONS | OPT_HASH | OPT_JSON |
                   OPT_DB | OPT_GAMES | OPT_SEED,
        .needs_game = true,
        .max_args = 1,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (o.games > 0) return make_set(&o);
    if (o.arg_count != 1) return cli_fail("solvebench needs a SET file (or --games N)");
    return run_set(&o, o.args[0]);
}
