/* Kerx databases by material: build with resume, and probes over the files. */
#include "games/kerx/kerx_tiers_db.h"
#include "engine/variant.h"
#include "solve/retro.h"

#include "engine/data_folder.h"

#include "engine/timer.h"
#include "solve/solver_db.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void kerx_db_folder(const struct variant *v, const char *data, char *buf, size_t n) {
    char text[160];
    variant_format(&kerx_game, v, text, sizeof text);
    char entry[200], folder[4096];
    snprintf(entry, sizeof entry, "tiers-kerx-%s", text);
    /* No --db: the first data folder holding them, else the user folder. */
    if (data)
        snprintf(folder, sizeof folder, "%s", data);
    else
        data_folder_find(entry, folder, sizeof folder);
    snprintf(buf, n, "%s/%s", folder, entry);
}

static void tier_path(const char *folder, tier_t t, char *buf, size_t n) {
    snprintf(buf, n, "%s/%d+%d.kdb", folder, kerx_tier_hi(t), kerx_tier_lo(t));
}

struct build_run {
    struct game game;
    const struct variant *v;
    const struct kerx_db_build *b;
    struct kerx_db_stats *st;
    char folder[KERX_DB_PATH_BYTES];
    struct solver_db *open[KERX_DB_MAX_TIERS]; /* read-back files */
    int open_count;
    double tier_start;
    int solved_tiers;
    char err[GAME_ERROR_BYTES];
};

/* A finished tier file, or NULL (absent; a damaged one is rebuilt). */
static const retro_cell *build_preload(void *ctx, tier_t tier, uint64_t size) {
    struct build_run *run = ctx;
    char path[KERX_DB_PATH_BYTES + 32], err[GAME_ERROR_BYTES];
    tier_path(run->folder, tier, path, sizeof path);
    if (access(path, F_OK) != 0 || run->open_count == KERX_DB_MAX_TIERS) return NULL;
    struct solver_db *db;
    if (solver_db_open(&db, path, &run->game, run->v, err) != 0) {
        /* Said even with --quiet: a finished file is thrown away. */
        fprintf(stderr,
                "kibitz: kerx db: the finished file %s was refused (%s); "
                "rebuilding it\n",
                path, err);
        return NULL;
    }
    uint64_t have;
    const retro_cell *cells = solver_db_tier(db, tier, &have);
    if (!cells || have != size) {
        fprintf(stderr,
                "kibitz: kerx db: the finished file %s was refused (it does not "
                "hold the tier's %" PRIu64 " positions); rebuilding it\n",
                path, size);
        solver_db_close(db);
        return NULL;
    }
    run->open[run->open_count++] = db;
    return cells;
}

static int build_sink(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    struct build_run *run = ctx;
    char path[KERX_DB_PATH_BYTES + 32];
    tier_path(run->folder, tier, path, sizeof path);
    struct retro_counts counts = {0};
    retro_count(&counts, values, size);
    struct solver_db_writer *w;
    if (solver_db_create(&w, path, &run->game, run->v, false, run->err) != 0) return -1;
    if (solver_db_add_tier(w, tier, values, size, run->err) != 0) {
        solver_db_abort(w);
        return -1;
    }
    if (solver_db_finish(w, &counts, run->err) != 0) return -1;
    run->st->solved_positions += size;
    run->solved_tiers++;
    if (run->b->progress) {
        double now = timer_now();
        fprintf(stderr,
                "kerx db: tier %d+%d: %" PRIu64 " positions (won %" PRIu64
                ", lost %" PRIu64 ", drawn %" PRIu64 ", longest %d) in %.1f s\n",
                kerx_tier_hi(tier), kerx_tier_lo(tier), size, counts.won, counts.lost,
                counts.drawn, counts.max_remoteness, now - run->tier_start);
        run->tier_start = now;
    }
    return 0;
}

/* The options the build refuses before any work. 0, or -1 with err. */
static int check_build(const struct kerx_variant *o, const struct kerx_db_build *b,
                       char *err) {
    if (o->huff) {
        snprintf(err, GAME_ERROR_BYTES, "%s", KERX_DB_HUFF_REFUSAL);
        return -1;
    }
    if (o->size > KERX_TIER_MAX_SIZE) {
        snprintf(err, GAME_ERROR_BYTES, "databases are built for sizes 3..%d only",
                 KERX_TIER_MAX_SIZE);
        return -1;
    }
    if (b->pieces < 2 || b->pieces > KERX_TIER_MAX_PIECES) {
        snprintf(err, GAME_ERROR_BYTES, "--pieces must be 2..%d", KERX_TIER_MAX_PIECES);
        return -1;
    }
    return 0;
}

/* The build's memory need against --memory and the solver's limit: the
 * largest tier's move graph and work, plus every tier's values (a loose
 * upper bound of what is held at once). Counts the tiers into st. 0, or -1
 * with err. */
static int check_memory(const struct variant *v, const struct build_run *run,
                        struct kerx_db_stats *st, char *err) {
    const struct kerx_db_build *b = run->b;
    uint64_t largest = 0, total = 0;
    int ntiers = 0;
    for (int hi = 1; hi <= b->pieces; hi++)
        for (int lo = 1; lo <= hi && hi + lo <= b->pieces; lo++) {
            if (kerx_material_over(v, hi, lo) || ntiers == KERX_DB_MAX_TIERS) continue;
            ntiers++;
            uint64_t n = kerx_tier_size(v, kerx_tier_id(hi, lo));
            total += n;
            if (n > largest) largest = n;
        }
    st->tiers = ntiers;
    double need =
        (double)largest * (run->game.max_moves * 5.0 + 40) + 2.0 * (double)total;
    double need_mib = need / 1048576.0;
    if (b->memory_mib && need_mib > (double)b->memory_mib) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the build needs about %.0f MiB (largest tier %" PRIu64
                 " positions), more than --memory %zu",
                 need_mib, largest, b->memory_mib);
        return -1;
    }
    if (largest >= (UINT64_C(1) << 30)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "a tier of %" PRIu64 " positions is beyond the solver (2^30 at most)",
                 largest);
        return -1;
    }
    return 0;
}

/* Solve from each root down (tiers already on disk are loaded, not
 * solved). 0, or -1 with err. */
static int solve_roots(const struct variant *v, struct build_run *run,
                       const tier_t *roots, int nroots, char *err) {
    for (int i = 0; i < nroots; i++) {
        struct retro_config cfg = {.game = &run->game,
                                   .variant = v,
                                   .root = roots[i],
                                   .threads = run->b->threads,
                                   .sink = build_sink,
                                   .sink_ctx = run,
                                   .preload = build_preload,
                                   .preload_ctx = run};
        struct retro_stats rs;
        if (retro_solve(&cfg, &rs, err) != 0) {
            if (run->err[0]) snprintf(err, GAME_ERROR_BYTES, "%s", run->err);
            return -1;
        }
        if (rs.peak_bytes > run->st->peak_bytes) run->st->peak_bytes = rs.peak_bytes;
        for (int k = 0; k < run->open_count; k++) solver_db_close(run->open[k]);
        run->open_count = 0;
    }
    return 0;
}

/* The totals from the files, which also proves they all read back. 0, or
 * -1 with err. */
static int count_files(const struct variant *v, const struct build_run *run,
                       struct kerx_db_stats *st, char *err) {
    const struct kerx_db_build *b = run->b;
    struct kerx_db_set *set;
    if (kerx_db_set_open(&set, v, b->folder, err) != 0) return -1;
    kerx_db_set_close(set);
    for (int hi = 1; hi <= b->pieces; hi++)
        for (int lo = 1; lo <= hi && hi + lo <= b->pieces; lo++) {
            if (kerx_material_over(v, hi, lo)) continue;
            char path[KERX_DB_PATH_BYTES + 32];
            tier_path(run->folder, kerx_tier_id(hi, lo), path, sizeof path);
            struct solver_db *db;
            if (solver_db_open(&db, path, &run->game, v, err) != 0) return -1;
            struct solver_db_info info;
            solver_db_info(db, &info);
            st->counts.positions += info.counts.positions;
            st->counts.won += info.counts.won;
            st->counts.lost += info.counts.lost;
            st->counts.drawn += info.counts.drawn;
            st->counts.terminal += info.counts.terminal;
            if (info.counts.max_remoteness > st->counts.max_remoteness)
                st->counts.max_remoteness = info.counts.max_remoteness;
            solver_db_close(db);
            struct stat fs;
            if (stat(path, &fs) == 0) st->bytes_on_disk += (uint64_t)fs.st_size;
        }
    return 0;
}

int kerx_db_build(const struct variant *v, const struct kerx_db_build *b,
                  struct kerx_db_stats *st, char *err) {
    memset(st, 0, sizeof *st);
    const struct kerx_variant *o = kerx_options(v);
    if (check_build(o, b, err) != 0) return -1;
    struct build_run *run = calloc(1, sizeof *run);
    if (!run) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    kerx_solver_game(&run->game, b->pieces);
    run->v = v;
    run->b = b;
    run->st = st;
    kerx_db_folder(v, b->folder, run->folder, sizeof run->folder);

    /* Roots: the materials of exactly `pieces` (every smaller one lies
     * below them), largest tiers last. */
    tier_t roots[KERX_TIER_MAX_PIECES];
    int nroots = 0;
    for (int lo = b->pieces / 2; lo >= 1; lo--) {
        int hi = b->pieces - lo;
        if (!kerx_material_over(v, hi, lo)) roots[nroots++] = kerx_tier_id(hi, lo);
    }
    int status = -1;
    if (nroots == 0) {
        snprintf(err, GAME_ERROR_BYTES,
                 "every material of %d pieces is over by rule (drawat %d)", b->pieces,
                 o->drawat);
        goto done;
    }
    status = -2; /* from here on a failure is the machine's, not the input's */
    if (check_memory(v, run, st, err) != 0) goto done;
    if (solver_db_make_folders(run->folder, err) != 0) goto done;
    double t0 = timer_now();
    run->tier_start = t0;
    if (solve_roots(v, run, roots, nroots, err) != 0) goto done;
    st->seconds = timer_now() - t0;
    st->tiers_loaded = st->tiers - run->solved_tiers;
    if (count_files(v, run, st, err) != 0) goto done;
    status = 0;
done:
    for (int k = 0; k < run->open_count; k++) solver_db_close(run->open[k]);
    free(run);
    return status;
}

/* ---- probes ---- */

struct kerx_db_set {
    struct game game;
    struct variant v;
    char folder[KERX_DB_PATH_BYTES];
    struct solver_db *db[64][64]; /* by (hi, lo); NULL: absent */
    int tiers;
};

int kerx_db_set_open(struct kerx_db_set **out, const struct variant *v, const char *data,
                     char *err) {
    *out = NULL;
    if (kerx_options(v)->huff) {
        snprintf(err, GAME_ERROR_BYTES, "%s", KERX_DB_HUFF_REFUSAL);
        return -1;
    }
    if (kerx_options(v)->size > KERX_TIER_MAX_SIZE) {
        snprintf(err, GAME_ERROR_BYTES, "no Kerx databases exist for size %d",
                 kerx_options(v)->size);
        return -1;
    }
    struct kerx_db_set *set = calloc(1, sizeof *set);
    if (!set) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    kerx_solver_game(&set->game, KERX_TIER_MAX_PIECES);
    set->v = *v;
    kerx_db_folder(v, data, set->folder, sizeof set->folder);
    /* Open every tier file present now: a damaged or foreign file is an
     * error, not a silent miss. */
    for (int hi = 1; hi < 64; hi++)
        for (int lo = 1; lo <= hi && hi + lo <= 2 * KERX_TIER_MAX_PIECES; lo++) {
            char path[KERX_DB_PATH_BYTES + 32];
            tier_path(set->folder, kerx_tier_id(hi, lo), path, sizeof path);
            /* Only regular files are databases: a folder or a FIFO in a file's
             * place is skipped (its material is then simply missing) instead
             * of stopping queries that never need it. */
            struct stat st;
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
            /* These files are small: check every tier now, so a damaged one
             * is refused here rather than read as missing later. */
            if (solver_db_open(&set->db[hi][lo], path, &set->game, v, err) != 0 ||
                solver_db_verify(set->db[hi][lo], err) != 0) {
                kerx_db_set_close(set);
                return -1;
            }
            set->tiers++;
        }
    if (!set->tiers) {
        snprintf(err, GAME_ERROR_BYTES, "no Kerx databases in %.100s", set->folder);
        kerx_db_set_close(set);
        return -1;
    }
    *out = set;
    return 0;
}

void kerx_db_set_close(struct kerx_db_set *set) {
    if (!set) return;
    for (int hi = 0; hi < 64; hi++)
        for (int lo = 0; lo < 64; lo++) solver_db_close(set->db[hi][lo]);
    free(set);
}

int kerx_db_set_tiers(struct kerx_db_set *set) {
    return set->tiers;
}

retro_cell kerx_db_set_probe(void *ctx, const void *state) {
    struct kerx_db_set *set = ctx;
    const struct kerx_state *s = state;
    if (kerx_game.turn(&set->v, state) == TURN_OVER) return RETRO_TERMINAL;
    int a = kerx_count(s, 0), b = kerx_count(s, 1);
    int hi = a > b ? a : b, lo = a > b ? b : a;
    if (hi >= 64 || !set->db[hi][lo]) return RETRO_HOLE;
    return solver_db_probe(set->db[hi][lo], state);
}
