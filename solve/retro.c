/* Tier bookkeeping for the retrograde solver: list every tier below the
 * root (retro_plan.c), hand them to the tier scheduler (tier_schedule.c)
 * as jobs that need their child tiers, build each shape's move graph once,
 * hand tiers to the sink in solve order, and drop values no remaining tier
 * needs. Under mpirun the tiers go to worker ranks instead (retro_dist.c). */
#include "solve/retro.h"
#include "solve/retro_dist.h"
#include "solve/retro_graph.h"
#include "solve/retro_plan.h"
#include "solve/retro_tier.h"
#include "solve/tier_mpi.h"
#include "solve/tier_schedule.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool retro_supported(const struct game *g, char *err) {
    if (!g->tier_of || !g->tier_size || !g->tier_children || !g->rank || !g->unrank) {
        snprintf(err, GAME_ERROR_BYTES,
                 "%s has no solver hooks (it cannot be solved yet)", g->name);
        return false;
    }
    if (g->flags & (GAME_HAS_CHANCE | GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN) ||
        g->players != 2) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the solver handles two-player games without chance, hidden or "
                 "simultaneous moves only");
        return false;
    }
    return true;
}

long retro_tier_order(const struct game *g, const struct variant *v, tier_t root,
                      tier_t **out, char *err) {
    struct retro_plan p;
    int *order = NULL;
    long count = -1;
    *out = NULL;
    if (retro_plan_build(&p, g, v, root, &order, err) == 0 &&
        (*out = malloc((size_t)p.count * sizeof **out))) {
        for (int i = 0; i < p.count; i++) (*out)[i] = p.nodes[order[i]].id;
        count = p.count;
    }
    free(order);
    retro_plan_free(&p);
    return count;
}

/* Graphs live while some tier still to solve has their shape. */
struct graph_cache {
    struct retro_graph *graphs;
    int *users; /* tiers still to solve per graph */
    int count;
};

/* One in-process solve, as tier jobs (tier_schedule.h): job i is the tier
 * p.nodes[order[i]]. */
struct local_run {
    const struct retro_config *cfg;
    struct retro_stats *st;
    struct retro_plan p;
    int *order, *graph_of;
    struct graph_cache gc;
    struct retro_scratch *scratch; /* per thread */
    int threads;
    size_t live;
};

static void add_counts(struct retro_counts *c, const struct retro_counts *n) {
    c->positions += n->positions;
    c->won += n->won;
    c->lost += n->lost;
    c->drawn += n->drawn;
    c->terminal += n->terminal;
    c->holes += n->holes;
    if (n->max_remoteness > c->max_remoteness) c->max_remoteness = n->max_remoteness;
}

/* A tier stored by an earlier run (cfg->preload) is copied in, not solved. */
static bool local_done(void *ctx, int job) {
    struct local_run *r = ctx;
    struct retro_node *nd = &r->p.nodes[r->order[job]];
    if (!r->cfg->preload) return false;
    const retro_cell *old = r->cfg->preload(r->cfg->preload_ctx, nd->id, nd->size);
    if (!old) return false;
    nd->values = malloc(nd->size * sizeof *nd->values + 1);
    if (!nd->values) return false; /* solve it then */
    memcpy(nd->values, old, nd->size * sizeof *nd->values);
    r->live += nd->size * sizeof *nd->values;
    if (r->live > r->st->peak_bytes) r->st->peak_bytes = r->live;
    nd->preloaded = true;
    r->st->tiers++;
    /* Its children and shape are needed once fewer. */
    for (int k = 0; k < nd->nkids; k++) {
        struct retro_node *kid = &r->p.nodes[nd->kids[k]];
        if (--kid->parents_left == 0 && kid->values) {
            r->live -= kid->size * sizeof *kid->values;
            free(kid->values);
            kid->values = NULL;
        }
    }
    r->gc.users[r->graph_of[r->order[job]]]--;
    return true;
}

/* Before a group runs: the tier's graph (built once per shape, on every
 * thread) and room for its values. */
static int local_prepare(void *ctx, int job, char *err) {
    struct local_run *r = ctx;
    int n = r->order[job];
    struct retro_node *nd = &r->p.nodes[n];
    struct retro_graph *gr = &r->gc.graphs[r->graph_of[n]];
    if (!gr->size) {
        double tg = omp_get_wtime();
        if (retro_graph_build(r->cfg->game, r->cfg->variant, nd->id, r->threads, gr,
                              err) != 0)
            return -1;
        r->st->graph_seconds += omp_get_wtime() - tg;
        r->st->graphs_built++;
        r->live += gr->bytes;
    }
    if (gr->size != nd->size || gr->slots != nd->nkids) {
        snprintf(err, GAME_ERROR_BYTES,
                 "tiers of one shape differ in size or children (tier %#llx)",
                 (unsigned long long)nd->id);
        return -1;
    }
    nd->values = malloc(nd->size * sizeof *nd->values + 1);
    if (!nd->values) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    r->live += nd->size * sizeof *nd->values;
    if (r->live > r->st->peak_bytes) r->st->peak_bytes = r->live;
    return 0;
}

static int local_solve(void *ctx, int job, int threads, char *err) {
    struct local_run *r = ctx;
    int n = r->order[job];
    struct retro_node *nd = &r->p.nodes[n];
    const retro_cell *kids[RETRO_MAX_SLOTS];
    for (int k = 0; k < nd->nkids; k++) kids[k] = r->p.nodes[nd->kids[k]].values;
    memset(&nd->counts, 0, sizeof nd->counts);
    int me = omp_in_parallel() ? omp_get_thread_num() : 0;
    return retro_tier_solve(&r->gc.graphs[r->graph_of[n]], kids, nd->values, threads,
                            &r->scratch[me], &nd->counts, err);
}

/* In solve order: count, hand to the sink, drop what no tier needs now. */
static int local_finished(void *ctx, int job, double seconds, char *err) {
    struct local_run *r = ctx;
    int n = r->order[job];
    struct retro_node *nd = &r->p.nodes[n];
    add_counts(&r->st->counts, &nd->counts);
    r->st->tiers++;
    const struct retro_config *cfg = r->cfg;
    if (cfg->sink && cfg->sink(cfg->sink_ctx, nd->id, nd->values, nd->size) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "stopped: the database could not be written");
        return -1;
    }
    for (int k = 0; k < nd->nkids; k++) {
        struct retro_node *kid = &r->p.nodes[nd->kids[k]];
        if (--kid->parents_left == 0) {
            r->live -= kid->size * sizeof *kid->values;
            free(kid->values);
            kid->values = NULL;
        }
    }
    if (nd->parents_left == 0) {
        r->live -= nd->size * sizeof *nd->values;
        free(nd->values);
        nd->values = NULL;
    }
    int k = r->graph_of[n];
    if (--r->gc.users[k] == 0) {
        r->live -= r->gc.graphs[k].bytes;
        retro_graph_free(&r->gc.graphs[k]);
    }
    return 0;
}

static void local_progress(void *ctx, int finished, int total) {
    struct local_run *r = ctx;
    if (r->cfg->progress)
        r->cfg->progress(r->cfg->progress_ctx, (uint64_t)finished, (uint64_t)total,
                         r->st->counts.positions);
}

/* The tiers as jobs: a tier needs its child tiers. */
static struct tier_job *plan_jobs(const struct retro_plan *p, const int *order) {
    struct tier_job *jobs = calloc((size_t)p->count + 1, sizeof *jobs);
    int *job_of = malloc(((size_t)p->count + 1) * sizeof *job_of);
    if (!jobs || !job_of) {
        free(jobs);
        free(job_of);
        return NULL;
    }
    for (int i = 0; i < p->count; i++) job_of[order[i]] = i;
    for (int i = 0; i < p->count; i++) {
        const struct retro_node *nd = &p->nodes[order[i]];
        jobs[i].id = nd->id;
        jobs[i].bytes = retro_dist_tier_bytes(nd->size, nd->nkids);
        for (int k = 0; k < nd->nkids; k++) {
            int j = job_of[nd->kids[k]];
            bool seen = false;
            for (int q = 0; q < jobs[i].needs; q++) seen |= jobs[i].need[q] == j;
            if (!seen) jobs[i].need[jobs[i].needs++] = j;
        }
    }
    free(job_of);
    return jobs;
}

/* In one process every tier must fit the budget on its own. 0, or -1
 * with err. */
static int check_tier_budget(const struct retro_config *cfg, const struct tier_job *jobs,
                             int count, uint64_t memory_bytes, char *err) {
    for (int i = 0; memory_bytes && i < count; i++)
        if (jobs[i].bytes > memory_bytes) {
            snprintf(err, GAME_ERROR_BYTES,
                     "tier %#llx needs about %.0f MiB, more than --memory %llu",
                     (unsigned long long)jobs[i].id, (double)jobs[i].bytes / 1048576.0,
                     (unsigned long long)cfg->memory_mib);
            return -1;
        }
    return 0;
}

/* The tiers' shapes (tiers of one shape share a move graph): each tier's
 * graph index and how many tiers use each graph. 0, or -1 out of memory. */
static int count_shapes(struct local_run *r, const struct game *g,
                        const struct variant *v) {
    const int count = r->p.count;
    uint64_t *shape_of = malloc((size_t)count * sizeof *shape_of);
    uint64_t *shapes = calloc((size_t)count, sizeof *shapes);
    r->gc.graphs = calloc((size_t)count, sizeof *r->gc.graphs);
    r->gc.users = calloc((size_t)count, sizeof *r->gc.users);
    r->graph_of = malloc((size_t)count * sizeof *r->graph_of);
    int status = -1;
    if (shape_of && shapes && r->gc.graphs && r->gc.users && r->graph_of) {
        for (int i = 0; i < count; i++) {
            int n = r->order[i];
            shape_of[n] =
                g->tier_shape ? g->tier_shape(v, r->p.nodes[n].id) : r->p.nodes[n].id;
            int k = 0;
            while (k < r->gc.count && shapes[k] != shape_of[n]) k++;
            if (k == r->gc.count) shapes[r->gc.count++] = shape_of[n];
            r->graph_of[n] = k;
            r->gc.users[k]++;
        }
        status = 0;
    }
    free(shapes);
    free(shape_of);
    return status;
}

int retro_solve(const struct retro_config *cfg, struct retro_stats *st, char *err) {
    const struct game *g = cfg->game;
    const struct variant *v = cfg->variant;
    memset(st, 0, sizeof *st);
    if (!retro_supported(g, err)) return -1;
    int threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    double t0 = omp_get_wtime();

    struct local_run r = {.cfg = cfg, .st = st, .threads = threads};
    struct tier_job *jobs = NULL;
    int status = -1;
    err[0] = '\0';
    if (retro_plan_build(&r.p, g, v, cfg->root, &r.order, err) != 0) {
        if (!err[0]) goto oom;
        goto fail;
    }
    if (!(jobs = plan_jobs(&r.p, r.order))) goto oom;
    struct tier_schedule_config sc = {.threads = threads,
                                      .memory_bytes = (uint64_t)cfg->memory_mib << 20};
    if (tier_mpi_start() >= 0 && tier_mpi_ranks() > 1) {
        status = retro_dist_solve(cfg, &r.p, r.order, jobs, &sc, st, err);
        goto done;
    }
    if (check_tier_budget(cfg, jobs, r.p.count, sc.memory_bytes, err) != 0) goto fail;
    r.scratch = calloc((size_t)threads, sizeof *r.scratch);
    if (!r.scratch) goto oom;
    for (int i = 0; i < threads; i++)
        if (retro_scratch_init(&r.scratch[i]) != 0) goto oom;
    if (count_shapes(&r, g, v) != 0) goto oom;
    struct tier_job_ops ops = {.ctx = &r,
                               .done = local_done,
                               .prepare = local_prepare,
                               .solve = local_solve,
                               .finished = local_finished,
                               .progress = local_progress};
    if (tier_schedule_run(jobs, r.p.count, &ops, &sc, NULL, err) != 0) goto fail;
    status = 0;
    goto done;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory");
fail:
done:
    st->seconds = omp_get_wtime() - t0;
    for (int i = 0; i < r.gc.count; i++) retro_graph_free(&r.gc.graphs[i]);
    free(r.gc.graphs);
    free(r.gc.users);
    free(r.graph_of);
    for (int i = 0; r.scratch && i < threads; i++) retro_scratch_free(&r.scratch[i]);
    free(r.scratch);
    free(r.order);
    free(jobs);
    retro_plan_free(&r.p);
    return status;
}
