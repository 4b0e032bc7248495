/* The retrograde solve across MPI ranks (retro_dist.h). */
#include "solve/retro_dist.h"
#include "solve/retro_graph.h"
#include "solve/retro_split.h"
#include "solve/retro_tier.h"
#include "solve/solver_db.h"
#include "solve/tier_file.h"
#include "solve/tier_mpi.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    GRAPH_CACHE = 8,        /* shapes a worker keeps built */
    SPLIT_CACHE = 4,        /* shapes of split tiers (its part of them) */
    STREAM_BYTES = 1 << 26, /* part 0's buffer for the parts' cells */
};

struct dist_run {
    const struct retro_config *cfg;
    const struct retro_plan *p;
    const int *order;
    uint64_t key;
    struct retro_graph graphs[GRAPH_CACHE];
    uint64_t shapes[GRAPH_CACHE];
    int next_graph; /* the slot to replace next */
    struct retro_scratch scratch;
    bool scratch_ready;
    struct retro_split_graph split[SPLIT_CACHE]; /* this rank's part of them */
    int next_split;
    uint64_t positions_done; /* rank 0: cells of tiers finished */
};

uint64_t retro_dist_tier_bytes(uint64_t size, int kids) {
    return size * (2 + 2 * (uint64_t)kids + 16 + 32);
}

static void path_of(const struct dist_run *r, tier_t tier, char *buf, size_t n) {
    tier_file_path(r->cfg->work_folder, tier, buf, n);
}

/* Rank 0: a tier file from an earlier run that verifies is kept. */
static bool dist_done(void *ctx, int job) {
    struct dist_run *r = ctx;
    const struct retro_node *nd = &r->p->nodes[r->order[job]];
    char path[SOLVER_DB_PATH_BYTES + 64], err[GAME_ERROR_BYTES];
    path_of(r, nd->id, path, sizeof path);
    if (access(path, F_OK) != 0) return false;
    retro_cell *cells = malloc(nd->size * sizeof *cells + 1);
    int status = cells ? tier_file_read(path, r->key, nd->id, cells, nd->size, err) : -1;
    free(cells);
    if (status == 0) r->positions_done += nd->size;
    return status == 0;
}

/* The move graph of the tier's shape, from the cache or built now. */
static const struct retro_graph *
graph_for(struct dist_run *r, const struct retro_node *nd, int threads, char *err) {
    const struct game *g = r->cfg->game;
    uint64_t shape = g->tier_shape ? g->tier_shape(r->cfg->variant, nd->id) : nd->id;
    /* Whole tiers and split ones rarely mix; keep only the kind in use. */
    for (int i = 0; i < SPLIT_CACHE; i++) retro_split_graph_free(&r->split[i]);
    for (int i = 0; i < GRAPH_CACHE; i++)
        if (r->graphs[i].size && r->shapes[i] == shape) return &r->graphs[i];
    struct retro_graph *gr = &r->graphs[r->next_graph];
    r->shapes[r->next_graph] = shape;
    r->next_graph = (r->next_graph + 1) % GRAPH_CACHE;
    retro_graph_free(gr);
    if (retro_graph_build(g, r->cfg->variant, nd->id, threads, gr, err) != 0) return NULL;
    return gr;
}

/* Worker: read the child tiers, solve, write the tier's file. */
static int dist_solve(void *ctx, int job, int threads, char *err) {
    struct dist_run *r = ctx;
    const struct retro_node *nd = &r->p->nodes[r->order[job]];
    retro_cell *kids[RETRO_MAX_SLOTS] = {0}, *out = NULL;
    int status = -1;
    char path[SOLVER_DB_PATH_BYTES + 64];
    if (!r->scratch_ready) {
        if (retro_scratch_init(&r->scratch) != 0) goto oom;
        r->scratch_ready = true;
    }
    for (int k = 0; k < nd->nkids; k++) {
        const struct retro_node *kid = &r->p->nodes[nd->kids[k]];
        if (!(kids[k] = malloc(kid->size * sizeof *kids[k] + 1))) goto oom;
        path_of(r, kid->id, path, sizeof path);
        int got = tier_file_read(path, r->key, kid->id, kids[k], kid->size, err);
        if (got == 1)
            snprintf(err, GAME_ERROR_BYTES, "child tier file %.100s is missing", path);
        if (got != 0) goto done;
    }
    const struct retro_graph *gr = graph_for(r, nd, threads, err);
    if (!gr) goto done;
    if (gr->size != nd->size || gr->slots != nd->nkids) {
        snprintf(err, GAME_ERROR_BYTES,
                 "tiers of one shape differ in size or children (tier %#llx)",
                 (unsigned long long)nd->id);
        goto done;
    }
    if (!(out = malloc(nd->size * sizeof *out + 1))) goto oom;
    if (retro_tier_solve(gr, (const retro_cell *const *)kids, out, threads, &r->scratch,
                         NULL, err) != 0)
        goto done;
    path_of(r, nd->id, path, sizeof path);
    status = tier_file_write(path, r->key, nd->id, out, nd->size, err);
    goto done;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory solving tier %#llx",
             (unsigned long long)nd->id);
done:
    for (int k = 0; k < nd->nkids; k++) free(kids[k]);
    free(out);
    return status;
}

static int dist_finished(void *ctx, int job, double seconds, char *err) {
    struct dist_run *r = ctx;
    r->positions_done += r->p->nodes[r->order[job]].size;
    return 0;
}

static void dist_progress(void *ctx, int finished, int total) {
    struct dist_run *r = ctx;
    if (r->cfg->progress)
        r->cfg->progress(r->cfg->progress_ctx, (uint64_t)finished, (uint64_t)total,
                         r->positions_done);
}

/* A tier too large for one rank: this rank's part of it (retro_split.h),
 * talking to the other parts through the collectives of tier_mpi.h. */
static int split_exchange(void *ctx, void *const *out, const uint64_t *out_bytes,
                          void **in, uint64_t *in_bytes) {
    return tier_part_exchange(ctx, out, out_bytes, in, in_bytes);
}

static int64_t split_max(void *ctx, int64_t x) {
    return tier_part_max(ctx, x);
}

static uint64_t dist_part_bytes(void *ctx, int job, int parts) {
    struct dist_run *r = ctx;
    const struct retro_node *nd = &r->p->nodes[r->order[job]];
    uint64_t cells = nd->size * sizeof(retro_cell);
    /* Part 0 also receives the others' cells to write the file. */
    return retro_split_part_bytes(nd->size, nd->nkids, parts) +
           (cells < STREAM_BYTES ? cells : STREAM_BYTES);
}

/* This part's graph of the tier's shape, from the cache when every part has
 * it (building is collective, so all parts build when one must). */
static const struct retro_split_graph *
split_graph_for(struct dist_run *r, const struct retro_node *nd,
                const struct retro_split_io *io, uint64_t need, int threads, char *err) {
    const struct game *g = r->cfg->game;
    uint64_t shape = g->tier_shape ? g->tier_shape(r->cfg->variant, nd->id) : nd->id;
    int have = -1;
    for (int i = 0; i < SPLIT_CACHE; i++) {
        const struct retro_split_graph *gr = &r->split[i];
        if (gr->size && gr->shape == shape && gr->part == io->part &&
            gr->parts == io->parts)
            have = i;
    }
    if (io->max(io->ctx, have < 0) == 0) return &r->split[have];
    for (int i = 0; i < GRAPH_CACHE; i++) retro_graph_free(&r->graphs[i]);
    if (have >= 0) retro_split_graph_free(&r->split[have]);
    /* Graphs of other shapes stay only while they and this job's estimate
     * fit the rank's --memory. */
    uint64_t budget = r->cfg->memory_mib << 20, kept = 0;
    for (int i = 0; i < SPLIT_CACHE; i++) kept += r->split[i].bytes;
    for (int i = 0; budget && i < SPLIT_CACHE && kept + need > budget; i++) {
        kept -= r->split[i].bytes;
        retro_split_graph_free(&r->split[i]);
    }
    struct retro_split_graph *gr = &r->split[r->next_split];
    r->next_split = (r->next_split + 1) % SPLIT_CACHE;
    retro_split_graph_free(gr);
    if (retro_split_graph_build(g, r->cfg->variant, nd->id, io, threads, gr, err) != 0)
        return NULL;
    return gr;
}

struct file_sink {
    struct tier_file_writer w;
    char *err;
};

static int take_cells(void *ctx, const void *data, uint64_t n) {
    struct file_sink *fs = ctx;
    return tier_file_writer_add(&fs->w, data, n, fs->err);
}

static int dist_solve_part(void *ctx, int job, int threads, const struct tier_part *part,
                           char *err) {
    struct dist_run *r = ctx;
    const struct retro_node *nd = &r->p->nodes[r->order[job]];
    struct retro_split_io io = {.ctx = (void *)part,
                                .part = part->part,
                                .parts = part->parts,
                                .exchange = split_exchange,
                                .max = split_max};
    retro_cell *kids[RETRO_MAX_SLOTS] = {0}, *out = NULL;
    char path[SOLVER_DB_PATH_BYTES + 64];
    int failed = 0;
    err[0] = '\0';
    /* Every part reads the child tiers whole: moves out of a range land
     * anywhere in them. */
    for (int k = 0; k < nd->nkids && !failed; k++) {
        const struct retro_node *kid = &r->p->nodes[nd->kids[k]];
        if (!(kids[k] = malloc(kid->size * sizeof *kids[k] + 1))) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory solving tier %#llx",
                     (unsigned long long)nd->id);
            failed = 1;
            break;
        }
        path_of(r, kid->id, path, sizeof path);
        int got = tier_file_read(path, r->key, kid->id, kids[k], kid->size, err);
        if (got == 1)
            snprintf(err, GAME_ERROR_BYTES, "child tier file %.100s is missing", path);
        failed = got != 0;
    }
    const struct retro_split_graph *gr = NULL;
    struct retro_split_stats st;
    if (io.max(io.ctx, failed) != 0 ||
        !(gr = split_graph_for(r, nd, &io, dist_part_bytes(r, job, part->parts), threads,
                               err)))
        goto fail;
    if (gr->size != nd->size || gr->slots != nd->nkids) { /* the same on every part */
        snprintf(err, GAME_ERROR_BYTES,
                 "tiers of one shape differ in size or children (tier %#llx)",
                 (unsigned long long)nd->id);
        goto fail;
    }
    out = malloc((gr->hi - gr->lo) * sizeof *out + 1);
    if (io.max(io.ctx, !out) != 0) {
        if (!out) snprintf(err, GAME_ERROR_BYTES, "out of memory");
        goto fail;
    }
    if (retro_split_solve(gr, (const retro_cell *const *)kids, &io, out, &st, err) != 0)
        goto fail;
    for (int k = 0; k < nd->nkids; k++) {
        free(kids[k]);
        kids[k] = NULL;
    }
    /* Part 0 writes the tier's file as the parts' cells stream in. */
    struct file_sink fs = {.err = err};
    path_of(r, nd->id, path, sizeof path);
    failed = part->part == 0 &&
             tier_file_writer_begin(&fs.w, path, r->key, nd->id, nd->size, err) != 0;
    if (io.max(io.ctx, failed) != 0) goto fail;
    const void *pieces[1] = {out};
    uint64_t bytes[1] = {(gr->hi - gr->lo) * sizeof *out};
    int status = tier_part_stream(part, pieces, bytes, 1, take_cells, &fs);
    if (part->part == 0) {
        if (status == 0)
            status = tier_file_writer_end(&fs.w, err);
        else if (fs.w.file)
            tier_file_writer_abort(&fs.w);
    }
    free(out);
    return status;
fail:
    if (!err[0])
        snprintf(err, GAME_ERROR_BYTES, "another part of tier %#llx failed",
                 (unsigned long long)nd->id);
    for (int k = 0; k < nd->nkids; k++) free(kids[k]);
    free(out);
    return -1;
}

/* Rank 0, after the solve: every tier in solve order to the sink. */
static int hand_to_sink(struct dist_run *r, struct retro_stats *st, char *err) {
    uint64_t most = 1;
    for (int i = 0; i < r->p->count; i++)
        if (r->p->nodes[i].size > most) most = r->p->nodes[i].size;
    retro_cell *cells = malloc(most * sizeof *cells);
    if (!cells) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    int status = 0;
    for (int i = 0; i < r->p->count && status == 0; i++) {
        const struct retro_node *nd = &r->p->nodes[r->order[i]];
        char path[SOLVER_DB_PATH_BYTES + 64];
        path_of(r, nd->id, path, sizeof path);
        int got = tier_file_read(path, r->key, nd->id, cells, nd->size, err);
        if (got == 1)
            snprintf(err, GAME_ERROR_BYTES, "tier file %.100s is missing", path);
        if (got != 0) {
            status = -1;
            break;
        }
        retro_count(&st->counts, cells, nd->size);
        st->tiers++;
        if (r->cfg->sink &&
            r->cfg->sink(r->cfg->sink_ctx, nd->id, cells, nd->size) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "stopped: the database could not be written");
            status = -1;
        }
    }
    free(cells);
    return status;
}

int retro_dist_solve(const struct retro_config *cfg, const struct retro_plan *p,
                     const int *order, const struct tier_job *jobs,
                     const struct tier_schedule_config *sc, struct retro_stats *st,
                     char *err) {
    if (!cfg->work_folder) {
        snprintf(err, GAME_ERROR_BYTES,
                 "under mpirun the solver needs --db naming a folder every rank can "
                 "reach (tiers travel through it)");
        return -1;
    }
    if (tier_mpi_rank() == 0 && solver_db_make_folders(cfg->work_folder, err) != 0)
        return -1; /* the workers are stopped at exit */
    struct dist_run r = {.cfg = cfg,
                         .p = p,
                         .order = order,
                         .key = tier_file_key(cfg->game, cfg->variant)};
    struct tier_job_ops ops = {.ctx = &r,
                               .done = dist_done,
                               .solve = dist_solve,
                               .finished = dist_finished,
                               .progress = dist_progress,
                               .part_bytes = dist_part_bytes,
                               .solve_part = dist_solve_part};
    struct tier_schedule_stats ss;
    int status = tier_schedule_run(jobs, p->count, &ops, sc, &ss, err);
    st->split_tiers = (uint64_t)ss.split;
    st->exchanged_bytes = ss.exchanged_bytes;
    if (status == 0 && tier_mpi_rank() == 0) status = hand_to_sink(&r, st, err);
    for (int i = 0; i < GRAPH_CACHE; i++) retro_graph_free(&r.graphs[i]);
    for (int i = 0; i < SPLIT_CACHE; i++) retro_split_graph_free(&r.split[i]);
    if (r.scratch_ready) retro_scratch_free(&r.scratch);
    return status;
}

void retro_dist_clean(const char *work_folder) {
    DIR *d = opendir(work_folder);
    if (!d) return;
    struct dirent *e;
    char path[SOLVER_DB_PATH_BYTES + 300];
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        /* Its tier files, and temporary ones a killed rank left. */
        if ((n > 5 && strcmp(e->d_name + n - 5, ".tier") == 0) ||
            strstr(e->d_name, ".tier.tmp.")) {
            snprintf(path, sizeof path, "%s/%s", work_folder, e->d_name);
            remove(path);
        }
    }
    closedir(d);
    rmdir(work_folder);
}
