/* kibitz solvebench: df-pn measured on a set of Kerx positions whose values
 * the endgame databases know (in the spirit of Pascal Pons' Connect 4 test
 * sets): accuracy, mean time and mean nodes per group of material and
 * stage. With --games N it makes such a set from the databases instead. */
#include "cli/cli.h"
#include "engine/rng.h"
#include "engine/timer.h"
#include "games/kerx/kerx_tiers_db.h"
#include "search/dfpn.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_GROUPS = 64 };

/* Stage of a position by its solved value: a draw, a short win or loss
 * (remoteness <= 6) or a long one. */
static const char *stage_of(retro_cell c) {
    if (retro_outcome(c) == RETRO_DRAWN) return "draw";
    return retro_remoteness(c) <= 6 ? "short" : "long";
}

static const char *value_word(int v) {
    return v == DFPN_WIN    ? "win"
           : v == DFPN_LOSS ? "loss"
           : v == DFPN_DRAW ? "draw"
                            : "?";
}

static int make_set(const struct cli_options *o) {
    const struct variant *v = &o->variant;
    char err[GAME_ERROR_BYTES];
    struct kerx_db_set *set;
    if (kerx_db_set_open(&set, v, o->db, err) != 0) return cli_fail("%s", err);
    struct rng rng;
    rng_seed(&rng, o->seed);
    char vtext[160];
    kerx_game.variant_format(v, vtext, sizeof vtext);
    printf("# kibitz solvebench set: kerx %s, %ld per group, seed %" PRIu64
           " (kibitz solvebench kerx --variant %s --games %ld --seed %" PRIu64 ")\n",
           vtext, o->games, o->seed, vtext, o->games, o->seed);
    printf("# group\tposition\tvalue\tremoteness\n");
    const char *stages[] = {"short", "long", "draw"};
    for (int hi = 1; hi < 32; hi++)
        for (int lo = 1; lo <= hi; lo++) {
            tier_t t = kerx_tier_id(hi, lo);
            if (kerx_material_over(v, hi, lo) || hi + lo > kerx_geom_of(v)->cells ||
                hi + lo > KERX_TIER_MAX_PIECES)
                continue;
            struct kerx_state probe_state;
            kerx_unrank(v, t, 0, &probe_state);
            if (kerx_db_set_probe(set, &probe_state) == RETRO_HOLE) continue;
            uint64_t n = kerx_tier_size(v, t);
            for (int k = 0; k < 3; k++) {
                long found = 0;
                for (long tries = 0; tries < 200000 && found < o->games; tries++) {
                    struct kerx_state s;
                    kerx_unrank(v, t, rng_next(&rng) % n, &s);
                    retro_cell c = kerx_db_set_probe(set, &s);
                    if (!retro_is_value(c) || strcmp(stage_of(c), stages[k]) != 0)
                        continue;
                    char text[256];
                    kerx_game.format_position(v, &s, text, sizeof text);
                    int o2 = retro_outcome(c);
                    printf("%d+%d-%s\t%s\t%s\t%d\n", hi, lo, stages[k], text,
                           o2 == RETRO_WIN    ? "win"
                           : o2 == RETRO_LOSS ? "loss"
                                              : "draw",
                           retro_remoteness(c));
                    found++;
                }
            }
        }
    kerx_db_set_close(set);
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
    if (!f) return cli_fail("cannot read %s", file);
    struct group groups[MAX_GROUPS];
    int ngroups = 0, line_no = 0;
    char line[1024], err[GAME_ERROR_BYTES];
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        fclose(f);
        return cli_fail("out of memory");
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
        struct dfpn_config cfg = {.game = g,
                                  .variant = v,
                                  .table_mib = o->hash_mb,
                                  .time_limit = o->time > 0 ? o->time : 10,
                                  .node_limit =
                                      o->iterations > 0 ? (uint64_t)o->iterations : 0};
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
    for (int k = 0; k < ngroups; k++) {
        struct group *gr = &groups[k];
        total += gr->count;
        right += gr->right;
        if (o->json)
            printf("{\"group\":\"%s\",\"positions\":%d,\"right\":%d,\"finished\":%d,"
                   "\"mean_seconds\":%.6f,\"mean_nodes\":%.0f}\n",
                   gr->name, gr->count, gr->right, gr->finished, gr->seconds / gr->count,
                   (double)gr->nodes / gr->count);
        else
            printf("%-14s %4d positions  right %5.1f%%  finished %5.1f%%  mean %.4f s  "
                   "mean %.0f nodes\n",
                   gr->name, gr->count, 100.0 * gr->right / gr->count,
                   100.0 * gr->finished / gr->count, gr->seconds / gr->count,
                   (double)gr->nodes / gr->count);
    }
    if (!o->json)
        printf("all            %4d positions  right %5.1f%%\n", total,
               total ? 100.0 * right / total : 0);
    /* A wrong value (not merely unfinished) is a failed check. */
    for (int k = 0; k < ngroups; k++)
        if (groups[k].right < groups[k].finished) return EXIT_CHECK_FAILED;
    return EXIT_OK;
}

int cmd_solvebench(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage =
            "kibitz solvebench kerx [--variant key=value] SET [--time S]\n"
            "       [--iterations NODES] [--hash MiB] [--json]\n"
            "       kibitz solvebench kerx [--variant key=value] --games N [--seed S]\n"
            "       [--db DIR] > SET",
        .help = "Runs df-pn (no database probes) on every position of SET, lines\n"
                "'group<TAB>position<TAB>value[<TAB>remoteness]', and reports per group\n"
                "the share of right values, of finished proofs, and the mean time and\n"
                "nodes (--time bounds each proof, default 10 s). Exit 1 if a finished\n"
                "proof disagrees. With --games N it prints a new set instead: N random\n"
                "positions per material and stage (short: won or lost within 6 moves,\n"
                "long, draw) from the Kerx databases (kibitz solve kerx --pieces K).\n"
                "Sets: bench/kerx_size3_solve.txt.",
        .allowed = OPT_VARIANT | OPT_TIME | OPT_ITERATIONS | OPT_HASH | OPT_JSON |
                   OPT_DB | OPT_GAMES | OPT_SEED,
        .needs_game = true,
        .max_args = 1,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (strcmp(o.game->name, "kerx") != 0)
        return cli_fail("solvebench has sets for kerx only");
    if (o.games > 0) return make_set(&o);
    if (o.arg_count != 1) return cli_fail("solvebench needs a SET file (or --games N)");
    return run_set(&o, o.args[0]);
}
