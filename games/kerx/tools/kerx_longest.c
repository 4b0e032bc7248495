/*
 * kerx-longest: the longest win and the longest loss of every tier of a
 * Kerx endgame database folder, with how many positions reach it and the
 * first of them (in index order) as a position `kibitz query` reads, and
 * the tier's won, lost and drawn positions (up to symmetry, for the mover).
 *
 *   kerx-longest [--variant SPEC] [--pieces P] DATA
 *
 * DATA is the data folder given to `kibitz solve kerx --db DATA`; the set
 * read is DATA/egdb-kerx-<variant>/ (size 4 unless --variant says). With
 * --pieces only the tiers of P pieces are scanned (the 10-piece pairs of
 * size 4 are 31 GB). Output: one tab-separated line per tier (the mover's
 * pieces + the other's), then a line "# longest win ..., longest loss ...".
 * Every value is read through the files' block checks: a damaged block
 * stops the scan with a message naming the file (exit status 1).
 *
 * Why a tool and not a query: it reads every value of the tiers it scans,
 * minutes on the largest files, and answers a question about the set (its
 * records), not about a position.
 */
#include "engine/game.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb_set.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The wins (or the losses) of one tier: how many, the longest (-1: none),
 * how many positions reach it, and the index of the first of them. */
struct outcome_record {
    uint64_t count;
    int longest;
    uint64_t at_longest, first;
};

struct tier_records {
    struct outcome_record win, loss;
    uint64_t drawn; /* positions (index entries, holes left out) */
};

static void note(struct outcome_record *r, int remoteness, uint64_t i) {
    r->count++;
    if (remoteness > r->longest) {
        r->longest = remoteness;
        r->at_longest = 0;
        r->first = i;
    }
    r->at_longest += remoteness == r->longest;
}

/* Scan tier (m, o): 0, or -1 with err when a block is damaged. */
static int scan_tier(struct kerx_egdb *db, int m, int o, struct tier_records *r,
                     char *err) {
    *r = (struct tier_records){.win.longest = -1, .loss.longest = -1};
    if (!kerx_egdb_ready(db, m, o)) {
        if (kerx_egdb_failed(db, err) == 0)
            snprintf(err, GAME_ERROR_BYTES, "its index could not be made");
        return -1;
    }
    const struct kerx_egdb_file *f = db->source[m][o];
    const uint8_t *values = db->values[m][o];
    uint64_t base = db->base[m][o], n = db->index[m][o].size;
    uint64_t block_mask = (UINT64_C(1) << f->shift) - 1;
    for (uint64_t i = 0; i < n; i++) {
        if ((i == 0 || ((base + i) & block_mask) == 0) &&
            !kerx_egdb_file_ready(f, base + i)) {
            if (kerx_egdb_failed(db, err) == 0)
                snprintf(err, GAME_ERROR_BYTES, "a damaged block at value %" PRIu64, i);
            return -1;
        }
        int byte = values[i];
        if (byte == KERX_EG_HOLE) continue;
        if (byte == KERX_EG_DRAW) {
            r->drawn++;
            continue;
        }
        int remoteness = byte - 1;
        note(remoteness & 1 ? &r->win : &r->loss, remoteness, i);
    }
    return 0;
}

/* Position text of index i of tier (m, o), white to move with the mover's
 * pieces (the databases forget colours). */
static void position_at(struct kerx_egdb *db, int m, int o, uint64_t i, char *text,
                        size_t n) {
    uint64_t mover, other;
    kerx_index_unrank(&db->index[m][o], i, &mover, &other);
    struct kerx_state s;
    memset(&s, 0, sizeof s);
    s.pieces[0][0] = mover;
    s.pieces[1][0] = other;
    s.side = 0;
    kerx_game.format_position(&db->v, &s, text, n);
}

static int usage(FILE *to, int status) {
    fprintf(to, "usage: kerx-longest [--variant SPEC] [--pieces P] DATA\n"
                "The longest win and loss of each tier of the Kerx endgame databases\n"
                "in DATA/egdb-kerx-<variant>/ (kibitz solve kerx --db DATA), with how\n"
                "many positions reach it and the first of them, and its won, lost and\n"
                "drawn positions.\n");
    return status;
}

int main(int argc, char **argv) {
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(&kerx_game, &v);
    if (variant_parse(&kerx_game, &v, "size=4", err) != 0) return 1;
    const char *data = NULL;
    int pieces = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return usage(stdout, 0);
        if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            if (variant_parse(&kerx_game, &v, argv[++i], err) != 0) {
                fprintf(stderr, "kerx-longest: %s\n", err);
                return 2;
            }
        } else if (strcmp(argv[i], "--pieces") == 0 && i + 1 < argc) {
            char *end;
            long p = strtol(argv[++i], &end, 10);
            if (*end || p < 2 || p > 2 * KERX_EGDB_MAX_SIDE) {
                fprintf(stderr,
                        "kerx-longest: --pieces '%s': a number of pieces, 2 to %d\n",
                        argv[i], 2 * KERX_EGDB_MAX_SIDE);
                return 2;
            }
            pieces = (int)p;
        } else if (argv[i][0] == '-' || data) {
            fprintf(stderr, "kerx-longest: unexpected argument '%s'\n", argv[i]);
            return usage(stderr, 2);
        } else {
            data = argv[i];
        }
    }
    if (!data) return usage(stderr, 2);
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, &v, data, err) != 0) {
        fprintf(stderr, "kerx-longest: %s\n", err);
        return 1;
    }
    int best_win = -1, best_loss = -1, status = 0, scanned = 0;
    uint64_t won = 0, lost = 0, drawn = 0;
    char best_win_at[256] = "-", best_loss_at[256] = "-";
    for (int total = 2; total < 2 * KERX_EG_SIDE && status == 0; total++)
        for (int m = total - 1; m >= 1 && status == 0; m--) {
            int o = total - m;
            if (m >= KERX_EG_SIDE || o >= KERX_EG_SIDE || !db->values[m][o]) continue;
            if (pieces && total != pieces) continue;
            struct tier_records r;
            if (scan_tier(db, m, o, &r, err) != 0) {
                fprintf(stderr, "kerx-longest: tier %d+%d: %s\n", m, o, err);
                status = 1;
                break;
            }
            if (scanned++ == 0) /* a header only above rows: a refusal prints none */
                printf(
                    "# tier (mover+other)\tlongest win\tpositions at it\tfirst of them\t"
                    "longest loss\tpositions at it\tfirst of them\twon\tlost\tdrawn\n");
            char win_at[256] = "-", loss_at[256] = "-";
            if (r.win.longest >= 0)
                position_at(db, m, o, r.win.first, win_at, sizeof win_at);
            if (r.loss.longest >= 0)
                position_at(db, m, o, r.loss.first, loss_at, sizeof loss_at);
            printf("%d+%d\t%d\t%" PRIu64 "\t%s\t%d\t%" PRIu64 "\t%s\t%" PRIu64
                   "\t%" PRIu64 "\t%" PRIu64 "\n",
                   m, o, r.win.longest, r.win.at_longest, win_at, r.loss.longest,
                   r.loss.at_longest, loss_at, r.win.count, r.loss.count, r.drawn);
            won += r.win.count, lost += r.loss.count, drawn += r.drawn;
            fflush(stdout);
            if (r.win.longest > best_win) {
                best_win = r.win.longest;
                snprintf(best_win_at, sizeof best_win_at, "%s", win_at);
            }
            if (r.loss.longest > best_loss) {
                best_loss = r.loss.longest;
                snprintf(best_loss_at, sizeof best_loss_at, "%s", loss_at);
            }
        }
    if (status == 0 && scanned == 0) {
        fprintf(stderr, "kerx-longest: no tier %s in %s\n",
                pieces ? "of that many pieces" : "with a .keg file", db->folder);
        status = 1;
    }
    if (status == 0)
        printf("# %d tiers: longest win %d moves (%s), longest loss %d moves (%s); "
               "positions %" PRIu64 ": won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64
               "\n",
               scanned, best_win, best_win_at, best_loss, best_loss_at,
               won + lost + drawn, won, lost, drawn);
    kerx_egdb_close(db);
    return status;
}
