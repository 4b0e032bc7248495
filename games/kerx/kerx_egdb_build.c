/* The Kerx endgame database build: which pairs, the memory estimate,
 * resume from finished files, and totals. Each pair is solved by
 * kerx_egdb_pair.c. */
#include "games/kerx/kerx_egdb_set.h"
#include "search/solver_db.h"

#include "engine/timer.h"

#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct pair_id {
    int a, b;
};

/* Pairs to build, by increasing total. */
static int pair_list(const struct kerx_egdb *db, int pieces, struct pair_id *out) {
    int n = 0;
    for (int total = 2; total <= pieces; total++)
        for (int a = total - 1; 2 * a >= total; a--) {
            int b = total - a;
            if (b < 1 || kerx_egdb_over(db, a, b)) continue;
            out[n++] = (struct pair_id){a, b};
        }
    return n;
}

int kerx_egdb_build(const struct variant *v, const struct kerx_egdb_build *b,
                    struct kerx_egdb_stats *st, char *err) {
    memset(st, 0, sizeof *st);
    if (b->pieces < 2 || b->pieces > KERX_EGDB_MAX_PIECES) {
        snprintf(err, GAME_ERROR_BYTES, "--pieces must be 2..%d", KERX_EGDB_MAX_PIECES);
        return -1;
    }
    struct kerx_egdb *db = kerx_egdb_new(v, b->folder, err);
    if (!db) return -1;
    int status = -1;
    struct pair_id pairs[KERX_EGDB_MAX_PIECES * KERX_EGDB_MAX_PIECES];
    int npairs = pair_list(db, b->pieces, pairs);
    if (npairs == 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "every material of at most %d pieces is over by rule (drawat %d)",
                 b->pieces, db->drawat);
        goto done;
    }
    st->pairs = npairs;
    /* Memory: the working bytes of the largest pair (value and counter, 3
     * bytes an entry), every finished pair's values (mapped while building
     * the later ones), and the index tables. Measured before any work. */
    uint64_t largest = 0, all = 0, tables = 0;
    bool table_seen[KERX_EG_SIDE] = {false};
    for (int i = 0; i < npairs; i++) {
        int x = pairs[i].a, y = pairs[i].b;
        if (kerx_egdb_tier(db, x, y, err) != 0 || kerx_egdb_tier(db, y, x, err) != 0)
            goto done;
        uint64_t n = db->index[x][y].size + (x == y ? 0 : db->index[y][x].size);
        if (n > largest) largest = n;
        all += n;
        for (int s = 0; s < 2; s++) {
            int m = s ? y : x;
            if (table_seen[m]) continue;
            table_seen[m] = true;
            tables += kerx_binom(db->g->cells, m) * 4 +
                      db->index[m][m == x ? y : x].mv->count * 10;
        }
    }
    st->need_bytes = (size_t)(3 * largest + all + tables);
    if (b->memory_mib && st->need_bytes > b->memory_mib * 1048576) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the build needs about %.0f MiB (largest pair %" PRIu64
                 " positions, 3 bytes each while solving), more than --memory %zu",
                 (double)st->need_bytes / 1048576.0, largest, b->memory_mib);
        goto done;
    }
    if (solver_db_make_folders(db->folder, err) != 0) goto done;
    int threads = b->threads > 0 ? b->threads : omp_get_max_threads();
    double t0 = timer_now();
    for (int i = 0; i < npairs; i++) {
        int x = pairs[i].a, y = pairs[i].b;
        char path[KERX_EGDB_PATH_BYTES + 32], why[GAME_ERROR_BYTES];
        kerx_egdb_pair_path(db, x, y, path, sizeof path);
        if (access(path, F_OK) == 0) {
            if (kerx_egdb_add(db, x, y, why) == 0) {
                st->pairs_loaded++;
                if (b->progress)
                    fprintf(stderr, "kerx egdb %d+%d: finished earlier, read back\n", x,
                            y);
                continue;
            }
            /* Said even with --quiet: a finished file was thrown away. */
            fprintf(stderr,
                    "kibitz: kerx egdb %d+%d: the finished file was refused (%s); "
                    "rebuilding it\n",
                    x, y, why);
        }
        double tp = timer_now();
        uint64_t entries = db->index[x][y].size + (x == y ? 0 : db->index[y][x].size);
        uint64_t from = b->parallel_from ? b->parallel_from : (UINT64_C(1) << 22);
        int team = entries < from ? 1 : threads;
        if (kerx_egdb_pair_build(db, x, y, team, b->progress, path, err) != 0) goto done;
        if (kerx_egdb_add(db, x, y, err) != 0) goto done;
        st->solved_positions += entries;
        if (b->progress) {
            const struct kerx_egdb_counts *c = &db->file[x][y].counts;
            fprintf(stderr,
                    "kerx egdb %d+%d: %" PRIu64 " positions (won %" PRIu64
                    ", lost %" PRIu64 ", drawn %" PRIu64 ", longest %d) in %.1f s\n",
                    x, y, c->positions, c->won, c->lost, c->drawn, c->max_remoteness,
                    timer_now() - tp);
        }
    }
    st->seconds = timer_now() - t0;
    for (int i = 0; i < npairs; i++) {
        const struct kerx_egdb_file *f = &db->file[pairs[i].a][pairs[i].b];
        st->counts.positions += f->counts.positions;
        st->counts.won += f->counts.won;
        st->counts.lost += f->counts.lost;
        st->counts.drawn += f->counts.drawn;
        st->counts.holes += f->counts.holes;
        if (f->counts.max_remoteness > st->counts.max_remoteness)
            st->counts.max_remoteness = f->counts.max_remoteness;
        st->bytes_on_disk += f->bytes;
    }
    status = 0;
done:
    kerx_egdb_close(db);
    return status;
}
