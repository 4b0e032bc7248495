/* The body of `kibitz solvebench` (cli/backend/kz_cli.h): df-pn measured on a set
 * of positions whose values a game's own databases know (in the spirit of
 * Pascal Pons' Connect 4 test sets): accuracy, mean time and mean nodes per
 * group (for Kerx: material and stage); or such a set drawn from the
 * databases (solve/game_database.h). */
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "solve/dfpn.h"
#include "solve/game_database.h"
#include "json/kjson.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

enum { MAX_GROUPS = 64 };

static const char *value_word(int v) {
    return v == DFPN_WIN    ? "win"
           : v == DFPN_LOSS ? "loss"
           : v == DFPN_DRAW ? "draw"
                            : "?";
}

int kz_cli_solvebench_set(const struct kz_cli_args *a, FILE *out, char *err) {
    const struct game *g = a->game->g;
    const struct game_database *gdb = g->database;
    if (!gdb || !gdb->write_test_set)
        return FAIL(KZ_EINVAL, "%s has no databases to draw a solvebench set from",
                    g->name);
    char gerr[GAME_ERROR_BYTES];
    if (gdb->write_test_set(&a->game->v, a->db, a->games, a->seed, out, gerr) != 0)
        return FAIL(KZ_EINVAL, "%s", gerr);
    return KZ_OK;
}

struct group {
    char name[32];
    int count, right, finished;
    double seconds;
    uint64_t nodes;
};

/* The group named `name`, added when new; NULL when MAX_GROUPS are taken
 * (the line is then left out). */
static struct group *group_of(struct group *groups, int *ngroups, const char *name) {
    int k = 0;
    while (k < *ngroups && strcmp(groups[k].name, name) != 0) k++;
    if (k < *ngroups) return &groups[k];
    if (*ngroups == MAX_GROUPS) return NULL;
    memset(&groups[k], 0, sizeof groups[k]);
    snprintf(groups[k].name, sizeof groups[k].name, "%s", name);
    (*ngroups)++;
    return &groups[k];
}

/* Prove every position of the set (lines "group<TAB>position<TAB>value")
 * and count, per group, the values found and right. KZ_OK, or an error in
 * `err`. */
static int run_set(const struct kz_cli_args *a, const char *file, FILE *f,
                   enum dfpn_init init, struct group *groups, int *ngroups,
                   struct dfpn_result *r, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    int line_no = 0;
    char line[1024], gerr[GAME_ERROR_BYTES];
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *name = strtok(line, "\t"), *pos = strtok(NULL, "\t"),
             *want = strtok(NULL, "\t\n");
        _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
        if (!name || !pos || !want || g->parse_position(v, pos, s, gerr) != 0)
            return FAIL(KZ_EINVAL, "%s:%d: not 'group<TAB>position<TAB>value'", file,
                        line_no);
        struct group *gr = group_of(groups, ngroups, name);
        if (!gr) continue;
        struct dfpn_config cfg = {
            .game = g,
            .variant = v,
            .table_mib = (size_t)(a->hash_mib > 0 ? a->hash_mib : DFPN_DEFAULT_TABLE_MIB),
            .time_limit = a->time > 0 ? a->time : 10,
            .node_limit = a->iterations > 0 ? (uint64_t)a->iterations : 0,
            .init = init};
        if (dfpn_solve(&cfg, s, r, gerr) != 0)
            return FAIL(KZ_EINVAL, "%s:%d: %s", file, line_no, gerr);
        gr->count++;
        gr->finished += r->value != DFPN_UNKNOWN;
        gr->right += strcmp(value_word(r->value), want) == 0;
        gr->seconds += r->seconds;
        gr->nodes += r->nodes;
    }
    return KZ_OK;
}

/* The table (or JSON document) of the groups and the total. */
static void print_groups(const struct kz_cli_args *a, const char *file,
                         const struct group *groups, int ngroups, FILE *out) {
    int total = 0, right = 0;
    json_t *list = a->json ? json_array() : NULL;
    for (int k = 0; k < ngroups; k++) {
        const struct group *gr = &groups[k];
        total += gr->count;
        right += gr->right;
        if (a->json)
            json_array_append_new(
                list, json_pack("{s:s,s:i,s:i,s:i,s:f,s:f}", "group", gr->name,
                                "positions", gr->count, "right", gr->right, "finished",
                                gr->finished, "mean_seconds", gr->seconds / gr->count,
                                "mean_nodes", (double)gr->nodes / gr->count));
        else
            fprintf(out,
                    "%-14s %4d positions  right %5.1f%%  finished %5.1f%%  mean %.4f s  "
                    "mean %.0f nodes\n",
                    gr->name, gr->count, 100.0 * gr->right / gr->count,
                    100.0 * gr->finished / gr->count, gr->seconds / gr->count,
                    (double)gr->nodes / gr->count);
    }
    if (a->json) {
        json_t *doc = kjson_game_document("solvebench", a->game->g, &a->game->v);
        json_object_set_new(doc, "set", json_string(file));
        json_object_set_new(doc, "groups", list);
        json_object_set_new(doc, "positions", json_integer(total));
        json_object_set_new(doc, "right", json_integer(right));
        kjson_print(doc, out);
    } else {
        fprintf(out, "all            %4d positions  right %5.1f%%\n", total,
                total ? 100.0 * right / total : 0);
    }
}

int kz_cli_solvebench(const struct kz_cli_args *a, const char *file, FILE *out,
                      char *err) {
    enum dfpn_init init = DFPN_INIT_MOBILITY; /* measured best: results/kerx.md */
    if (a->pn_init && dfpn_init_parse(a->pn_init, &init) != 0)
        return FAIL(KZ_EINVAL,
                    "unknown --pn-init '%s' (uniform, eval, mobility, material)",
                    a->pn_init);
    FILE *f = kz_cli_open_input("solvebench set", file, err);
    if (!f) return KZ_ERUNTIME;
    struct group groups[MAX_GROUPS];
    int ngroups = 0;
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        fclose(f);
        return FAIL(KZ_ERUNTIME, "out of memory");
    }
    int status = run_set(a, file, f, init, groups, &ngroups, r, err);
    fclose(f);
    free(r);
    if (status != KZ_OK) return status;
    print_groups(a, file, groups, ngroups, out);
    /* A wrong value (not merely unfinished) is a failed check. */
    for (int k = 0; k < ngroups; k++)
        if (groups[k].right < groups[k].finished) return KZ_CLI_CHECK;
    return KZ_OK;
}
